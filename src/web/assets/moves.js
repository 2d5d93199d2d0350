// Playing any game from its moves as data (the view's "moves": id, action,
// squares, piece, label; docs/views.md): no game's syntax here. A move is
// chosen by its squares in order (a piece, then a destination, then a
// target), after a piece picked off the board (an unused piece, a card)
// where its moves need one; moves with no square left to tell them apart
// (a pass, a rotation, a download off the edge) are named controls with
// their labels.
"use strict";

const MovePicker = (() => {
  const same = (a, b) => a[0] === b[0] && a[1] === b[1];
  const key = (square) => square[0] + "," + square[1];

  // The moves that go on from a selection {piece, path}: of the piece picked
  // (or, with none picked, those of no piece to pick), their squares
  // starting with the path.
  function candidates(moves, piece, path, picks) {
    return moves.filter((m) => (piece ? m.piece === piece : !picks.has(m.piece)) &&
      path.every((square, k) => k < m.squares.length && same(m.squares[k], square)));
  }

  // The path with every square added that leaves no choice (an Amazons
  // shot's shooter, the Starfighter's square, a creation's square), but
  // the last square of a move alone: that one the player clicks.
  function implied(moves, piece, path, picks) {
    const out = [...path];
    for (;;) {
      const going = candidates(moves, piece, out, picks).filter((m) => m.squares.length > out.length);
      if (!going.length) break;
      const next = going[0].squares[out.length];
      if (!going.every((m) => same(m.squares[out.length], next))) break;
      if (going.length === 1 && going[0].squares.length === out.length + 1) break;
      out.push(next);
    }
    return out;
  }

  return {
    key,
    // What the board and the controls show for a selection {piece, path}:
    // the squares chosen (by key), those that go on, and the moves offered
    // as named controls.
    show(moves, selection, picks) {
      const path = implied(moves, selection.piece, selection.path, picks);
      const going = candidates(moves, selection.piece, path, picks);
      const targets = new Set(going.filter((m) => m.squares.length > path.length).map((m) => key(m.squares[path.length])));
      const named = going.filter((m) => m.squares.length === path.length && (path.length || selection.piece));
      if (!selection.piece) named.unshift(...moves.filter((m) => !m.squares.length && !picks.has(m.piece) && !named.includes(m)));
      return { chosen: new Set(path.map(key)), targets, named };
    },
    // A click on a square: {play: move}, {selection}, or null when nothing
    // goes on from it.
    click(moves, selection, picks, square) {
      const path = implied(moves, selection.piece, selection.path, picks);
      const at = path.findIndex((p) => same(p, square));
      if (at >= implied(moves, selection.piece, [], picks).length)
        return { selection: { piece: selection.piece, path: path.slice(0, at) } };  // chosen again: back
      const longer = [...path, square];
      const going = candidates(moves, selection.piece, longer, picks);
      if (!going.length)  // another piece: from nothing chosen
        return selection.path.length || selection.piece ? this.click(moves, { piece: null, path: [] }, picks, square) : null;
      if (going.length === 1 && going[0].squares.length === longer.length) return { play: going[0] };
      return { selection: { piece: selection.piece, path: longer } };
    },
    // Whether the steps tried (a preview's view) make a whole turn, to be
    // sent together: the game is over, another seat is to move, or the
    // others were skipped (extended Amazons: a seat that cannot move is
    // passed over, and the same seat's next steps are a turn of their own).
    turnWhole(view) {
      return view.over || view.to_move !== view.player ||
        (view.events || []).some((e) => e.kind === "skipped" && e.player !== view.player);
    },
  };
})();
