// The boards of the games as SVG, each drawn from the seat's structured view
// (the contract's view(player): exactly what that player may know; its
// schema per game is in docs/views.md). Drawing only: which squares may be
// clicked, and what a click plays, come from the seat's moves as data
// (moves.js), through `ui`. The squares of the last move are marked.
"use strict";

const GridBoards = (() => {
  const NS = "http://www.w3.org/2000/svg";
  const C = GameColours;

  function svg(width, height) {
    const node = document.createElementNS(NS, "svg");
    node.setAttribute("viewBox", `0 0 ${width} ${height}`);
    node.setAttribute("width", width);
    node.setAttribute("height", height);
    node.setAttribute("role", "group");
    node.setAttribute("aria-label", "the board: arrow keys move between squares, Enter plays");
    return node;
  }

  function shape(parent, tag, attrs, text) {
    const node = document.createElementNS(NS, tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    parent.append(node);
    return node;
  }

  function label(parent, x, y, text, size, fill = "#1d2433", weight = "normal") {
    return shape(parent, "text", { x, y, "font-size": size, "text-anchor": "middle", "dominant-baseline": "central",
      fill, "font-weight": weight, "font-family": "system-ui, sans-serif", "pointer-events": "none" }, text);
  }

  // A square of the board, [row, col] from 0; `key` names it in data-cell
  // (as the game writes squares), `name` says what is on it. Whether it may
  // be clicked, and what a click does, the moves say (ui); its part in the
  // last turn (from, to, arrow...) is marked, and said in its name.
  function cell(parent, ui, x, y, size, square, key, fill, name) {
    const { chosen, target } = ui.mark(square);
    const part = ui.lastPart(square);
    const node = shape(parent, "rect", { x, y, width: size, height: size, fill, stroke: "#0003",
      class: "cell" + (target ? " target" : "") + (chosen ? " selected" : ""), "data-cell": key, role: "button",
      tabindex: "-1", "aria-label": key + (name ? ": " + name : "") + (part ? ", last move: " + PARTS[part] + " " + key : "") +
        (target ? " (you can play here)" : "") });
    node.dataset.square = square.join(",");
    if (part) node.dataset.last = part;
    node.addEventListener("click", () => ui.click(square));
    if (part) shape(parent, "rect", { x: x + 2, y: y + 2, width: size - 4, height: size - 4, class: "last last-" + part });
    if (target) shape(parent, "rect", { x, y, width: size, height: size, class: "hint" });
    return node;
  }
  // A square's part in the last turn, in words.
  const PARTS = { from: "from", to: "to", at: "at", arrow: "arrow at", target: "target" };

  // The squares of a turn (its moves as data, in order), each with its
  // part: "from" where a piece left, "to" where it went, "at" where one
  // was placed or turned, "arrow" where a shot fell (Amazons' arrow or
  // spear), "target" where a card acted. A Map from "row,col".
  function turnParts(moves) {
    const parts = new Map();
    const key = (square) => square[0] + "," + square[1];
    for (const move of moves) {
      const squares = (move && move.squares) || [];
      if (!squares.length) continue;
      const piece = String(move.piece || "");
      if (piece === "arrow" || piece === "spear") {
        parts.set(key(squares[squares.length - 1]), "arrow");
      } else if (piece.startsWith("card")) {
        for (const square of squares) parts.set(key(square), "target");
      } else if (squares.length === 1) {
        parts.set(key(squares[0]), "at");
      } else {
        if (!parts.has(key(squares[0]))) parts.set(key(squares[0]), "from");
        parts.set(key(squares[squares.length - 1]), "to");
      }
    }
    return parts;
  }

  // The last turn of a list of entries {player, move} (a log's, a replay's
  // up to its step): the last entries of the same player; in a game of one,
  // the last entry.
  function lastTurn(entries, players) {
    if (!entries.length) return [];
    let first = entries.length - 1;
    const who = entries[first].player;
    while (players > 1 && first > 0 && entries[first - 1].player === who) --first;
    return entries.slice(first).map((e) => e.move).filter(Boolean);
  }

  // Where each square is drawn, in squares from the top left: `up`, row 0
  // at the bottom (classic Amazons' rank 1); `flip`, the board turned half
  // round, so that the other side is at the bottom.
  function orientation(rows, cols, up, flip) {
    const rowZeroDown = up !== !!flip;
    return { row: (r) => (rowZeroDown ? rows - 1 - r : r), col: (c) => (flip ? cols - 1 - c : c) };
  }

  // The keyboard on a board: one square takes the focus (Tab), the arrow keys
  // move it to the nearest square that way, Enter or Space clicks it.
  function keyboard(board, focusKey) {
    const cells = [...board.querySelectorAll(".cell[role=button]")];
    if (!cells.length) return;
    const centre = (n) => [+n.getAttribute("x") + n.getAttribute("width") / 2, +n.getAttribute("y") + n.getAttribute("height") / 2];
    const first = cells.find((n) => n.dataset.cell === focusKey) || board.querySelector(".cell.selected") ||
      board.querySelector(".cell.target") || cells[0];
    first.setAttribute("tabindex", "0");
    const ways = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    board.addEventListener("keydown", (event) => {
      const from = event.target;
      if (!from.classList || !from.classList.contains("cell")) return;
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        from.dispatchEvent(new MouseEvent("click", { bubbles: true }));
        return;
      }
      const way = ways[event.key];
      if (!way) return;
      event.preventDefault();
      const [fx, fy] = centre(from);
      let best = null, bestScore = Infinity;
      for (const n of cells) {
        const [x, y] = centre(n);
        const along = (x - fx) * way[0] + (y - fy) * way[1];
        if (along <= 0) continue;
        const score = along + 3 * Math.abs((x - fx) * way[1] + (y - fy) * way[0]);
        if (score < bestScore) { best = n; bestScore = score; }
      }
      if (!best) return;
      from.setAttribute("tabindex", "-1");
      best.setAttribute("tabindex", "0");
      best.focus();
    });
  }

  // Row and column names around a board drawn from (left, top), each where
  // `at` (an orientation) draws its row or column.
  function coordinates(board, rows, cols, size, left, top, rowName, colName, at) {
    const name = (x, y, text) => label(board, x, y, text, 11, "#5b6475").classList.add("coordinate");
    for (let c = 0; c < cols; ++c) name(left + at.col(c) * size + size / 2, top - 9, colName(c));
    for (let r = 0; r < rows; ++r) name(left - 10, top + at.row(r) * size + size / 2, rowName(r));
  }
  const count = (k) => String(k + 1);

  // ---------------------------------------------------------------- Amazons
  // Squares: {treasure, artifact, amazon (a player), blocked}. The classic
  // game in its players' notation: columns a-j, rank 1 (the board's row 1,
  // player 1's side) at the bottom; player 2 sees it turned, its side at
  // the bottom. The extended game has no sides: drawn as its course does.
  const artifactMarks = { horse: "♞", broken_arrow: "⤫", spear: "↑" };
  function amazons(view, ui) {
    const v = view.view;
    const { rows, cols, squares } = v.board;
    const classic = v.rules === "standard";
    const size = Math.max(14, Math.min(56, Math.floor(640 / Math.max(rows, cols))));
    const left = 22, top = 18;
    const board = svg(left + cols * size, top + rows * size);
    const at = orientation(rows, cols, classic, classic && ui.flip);
    coordinates(board, rows, cols, size, left, top, count, classic ? (c) => String.fromCharCode(97 + c) : count, at);
    for (let r = 0; r < rows; ++r) {
      for (let c = 0; c < cols; ++c) {
        const square = squares[r][c];
        const x = left + at.col(c) * size, y = top + at.row(r) * size;
        const key = classic ? String.fromCharCode(97 + c) + (r + 1) : `${r + 1},${c + 1}`;
        const owner = square.amazon !== undefined ? (view.names || [])[square.amazon] || "player " + (square.amazon + 1) : "";
        const things = [owner ? "amazon of " + owner : square.blocked ? "burnt" : "",
          square.treasure ? "treasure " + square.treasure : "", square.artifact ? square.artifact.replace("_", " ") : ""];
        cell(board, ui, x, y, size, [r, c], key, (r + c) % 2 ? "#e8dcc0" : "#f6efdd", things.filter(Boolean).join(", ") || "empty");
        if (square.treasure) label(board, x + size * 0.78, y + size * 0.22, String(square.treasure), size * 0.28, C.treasure, "bold");
        if (square.artifact) label(board, x + size * 0.22, y + size * 0.22, artifactMarks[square.artifact], size * 0.3, C.artifact);
        if (square.amazon !== undefined) {
          shape(board, "circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.33, fill: C.of(square.amazon),
            stroke: "#1d2433", "stroke-width": 1, "pointer-events": "none" });
          label(board, x + size / 2, y + size / 2, String(square.amazon + 1), size * 0.36, C.ink(square.amazon), "bold");
        } else if (square.blocked) {
          shape(board, "rect", { x: x + size * 0.2, y: y + size * 0.2, width: size * 0.6, height: size * 0.6,
            fill: C.burnt, "pointer-events": "none" });
        }
      }
    }
    return board;
  }

  // ---------------------------------------------------------------- RAIInet
  // Squares: {server, firewall (their owners), link: {link, owner, value
  // (null while this player does not know it), frozen}}. Player 1 starts at
  // the top (row 0), as the course draws it: its page shows it turned.
  function raiinet(view, ui) {
    const v = view.view;
    const size = 64, left = 22, top = 18;
    const board = svg(left + 8 * size, top + 8 * size + 6);
    const at = orientation(8, 8, false, ui.flip);
    coordinates(board, 8, 8, size, left, top, String, String, at);
    const who = (p) => (view.names || [])[p] || "player " + (p + 1);
    for (let r = 0; r < 8; ++r) {
      for (let c = 0; c < 8; ++c) {
        const square = v.board.squares[r][c];
        const x = left + at.col(c) * size, y = top + at.row(r) * size;
        const l = square.link;
        const name = l ? "link " + l.link + " of " + who(l.owner) + (l.value ? ", " + l.value : ", unknown") +
          (l.revealed ? ", known to both players" : "") + (l.boosted ? ", boosted" : "") +
          (l.frozen ? ", frozen" : "") : square.server !== undefined ? "server port of " + who(square.server)
          : square.firewall !== undefined ? "firewall of " + who(square.firewall) : "empty";
        const node = cell(board, ui, x, y, size, [r, c], `${r} ${c}`, (r + c) % 2 ? "#dde3ea" : "#eef2f6", name);
        if (l) node.dataset.piece = l.link;
        if (square.server !== undefined && !l) label(board, x + size / 2, y + size / 2, "S", 26, "#6d4c41", "bold");
        if (square.firewall !== undefined) {
          shape(board, "rect", { x: x + 6, y: y + 6, width: size - 12, height: size - 12, fill: "none",
            stroke: C.of(square.firewall), "stroke-width": 4, "stroke-dasharray": "6 4", "pointer-events": "none" });
          if (!l) label(board, x + size / 2, y + size / 2, "firewall", 11, "#444");
        }
        if (l) {
          shape(board, "circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.4, fill: C.of(l.owner),
            stroke: l.frozen ? "#80deea" : "#1d2433", "stroke-width": l.frozen ? 5 : 1, "pointer-events": "none" });
          label(board, x + size / 2, y + size / 2 - 8, l.link, 20, C.ink(l.owner), "bold");
          label(board, x + size / 2, y + size / 2 + 12, l.value || "?", 14, C.ink(l.owner));
          // Known to both (revealed): an eye at the top right; boosted: a
          // double chevron at the bottom left.
          if (l.revealed) {
            shape(board, "circle", { cx: x + size - 10, cy: y + 10, r: 8, fill: "white", stroke: "#1d2433",
              "stroke-width": 1.5, class: "mark-revealed", "pointer-events": "none" });
            shape(board, "circle", { cx: x + size - 10, cy: y + 10, r: 3, fill: "#1d2433", "pointer-events": "none" });
          }
          if (l.boosted) {
            shape(board, "rect", { x: x + 2, y: y + size - 18, width: 18, height: 16, rx: 3, fill: "#ffd54f",
              class: "mark-boosted", "pointer-events": "none" });
            label(board, x + 11, y + size - 10, "»", 15, "#1d2433", "bold");
          }
        }
      }
    }
    // The edges a player's links leave by to download them: player 1's
    // links leave beyond the last row, player 2's beyond the first.
    for (const [owner, row] of [[1, 0], [0, 7]]) {
      const y = at.row(row) === 0 ? top - 4 : top + 8 * size;
      shape(board, "rect", { x: left, y, width: 8 * size, height: 4, fill: C.of(owner),
        class: "mark-exit", "pointer-events": "none" });
    }
    return board;
  }

  // ------------------------------------------------------- Sword and Shield
  // Squares: {off (a cut corner), creation, face (their owners), piece:
  // {letter, owner, sides: [north, east, south, west] as it faces now}}.
  // Yellow (player 1) at the bottom; Green's page shows it turned, each
  // piece turned with it. The unused pieces of the side at the bottom are
  // below the board, at the size of its squares (they are picked before
  // their creation); the other side's, smaller, above it.
  function swordAndShield(view, ui) {
    const v = view.view;
    const size = 54, left = 26, small = 30, perRow = 10, smallPerRow = 15;
    const bottomSide = ui.flip ? 1 : 0, topSide = 1 - bottomSide;
    const rowsOf = (n, across) => Math.max(1, Math.ceil(n / across));
    const topHeight = 22 + rowsOf(v.players[topSide].unused.length, smallPerRow) * (small + 6) + 20;
    const top = topHeight + 18;
    const bottomHeight = 22 + rowsOf(v.players[bottomSide].unused.length, perRow) * size + 24;
    const board = svg(left + 10 * size + 4, top + 10 * size + 8 + bottomHeight);
    const at = orientation(10, 10, false, ui.flip);
    coordinates(board, 10, 10, size, left, top, count, count, at);
    const sidesName = (sides) => ["north", "east", "south", "west"].map((d, k) => d + " " + sides[k]).join(", ");
    function piece(x, y, s, letter, owner, sides) {
      shape(board, "rect", { x: x + s * 0.18, y: y + s * 0.18, width: s * 0.64, height: s * 0.64, rx: 6,
        fill: C.of(owner), "pointer-events": "none" });
      label(board, x + s / 2, y + s / 2, letter, s * 0.34, C.ink(owner), "bold");
      const m = s / 2, a = s * 0.18;
      const sword = (x1, y1, x2, y2) => shape(board, "line", { x1, y1, x2, y2, stroke: C.sword, "stroke-width": 4, "pointer-events": "none" });
      const shield = (x1, y1, w, h) => shape(board, "rect", { x: x1, y: y1, width: w, height: h, fill: C.shield, "pointer-events": "none" });
      // On the screen: turned half round with the board.
      const [n, e, so, w] = ui.flip ? [sides[2], sides[3], sides[0], sides[1]] : sides;
      if (n === "sword") sword(x + m, y, x + m, y + a); else if (n === "shield") shield(x + a, y + a - 5, s - 2 * a, 5);
      if (so === "sword") sword(x + m, y + s - a, x + m, y + s); else if (so === "shield") shield(x + a, y + s - a, s - 2 * a, 5);
      if (w === "sword") sword(x, y + m, x + a, y + m); else if (w === "shield") shield(x + a - 5, y + a, 5, s - 2 * a);
      if (e === "sword") sword(x + s - a, y + m, x + s, y + m); else if (e === "shield") shield(x + s - a, y + a, 5, s - 2 * a);
    }
    // A side's unused pieces, `across` a row, each of `s` in a slot of `step`.
    function unused(player, y0, s, step, across, interactive) {
      const p = v.players[player];
      label(board, left + 5 * size, y0 + 10, p.name + ": unused pieces", 13, "#1d2433", "bold");
      p.unused.forEach((u, k) => {
        const x = 10 + (k % across) * step + (interactive ? left - 10 : 0), y = y0 + 22 + Math.floor(k / across) * step;
        const picked = ui.picked === u.letter;
        const attrs = { x, y, width: s, height: s, fill: picked ? "#bbdefb" : "#fafafa", stroke: "#0003",
          "data-cell": "unused " + u.letter };
        if (interactive) {
          Object.assign(attrs, { class: "cell" + (picked ? " selected" : "") + (ui.canPick(u.letter) ? " target" : ""),
            role: "button", tabindex: "-1", "aria-label": "unused " + u.letter + ": " + sidesName(u.sides) });
        } else {
          Object.assign(attrs, { "aria-label": p.name + "'s unused " + u.letter + ": " + sidesName(u.sides), role: "img" });
        }
        const node = shape(board, "rect", attrs);
        if (interactive) node.addEventListener("click", () => ui.pick(u.letter));
        piece(x, y, s, u.letter, player, u.sides);
      });
      const rows = rowsOf(p.unused.length, across);
      const cemetery = p.name + "'s cemetery: " + (p.cemetery.length ? p.cemetery.join(" ") : "none");
      label(board, left + 5 * size, y0 + 22 + rows * step + 8, cemetery, 12, "#5b6475");
    }
    // A seat picks only its own pieces: the other side's are shown, not
    // tapped (and a spectator's bottom side's are drawn as a seat's would be).
    const mine = (side) => view.player < 0 || view.player === side;
    unused(topSide, 0, small, small + 6, smallPerRow, false);
    for (let r = 0; r < 10; ++r) {
      for (let c = 0; c < 10; ++c) {
        const square = v.board.squares[r][c];
        const x = left + at.col(c) * size, y = top + at.row(r) * size;
        const key = `${r + 1},${c + 1}`;
        if (square.off) { shape(board, "rect", { x, y, width: size, height: size, fill: C.corner, "data-cell": key }); continue; }
        const p = square.piece;
        const name = p ? "piece " + p.letter + " of " + v.players[p.owner].name + ", " + sidesName(p.sides)
          : square.face !== undefined ? "face of " + v.players[square.face].name
          : square.creation !== undefined ? "creation square of " + v.players[square.creation].name : "empty";
        const node = cell(board, ui, x, y, size, [r, c], key,
          square.creation !== undefined ? "#fff3c4" : (r + c) % 2 ? "#ece7da" : "#f7f3ea", name);
        if (p) { node.dataset.piece = p.letter; piece(x, y, size, p.letter, p.owner, p.sides); }
        else if (square.face !== undefined) {
          shape(board, "circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.38, fill: C.of(square.face),
            stroke: "#1d2433", "stroke-width": 1, "pointer-events": "none" });
          label(board, x + size / 2, y + size / 2, "☺", 26, C.ink(square.face));
        } else if (square.creation !== undefined) label(board, x + size / 2, y + size / 2, "+", 22, C.treasure);
      }
    }
    unused(bottomSide, top + 10 * size + 8, size - 2, size, perRow, mine(bottomSide));
    return board;
  }

  // ------------------------------------------------------ Space Defender 2
  // Squares: {fog}, {starfighter}, {enemy, letter}, {projectile: friendly or
  // enemy}, {} empty. Rows are letters A-J.
  function spaceDefender(view, ui) {
    const v = view.view;
    const { rows, cols, squares } = v.board;
    const size = Math.max(22, Math.min(40, Math.floor(900 / cols)));
    const left = 24, top = 20;
    const board = svg(left + cols * size, top + rows * size);
    const rowName = (r) => String.fromCharCode(65 + r);
    coordinates(board, rows, cols, size, left, top, rowName, count, orientation(rows, cols, false, false));
    for (let r = 0; r < rows; ++r) {
      for (let c = 0; c < cols; ++c) {
        const square = squares[r][c];
        const x = left + c * size, y = top + r * size;
        const name = square.fog ? "out of sight" : square.starfighter ? "your Starfighter" : square.enemy ? "enemy " + (square.letter || "")
          : square.projectile ? square.projectile + " projectile" : "empty";
        cell(board, ui, x, y, size, [r, c], `${rowName(r)},${c + 1}`, square.fog ? C.fog : C.space, name);
        const symbol = square.starfighter ? (square.destroyed ? "X" : "S") : square.letter ||
          (square.projectile === "friendly" ? "*" : square.projectile === "enemy" ? "<" : square.fog ? "?" : "");
        if (!symbol) continue;
        const colour = symbol === "S" ? C.starfighter : C.enemies[symbol];
        if (colour) shape(board, "circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.38, fill: colour, "pointer-events": "none" });
        label(board, x + size / 2, y + size / 2, symbol, size * 0.5, colour ? "white" : square.fog ? "#546e7a" : "#ffd54a", "bold");
      }
    }
    return board;
  }

  // ------------------------------------------------------------ SimOdyssey
  // Squares: sectors of four quadrants, each null or an entity {id, kind,
  // letter}.
  function simodyssey(view, ui) {
    const v = view.view;
    const { rows, cols, squares } = v.board;
    const size = 96;
    const board = svg(cols * size, rows * size);
    for (let r = 0; r < rows; ++r) {
      for (let c = 0; c < cols; ++c) {
        const x = c * size, y = r * size;
        const here = squares[r][c].quadrants.filter(Boolean).map((e) => e.letter).join(" ");
        cell(board, ui, x, y, size, [r, c], `${r + 1}:${c + 1}`, "#0b132b", here ? "holds " + here : "empty");
        label(board, x + 14, y + 10, `${r + 1}:${c + 1}`, 10, "#8fa3bf");
        squares[r][c].quadrants.forEach((entity, q) => {
          if (!entity) return;
          const qx = x + (q % 2 ? 0.72 : 0.28) * size, qy = y + (q < 2 ? 0.36 : 0.74) * size;
          const ch = entity.letter;
          shape(board, "circle", { cx: qx, cy: qy, r: 15, fill: C.entities[ch] || "#90a4ae", stroke: ch === "O" ? "#fff" : "none", "pointer-events": "none" });
          label(board, qx, qy, ch, 15, ch === "*" || ch === "Y" ? "#1d2433" : "white", "bold");
        });
      }
    }
    return board;
  }

  // ------------------------------------------------------- any other game
  // A game without a drawer of its own: its squares as a grid, each with its
  // "letter" when it has one; its moves are played on it all the same.
  function anyGame(view, ui) {
    const v = view.view;
    const { rows, cols, squares } = v.board;
    const size = Math.max(14, Math.min(48, Math.floor(640 / Math.max(rows, cols))));
    const left = 22, top = 18;
    const board = svg(left + cols * size, top + rows * size);
    coordinates(board, rows, cols, size, left, top, count, count, orientation(rows, cols, false, false));
    for (let r = 0; r < rows; ++r) {
      for (let c = 0; c < cols; ++c) {
        const x = left + c * size, y = top + r * size;
        const text = squares[r][c].letter;
        cell(board, ui, x, y, size, [r, c], `${r + 1},${c + 1}`, (r + c) % 2 ? "#e3e8ef" : "#f4f6f9", text || "empty");
        if (text) label(board, x + size / 2, y + size / 2, text, size * 0.45, "#1d2433", "bold");
      }
    }
    return board;
  }

  // A square a finger taps is 32 CSS px at least. A board whose squares
  // would be smaller in the width it has (a phone, and Space Defender 2's
  // 30 columns, or a large Amazons board) is shown whole and smaller, a
  // picture: a tap on it (or "Zoom in to play") shows the part around the
  // squares in play at a finger's size, and "Show the whole board" the
  // whole again. Nothing scrolls inside the board.
  const FINGER = 33;
  function fitForFingers(board, ui, box) {
    const cells = [...board.querySelectorAll("[role=button]")];
    const smallest = Math.min(...cells.map((c) => Number(c.getAttribute("width"))).filter((w) => w > 0));
    const [, , width, height] = board.getAttribute("viewBox").split(" ").map(Number);
    if (!Number.isFinite(smallest) || !ui.width || width * FINGER / smallest <= ui.width) return;
    const bar = document.createElement("div");
    bar.className = "zoom";
    const button = (text, onclick) => {
      const b = document.createElement("button");
      b.type = "button";
      b.id = "zoom";
      b.textContent = text;
      b.addEventListener("click", onclick);
      bar.append(b);
    };
    if (!ui.zoomed) {
      // The whole board, too small to tap: a picture; a tap zooms in there.
      for (const c of cells) { c.removeAttribute("role"); c.removeAttribute("tabindex"); c.setAttribute("aria-hidden", "true"); }
      board.setAttribute("role", "img");
      board.setAttribute("aria-label", "the whole board, smaller: zoom in to play");
      board.classList.add("overview");
      board.addEventListener("click", (event) => {
        event.stopPropagation();
        const square = event.target.dataset && event.target.dataset.square;
        ui.zoom(square ? square.split(",").map(Number) : null);
      }, true);
      button("Zoom in to play", () => ui.zoom(null));
      box.append(bar);
      return;
    }
    // The part around the squares in play: chosen ones, else those that
    // go on, else where the player tapped; cells outside it are left out.
    const shown = (selector) => [...board.querySelectorAll(selector)];
    const around = shown(".cell.selected").length ? shown(".cell.selected") : shown(".cell.target").length
      ? shown(".cell.target") : ui.zoomAt ? shown('[data-square="' + ui.zoomAt.join(",") + '"]') : cells;
    const centre = (n, axis) => Number(n.getAttribute(axis)) + Number(n.getAttribute(axis === "x" ? "width" : "height")) / 2;
    const mean = (axis) => around.reduce((sum, n) => sum + centre(n, axis), 0) / around.length;
    const w = Math.min(width, ui.width * smallest / FINGER), h = Math.min(height, Math.max(w, 1.3 * w));
    const x0 = Math.max(0, Math.min(width - w, mean("x") - w / 2)), y0 = Math.max(0, Math.min(height - h, mean("y") - h / 2));
    board.setAttribute("viewBox", `${x0} ${y0} ${w} ${h}`);
    board.setAttribute("width", ui.width);  // the smallest square a finger's size
    board.setAttribute("height", (h * ui.width) / w);
    for (const c of cells) {
      const inside = centre(c, "x") > x0 && centre(c, "x") < x0 + w && centre(c, "y") > y0 && centre(c, "y") < y0 + h;
      if (!inside) { c.removeAttribute("role"); c.removeAttribute("tabindex"); c.classList.add("outside"); }
    }
    board.classList.add("zoomed");
    button("Show the whole board", () => ui.zoom(false));
    box.append(bar);
  }

  const drawers = { amazons, raiinet, "sword-and-shield": swordAndShield, "space-defender-2": spaceDefender, simodyssey,
    simodyssey2: simodyssey };

  // Text of 11 CSS px at least, once the board is in the page (its scale is
  // known only then): a label drawn smaller is made larger.
  const SMALLEST_TEXT = 11;
  function readable(container) {
    const board = container.querySelector("svg");
    const scale = board && board.getScreenCTM() ? board.getScreenCTM().a : 0;
    if (!scale) return;
    for (const text of board.querySelectorAll("text")) {
      if (!text.dataset.size) text.dataset.size = text.getAttribute("font-size");  // as drawn
      const size = Number(text.dataset.size);
      text.setAttribute("font-size", size * scale < SMALLEST_TEXT ? (SMALLEST_TEXT / scale + 0.01).toFixed(2) : size);
    }
  }

  // The seat drawn at the bottom of a board as it comes (the board turned
  // half round puts the other there), or null for a board without sides.
  const bottoms = { raiinet: () => 1, "sword-and-shield": () => 0,
    amazons: (view) => (view.view.rules === "standard" ? 0 : null) };
  return {
    readable,
    turnParts,
    lastTurn,
    bottom: (view) => (bottoms[view.game] ? bottoms[view.game](view) : null),
    draw(view, ui) {
      const draw = drawers[view.game] || anyGame;
      const box = document.createElement("div");
      try {
        const board = draw(view, ui);
        fitForFingers(board, ui, box);
        keyboard(board, ui.focus);
        box.append(board);
      } catch (e) {
        box.textContent = "This board cannot be drawn; its text is under the actions.";
      }
      return box;
    },
  };
})();
