#!/usr/bin/env python3
"""A RAIInet written by hand to the specification (raiinet.txt), for the
grader's tests: moves, battles, downloads off the far edge and into server
ports, the win by four data and the loss by four viruses, the five ability
cards (-ability1, -ability2: Link boost, Firewall, Download, Scan, Polarize),
`abilities`, `board` and `quit`. Its words and colours are its own (not
ours): a program that plays exactly the game but prints it otherwise, as a
student would. `--bug NAME` plants one real bug:
  tie       a tied battle goes to the defender, not the initiator
  edge      a link moved off the far edge stays on the board (no download)
  winner    the winner announced is the loser
  download  a Download card is spent without downloading
usage: spec_raiinet.py [--bug NAME] -link1 FILE -link2 FILE [-ability1 CARDS]
       [-ability2 CARDS] < commands"""
import sys

SIZE = 8
PORTS = {0: [(0, 3), (0, 4)], 1: [(7, 3), (7, 4)]}
STEPS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
GREEN, RED, BOLD, OFF = "\x1b[32m", "\x1b[31m", "\x1b[1m", "\x1b[0m"


class Link:
    def __init__(self, owner, name, value):
        self.owner, self.name = owner, name
        self.kind, self.strength = value[0], int(value[1])
        self.at, self.shown, self.boosted = None, False, False


class Game:
    def __init__(self, placements, cards, bug):
        self.bug, self.turn, self.over, self.winner = bug, 0, False, None
        self.cards = [[[letter, False] for letter in hand] for hand in cards]
        self.firewalls, self.ability_played = {}, False
        self.links = {}
        self.downloads = [{"D": 0, "V": 0}, {"D": 0, "V": 0}]
        for owner, values in enumerate(placements):
            home, inward = (0, 1) if owner == 0 else (7, -1)
            for i, value in enumerate(values):
                name = chr((ord("a") if owner == 0 else ord("A")) + i)
                link = Link(owner, name, value)
                link.at = (home + inward, i) if i in (3, 4) else (home, i)
                self.links[name] = link

    def at(self, square):
        return next((l for l in self.links.values() if l.at == square), None)

    def download(self, by, link):
        self.downloads[by][link.kind] += 1
        link.at, link.shown = None, True
        for player in (0, 1):
            if self.downloads[player]["D"] == 4:
                self.finish(player)
            elif self.downloads[player]["V"] == 4:
                self.finish(1 - player)

    def finish(self, winner):
        if not self.over:
            self.over, self.winner = True, winner

    def move(self, name, direction):
        link = self.links.get(name)
        if link is None or link.owner != self.turn or link.at is None:
            return "that is not one of your links on the board"
        if direction not in STEPS:
            return "directions are up, down, left and right"
        squares = 2 if link.boosted else 1
        row = link.at[0] + squares * STEPS[direction][0]
        col = link.at[1] + squares * STEPS[direction][1]
        off_far_edge = row >= SIZE if self.turn == 0 else row < 0
        if off_far_edge and 0 <= col < SIZE:
            if self.bug != "edge":
                self.download(self.turn, link)
            return self.end_turn()
        if not (0 <= row < SIZE and 0 <= col < SIZE):
            return "you cannot leave the board there"
        if (row, col) in PORTS[self.turn]:
            return "that is your own server port"
        other = self.at((row, col))
        if other is not None and other.owner == self.turn:
            return "your own link is there"
        wall = self.firewalls.get((row, col))
        if wall is not None and wall != self.turn:
            link.shown = True
            if link.kind == "V":
                self.download(self.turn, link)
                return self.end_turn()
        if (row, col) in PORTS[1 - self.turn]:
            self.download(1 - self.turn, link)
        elif other is not None:
            link.shown = other.shown = True
            attacker_wins = link.strength > other.strength or (
                link.strength == other.strength and self.bug != "tie")
            winner, loser = (link, other) if attacker_wins else (other, link)
            if attacker_wins:
                link.at = (row, col)
            self.download(winner.owner, loser)
        else:
            link.at = (row, col)
        return self.end_turn()

    def end_turn(self):
        self.turn, self.ability_played = 1 - self.turn, False
        return None

    def use(self, words):
        """ability N [target...]: the card's effect, or why not."""
        hand = self.cards[self.turn]
        if len(words) < 2 or not words[1].isdigit() or not 1 <= int(words[1]) <= len(hand):
            return "name a card from 1 to 5"
        card = hand[int(words[1]) - 1]
        if card[1] or self.ability_played:
            return "that card is spent, or you have played one this turn"
        letter, targets = card[0], words[2:]
        if letter == "F":
            if len(targets) != 2 or not all(t.isdigit() for t in targets):
                return "a firewall needs a row and a column"
            square = (int(targets[0]), int(targets[1]))
            if not (square[0] < SIZE and square[1] < SIZE) or self.at(square) or square in self.firewalls \
                    or any(square in ports for ports in PORTS.values()):
                return "a firewall needs an empty square"
            self.firewalls[square] = self.turn
        else:
            link = self.links.get(targets[0]) if len(targets) == 1 else None
            if link is None or link.at is None:
                return "name a link on the board"
            if letter == "L":
                if link.owner != self.turn:
                    return "boost one of your own links"
                link.boosted = True
            elif letter == "D":
                if link.owner == self.turn:
                    return "download one of your opponent's links"
                if self.bug != "download":
                    self.download(self.turn, link)
            elif letter == "S":
                link.shown = True
            elif letter == "P":
                link.kind = "V" if link.kind == "D" else "D"
        card[1], self.ability_played = True, True
        return None

    def show(self):
        viewer = self.turn
        out = []
        for player in (0, 1):
            d = self.downloads[player]
            left = sum(not used for _, used in self.cards[player])
            out.append("%s== PLAYER %d ==%s   downloaded %d data / %d viruses, %d abilities left" %
                       (BOLD, player + 1, OFF, d["D"], d["V"], left))
            names = [l for l in self.links.values() if l.owner == player]
            out.append("  " + "  ".join(
                "%s=%s" % (l.name, "%s%d" % (l.kind, l.strength) if l.owner == viewer or l.shown else "?")
                for l in names))
            if player == 0:
                for row in range(SIZE):
                    squares = []
                    for col in range(SIZE):
                        link = self.at((row, col))
                        if link is not None:
                            squares.append((GREEN if link.owner == 0 else RED) + link.name + OFF)
                        elif (row, col) in self.firewalls:
                            squares.append("mw"[self.firewalls[(row, col)]])
                        elif any((row, col) in ports for ports in PORTS.values()):
                            squares.append("S")
                        else:
                            squares.append(".")
                    out.append("".join(squares) + "   ")
        return "\n".join(out) + "\n"


def main():
    args, bug = sys.argv[1:], None
    if args[:1] == ["--bug"]:
        bug, args = args[1], args[2:]
    files = dict(zip(args[::2], args[1::2]))
    placements = [open(files[flag]).read().split() for flag in ("-link1", "-link2")]
    cards = [files.get(flag, "LFDSP") for flag in ("-ability1", "-ability2")]
    game = Game(placements, cards, bug)
    print(game.show())
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "quit":
            break
        if words[0] == "board":
            print(game.show())
        elif words[0] == "abilities":
            print("  ".join("%d:%s%s" % (n + 1, letter, "(used)" if used else "")
                            for n, (letter, used) in enumerate(game.cards[game.turn])))
        elif words[0] in ("move", "ability"):
            problem = game.move(words[1], words[2]) if words[0] == "move" and len(words) == 3 \
                else game.use(words) if words[0] == "ability" else "write move LINK DIRECTION"
            if problem:
                print("Sorry: " + problem + ". Try again.")
            else:
                print(game.show())
        else:
            print("Unknown command; try move, board or quit.")
        if game.over:
            winner = game.winner if bug != "winner" else 1 - game.winner
            print("*** Congratulations, Player %d wins the game! ***" % (winner + 1))
            break


main()
