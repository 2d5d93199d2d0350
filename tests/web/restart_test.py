#!/usr/bin/env python3
"""Games survive the server: killed with SIGKILL in the middle of games and
started again on the same database, `gridgames serve` goes on with every
game where it was (the same views, versions and hidden links), finished
games included, and the game goes on from there. A database with damaged
pages, or a file that is no database of ours, is refused at the start with
a clear message, and left exactly as it was (content and mode).

usage: restart_test.py PATH/TO/gridgames
"""
import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request


def start(program, database):
    # One address makes every game of the test: no share of the server's.
    server = subprocess.Popen([program, "serve", "--db", database, "--games-per-address", "1000",
                               "--games-per-minute", "1000", "--storage-per-day", "100000"],
                              stdout=subprocess.PIPE, text=True)
    address = server.stdout.readline().strip()
    assert address.startswith("http://127.0.0.1:"), "the server's first line: " + address
    return server, address


def call(address, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(address + path.lstrip("/"), data=data,
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as refused:
        return refused.code, json.load(refused)


def views(address, games):
    """Every seat's view of every game, and its spectators'."""
    tokens = [(g["id"], s["token"]) for g in games for s in g["seats"] if "token" in s]
    tokens += [(g["id"], g["spectator"]) for g in games if "spectator" in g]
    return {(id, token): call(address, "/api/games/%s?token=%s" % (id, token)) for id, token in tokens}


def play(address, game, steps, rng):
    """Random legal actions (and an undo now and then) for the seat to move."""
    tokens = [s.get("token") for s in game["seats"]]
    for _ in range(steps):
        status, view = call(address, "/api/games/%s?token=%s" % (game["id"], tokens[0]))
        if view["over"]:
            return
        token = tokens[view["to_move"]]
        _, mine = call(address, "/api/games/%s?token=%s" % (game["id"], token))
        if mine["can_undo"] and rng.random() < 0.1:
            call(address, "/api/games/%s/undo" % game["id"], {"token": token})
            continue
        action = rng.choice(mine["legal"])
        status, _ = call(address, "/api/games/%s/actions" % game["id"], {"token": token, "action": action})
        assert status == 200, (game["game"], action, status)


def fingerprint(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest(), os.stat(path).st_mode


def refuses(program, database, words):
    """The server started on `database` stops with `words` in its message,
    the file as it was; the failures, if any."""
    before = fingerprint(database)
    run = subprocess.run([program, "serve", "--db", database], capture_output=True, text=True,
                         timeout=30)
    failures = []
    if run.returncode != 2 or words not in run.stderr:
        failures.append("%s: exit %d: %s" % (database, run.returncode, run.stderr.strip()))
    if fingerprint(database) != before:
        failures.append("%s: changed by a server that refused it" % database)
    return failures


def damaged_databases_are_refused(program, folder):
    database = os.path.join(folder, "damaged.sqlite")
    server, address = start(program, database)
    for _ in range(40):
        status, game = call(address, "/api/games", {"game": "sword-and-shield"})
        assert status == 200, game
        call(address, "/api/games/%s/actions" % game["id"],
             {"token": game["seats"][0]["token"], "action": "create a 90"})
    server.terminate()
    server.wait(10)
    # Pages 2 to 4 (the tables' first pages) overwritten, as a bad disk would.
    size = os.path.getsize(database)
    page = 4096
    assert size > 5 * page, size
    with open(database, "r+b") as f:
        f.seek(page)
        f.write(random.Random(3).randbytes(3 * page))
    os.chmod(database, 0o640)
    failures = refuses(program, database, "the database is damaged")
    other = os.path.join(folder, "notes.txt")
    with open(other, "w") as f:
        f.write("not a database\n")
    os.chmod(other, 0o644)
    failures += refuses(program, other, "file is not a database")
    return failures


def main():
    program = sys.argv[1]
    folder = tempfile.mkdtemp(prefix="restart-test-")
    database = os.path.join(folder, "web.sqlite")
    rng = random.Random(7)
    failures = []
    server, address = start(program, database)
    try:
        games = []
        # Every game the server lists (the registry's) with its defaults, and
        # two more Amazons boards.
        status, listing = call(address, "/api/games")
        assert status == 200, listing
        starts = [(game["name"], {}) for game in listing["games"]]
        starts += [("amazons", {"rows": 6, "cols": 6, "amazons": 2}), ("amazons", {"rules": "standard"})]
        for name, params in starts:
            status, game = call(address, "/api/games", {"game": name, "params": params})
            assert status == 200, (name, game)
            game["game"] = name
            games.append(game)
            play(address, game, rng.randint(5, 40), rng)
        # A game with clocks.
        status, clocked = call(address, "/api/games", {"game": "raiinet", "clock": {"minutes": 10, "increment_seconds": 2}})
        assert status == 200, clocked
        clocked["game"] = "raiinet"
        play(address, clocked, 9, rng)
        games.append(clocked)
        # A short game played to its end: it stays for its replay.
        status, done = call(address, "/api/games", {"game": "amazons", "params": {"rows": 3, "cols": 3, "amazons": 1}})
        done["game"] = "amazons"
        play(address, done, 200, rng)
        games.append(done)
        # The game flow's steps too: a draw offer standing, a resignation
        # and its rematch.
        # (Games of their own, one action in: a game played at random may
        # be over, Sword and Shield's after two actions.)
        flow = []
        for name in ("raiinet", "sword-and-shield"):
            status, game = call(address, "/api/games", {"game": name})
            assert status == 200, (name, game)
            game["game"] = name
            play(address, game, 1, rng)
            flow.append(game)
        games += flow
        raiinet, sas = flow
        assert call(address, "/api/games/%s/draw" % raiinet["id"], {"token": raiinet["seats"][0]["token"]})[0] == 200
        resigned = call(address, "/api/games/%s/resign" % sas["id"], {"token": sas["seats"][1]["token"]})
        assert resigned[0] == 200, resigned
        status, seen = call(address, "/api/games/%s/rematch" % sas["id"], {"token": sas["seats"][0]["token"]})
        assert status == 200 and "rematch" in seen, seen
        _, other = call(address, "/api/games/%s?token=%s" % (sas["id"], sas["seats"][1]["token"]))
        # Seats turned by one: the first player's new seat is the second.
        rematch = {"id": seen["rematch"]["id"], "game": "sword-and-shield",
                   "seats": [{"token": other["rematch"]["token"]}, {"token": seen["rematch"]["token"]}]}
        play(address, rematch, 6, rng)
        games.insert(2, rematch)
        before = views(address, games)
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        server, address = start(program, database)
        after = views(address, games)
        # A clock that was running goes on from where it stood when its turn
        # began (the time until the kill is given back, the time the server
        # was down is nobody's); the others are as they were.
        for key, (_, seen) in before.items():
            clocks, later = seen.pop("clocks", None), after[key][1].pop("clocks", None)
            if clocks is None:
                continue
            running = seen["to_move"]
            for p, left in enumerate(clocks):
                ok = later[p] == left if p != running else abs(later[p] - left) < 5000
                if not ok:
                    failures.append("game %s: clock %d was %d, is %d" % (key[0], p, left, later[p]))
        for key, seen in before.items():
            if after.get(key) != seen:
                failures.append("game %s changed across the restart:\n before %s\n after  %s"
                                % (key[0], json.dumps(seen)[:300], json.dumps(after.get(key))[:300]))
        assert after[(done["id"], done["seats"][0]["token"])][1]["over"], "the finished game is not over"
        # And the games go on.
        for game in games[:-1]:
            play(address, game, 10, rng)
        status, record = call(address, "/api/games/%s/record" % sas["id"])
        assert status == 200 and record["returns"] == [1.0, -1.0], record
        failures += damaged_databases_are_refused(program, folder)
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(folder)
    for failure in failures:
        print("FAIL:", failure)
    if not failures:
        print("restart_test: %d games the same after SIGKILL and a restart, and going on" % len(games))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
