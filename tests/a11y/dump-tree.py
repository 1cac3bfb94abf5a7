#!/usr/bin/python3
# dump-tree.py: prints Catur's accessible tree as a screen reader gets it, for developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   tests/a11y/run-a11y.sh tests/a11y/dump-tree.py _build/src/catur [KEYS]
#
# With KEYS (xdotool names, e.g. ctrl+comma) they are pressed first, and the windows other
# than the main one are printed: the preferences, a dialog.
import sys

from catur_a11y import Catur, describe, iterate, name, walk

app = Catur(sys.argv[1], "--game", "xiangqi")
app.activate_window()
keys = sys.argv[2:]
if keys:
    app.key(*keys)
    iterate(1.5)
for frame in app.frames():
    if not keys or name(frame) != "Catur":
        for acc, depth in walk(frame):
            print("  " * depth + describe(acc))
app.quit()
