#!/usr/bin/env python3
# match.py: the shared match tool (../shared/tools/match.py), run with one fix applied.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# With --random-plies K, the shared tool records "in check" only from the first ply after the
# opening but reads it by absolute ply when it judges a repetition, so the first repetition
# of a match crashes it (IndexError) or reads the wrong plies. This runs the same file with
# that index corrected, leaving the shared copy untouched. Arguments are the tool's own.
import os
import sys

# The shared tools stand beside the project's folder (../shared/tools).
TOOLS = os.environ.get("CATUR_TOOLS",
                       os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                    "..", "..", "..", "shared", "tools"))
sys.path.insert(0, TOOLS)
PATH = os.path.join(TOOLS, "match.py")
with open(PATH) as f:
    source = f.read()
BUG = "gave = in_check_after[j + 1]"
if BUG in source:
    source = source.replace(BUG, "gave = in_check_after[j + 1 - len(opening)]")
sys.argv[0] = PATH
exec(compile(source, PATH, "exec"), {"__name__": "__main__", "__file__": PATH})
