#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Check that the lesson files are translated like the rest of Catur.

Usage: check-lesson-strings.py SOURCE_ROOT

For every plugins/*/lessons/*.xml and plugins/*/tips.xml: the file is listed in
po/POTFILES.in; xgettext, given the ITS rules of po/its (as `ninja catur-pot` gives them),
takes out each of its texts (the title and each step's task, miss and done, or each tip, white
space made single spaces, as the reader looks them up); and every translation in po/LINGUAS
has each text translated, not fuzzy.
Prints TAP.
"""

import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

TEXTS = ('title', 'task', 'miss', 'done')
ESCAPES = {'n': '\n', 't': '\t'}


def normal(text):
    return re.sub(r'\s+', ' ', text).strip()


def lesson_texts(path):
    root = ET.parse(path).getroot()
    if root.tag == 'tips':
        return [normal(tip.text or '') for tip in root.iter('tip')]
    texts = [normal(root.findtext('title') or '')]
    for step in root.iter('step'):
        for name in TEXTS[1:]:
            for element in step.findall(name):
                texts.append(normal(element.text or ''))
    return [text for text in texts if text]


def read_po(path):
    """msgid → (msgstr, fuzzy) of a catalogue."""
    output = subprocess.run(['msgcat', '--no-wrap', '--no-location', path], check=True,
                            capture_output=True, text=True).stdout
    entries = {}
    for block in output.split('\n\n'):
        fields = {'msgid': '', 'msgstr': ''}
        field = None
        fuzzy = False
        for line in block.splitlines():
            if line.startswith('#,') and 'fuzzy' in line:
                fuzzy = True
            elif line.startswith('msgid ') or line.startswith('msgstr '):
                field, _, line = line.partition(' ')
            if field in fields and line.startswith('"'):
                fields[field] += re.sub(r'\\(.)', lambda m: ESCAPES.get(m[1], m[1]),
                                        line[1:-1])
        if fields['msgid']:
            entries[fields['msgid']] = (fields['msgstr'], fuzzy)
    return entries


def main(argv):
    root = argv[1]
    files = sorted(glob.glob(os.path.join(root, 'plugins', '*', 'lessons', '*.xml'))
                   + glob.glob(os.path.join(root, 'plugins', '*', 'tips.xml')))
    with open(os.path.join(root, 'po', 'POTFILES.in'), encoding='utf-8') as stream:
        listed = {line.strip() for line in stream if not line.startswith('#')}
    with open(os.path.join(root, 'po', 'LINGUAS'), encoding='utf-8') as stream:
        languages = [line.strip() for line in stream
                     if line.strip() and not line.startswith('#')]
    if shutil.which('xgettext') is None:
        print('1..0 # SKIP xgettext is not installed')
        return 0

    tests = []
    with tempfile.TemporaryDirectory() as folder:
        pot = os.path.join(folder, 'lessons.pot')
        env = dict(os.environ, GETTEXTDATADIRS=os.path.join(root, 'po'))
        subprocess.run(['xgettext', '--from-code=UTF-8', '-o', pot] + files, check=True,
                       env=env, cwd=root)
        extracted = read_po(pot) if os.path.exists(pot) else {}
        catalogues = {lang: read_po(os.path.join(root, 'po', lang + '.po'))
                      for lang in languages}

    for path in files:
        name = os.path.relpath(path, root)
        texts = lesson_texts(path)
        tests.append((name in listed, f'{name} is listed in po/POTFILES.in'))
        missing = [text for text in texts if text not in extracted]
        tests.append((not missing and texts,
                      f'{name}: xgettext takes out its {len(texts)} texts'
                      + ''.join(f'\n# not taken out: {text}' for text in missing)))
        for lang, entries in catalogues.items():
            untranslated = [text for text in texts
                            if text not in entries or not entries[text][0] or entries[text][1]]
            tests.append((not untranslated, f'{name}: po/{lang}.po translates every text'
                          + ''.join(f'\n# untranslated: {text}' for text in untranslated)))

    print(f'1..{len(tests)}')
    failed = 0
    for number, (passed, description) in enumerate(tests, 1):
        if not passed:
            failed += 1
        print(f'{"ok" if passed else "not ok"} {number} - {description}')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
