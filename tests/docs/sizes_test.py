#!/usr/bin/env python3
"""Rooms with one job stay small: no source file under src/ over 700 lines,
no C++ function (a definition that starts at the first column) and no
JavaScript function of the pages over 80 lines. A JavaScript module's
wrapper, `const Name = (() => {`, is a file's room, not a function.

usage: sizes_test.py ROOT
Exit 0 when all fit, 1 with a line for each that does not.
"""
import glob
import os
import re
import sys

MAX_FILE, MAX_FUNCTION = 700, 80
JS_START = re.compile(r"^(\s*)((async\s+)?function\b|(const|let)\s+\w+\s*=\s*(async\s*)?(function\b|\([^)]*\)\s*=>\s*\{|\w+\s*=>\s*\{))")
JS_MODULE = re.compile(r"^\s*const\s+\w+\s*=\s*\(\(\)\s*=>\s*\{")


def cpp_functions(lines):
    """(first line, length) of each definition whose signature starts at column 0."""
    i = 0
    while i < len(lines):
        line = lines[i]
        start = None
        if line.endswith("{") and not line.startswith("}"):
            k = i
            while (k > 0 and lines[k].startswith(" ") and lines[k - 1].strip()
                   and not lines[k - 1].endswith((";", "{", "}"))
                   and not lines[k - 1].strip().startswith("//")):
                k -= 1
            first = lines[k]
            if not first.startswith((" ", "namespace", "struct", "class", "enum", "extern",
                                     "union", "//", "#")) and "(" in first:
                start = k
        if start is not None:
            j = i + 1
            while j < len(lines) and not lines[j].startswith("}"):
                j += 1
            yield start + 1, j - start + 1
            i = j
        i += 1


def js_functions(lines):
    for i, line in enumerate(lines):
        match = JS_START.match(line)
        if not match or JS_MODULE.match(line) or not line.rstrip().endswith("{"):
            continue
        indent = len(match.group(1))
        for j in range(i + 1, len(lines)):
            end = lines[j]
            if end.strip() and len(end) - len(end.lstrip()) == indent and end.lstrip().startswith("}"):
                yield i + 1, j - i + 1
                break


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    problems, files = [], 0
    for path in sorted(glob.glob(os.path.join(root, "src", "**", "*"), recursive=True)):
        if not path.endswith((".cpp", ".hpp", ".js", ".py")):
            continue
        files += 1
        lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
        name = os.path.relpath(path, root)
        if len(lines) - 1 > MAX_FILE:
            problems.append("%s: %d lines (at most %d a file)" % (name, len(lines) - 1, MAX_FILE))
        found = js_functions(lines) if path.endswith(".js") else (
            cpp_functions(lines) if path.endswith((".cpp", ".hpp")) else [])
        for first, length in found:
            if length > MAX_FUNCTION:
                problems.append("%s:%d: a function of %d lines (at most %d)" % (name, first, length, MAX_FUNCTION))
    for problem in problems:
        print(problem)
    print("sizes_test: %d files, %d too large" % (files, len(problems)))
    return 1 if problems or files == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
