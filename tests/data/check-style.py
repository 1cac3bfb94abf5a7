#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Check the one code style of the source tree: lines of at most 100 characters, no tabs, no
trailing spaces, a final newline.

Usage: check-style.py SOURCE_ROOT

Covers what people edit and review: C and headers, GtkBuilder and other XML (schemas,
resources, AppStream), Mallard pages, meson files, Python and shell scripts, Markdown. The width
is counted in characters, not bytes, so that "一" or "“" count once. What nothing can wrap is
exempt: the key=value lines of a desktop entry, the rows of a Markdown table, and an address
(`https://…`), a line being measured without its addresses. Makefiles and .po files are not
covered (tabs are syntax in the one, the other is written by gettext). Prints TAP, one test per
file; a failing file lists its lines.
"""

import pathlib
import re
import sys

WIDTH = 100
ADDRESS_RE = re.compile(r'[a-z]+://[^\s<>"]+')
SUFFIXES = {'.c', '.h', '.ui', '.xml', '.page', '.build', '.py', '.sh', '.md', '.in', '.its',
            '.json', '.txt'}
NAMES = {'run', 'run-tests', 'meson_options.txt', 'meson.options'}
SKIP_DIRS = {'.git', 'subprojects', '__pycache__'}
# Inputs of tests and fuzzers (records, corpora) are data, written as other programs write them.
SKIP_UNDER = ('tests/fuzz/corpus', 'tests/data/records')


def wanted(root, path):
    relative = path.relative_to(root)
    parts = relative.parts
    if any(part in SKIP_DIRS or part.startswith('_build') for part in parts):
        return False
    if str(relative).startswith(SKIP_UNDER) or '/corpus' in str(relative):
        return False
    if path.name in NAMES:
        return True
    if path.suffix == '.txt' and path.name != 'POTFILES.in':
        return False
    return path.suffix in SUFFIXES


def exempt(path, line):
    if path.name.endswith('.desktop.in'):
        return True
    # npm writes its lock file; its checksums are as long as they are.
    if path.name == 'package-lock.json':
        return True
    if path.suffix == '.md' and line.lstrip().startswith('|'):
        return True
    # An address cannot be broken: the line is judged without it.
    return len(ADDRESS_RE.sub('', line)) <= WIDTH


def problems(path):
    try:
        text = path.read_text(encoding='utf-8')
    except UnicodeDecodeError as error:
        return [f'not UTF-8: {error}']
    found = []
    if text and not text.endswith('\n'):
        found.append('no newline at the end of the file')
    for number, line in enumerate(text.split('\n'), 1):
        if '\t' in line:
            found.append(f'{number}: a tab')
        if line != line.rstrip():
            found.append(f'{number}: trailing spaces')
        if len(line) > WIDTH and not exempt(path, line):
            found.append(f'{number}: {len(line)} characters')
    return found


def main():
    root = pathlib.Path(sys.argv[1]).resolve()
    files = sorted(p for p in root.rglob('*') if p.is_file() and wanted(root, p))
    print(f'1..{len(files)}')
    failed = 0
    for number, path in enumerate(files, 1):
        found = problems(path)
        name = path.relative_to(root)
        if found:
            failed += 1
            print(f'not ok {number} - {name}')
            for problem in found:
                print(f'# {name}:{problem}')
        else:
            print(f'ok {number} - {name}')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
