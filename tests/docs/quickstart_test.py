#!/usr/bin/env python3
"""The README's quick start runs: every command of its code blocks.

usage: quickstart_test.py SOURCE_DIR BUILD_DIR

The commands are read from the fenced blocks of README.md's "Quick start"
section (a line ending in a backslash goes on), and run in order in a
scratch folder where build/bin is a copy of BUILD_DIR/bin, scripts/play starts
BUILD_DIR/bin/gridgames, as it would after its build, and tests/golden is the
checkout's. Each gets "quit" on
standard input, as a user who leaves at once, and must exit 0 within two
minutes. A server (a command with "serve") is started, must print its
address and answer it, and is then stopped.
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import urllib.request


def quick_start_commands(readme):
    with open(readme, encoding="utf-8") as f:
        text = f.read()
    section = re.search(r"^## Quick start\n(.*?)(?=^## )", text, re.M | re.S)
    if not section:
        sys.exit("README.md has no \"## Quick start\" section")
    commands = []
    for block in re.findall(r"^```sh\n(.*?)^```", section.group(1), re.M | re.S):
        pending = ""
        for line in block.split("\n"):
            line = re.sub(r"\s+#.*$", "", line).rstrip()
            if not line or line.startswith("#"):
                continue
            if line.endswith("\\"):
                pending += line[:-1] + " "
                continue
            commands.append(pending + line.strip())
            pending = ""
    return commands


def scratch_folder(source_dir, build_dir):
    """A folder with a copy of the programs, a scripts/play that runs them
    and the checkout's tests/golden (the transcripts a command may read), as
    a checkout has after its build."""
    folder = tempfile.mkdtemp(prefix="quickstart-")
    shutil.copytree(os.path.join(source_dir, "tests", "golden"), os.path.join(folder, "tests", "golden"))
    os.mkdir(os.path.join(folder, "build"))
    shutil.copytree(os.path.join(build_dir, "bin"), os.path.join(folder, "build", "bin"))
    os.mkdir(os.path.join(folder, "scripts"))
    play = os.path.join(folder, "scripts", "play")
    with open(play, "w") as f:
        f.write('#!/bin/sh\nexec "$(dirname "$0")/../build/bin/gridgames" "$@"\n')
    os.chmod(play, 0o755)
    return folder


def scratch_env(folder):
    """The environment of the commands: what they keep (the web server's
    games) goes into the scratch folder, not the user's home."""
    return dict(os.environ, XDG_STATE_HOME=os.path.join(folder, "state"))


def run_server(command, folder):
    server = subprocess.Popen(["bash", "-c", "exec " + command], cwd=folder, env=scratch_env(folder),
                              stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        address = server.stdout.readline().strip()
        if not address.startswith("http://"):
            return f"printed {address!r}, not its address"
        with urllib.request.urlopen(address, timeout=10) as page:
            if page.status != 200 or b"gridgames" not in page.read():
                return f"{address} did not answer with the page"
        return None
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def run(command, folder):
    if " serve" in command:
        return run_server(command, folder)
    try:
        done = subprocess.run(["bash", "-c", command], cwd=folder, env=scratch_env(folder),
                              input="quit\n", text=True,
                              capture_output=True, timeout=120)
    except subprocess.TimeoutExpired:
        return "did not end within two minutes"
    if done.returncode != 0:
        return f"exit {done.returncode}: {done.stderr.strip()[-500:]}"
    return None


def main():
    source_dir, build_dir = (os.path.abspath(a) for a in sys.argv[1:3])
    commands = quick_start_commands(os.path.join(source_dir, "README.md"))
    folder = scratch_folder(source_dir, build_dir)
    failures = 0
    try:
        for command in commands:
            problem = run(command, folder)
            print(("FAIL " if problem else "ok   ") + command + (f": {problem}" if problem else ""))
            failures += problem is not None
    finally:
        shutil.rmtree(folder)
    print(f"{len(commands)} quick start commands, {failures} failed")
    return 1 if failures or not commands else 0


if __name__ == "__main__":
    sys.exit(main())
