#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""symlink-stamp.py TARGET LINK STAMP: makes LINK a symbolic link to TARGET, replacing whatever
LINK was, then writes the empty file STAMP for the build to know it is done."""

import os
import sys

target, link, stamp = sys.argv[1:]
os.makedirs(os.path.dirname(link), exist_ok=True)
if os.path.lexists(link):
    os.remove(link)
os.symlink(target, link)
open(stamp, 'w').close()
