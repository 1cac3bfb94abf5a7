#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Check Catur's Flatpak manifest without flatpak-builder.

Usage: check-flatpak.py MANIFEST.json

The manifest must be plain JSON, carry the keys flatpak-builder needs, ask for
no file-system or dconf access, give network play the network and Avahi, and
name only local sources that exist
(relative to the manifest's folder, as flatpak-builder resolves them).
Prints one line per problem and exits 1 if there is any.
"""

import json
import os
import sys

APP_ID = 'io.github.caturapp.Catur'

# Top-level keys and the JSON type each must have.
REQUIRED_KEYS = {
    'id': str,
    'runtime': str,
    'runtime-version': str,
    'sdk': str,
    'command': str,
    'finish-args': list,
    'modules': list,
}

# Source types whose "path" (or "paths") names a local file or folder.
LOCAL_SOURCE_TYPES = {'file', 'dir', 'patch', 'script', 'archive', 'git', 'bzr', 'svn'}

# Permissions Catur has no use for. GSettings works in the sandbox through its
# keyfile backend, so dconf access is never needed.
FORBIDDEN_PREFIXES = (
    '--filesystem',
    '--socket=x11',          # --socket=fallback-x11 is the one to use
    '--socket=session-bus',
    '--socket=system-bus',
    '--device=all',
)
FORBIDDEN_WORDS = ('dconf',)

# Permissions playing a friend on another computer cannot do without: the game's own
# connection, and the Avahi daemon on the system bus that lists games on the local network.
REQUIRED_ARGS = (
    '--share=network',
    '--system-talk-name=org.freedesktop.Avahi',
)


class Checker:
    def __init__(self, manifest_path):
        self.manifest_path = manifest_path
        self.problems = []

    def problem(self, text):
        self.problems.append(text)

    def check_keys(self, manifest):
        for key, kind in REQUIRED_KEYS.items():
            if key not in manifest:
                # "app-id" is the older spelling of "id".
                if key == 'id' and isinstance(manifest.get('app-id'), str):
                    continue
                self.problem(f'missing key "{key}"')
            elif not isinstance(manifest[key], kind):
                self.problem(f'"{key}" should be a {kind.__name__}')

        app_id = manifest.get('id', manifest.get('app-id'))
        if isinstance(app_id, str) and app_id != APP_ID:
            self.problem(f'the id is "{app_id}", expected "{APP_ID}"')
        if manifest.get('command') not in (None, 'catur'):
            self.problem(f'the command is "{manifest["command"]}", expected "catur"')
        for key in ('runtime', 'sdk'):
            value = manifest.get(key)
            if isinstance(value, str) and not value.startswith('org.gnome.'):
                self.problem(f'"{key}" is "{value}", expected a GNOME runtime')
        if isinstance(manifest.get('modules'), list) and not manifest['modules']:
            self.problem('"modules" is empty')

    def check_finish_args(self, manifest):
        args = manifest.get('finish-args')
        if not isinstance(args, list):
            return
        for arg in args:
            if not isinstance(arg, str):
                self.problem(f'finish-args holds a non-string: {arg!r}')
                continue
            if arg.startswith(FORBIDDEN_PREFIXES):
                self.problem(f'finish-args asks for "{arg}"')
            elif any(word in arg.lower() for word in FORBIDDEN_WORDS):
                self.problem(f'finish-args asks for dconf access: "{arg}"')
        for arg in REQUIRED_ARGS:
            if arg not in args:
                self.problem(f'finish-args lacks "{arg}", which network play needs')

    def check_path(self, base_dir, path, what):
        if not isinstance(path, str) or not path:
            self.problem(f'{what}: the path should be a non-empty string')
            return
        full = os.path.normpath(os.path.join(base_dir, path))
        if not os.path.exists(full):
            self.problem(f'{what}: "{path}" does not exist (looked for {full})')

    def check_sources(self, base_dir, module_name, sources):
        if not isinstance(sources, list):
            self.problem(f'module "{module_name}": "sources" should be a list')
            return
        for index, source in enumerate(sources):
            what = f'module "{module_name}", source {index}'
            if isinstance(source, str):
                # A string names a JSON file holding more sources.
                self.check_path(base_dir, source, what)
                continue
            if not isinstance(source, dict):
                self.problem(f'{what}: should be an object or a file name')
                continue
            kind = source.get('type')
            if not isinstance(kind, str):
                self.problem(f'{what}: missing "type"')
                continue
            if kind not in LOCAL_SOURCE_TYPES:
                continue
            if 'path' in source:
                self.check_path(base_dir, source['path'], what)
            for path in source.get('paths', []):
                self.check_path(base_dir, path, what)
            if kind in ('file', 'dir', 'patch') and 'path' not in source \
                    and 'paths' not in source and 'url' not in source:
                self.problem(f'{what}: a "{kind}" source needs a path or a url')

    def check_modules(self, base_dir, modules):
        for index, module in enumerate(modules):
            if isinstance(module, str):
                # A string names a JSON file holding one more module.
                self.check_path(base_dir, module, f'module {index}')
                continue
            if not isinstance(module, dict):
                self.problem(f'module {index} should be an object or a file name')
                continue
            name = module.get('name')
            if not isinstance(name, str) or not name:
                self.problem(f'module {index} has no "name"')
                name = str(index)
            self.check_sources(base_dir, name, module.get('sources', []))
            nested = module.get('modules', [])
            if isinstance(nested, list):
                self.check_modules(base_dir, nested)

    def run(self):
        try:
            with open(self.manifest_path, encoding='utf-8') as f:
                manifest = json.load(f)
        except (OSError, ValueError) as e:
            self.problem(f'cannot read the manifest as JSON: {e}')
            return self.problems
        if not isinstance(manifest, dict):
            self.problem('the manifest should be a JSON object')
            return self.problems

        base_dir = os.path.dirname(os.path.abspath(self.manifest_path))
        self.check_keys(manifest)
        self.check_finish_args(manifest)
        if isinstance(manifest.get('modules'), list):
            self.check_modules(base_dir, manifest['modules'])
        return self.problems


def main(argv):
    if len(argv) != 2:
        print(f'usage: {argv[0]} MANIFEST.json', file=sys.stderr)
        return 2
    problems = Checker(argv[1]).run()
    for text in problems:
        print(f'{argv[1]}: {text}')
    if problems:
        return 1
    print(f'{argv[1]}: ok')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
