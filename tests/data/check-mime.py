#!/usr/bin/env python3
# check-mime.py: Catur's MIME package and the types its desktop file opens (TAP)
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   check-mime.py PACKAGE.xml DESKTOP_FILE
#
# The package (the record formats the shared MIME database lacks, KIF and CSA) goes through
# update-mime-database into a folder of its own, which must then name each type by its file
# names and read its comment in Indonesian. Each type of the desktop file's MimeType must be
# known to that folder or to the system's database, or a file manager would never offer Catur
# for it.
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

PACKAGE, DESKTOP = sys.argv[1], sys.argv[2]
NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
SYSTEM_TYPES = "/usr/share/mime/types"
EXPECTED_GLOBS = {"text/x-shogi-kif": {"*.kif", "*.kifu"}, "text/x-shogi-csa": {"*.csa"},
                  "text/x-shogi-ki2": {"*.ki2", "*.ki2u"}, "application/x-xqf": {"*.xqf"}}

results = []


def check(name, ok, why=""):
    results.append((name, ok, why))


with tempfile.TemporaryDirectory() as folder:
    packages = os.path.join(folder, "packages")
    os.makedirs(packages)
    with open(PACKAGE, "rb") as source, open(os.path.join(packages, "catur.xml"), "wb") as copy:
        copy.write(source.read())
    done = subprocess.run(["update-mime-database", folder], capture_output=True, text=True)
    check("package compiles", done.returncode == 0 and "rror" not in done.stderr, done.stderr)

    globs = {}
    if os.path.exists(os.path.join(folder, "globs2")):
        with open(os.path.join(folder, "globs2"), encoding="utf-8") as f:
            for line in f:
                if line.startswith("#"):
                    continue
                weight, mime, pattern = line.rstrip("\n").split(":", 2)
                globs.setdefault(mime, set()).add(pattern)
    for mime, patterns in EXPECTED_GLOBS.items():
        check("%s matches %s" % (mime, " ".join(sorted(patterns))),
              globs.get(mime, set()) == patterns, repr(globs.get(mime)))

    ours = set()
    with open(os.path.join(folder, "types"), encoding="utf-8") as f:
        ours = {line.strip() for line in f if line.strip()}

root = ET.parse(PACKAGE).getroot()
for element in root.findall(NS + "mime-type"):
    langs = {c.get(XML_LANG) for c in element.findall(NS + "comment")}
    check("%s has an Indonesian comment" % element.get("type"), "id" in langs, repr(langs))

system = set()
if os.path.exists(SYSTEM_TYPES):
    with open(SYSTEM_TYPES, encoding="utf-8") as f:
        system = {line.strip() for line in f if line.strip()}
# The system's aliases count as known types too.
aliases = "/usr/share/mime/aliases"
if os.path.exists(aliases):
    with open(aliases, encoding="utf-8") as f:
        system |= {line.split()[0] for line in f if line.strip()}

mime_types = []
with open(DESKTOP, encoding="utf-8") as f:
    for line in f:
        if line.startswith("MimeType="):
            mime_types = [t for t in line.strip()[len("MimeType="):].split(";") if t]
check("desktop file opens some types", len(mime_types) > 0)
for mime in mime_types:
    # A link's scheme (catur:// invitations) is named as a type but is in no MIME database.
    if mime.startswith("x-scheme-handler/"):
        scheme = mime[len("x-scheme-handler/"):]
        check("%s is a URI scheme" % mime, re.fullmatch(r"[a-z][a-z0-9+.-]*", scheme) is not None)
        continue
    check("%s is known" % mime, mime in ours or mime in system)

print("1..%d" % len(results))
for number, (name, ok, why) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", number, name))
    if not ok and why:
        for line in str(why).splitlines():
            print("# " + line)
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
