#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Check that gettext catalogues are complete.

Usage: check-po.py FILE.po [FILE.po ...]

Runs `msgfmt --check --statistics` on each file and fails if msgfmt finds an
error, or if any message is untranslated or fuzzy. Works for the help's
catalogues (help/<lang>/<lang>.po) and the program's (po/<lang>.po) alike.
Prints msgfmt's statistics and one line per problem; exits 1 if there is any,
and 77 (skipped, for meson) if msgfmt is not installed.
"""

import os
import re
import shutil
import subprocess
import sys

# msgfmt --statistics, in the C locale:
#   "152 translated messages, 1 fuzzy translation, 2 untranslated messages."
COUNT_RE = re.compile(r'(\d+) (translated|fuzzy|untranslated) (?:message|translation)s?')


def check(msgfmt, path):
    """Return a list of problems found in the catalogue at PATH."""
    if not os.path.isfile(path):
        return [f'{path}: no such file']

    env = dict(os.environ, LC_ALL='C', LANGUAGE='')
    result = subprocess.run(
        [msgfmt, '--check', '--statistics', '-o', os.devnull, path],
        capture_output=True, text=True, env=env, check=False)
    output = result.stderr.strip()

    counts = {'translated': 0, 'fuzzy': 0, 'untranslated': 0}
    for number, kind in COUNT_RE.findall(output):
        counts[kind] = int(number)
    print(f'{path}: {counts["translated"]} translated, {counts["fuzzy"]} fuzzy, '
          f'{counts["untranslated"]} untranslated')

    problems = []
    if result.returncode != 0:
        problems.append(f'{path}: msgfmt --check failed:\n{output}')
    elif not COUNT_RE.search(output):
        problems.append(f'{path}: could not read msgfmt\'s statistics: {output!r}')
    if counts['fuzzy']:
        problems.append(f'{path}: {counts["fuzzy"]} fuzzy message(s)')
    if counts['untranslated']:
        problems.append(f'{path}: {counts["untranslated"]} untranslated message(s)')
    if result.returncode == 0 and not counts['translated']:
        problems.append(f'{path}: no translated messages')
    return problems


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    msgfmt = shutil.which('msgfmt')
    if msgfmt is None:
        print('msgfmt not found (Debian package gettext); skipping')
        return 77

    problems = []
    for path in argv[1:]:
        problems += check(msgfmt, path)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
