#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Check that every SVG file of the source tree opens with its <svg> element.

Usage: check-svg-start.py SOURCE_ROOT

Image loaders tell an SVG by its first bytes: gdk-pixbuf, which GTK uses for icons in a
GResource (the About window's application icon), looks for "<svg" in the first 256 bytes and
reports "Unrecognized image file format" otherwise. So each SVG Catur loads, the icons, the
piece themes and the test games' images, starts with "<svg", or with an XML declaration then
"<svg"; a comment goes inside the element. Prints TAP.
"""

import pathlib
import re
import sys

START_RE = re.compile(rb'\A(?:\xef\xbb\xbf)?(?:<\?xml[^>]*\?>\s*)?<svg[\s>]')
SKIP = {'.git'}


def main():
    root = pathlib.Path(sys.argv[1])
    files = sorted(p for p in root.rglob('*.svg')
                   if not any(part in SKIP or part.startswith('_build')
                              for part in p.relative_to(root).parts))
    print(f'1..{len(files)}')
    failed = 0
    for number, path in enumerate(files, 1):
        head = path.read_bytes()[:256]
        ok = START_RE.match(head) is not None
        print(f'{"ok" if ok else "not ok"} {number} - {path.relative_to(root)} opens with <svg')
        failed += not ok
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
