#!/usr/bin/python3
"""Live play you can trust: three Chromium pages (two players and a
spectator) follow games whose moves come in bursts, from the pages' own
clicks and from the API at random gaps of 0-500 ms; after each burst every
page must show the server's version within a second.

  1. RAIInet between the two players' pages: each move clicked on its page,
     or sent through the API for either seat; the spectator watches.
  2. RAIInet against a bot: player 1's page clicks, the bot answers at
     once; the two other pages watch.
  3. Classic Amazons with a 1 + 0 clock: turns clicked on the pages (held
     until whole, then sent together) or sent through the API, whole or as
     two steps; then nobody moves until the flag falls, and every page must
     show the end within a second of it, though nobody asks the server.

The test fails with each page's version, how it follows the game, and the
server's. Seeded (--seed, printed), so that a failure can be run again.

  soak_test.py PATH/TO/gridgames [--seed N] [--bursts N]
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

PROFILES = tempfile.TemporaryDirectory(prefix="gridgames-soak-", ignore_cleanup_errors=True)
SYNC_SECONDS = 1.0


def browser():
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--window-size=1280,900",
                 "--user-data-dir=" + tempfile.mkdtemp(dir=PROFILES.name)):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


class Soak:
    def __init__(self, base, seed):
        self.base = base
        self.random = random.Random(seed)
        self.checks = 0
        self.slowest = 0.0

    def api(self, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path.lstrip("/"), data=data,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return json.load(answer)
        except urllib.error.HTTPError as error:
            return {"error": error.read().decode(), "status": error.code}

    def view(self, game, token):
        return self.api("api/games/%s?token=%s" % (game, token))

    def gap(self):
        time.sleep(self.random.uniform(0, 0.5))

    @staticmethod
    def page_state(page):
        return page.execute_script(
            "const b = document.getElementById('board');"
            "return [b ? +b.dataset.version : -1, document.body.dataset.follows || '',"
            " (document.getElementById('status') || {}).textContent || ''];")

    def synced(self, pages, game, token, what):
        """Every page at the server's version (as it is now) within a second."""
        target = self.view(game, token)["version"]
        began = time.monotonic()
        while True:
            states = {name: self.page_state(page) for name, page in pages.items()}
            if all(state[0] >= target for state in states.values()):
                self.checks += 1
                self.slowest = max(self.slowest, time.monotonic() - began)
                return
            if time.monotonic() - began > SYNC_SECONDS:
                now = self.view(game, token)["version"]
                raise AssertionError("%s: after %.1f s the server is at version %d (%d when the check began); %s" % (
                    what, SYNC_SECONDS, now, target, "; ".join(
                        "%s's page at %d (follows by %s, says %r)" % (name, *state) for name, state in states.items())))
            time.sleep(0.02)

    def click_turn(self, page, game, token, seat):
        """The seat's turn played on its page, by clicking squares and buttons
        it marks (chosen at random), until the turn has passed on."""
        start = self.view(game, token)["version"]
        for _ in range(16):
            view = self.view(game, token)
            # Passed on: over, another's turn, or another's move since (a bot's).
            if view["over"] or view["to_move"] != seat or (
                    view["version"] > start and view["log"] and view["log"][-1]["player"] != seat):
                return
            markup = page.execute_script("return document.getElementById('board').innerHTML")
            clicked = page.execute_script(
                "const all = [...document.querySelectorAll('#board .cell.target, #actions button[data-action]')];"
                "if (!all.length) return false;"
                "all[Math.floor(arguments[0] * all.length)].dispatchEvent(new MouseEvent('click', {bubbles: true}));"
                "return true;", self.random.random())
            end = time.monotonic() + 3
            while time.monotonic() < end:
                if clicked and page.execute_script(
                        "return document.getElementById('board').innerHTML") != markup:
                    break
                time.sleep(0.03)
        raise AssertionError("seat %d's page did not play its turn in 16 clicks" % seat)

    def api_turn(self, game, token, whole):
        """A turn through the API: one action, or Amazons' move and its shot,
        sent together (`whole`) or one after the other at a random gap."""
        view = self.view(game, token)
        action = self.random.choice(view["legal"])
        if not view.get("previews") or not action.startswith("move "):
            self.api("api/games/%s/actions" % game, {"token": token, "action": action})
            return
        after = self.api("api/games/%s/preview" % game, {"token": token, "actions": [action]})
        shot = self.random.choice(after["legal"])
        if whole:
            self.api("api/games/%s/actions" % game, {"token": token, "actions": [action, shot]})
        else:
            self.api("api/games/%s/actions" % game, {"token": token, "action": action})
            self.gap()
            self.api("api/games/%s/actions" % game, {"token": token, "action": shot})

    def bursts(self, pages, players, game, tokens, count, turns, what):
        """`count` bursts of `turns` turns each, each turn by its seat's page
        or the API at random; every page checked after each burst."""
        for burst in range(count):
            for _ in range(turns):
                view = self.view(game, tokens[0])
                if view["over"]:
                    return
                seat = view["to_move"]
                if self.random.random() < 0.5:
                    self.click_turn(players[seat], game, tokens[seat], seat)
                else:
                    self.api_turn(game, tokens[seat], whole=self.random.random() < 0.5)
                self.gap()
            self.synced(pages, game, tokens[0], "%s, burst %d" % (what, burst + 1))


def open_game(page, base, game, token):
    page.get(base + "game/%s?token=%s" % (game, token))
    end = time.monotonic() + 20
    while time.monotonic() < end:
        if page.execute_script("const b = document.getElementById('board');"
                               "return !!b && +b.dataset.version > 0 && document.body.dataset.follows === 'events';"):
            return
        time.sleep(0.05)
    raise AssertionError("the page of game %s did not open" % game)


def two_people(soak, pages, bursts):
    game = soak.api("api/games", {"game": "raiinet", "seats": ["human", "human"]})
    tokens = [s["token"] for s in game["seats"]]
    for name, token in (("player 1", tokens[0]), ("player 2", tokens[1]), ("the spectator", game["spectator"])):
        open_game(pages[name], soak.base, game["id"], token)
    soak.bursts(pages, [pages["player 1"], pages["player 2"]], game["id"], tokens, bursts, 4, "raiinet")
    print("ok raiinet between two pages: %d bursts of moves from the pages and the API, every page in step" % bursts)


def against_a_bot(soak, pages, turns):
    game = soak.api("api/games", {"game": "raiinet", "seats": ["human", "random"]})
    token = game["seats"][0]["token"]
    open_game(pages["player 1"], soak.base, game["id"], token)
    for name in ("player 2", "the spectator"):
        open_game(pages[name], soak.base, game["id"], game["spectator"])
    for turn in range(turns):
        if soak.view(game["id"], token)["over"]:
            break
        soak.click_turn(pages["player 1"], game["id"], token, 0)
        end = time.monotonic() + 5
        while True:  # the bot's answer at the server
            view = soak.view(game["id"], token)
            if view["over"] or view["to_move"] == 0:
                break
            assert time.monotonic() < end, "the bot did not answer within 5 s"
            time.sleep(0.02)
        soak.synced(pages, game["id"], token, "raiinet against a bot, turn %d" % (turn + 1))
        status = pages["player 1"].execute_script("return document.getElementById('status').textContent")
        assert "thinking" not in status or view["over"], "player 1's page says %r on its turn" % status
        soak.gap()
    print("ok raiinet against a bot: %d turns, its answers on every page within %.1f s" % (turns, SYNC_SECONDS))


def flag_fall(soak, pages, bursts):
    game = soak.api("api/games", {"game": "amazons", "params": {"rules": "standard"}, "seats": ["human", "human"],
                                  "clock": {"minutes": 1, "increment_seconds": 0}})
    tokens = [s["token"] for s in game["seats"]]
    for name, token in (("player 1", tokens[0]), ("player 2", tokens[1]), ("the spectator", game["spectator"])):
        open_game(pages[name], soak.base, game["id"], token)
    soak.bursts(pages, [pages["player 1"], pages["player 2"]], game["id"], tokens, bursts, 2, "amazons with a clock")
    view = soak.view(game["id"], tokens[0])
    assert not view["over"], "the clocked game ended before its flag: " + view.get("result", "")
    left = view["clocks"][view["to_move"]] / 1000
    # Nobody asks the server from here: the fall must be pushed.
    time.sleep(left)
    began = time.monotonic()
    while True:
        states = {name: Soak.page_state(page) for name, page in pages.items()}
        if all("ran out of time" in state[2] for state in states.values()):
            break
        if time.monotonic() - began > SYNC_SECONDS:
            server = soak.view(game["id"], tokens[0])
            raise AssertionError("the flag fell %.1f s ago; the server is at version %d (%s); %s" % (
                SYNC_SECONDS, server["version"], server.get("result", "not over"), "; ".join(
                    "%s's page at %d (follows by %s, says %r)" % (name, *state) for name, state in states.items())))
        time.sleep(0.02)
    end = soak.view(game["id"], tokens[0])
    assert end["over"] and end["ended_by"] == "time", end.get("result")
    for name, page in pages.items():
        version, _, status = Soak.page_state(page)
        assert version == end["version"], "%s's page at %d, the server at %d" % (name, version, end["version"])
        controls = page.execute_script("return [...document.querySelectorAll('#resign, #draw, #actions button')].length")
        assert controls == 0, "%s's page keeps %d controls of play after the flag" % (name, controls)
    print("ok amazons 1 + 0: %d bursts in step, then the flag fall on every page within %.0f s of it, unasked"
          % (bursts, SYNC_SECONDS))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("gridgames")
    parser.add_argument("--seed", type=int, default=int(time.time()) % 100000)
    parser.add_argument("--bursts", type=int, default=6)
    args = parser.parse_args()
    print("soak_test: seed %d" % args.seed)
    database = tempfile.mkdtemp(prefix="soak-test-")
    server = subprocess.Popen([args.gridgames, "serve", "--db", os.path.join(database, "web.sqlite"),
                               "--bot-ms", "100"], stdout=subprocess.PIPE, text=True)
    base = server.stdout.readline().strip()
    assert base.startswith("http://127.0.0.1:"), "the server's first line: " + base
    soak = Soak(base, args.seed)
    pages = {}
    try:
        for name in ("player 1", "player 2", "the spectator"):
            pages[name] = browser()
        two_people(soak, pages, args.bursts)
        against_a_bot(soak, pages, 2 * args.bursts)
        flag_fall(soak, pages, args.bursts)
        for name, page in pages.items():
            errors = [e for e in page.get_log("browser") if e["level"] == "SEVERE" and "/api/" not in e["message"]]
            assert not errors, "%s's page reported %d errors, the first: %s" % (name, len(errors), errors[:3])
    finally:
        for page in pages.values():
            page.quit()
        server.terminate()
        server.wait(10)
        shutil.rmtree(database, ignore_errors=True)
    print("soak_test: all passed (%d checks, the slowest page in step after %.2f s)" % (soak.checks, soak.slowest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
