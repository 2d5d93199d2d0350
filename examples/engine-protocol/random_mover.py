#!/usr/bin/env python3
"""A player of any gridgames game, in Python, through the engine protocol
(docs/engine-protocol.md): started for each decision, it reads one JSON
request on standard input and prints its action's text.

This one plays a legal move at random, and passes only when nothing else
is legal. Seeded by the game's length: the same request, the same answer.
A real player would read the board from "observation", or make the game
from "params" and play "moves" again (gridgames' Python module does both).

  gridgames tournament sword-and-shield --players "program:python3 random_mover.py,random"
"""
import json
import random
import sys


def choose(request):
    legal = request["legal"]  # each a move as data: action, label, squares, piece
    moves = [m for m in legal if m["action"] != "pass"] or legal
    rng = random.Random(len(request["moves"]))
    return rng.choice(moves)["action"]


def main():
    request = json.loads(sys.stdin.readline())
    print(choose(request), flush=True)


if __name__ == "__main__":
    main()
