#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Check that the themes a game ships can be translated.

Usage: check-theme-strings.py PLUGINS_DIR

A game's theme.ini files (plugins/<id>/themes/<theme>/theme.ini) are not read
by xgettext; their Name and Description are translated at run time through the
"catur" domain (catur_theme_info_load), so each must be marked with N_() or _()
in the game's C sources to reach the catalogue. Prints TAP.
"""

import configparser
import pathlib
import re
import sys

MARK_RE = re.compile(r'\bN?_\s*\(\s*((?:"(?:[^"\\]|\\.)*"\s*)+)\)')
PART_RE = re.compile(r'"((?:[^"\\]|\\.)*)"')


def marked_strings(plugin):
    """Return the strings marked for translation in the C files of PLUGIN."""
    found = set()
    for source in plugin.glob('*.c'):
        text = source.read_text(encoding='utf-8')
        for match in MARK_RE.finditer(text):
            parts = PART_RE.findall(match.group(1))
            found.add(''.join(parts).encode().decode('unicode_escape').encode('latin-1')
                      .decode('utf-8'))
    return found


def main():
    plugins = pathlib.Path(sys.argv[1])
    checks = []
    for plugin in sorted(p for p in plugins.iterdir() if (p / 'themes').is_dir()):
        marked = marked_strings(plugin)
        for ini in sorted((plugin / 'themes').glob('*/theme.ini')):
            parser = configparser.ConfigParser(interpolation=None)
            parser.optionxform = str
            parser.read(ini, encoding='utf-8')
            theme = parser['Theme'] if parser.has_section('Theme') else {}
            name = ini.relative_to(plugins)
            checks.append((f'{name} has a Name', 'Name' in theme and theme['Name'] != ''))
            for key in ('Name', 'Description'):
                if key in theme:
                    checks.append((f'{name}: {key} “{theme[key]}” is marked for translation',
                                   theme[key] in marked))
    print(f'1..{len(checks)}')
    failed = 0
    for number, (what, ok) in enumerate(checks, 1):
        print(f'{"ok" if ok else "not ok"} {number} - {what}')
        failed += not ok
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
