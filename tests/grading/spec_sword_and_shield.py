#!/usr/bin/env python3
"""A Sword and Shield written by hand to the specification
(sword-and-shield.txt and CLARIFICATIONS.md section 5), for the grader's
tests: creation, moves that push lines, rotations, the four reactions,
the faces, undo, and a choice of reactions when several wait. Its words
and its board are its own (not ours): cells four characters wide with
lines between them, colours, no numbers, as a student might draw it.
`--bug NAME` plants one real bug:
  shield    a shield pushes the shield's piece away, not the sword's back
  corner    the cut corners are squares like the others
  undo      undo leaves buried pieces in the cemetery
  winner    the winner announced is the loser
  hang      at the end of its input it waits for more, for ever
usage: spec_sword_and_shield.py [--bug NAME] < commands"""
import copy
import sys
import time

SIDES = ["SHSS", "S0SS", "HHHH", "S0H0", "0000", "SHHS", "SSSS", "S0HH",
         "0H00", "SHSH", "SH0S", "S000", "SHH0", "0HH0", "S0SH", "S0HS",
         "S00H", "SH0H", "0H0H", "S0S0", "S00S", "SH00", "SHHH", "0HHH"]
STEP = [(-1, 0), (0, 1), (1, 0), (0, -1)]  # north, east, south, west
DIRECTIONS = {"up": 0, "right": 1, "down": 2, "left": 3}
FACE = {"yellow": (9, 9), "green": (2, 2)}
CREATION = {"yellow": (8, 8), "green": (3, 3)}
CUT = {(1, 1), (1, 2), (2, 1), (9, 10), (10, 9), (10, 10)}
YELLOW, GREEN, OFF = "\x1b[33m", "\x1b[32m", "\x1b[0m"


def owner(letter):
    return "yellow" if letter.islower() else "green"


def other(player):
    return "green" if player == "yellow" else "yellow"


class Game:
    def __init__(self, bug):
        self.bug = bug
        self.cells = {}          # (row, col) -> letter, or "0"/"1" for a face
        self.turns = {}          # letter -> quarter turns clockwise
        self.dead = set()
        self.player, self.created, self.acted = "yellow", False, set()
        self.cells[FACE["yellow"]], self.cells[FACE["green"]] = "0", "1"
        self.waiting, self.winner = [], None
        self.begin_turn()

    def square(self, at):
        row, col = at
        inside = 1 <= row <= 10 and 1 <= col <= 10
        if self.bug == "corner":
            return inside and at not in FACE.values()
        return inside and at not in CUT and at not in FACE.values()

    def begin_turn(self):
        self.acted = set()
        letters = [chr(c) for c in range(ord("a"), ord("x") + 1)]
        if self.player == "green":
            letters = [l.upper() for l in letters]
        free = [l for l in letters if l not in self.turns and l not in self.dead]
        self.created = CREATION[self.player] in self.cells or not free

    def side(self, at, direction):
        thing = self.cells[at]
        if thing in "01":
            return "0"
        return SIDES[ord(thing.lower()) - ord("a")][(direction - self.turns[thing]) % 4]

    def bury(self, at):
        self.dead.add(self.cells.pop(at))

    def push(self, start, direction):
        line, at = [], start
        while self.square(at) and at in self.cells:
            line.append(at)
            at = (at[0] + STEP[direction][0], at[1] + STEP[direction][1])
        for at in reversed(line):
            to = (at[0] + STEP[direction][0], at[1] + STEP[direction][1])
            if self.square(to):
                self.cells[to] = self.cells.pop(at)
            else:
                self.bury(at)

    def reactions(self):
        found = []
        for at in sorted(self.cells):
            for direction in (1, 2):  # east and south
                to = (at[0] + STEP[direction][0], at[1] + STEP[direction][1])
                if to in self.cells and "S" in (self.side(at, direction),
                                                self.side(to, (direction + 2) % 4)):
                    found.append((at, to, direction))
        return found

    def react(self, first, second, direction):
        mine, theirs = self.side(first, direction), self.side(second, (direction + 2) % 4)
        if mine == "S" and theirs == "S":
            self.bury(first)
            self.bury(second)
            return
        if mine != "S":  # the sword is the second's: look from it
            first, second, direction = second, first, (direction + 2) % 4
            mine, theirs = theirs, mine
        if self.cells[second] in "01":
            beaten = "yellow" if self.cells[second] == "0" else "green"
            self.winner = other(beaten)
        elif theirs == "H":
            if self.bug == "shield":
                self.push(second, direction)
            else:
                self.push(first, (direction + 2) % 4)
        else:
            self.bury(second)

    def settle(self):
        for _ in range(1000):
            if self.winner:
                return True
            found = self.reactions()
            if not found:
                return True
            if len(found) > 1:
                self.waiting = found
                return True
            self.react(*found[0])
        return False

    def label(self, at):
        return self.cells.get(at, "?")


def draw(game):
    rows = []
    for row in range(1, 11):
        lines = ["", "", "", ""]
        for col in range(1, 11):
            at = (row, col)
            cell = [list("   "), list(" . "), list("   ")]
            if at in CUT and at not in game.cells:
                cell[1][1] = " "
            elif at in game.cells and game.cells[at] in "01":
                cell[1][1] = game.cells[at]
            elif at in game.cells:
                letter = game.cells[at]
                cell[1][1] = letter
                for direction, (y, x) in enumerate([(0, 1), (1, 2), (2, 1), (1, 0)]):
                    mark = game.side(at, direction)
                    if mark == "S":
                        cell[y][x] = "|" if direction in (0, 2) else "-"
                    elif mark == "H":
                        cell[y][x] = "#"
            colour = YELLOW if at in game.cells and game.cells[at].islower() else GREEN
            for i in range(3):
                lines[i] += colour + "".join(cell[i]) + OFF + ":"
            lines[3] += "...:"
        rows.extend(lines)
    unused = sorted(l for l in game.turns) + sorted(game.dead)
    return "\n".join(rows) + "\nOn the board or gone: " + " ".join(unused) + "\n"


def main():
    args = sys.argv[1:]
    bug = args[1] if len(args) >= 2 and args[0] == "--bug" else None
    game, history = Game(bug), []
    print("SWORD & SHIELD -- yellow begins")
    print(draw(game))
    while True:
        line = sys.stdin.readline()
        if not line:
            if bug == "hang":
                time.sleep(3600)
            return
        words = line.split()
        if not words:
            continue
        if words == ["undo"]:
            if not history:
                print("!! nothing to take back")
                continue
            dead = set(game.dead)
            game = history.pop()
            if bug == "undo":
                for at in [at for at, l in game.cells.items() if l in dead]:
                    game.dead.add(game.cells.pop(at))
            print(draw(game))
            continue
        before = copy.deepcopy(game)
        problem = command(game, words)
        if problem:
            print("!! " + problem)
            game = before
            continue
        history.append(before)
        print(draw(game))
        if game.waiting:
            print("Choose which pair reacts first: " +
                  ", ".join(game.label(a) + " " + game.label(b) for a, b, _ in game.waiting))
        if game.winner:
            shown = other(game.winner) if bug == "winner" else game.winner
            print("*** " + shown.upper() + " is victorious ***")
            return
        print("now: " + game.player)


def command(game, words):
    """Plays one command; what is wrong with it, or None."""
    if game.winner:
        return "the game has ended"
    if game.waiting:
        pair = "".join(words).replace(",", "")
        for a, b, direction in game.waiting:
            if {pair[:1], pair[1:]} == {game.label(a), game.label(b)}:
                game.waiting = []
                game.react(a, b, direction)
                return None if game.settle() else "endless reactions"
        return "name one of the pairs listed"
    verb = words[0]
    if verb == "pass" and len(words) == 1:
        if not game.created:
            game.created = True
        else:
            game.player = other(game.player)
            game.begin_turn()
        return None
    if len(words) != 3 or verb not in ("create", "move", "rotate"):
        return "create L ANGLE | move L DIRECTION | rotate L 1-4 | pass | undo"
    letter, value = words[1], words[2]
    if len(letter) != 1 or not ("a" <= letter.lower() <= "x") or owner(letter) != game.player:
        return "that is not one of your pieces"
    if verb == "create":
        if game.created:
            return "you cannot create now"
        if letter in game.turns or letter in game.dead or value not in ("0", "90", "180", "270"):
            return "that piece cannot be created so"
        game.cells[CREATION[game.player]] = letter
        game.turns[letter] = int(value) // 90
        game.created = True
        return None if game.settle() else "endless reactions"
    if not game.created:
        return "create a piece or pass first"
    at = next((a for a, l in game.cells.items() if l == letter), None)
    if at is None or letter in game.acted:
        return "that piece cannot act"
    if verb == "move":
        if value not in DIRECTIONS:
            return "up, down, left or right"
        game.push(at, DIRECTIONS[value])
    else:
        if value not in ("1", "2", "3", "4") or int(value) - 1 == game.turns[letter]:
            return "rotate to 1, 2, 3 or 4, a new orientation"
        game.turns[letter] = int(value) - 1
    game.acted.add(letter)
    return None if game.settle() else "endless reactions"


if __name__ == "__main__":
    main()
