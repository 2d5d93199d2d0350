// The pages' move picker (src/web/assets/moves.js) on moves as the server
// gives them: a piece then its destination (Amazons), a shot whose shooter
// is implied, a placement by its square, a piece picked off the board then
// its rotation (Sword and Shield), a download off the edge as a named
// control (RAIInet), moves with no square. Run by node: node moves_test.js PATH/TO/moves.js
"use strict";
const assert = require("assert");
const fs = require("fs");
const vm = require("vm");

vm.runInThisContext(fs.readFileSync(process.argv[2], "utf8") + "\nglobalThis.MovePicker = MovePicker;");
const none = new Set();
const start = { piece: null, path: [] };
const move = (id, squares, extra = {}) => ({ id, action: "a" + id, label: "m" + id, squares, ...extra });
const keys = (set) => [...set].sort();

// Amazons: two amazons, each with destinations; then a shot from the one moved.
const turn = [move(1, [[0, 3], [5, 3]]), move(2, [[0, 3], [0, 4]]), move(3, [[0, 6], [3, 6]])];
let shown = MovePicker.show(turn, start, none);
assert.deepStrictEqual(keys(shown.targets), ["0,3", "0,6"]);
assert.strictEqual(shown.named.length, 0);
let next = MovePicker.click(turn, start, none, [0, 3]);
assert.deepStrictEqual(next.selection.path, [[0, 3]]);
shown = MovePicker.show(turn, next.selection, none);
assert.deepStrictEqual(keys(shown.targets), ["0,4", "5,3"]);
assert.deepStrictEqual(keys(shown.chosen), ["0,3"]);
assert.strictEqual(MovePicker.click(turn, next.selection, none, [5, 3]).play.id, 1);
// Another amazon clicked instead: chosen from nothing.
assert.deepStrictEqual(MovePicker.click(turn, next.selection, none, [0, 6]).selection.path, [[0, 6]]);
// The chosen square again: back.
assert.deepStrictEqual(MovePicker.click(turn, next.selection, none, [0, 3]).selection.path, []);
const shots = [move(4, [[5, 3], [5, 6]]), move(5, [[5, 3], [2, 0]])];
shown = MovePicker.show(shots, start, none);
assert.deepStrictEqual(keys(shown.targets), ["2,0", "5,6"]);
assert.deepStrictEqual(keys(shown.chosen), ["5,3"]);  // the shooter, implied
assert.strictEqual(MovePicker.click(shots, start, none, [5, 6]).play.id, 4);
assert.strictEqual(MovePicker.click([shots[0]], start, none, [5, 6]).play.id, 4);  // the only shot
// A placement: one square.
assert.strictEqual(MovePicker.click([move(6, [[2, 2]]), move(7, [[3, 3]])], start, none, [3, 3]).play.id, 7);

// Sword and Shield: unused pieces picked, then their rotation by name; a
// piece on the board moves by its destination or turns by name; pass.
const picks = new Set(["a", "b"]);
const sas = [move(10, [[7, 7]], { piece: "a" }), move(11, [[7, 7]], { piece: "a" }), move(12, [[7, 7]], { piece: "b" }),
  move(13, [[4, 4], [3, 4]], { piece: "c" }), move(14, [[4, 4]], { piece: "c" }), move(15, []),
  move(16, [[2, 2], [2, 3]], { piece: "d" })];
shown = MovePicker.show(sas, start, picks);
assert.deepStrictEqual(keys(shown.targets), ["2,2", "4,4"]);
assert.deepStrictEqual(shown.named.map((m) => m.id), [15]);
// A picked piece whose moves all start on its creation square: their names at once.
shown = MovePicker.show(sas, { piece: "a", path: [] }, picks);
assert.deepStrictEqual(keys(shown.chosen), ["7,7"]);
assert.deepStrictEqual(shown.named.map((m) => m.id), [10, 11]);
next = MovePicker.click(sas, start, picks, [4, 4]);
shown = MovePicker.show(sas, next.selection, picks);
assert.deepStrictEqual(keys(shown.targets), ["3,4"]);
assert.deepStrictEqual(shown.named.map((m) => m.id), [15, 14]);  // a pass is always offered

// The one piece that can move is chosen already.
shown = MovePicker.show(sas.filter((m) => m.id !== 16), start, picks);
assert.deepStrictEqual(keys(shown.targets), ["3,4"]);
assert.deepStrictEqual(shown.named.map((m) => m.id), [15, 14]);

// RAIInet: a link's moves, and its download off the far edge by name.
const link = [move(20, [[6, 1], [5, 1]]), move(21, [[6, 1]]), move(22, [[0, 0], [1, 0]])];
next = MovePicker.click(link, start, none, [6, 1]);
shown = MovePicker.show(link, next.selection, none);
assert.deepStrictEqual(keys(shown.targets), ["5,1"]);
assert.deepStrictEqual(shown.named.map((m) => m.id), [21]);
// Nothing goes on from an empty square.
assert.strictEqual(MovePicker.click(link, start, none, [3, 3]), null);
console.log("moves.js: every way of choosing a move works");

// A turn is whole, and sent, when the game is over, another seat is to
// move, or the others were skipped (extended Amazons: the same seat moves
// again, a turn of its own; the page once held those steps unsent, and at
// the ninth the server refused them all).
const seen = (extra) => ({ over: false, player: 0, to_move: 0, events: [], ...extra });
assert.strictEqual(MovePicker.turnWhole(seen({})), false);  // a move before its shot
assert.strictEqual(MovePicker.turnWhole(seen({ over: true })), true);
assert.strictEqual(MovePicker.turnWhole(seen({ to_move: 1 })), true);
assert.strictEqual(MovePicker.turnWhole(seen({ events: [{ kind: "shot", player: 0 }, { kind: "skipped", player: 1 }] })), true);
assert.strictEqual(MovePicker.turnWhole(seen({ events: [{ kind: "moved", player: 0 }] })), false);
