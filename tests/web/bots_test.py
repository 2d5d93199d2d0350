#!/usr/bin/env python3
"""Bots online, end to end: an account makes a bot account (POST /api/bots),
`gridgames bot` bridges it to `gridgames engine amazons ai@100` (its
program runs here, beside the bridge, never in the server), a signed-in
player challenges it to a rated classic game of Amazons, the bot accepts
and plays every turn until the end, across a restart of the server (the
bridge tries again until it is back); the bot is marked as a bot in the
view and the ratings, a challenge is not in the lobby and nobody else
can take it, an unknown bot cannot be challenged, and a token the server
does not know stops the bridge with exit 2.

usage: bots_test.py PATH/TO/gridgames
"""
import http.cookiejar
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request


def start(program, database, port=0):
    command = [program, "serve", "--db", database, "--games-per-address", "1000", "--games-per-minute", "1000",
               "--storage-per-day", "100000"]
    if port:
        command += ["--port", str(port)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    address = server.stdout.readline().strip()
    assert address.startswith("http://127.0.0.1:"), "the server's first line: " + address
    return server, address


class Client:
    """A client with its own cookies, as a browser keeps them."""

    def __init__(self, address, token=None):
        self.address = address
        self.token = token
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def call(self, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
        request = urllib.request.Request(self.address + path.lstrip("/"), data=data, headers=headers)
        try:
            with self.opener.open(request, timeout=30) as answer:
                return answer.status, json.load(answer)
        except urllib.error.HTTPError as refused:
            return refused.code, json.load(refused)


def until(what, condition, seconds=60):
    deadline = time.time() + seconds
    while time.time() < deadline:
        result = condition()
        if result:
            return result
        time.sleep(0.1)
    raise AssertionError("timed out waiting for " + what)


def main():
    program = os.path.realpath(sys.argv[1])
    folder = tempfile.mkdtemp(prefix="gridgames-bots-test-")
    database = os.path.join(folder, "web.sqlite")
    server, address = start(program, database)
    bridge = None
    try:
        owner, ada, eve = Client(address), Client(address), Client(address)
        assert owner.call("api/accounts", {"username": "owner", "password": "owner's secret"})[0] == 201
        assert ada.call("api/accounts", {"username": "ada", "password": "ada's secret"})[0] == 201
        assert eve.call("api/accounts", {"username": "eve", "password": "eve's secret"})[0] == 201
        status, made = Client(address).call("api/bots", {"name": "amazonbot"})
        assert status == 401, (status, made)
        status, made = owner.call("api/bots", {"name": "amazonbot"})
        assert status == 201 and made["name"] == "amazonbot" and len(made["token"]) == 64, (status, made)
        token = made["token"]
        assert owner.call("api/bots", {"name": "ada"})[0] == 409  # a name taken

        # A token the server does not know: the bridge stops, exit 2.
        wrong = subprocess.run([program, "bot", "--server", address, "--token", "0" * 64, "--",
                                program, "engine", "amazons", "ai@100"], capture_output=True, text=True, timeout=30)
        assert wrong.returncode == 2 and "this bot token is not known" in wrong.stderr, (wrong.returncode, wrong.stderr)

        bridge = subprocess.Popen([program, "bot", "--server", address, "--token", token, "--poll-ms", "100", "--",
                                   program, "engine", "amazons", "ai@100"], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True)
        assert ada.call("api/lobby", {"game": "amazons", "opponent": "nobody"})[0] == 404
        assert ada.call("api/lobby", {"game": "amazons", "opponent": "eve"})[0] == 404  # not a bot
        # (With a clock of 10 + 10: a bot's decision has 38 s, time enough
        # under the sanitizers on a busy machine.)
        status, challenge = ada.call("api/lobby", {"game": "amazons", "params": {"rules": "standard"},
                                                  "opponent": "amazonbot", "rated": True,
                                                  "clock": {"minutes": 10, "increment_seconds": 10}})
        assert status == 200, (status, challenge)
        game, seat = challenge["id"], challenge["token"]
        assert not ada.call("api/lobby")[1]["seeks"], "a challenge in the lobby"
        assert eve.call("api/lobby/%s/join" % game, {})[0] == 403, "another account took a challenge"
        view = until("the bot's acceptance", lambda: (lambda v: v if not v.get("waiting_for") else None)(
            ada.call("api/games/%s?token=%s" % (game, seat))[1]))
        assert view["seats"][1]["account"] == "amazonbot" and view["seats"][1]["bot_account"], view["seats"]
        assert view["rated"], view
        # A seat's request, as the bridge asks it: a twentieth of the clock and most of the
        # increment, and the clock itself less a margin of 200 ms.
        status, request = ada.call("api/games/%s/request?token=%s" % (game, seat))
        assert status == 200 and request["player"] == 0, request
        assert request["clock"] == {"move_ms": 38000, "remaining_ms": 599800, "increment_ms": 10000}, request
        assert request["game"] == "amazons" and request["params"]["rules"] == "standard", request
        assert ada.call("api/games/%s/request?token=%s" % (game, challenge["spectator"]))[0] == 403

        # Ada plays at random; the bot answers every turn; the server is
        # killed and started again in the middle.
        rng = random.Random(5)
        turns, restarted = 0, False
        port = int(address.rsplit(":", 1)[1].rstrip("/"))
        while True:
            view = until("Ada's turn or the end", lambda: (lambda v: v if v["over"] or (
                v["to_move"] == v["player"]) else None)(ada.call("api/games/%s?token=%s" % (game, seat))[1]))
            if view["over"]:
                break
            status, _ = ada.call("api/games/%s/actions" % game, {"token": seat, "action": rng.choice(view["legal"])})
            assert status == 200
            turns += 1
            if turns == 8 and not restarted:
                server.kill()
                server.wait(10)
                time.sleep(1.5)  # the bridge finds nobody there
                server, address2 = start(program, database, port)
                assert address2 == address, address2
                restarted = True
        assert restarted and view["over"], view
        assert view["ending"]["winners"] == [1], view["ending"]  # ai@100 against random moves
        assert turns > 20, turns
        table = ada.call("api/ratings/amazons?variant=rules%3Dstandard")[1]["players"]
        assert [(p["username"], p.get("bot", False)) for p in table] == [("amazonbot", True), ("ada", False)], table
    finally:
        if bridge:
            bridge.terminate()
            out, err = bridge.communicate(timeout=30)
            print(out + err)
        server.kill()
        server.wait(10)
        shutil.rmtree(folder, ignore_errors=True)
    assert bridge.returncode == 0, bridge.returncode
    assert "accepted amazons %s from ada" % game in out, out
    assert "cannot be reached; trying again" in err and "is back" in err, err
    print("bots: a bot account bridged to gridgames engine amazons ai@100 won a rated challenge "
          "of %d turns across a restart of the server" % turns)
    return 0


if __name__ == "__main__":
    sys.exit(main())
