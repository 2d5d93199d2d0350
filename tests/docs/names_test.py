#!/usr/bin/env python3
"""The files and folders the map of the code names exist.

usage: names_test.py ROOT

In docs/architecture.md and CONTRIBUTING.md, every code span that names a
path from the checkout's root (src/..., tests/..., bench/..., docs/...,
scripts/..., examples/..., .ci/...) must exist, a `<game>` in it standing
for any folder of src/games (and tests/, tests/golden/); and every file
name alone (`mcts.hpp`, `register.cpp`) must be some file's name under src/,
tests/ or bench/. Exit 0 when all exist, 1 with a line per missing name.
"""
import glob
import os
import re
import sys

DOCUMENTS = ("docs/architecture.md", "CONTRIBUTING.md")
ROOTS = ("src/", "tests/", "bench/", "docs/", "scripts/", "examples/", ".ci/")
SPAN = re.compile(r"`([^`\s]+)`")
FILE_NAME = re.compile(r"^[A-Za-z_][\w-]*\.(hpp|cpp|py|sh|js|cmake)$")


def exists(root, path):
    pattern = path.replace("<game>", "*").replace("NAME", "*")
    return bool(glob.glob(os.path.join(root, pattern)))


def file_names(root):
    names = set()
    for top in ("src", "tests", "bench"):
        for _, _, files in os.walk(os.path.join(root, top)):
            names.update(files)
    return names


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    known = file_names(root)
    missing, checked = [], 0
    for document in DOCUMENTS:
        with open(os.path.join(root, document), encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                for name in SPAN.findall(line):
                    if name.startswith(ROOTS):
                        checked += 1
                        if not exists(root, name.rstrip(".,;:")):
                            missing.append("%s:%d: %s: no such file or folder" % (document, number, name))
                    elif FILE_NAME.match(name):
                        checked += 1
                        if name not in known:
                            missing.append("%s:%d: %s: no file of that name" % (document, number, name))
    for line in missing:
        print(line)
    print("%d names checked, %d missing" % (checked, len(missing)))
    return 1 if missing or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
