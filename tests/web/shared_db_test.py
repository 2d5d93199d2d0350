#!/usr/bin/env python3
"""Several servers, one set of games: a real PostgreSQL (initdb and pg_ctl
as an unprivileged user in a folder of its own, on a port of its own), two
`gridgames serve --db postgresql://...` on it, and Debian's nginx in front
of them as a reverse proxy, with the configuration docs/web.md gives.

It checks that a database that cannot be reached, or another program's,
is refused at the start with a clear message (no password shown); that
the servers share every game: a seat's token and a spectator's work on
either, the views agree to the byte, a move made through one reaches a
watcher of the other within 100 ms, a seek made on one is joined on the
other, a client address's quota of games counts the games it made
through both, a bot's game is played through both; then that a server
killed with -9 in the middle of a stream of moves lost none it had
acknowledged, that the other plays the bot's move the dead one owed, and
that the games go on through the proxy. A daemon that cannot start fails
the test with its log: it never passes without having run.

usage: shared_db_test.py PATH/TO/gridgames
"""
import http.client
import json
import os
import random
import select
import signal
import socket
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from daemons import Failed, Folder, Nginx, Postgres, read  # noqa: E402

QUOTA = 5          # --games-per-address of both servers
REACH_MS = 100     # a move reaches a watcher of the other server within this
BOT_MS = 200       # the bots' time on the server that survives


class Server:
    """`gridgames serve` on the shared database, its output in a log."""

    def __init__(self, gridgames, url, folder, name, bot_ms):
        self.log = os.path.join(folder.path, "server-%s.log" % name)
        self.process = subprocess.Popen(
            [gridgames, "serve", "--db", url, "--trusted-proxy", "127.0.0.1",
             "--games-per-address", str(QUOTA), "--bot-ms", str(bot_ms)],
            stdout=subprocess.PIPE, stderr=open(self.log, "w"), text=True)
        ready, _, _ = select.select([self.process.stdout], [], [], 30)
        line = self.process.stdout.readline().strip() if ready else ""
        if not line.startswith("http://127.0.0.1:"):
            self.process.kill()
            raise Failed("server %s did not start (%r):\n%s" % (name, line, read(self.log)))
        self.port = int(line.rsplit(":", 1)[1].rstrip("/"))
        self.name = name

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self):
        """Stopped (SIGTERM): its exit status, or None when it was gone already."""
        if self.process.poll() is not None:
            return None
        self.process.terminate()
        try:
            return self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return "killed: it did not stop within 30 s"


class Client:
    """Requests to one port from one source address, with a browser's cookie."""

    def __init__(self, port, source="127.0.0.3"):
        self.port, self.source, self.cookie = port, source, None

    def call(self, path, body=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30,
                                                source_address=(self.source, 0))
        headers = {"Content-Type": "application/json"}
        if self.cookie:
            headers["Cookie"] = self.cookie
        data = None if body is None else json.dumps(body)
        connection.request("GET" if body is None else "POST", path, body=data, headers=headers)
        answer = connection.getresponse()
        cookie = answer.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";")[0]
        text = answer.read()
        connection.close()
        try:
            return answer.status, json.loads(text)
        except ValueError:
            return answer.status, {"text": text.decode(errors="replace")}

    def view(self, game, token):
        status, view = self.call("/api/games/%s?token=%s" % (game, token))
        assert status == 200, (status, view)
        return view

    def act(self, game, token, action):
        return self.call("/api/games/%s/actions" % game, {"token": token, "action": action})


class Stream:
    """An event stream (GET .../events), its views read as they come."""

    def __init__(self, port, game, token):
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.socket.sendall(("GET /api/games/%s/events?token=%s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                             "Accept: text/event-stream\r\n\r\n" % (game, token, port)).encode())
        self.raw = b""
        while b"\r\n\r\n" not in self.raw:
            self.raw += self.receive()
        head, self.raw = self.raw.split(b"\r\n\r\n", 1)
        assert head.startswith(b"HTTP/1.1 200"), head
        self.chunked = b"transfer-encoding: chunked" in head.lower()
        self.body = b""

    def receive(self):
        data = self.socket.recv(1 << 16)
        if not data:
            raise EOFError("the stream ended")
        return data

    def more(self):
        """Some more of the body (chunks taken apart when the proxy chunked it)."""
        if not self.chunked:
            self.body += self.raw + (b"" if self.raw else self.receive())
            self.raw = b""
            return
        while True:
            line_end = self.raw.find(b"\r\n")
            if line_end >= 0:
                size = int(self.raw[:line_end].split(b";")[0], 16)
                if len(self.raw) >= line_end + 2 + size + 2:
                    start = line_end + 2
                    self.body += self.raw[start:start + size]
                    self.raw = self.raw[start + size + 2:]
                    return
            self.raw += self.receive()

    def next_view(self, seconds):
        """The next event's view, or None when none comes in `seconds`."""
        end = time.monotonic() + seconds
        while True:
            try:
                while b"\n\n" not in self.body:
                    self.socket.settimeout(max(0.001, end - time.monotonic()))
                    self.more()
            except socket.timeout:
                return None
            event, self.body = self.body.split(b"\n\n", 1)
            lines = event.split(b"\n")
            data = [line[6:] for line in lines if line.startswith(b"data: ")]
            if data and b"event: version" not in lines:  # else the version alone, or the retry
                return json.loads(b"\n".join(data))

    def until(self, check, seconds):
        """The first view `check` accepts within `seconds` (or None)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            view = self.next_view(max(0.01, end - time.monotonic()))
            if view is not None and check(view):
                return view
        return None

    def close(self):
        self.socket.close()


def new_game(client, seats=("human", "human")):
    status, game = client.call("/api/games", {"game": "amazons", "params": {"rules": "standard"},
                                              "seats": list(seats)})
    assert status == 200, game
    return game


def tokens(game):
    return [seat.get("token") for seat in game["seats"]]


def a_step(client, game, rng):
    """The seat to move plays one of its legal actions: (version after, action)."""
    seats = tokens(game)
    view = client.view(game["id"], game["spectator"])
    token = seats[view["to_move"]]
    mine = client.view(game["id"], token)
    action = rng.choice(mine["legal"])
    status, after = client.act(game["id"], token, action)
    assert status == 200, (status, after, action)
    return after["version"], action


def tokens_and_views_hold_on_both(a, b, game):
    for client in (a, b):
        for player, token in enumerate(tokens(game)):
            assert client.view(game["id"], token)["player"] == player
        assert client.call("/api/games/%s?token=%s" % (game["id"], "0" * 32))[0] == 403
        status, _ = client.act(game["id"], game["spectator"], "d1-d7")
        assert status == 403, "a spectator's token played on server %d" % client.port
    for token in tokens(game) + [game["spectator"]]:
        seen_a, seen_b = a.view(game["id"], token), b.view(game["id"], token)
        assert seen_a == seen_b, "the servers disagree:\n%s\n%s" % (seen_a, seen_b)


def moves_reach_the_other_servers_watchers(a, b, game, rng):
    """Steps through each server in turn, each watched on the other: the
    milliseconds from the request to the watcher's event."""
    streams = {a.port: Stream(a.port, game["id"], game["spectator"]),
               b.port: Stream(b.port, game["id"], game["spectator"])}
    for stream in streams.values():
        assert stream.next_view(5) is not None, "no first event"
    delays = []
    for i in range(24):
        mover, watcher = (a, b) if i % 2 == 0 else (b, a)
        start = time.monotonic()
        version, action = a_step(mover, game, rng)
        seen = streams[watcher.port].until(lambda v: v["version"] >= version, 5)
        assert seen is not None, "a step through %d never reached %d" % (mover.port, watcher.port)
        delays.append((time.monotonic() - start) * 1000)
        assert streams[mover.port].until(lambda v: v["version"] >= version, 5) is not None
    for stream in streams.values():
        stream.close()
    return delays


def lobby_is_shared(a, b):
    seeker, joiner, late = Client(a.port), Client(b.port), Client(a.port)
    status, seek = seeker.call("/api/lobby", {"game": "amazons", "params": {"rules": "standard"}})
    assert status == 200, seek
    status, lobby = joiner.call("/api/lobby")
    assert seek["id"] in [s["id"] for s in lobby["seeks"]], "a seek made on one server is not in the other's lobby"
    stream = Stream(a.port, seek["id"], seek["token"])
    assert stream.next_view(5)["waiting_for"] == 1
    status, joined = joiner.call("/api/lobby/%s/join" % seek["id"], {})
    assert status == 200 and joined["player"] == 1, joined
    started = stream.until(lambda v: "waiting_for" not in v, 2)
    assert started is not None, "the seeker on one server did not hear of the join on the other"
    stream.close()
    assert late.call("/api/lobby/%s/join" % seek["id"], {})[0] == 409
    _, lobby = late.call("/api/lobby")
    assert seek["id"] not in [s["id"] for s in lobby["seeks"]], "a full seek is still in the lobby"
    joiner.port = a.port
    mine = joiner.call("/api/my-games")[1]["games"]
    assert [g["id"] for g in mine] == [seek["id"]], mine
    seeker.port = b.port
    assert seek["id"] in [g["id"] for g in seeker.call("/api/my-games")[1]["games"]]
    # Finished, so that the address's games in play stay few.
    assert seeker.call("/api/games/%s/resign" % seek["id"], {"token": seek["token"]})[0] == 200


def quotas_hold_across_servers(a, b, proxy_port):
    """From one address (127.0.0.2): QUOTA games through both servers, then
    no more through either, nor through the proxy; one finished, one more."""
    clients = [Client(a.port, "127.0.0.2"), Client(b.port, "127.0.0.2")]
    made = []
    for i in range(QUOTA):
        status, game = clients[i % 2].call("/api/games", {"game": "sword-and-shield"})
        assert status == 200, game
        made.append(game)
    for client in clients + [Client(proxy_port, "127.0.0.2")]:
        status, refused = client.call("/api/games", {"game": "sword-and-shield"})
        assert status == 429, "game %d of one address was made on port %d" % (QUOTA + 1, client.port)
    first = made[0]  # made through a: resigned through b
    assert clients[1].call("/api/games/%s/resign" % first["id"], {"token": tokens(first)[0]})[0] == 200
    status, answer = clients[0].call("/api/games", {"game": "sword-and-shield"})
    assert status == 200, "a finished game still counted: %r" % answer


def bot_game_is_played_through_both(a, b, rng):
    """A bot's game made on a, played on b, whose bot answers: a hears it."""
    game = new_game(a, ("human", "uct"))
    stream = Stream(a.port, game["id"], game["spectator"])
    for _ in range(3):
        version, _ = a_step(b, game, rng)  # the move, then the shot
        version, _ = a_step(b, game, rng)
        answered = stream.until(lambda v: v["version"] >= version + 2 and v["to_move"] == 0, 10)
        assert answered is not None, "server a did not hear the bot's answer on b"
    stream.close()
    return game


def accounts_are_shared(a, b):
    """An account made on a signs in on b; a bot made through b is its
    owner's on a: deleting the account on a takes the bot with it (the
    account's record changed on both, each write over the one before)."""
    ada, phone, stranger = Client(a.port, "127.0.0.5"), Client(b.port, "127.0.0.5"), Client(a.port, "127.0.0.6")
    secret = {"username": "ada", "password": "correct horse battery"}
    status, made = ada.call("/api/accounts", secret)
    assert status == 201, (status, made)
    status, signed = phone.call("/api/login", secret)
    assert status == 200, (status, signed)
    status, bot = phone.call("/api/bots", {"name": "adabot"})
    assert status == 201 and "token" in bot, (status, bot)
    assert ada.call("/api/me")[1].get("username") == "ada" and phone.call("/api/me")[0] == 200
    status, deleted = ada.call("/api/me/delete", {"password": secret["password"]})
    assert status == 200, (status, deleted)
    # The bot went with its owner, so its name is free again.
    status, again = stranger.call("/api/accounts", {"username": "adabot", "password": "another long one"})
    assert status == 201, ("the bot outlived its owner", status, again)


def burst_until_killed(server, game, seconds):
    """Steps through `server` as fast as it answers, from another thread,
    until it is killed -9 after `seconds`: the steps it acknowledged."""
    acknowledged, rng = [], random.Random(11)
    client = Client(server.port)

    def play():
        try:
            while True:
                acknowledged.append(a_step(client, game, rng)[1])
        except (OSError, http.client.HTTPException, AssertionError, IndexError):
            return  # the server is gone (or the game over)

    thread = threading.Thread(target=play)
    thread.start()
    time.sleep(seconds)
    server.kill()
    thread.join(30)
    return acknowledged


def refuses(gridgames, url, words):
    """A server started on `url` stops at once (exit 2) with `words` in its
    message, and never shows the URL's password."""
    done = subprocess.run([gridgames, "serve", "--db", url], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and words in done.stderr, \
        "serve --db %s: exit %d: %s" % (url, done.returncode, done.stderr)
    assert "hunter2" not in done.stderr, "the password shown: " + done.stderr


def bad_databases_are_refused(gridgames, postgres):
    refuses(gridgames, "postgresql://gridgames:hunter2@127.0.0.1:1/games", "Connection refused")
    # Another program's tables of the same names.
    other = postgres.url().replace("/games", "/other")
    postgres.tool("createdb", "-h", "127.0.0.1", "-p", str(postgres.port), "-U", "gridgames",
                  "other", log=os.path.join(postgres.folder.path, "initdb.log"))
    postgres.tool("psql", "-h", "127.0.0.1", "-p", str(postgres.port), "-U", "gridgames", "-q",
                  "-c", "CREATE TABLE games (name TEXT)", "other",
                  log=os.path.join(postgres.folder.path, "initdb.log"))
    refuses(gridgames, other, "is it a gridgames database?")


def main():
    gridgames = sys.argv[1]
    rng = random.Random(5)
    folder = Folder("shared-db-test-")
    postgres, servers, nginx = Postgres(folder), [], None
    try:
        postgres.start()
        bad_databases_are_refused(gridgames, postgres)
        # Server a's bots think long: when it is killed, the bot's move it owed
        # is b's to play.
        servers = [Server(gridgames, postgres.url(), folder, "a", 5000),
                   Server(gridgames, postgres.url(), folder, "b", BOT_MS)]
        nginx = Nginx(folder, [s.port for s in servers])
        nginx.start()
        a, b, proxy = Client(servers[0].port), Client(servers[1].port), Client(nginx.port)

        game = new_game(a)
        tokens_and_views_hold_on_both(a, b, game)
        delays = moves_reach_the_other_servers_watchers(a, b, game, rng)
        tokens_and_views_hold_on_both(a, b, game)
        slow = [d for d in delays if d >= REACH_MS]
        assert not slow, "steps reached the other server's watchers in %s ms" % [round(d) for d in delays]
        lobby_is_shared(servers[0], servers[1])
        quotas_hold_across_servers(servers[0], servers[1], nginx.port)
        accounts_are_shared(a, b)

        # The bot's game (b's bot answers: a's thinks too long).
        bots = bot_game_is_played_through_both(a, b, rng)
        # Through the proxy, a stream; then a's last acts: the human's turn in
        # the bot's game, and steps of another game until it is killed.
        watching = Stream(nginx.port, game["id"], game["spectator"])
        assert watching.next_view(5) is not None
        owed, _ = a_step(a, bots, rng)
        owed, _ = a_step(a, bots, rng)
        burst = new_game(a)
        killed_at = time.monotonic() + 1.0
        acknowledged = burst_until_killed(servers[0], burst, 1.0)
        assert len(acknowledged) >= 5, "only %d steps before the kill" % len(acknowledged)
        # Every acknowledged step is in the game as b has it, in order (the
        # last, sent as a was killed, may be there unacknowledged).
        view = b.view(burst["id"], burst["spectator"])
        log = [entry["action"] for entry in view["log"]]
        start = view["log_from"]
        assert start + len(log) >= len(acknowledged), \
            "b has %d steps of the game, a acknowledged %d" % (start + len(log), len(acknowledged))
        for i, action in enumerate(acknowledged):
            if i >= start:
                assert log[i - start] == action, "step %d: a acknowledged %s, b has %s" % (i, action, log[i - start])
        # The bot's move a owed, played by b after its grace.
        b_stream = Stream(b.port, bots["id"], bots["spectator"])
        answered = b_stream.until(lambda v: v["version"] >= owed + 2 and v["to_move"] == 0, 15)
        b_stream.close()
        assert answered is not None, "nobody played the bot's move the killed server owed"
        took = time.monotonic() - killed_at
        # The games go on through the proxy: the stream that a served ends
        # and comes back through b; steps through the proxy reach it.
        for _ in range(6):
            version, _ = a_step(proxy, game, rng)
            seen = watching.until(lambda v: v["version"] >= version, 2)
            if seen is None:  # it was a's stream: connected again, as an EventSource would
                watching.close()
                watching = Stream(nginx.port, game["id"], game["spectator"])
                seen = watching.until(lambda v: v["version"] >= version, 2)
            assert seen is not None, "a step through the proxy did not reach its stream"
        version, _ = a_step(proxy, bots, rng)
        version, _ = a_step(proxy, bots, rng)
        watching.close()
        # The living server stops cleanly (under the sanitizers: no error).
        stopped = servers[1].stop()
        assert stopped == 0, "server b stopped with %s" % stopped
        print("shared_db_test: a step reached the other server's watchers in %.1f ms at most "
              "(median %.1f, %d steps); %d steps acknowledged before kill -9, none lost; "
              "the bot's move played by the other server %.1f s after the kill; the games went on "
              "through nginx" % (max(delays), sorted(delays)[len(delays) // 2], len(delays),
                                 len(acknowledged), took))
        return 0
    except (Failed, AssertionError, OSError, EOFError) as e:
        print("FAIL:", e)
        for server in servers:
            print("--- server %s's log:\n%s" % (server.name, read(server.log)))
        print("--- PostgreSQL's log:\n%s" % read(postgres.log))
        if nginx:
            print("--- nginx's log:\n%s" % read(os.path.join(nginx.dir, "error.log")))
        return 1
    finally:
        if nginx:
            nginx.stop()
        for server in servers:
            server.stop()
        postgres.stop()
        folder.remove()


if __name__ == "__main__":
    sys.exit(main())
