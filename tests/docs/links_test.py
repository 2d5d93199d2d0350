#!/usr/bin/env python3
"""Every relative link and image of the project's Markdown files resolves.

usage: links_test.py ROOT

For each Markdown file git tracks under ROOT (or, outside a git checkout,
every *.md below it but the build folders), each inline link or image
[text](target) whose target is not a URL must name an existing file or
folder, relative to the file; a #fragment must match a heading of the
target Markdown file, as GitHub makes its anchors. The worked example's
files (examples/new-game/docs/...) link from where they land when the
example is copied over the checkout. Links inside code blocks
and code spans are not links. Exit 0 when all resolve, 1 with a line per
broken link otherwise.
"""
import os
import re
import subprocess
import sys

LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^\s*(```|~~~)")


def markdown_files(root):
    if not os.path.exists(os.path.join(root, ".git")):  # a copy, as scripts/test's scratch tree
        return walked_markdown_files(root)
    try:
        listed = subprocess.run(["git", "-C", root, "ls-files", "--cached", "--others",
                                 "--exclude-standard", "*.md"],
                                check=True, capture_output=True, text=True).stdout.split()
        return [os.path.join(root, path) for path in listed if os.path.exists(os.path.join(root, path))]
    except (subprocess.CalledProcessError, FileNotFoundError):
        return walked_markdown_files(root)


def walked_markdown_files(root):
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(("build", "."))]
        found += [os.path.join(folder, f) for f in files if f.endswith(".md")]
    return found


def prose_lines(text):
    """The lines outside fenced code blocks, with code spans blanked."""
    inside = False
    for number, line in enumerate(text.split("\n"), 1):
        if FENCE.match(line):
            inside = not inside
            continue
        if not inside:
            yield number, re.sub(r"`[^`]*`", "``", line)


def anchor(heading):
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"`", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors_of(path):
    seen = {}
    names = set()
    inside = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if FENCE.match(line):
                inside = not inside
            if inside:
                continue
            m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
            if m:
                base = anchor(m.group(1))
                count = seen.get(base, 0)
                seen[base] = count + 1
                names.add(base if count == 0 else f"{base}-{count}")
    return names


def linked_from(path, root):
    """The folder a file's links are relative to: its own, or, for a file of
    the worked example (examples/new-game/docs/...), the folder it lands in
    when the example is copied over the checkout."""
    example = os.path.join(root, "examples", "new-game")
    inside = os.path.relpath(path, example)
    if not inside.startswith("..") and os.path.dirname(inside):
        return os.path.join(root, os.path.dirname(inside))
    return os.path.dirname(path)


def broken_links(path, root):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for number, line in prose_lines(text):
        for match in LINK.finditer(line):
            target = match.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                continue  # a URL (http:, mailto:, ...)
            file_part, _, fragment = target.partition("#")
            resolved = os.path.normpath(os.path.join(linked_from(path, root), file_part)) if file_part else path
            if not os.path.exists(resolved):
                yield f"{path}:{number}: {target}: no such file"
            elif fragment and resolved.endswith(".md") and fragment not in anchors_of(resolved):
                yield f"{path}:{number}: {target}: no heading with the anchor #{fragment}"


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    files = markdown_files(root)
    problems = [problem for path in files for problem in broken_links(path, root)]
    for problem in problems:
        print(os.path.relpath(problem, root) if problem.startswith(root) else problem)
    print(f"{len(files)} Markdown files, {len(problems)} broken links")
    return 1 if problems or not files else 0


if __name__ == "__main__":
    sys.exit(main())
