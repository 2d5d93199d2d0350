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
  // be clicked, and what a click does, the moves say (ui).
  function cell(parent, ui, x, y, size, square, key, fill, name) {
    const { chosen, target } = ui.mark(square);
    const node = shape(parent, "rect", { x, y, width: size, height: size, fill, stroke: "#0003",
      class: "cell" + (target ? " target" : "") + (chosen ? " selected" : ""), "data-cell": key, role: "button",
      tabindex: "-1", "aria-label": key + (name ? ": " + name : "") + (target ? " (you can play here)" : "") });
    node.addEventListener("click", () => ui.click(square));
    if (ui.wasLast(square)) shape(parent, "rect", { x: x + 2, y: y + 2, width: size - 4, height: size - 4, class: "last" });
    if (target) shape(parent, "rect", { x, y, width: size, height: size, class: "hint" });
    return node;
  }

  // The keyboard on a board: one square takes the focus (Tab), the arrow keys
  // move it to the nearest square that way, Enter or Space clicks it.
  function keyboard(board, focusKey) {
    const cells = [...board.querySelectorAll(".cell")];
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

  // Row and column names around a board drawn from (left, top), its rows in
  // the order `rowAt` gives them on the screen.
  function coordinates(board, rows, cols, size, left, top, rowName, colName, rowAt = (r) => r) {
    for (let c = 0; c < cols; ++c) label(board, left + c * size + size / 2, top - 9, colName(c), 11, "#5b6475");
    for (let r = 0; r < rows; ++r) label(board, left - 10, top + rowAt(r) * size + size / 2, rowName(r), 11, "#5b6475");
  }
  const count = (k) => String(k + 1);

  // ---------------------------------------------------------------- Amazons
  // Squares: {treasure, artifact, amazon (a player), blocked}. The classic
  // game in its players' notation: columns a-j, rank 1 (the board's row 1,
  // the first player's side) at the bottom.
  const artifactMarks = { horse: "♞", broken_arrow: "⤫", spear: "↑" };
  function amazons(view, ui) {
    const v = view.view;
    const { rows, cols, squares } = v.board;
    const classic = v.rules === "standard";
    const size = Math.max(14, Math.min(56, Math.floor(640 / Math.max(rows, cols))));
    const left = 22, top = 18;
    const board = svg(left + cols * size, top + rows * size);
    const rowAt = classic ? (r) => rows - 1 - r : (r) => r;
    coordinates(board, rows, cols, size, left, top, count, classic ? (c) => String.fromCharCode(97 + c) : count, rowAt);
    for (let r = 0; r < rows; ++r) {
      for (let c = 0; c < cols; ++c) {
        const square = squares[r][c];
        const x = left + c * size, y = top + rowAt(r) * size;
        const key = classic ? String.fromCharCode(97 + c) + (r + 1) : `${r + 1},${c + 1}`;
        const things = [square.amazon !== undefined ? "amazon of player " + (square.amazon + 1) : square.blocked ? "burnt" : "",
          square.treasure ? "treasure " + square.treasure : "", square.artifact ? square.artifact.replace("_", " ") : ""];
        cell(board, ui, x, y, size, [r, c], key, (r + c) % 2 ? "#e8dcc0" : "#f6efdd", things.filter(Boolean).join(", ") || "empty");
        if (square.treasure) label(board, x + size * 0.78, y + size * 0.22, String(square.treasure), size * 0.28, C.treasure, "bold");
        if (square.artifact) label(board, x + size * 0.22, y + size * 0.22, artifactMarks[square.artifact], size * 0.3, C.artifact);
        if (square.amazon !== undefined) {
          shape(board, "circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.33, fill: C.of("amazons", square.amazon),
            "pointer-events": "none" });
          label(board, x + size / 2, y + size / 2, String(square.amazon + 1), size * 0.36, "white", "bold");
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
  // (null while this player does not know it), frozen}}.
  function raiinet(view, ui) {
    const v = view.view;
    const size = 64, left = 22, top = 18;
    const board = svg(left + 8 * size, top + 8 * size + 6);
    coordinates(board, 8, 8, size, left, top, String, String);
    for (let r = 0; r < 8; ++r) {
      for (let c = 0; c < 8; ++c) {
        const square = v.board.squares[r][c];
        const x = left + c * size, y = top + r * size;
        const l = square.link;
        const name = l ? "link " + l.link + " of player " + (l.owner + 1) + (l.value ? ", " + l.value : ", unknown") +
          (l.revealed ? ", known to both players" : "") + (l.boosted ? ", boosted" : "") +
          (l.frozen ? ", frozen" : "") : square.server !== undefined ? "server port of player " + (square.server + 1)
          : square.firewall !== undefined ? "firewall of player " + (square.firewall + 1) : "empty";
        const node = cell(board, ui, x, y, size, [r, c], `${r} ${c}`, (r + c) % 2 ? "#dde3ea" : "#eef2f6", name);
        if (l) node.dataset.piece = l.link;
        if (square.server !== undefined && !l) label(board, x + size / 2, y + size / 2, "S", 26, "#6d4c41", "bold");
        if (square.firewall !== undefined) {
          shape(board, "rect", { x: x + 6, y: y + 6, width: size - 12, height: size - 12, fill: "none",
            stroke: C.of("raiinet", square.firewall), "stroke-width": 4, "stroke-dasharray": "6 4", "pointer-events": "none" });
          if (!l) label(board, x + size / 2, y + size / 2, "firewall", 11, "#444");
        }
        if (l) {
          shape(board, "circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.4, fill: C.of("raiinet", l.owner),
            stroke: l.frozen ? "#80deea" : "none", "stroke-width": 5, "pointer-events": "none" });
          label(board, x + size / 2, y + size / 2 - 8, l.link, 20, "white", "bold");
          label(board, x + size / 2, y + size / 2 + 12, l.value || "?", 14, "white");
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
    // links leave below the last row, player 2's above the first.
    for (const [owner, y] of [[1, top - 4], [0, top + 8 * size]]) {
      shape(board, "rect", { x: left, y, width: 8 * size, height: 4, fill: C.of("raiinet", owner),
        class: "mark-exit", "pointer-events": "none" });
    }
    return board;
  }

  // ------------------------------------------------------- Sword and Shield
  // Squares: {off (a cut corner), creation, face (their owners), piece:
  // {letter, owner, sides: [north, east, south, west] as it faces now}}.
  // Each side's unused pieces above and below the board are picked before
  // their creation.
  function swordAndShield(view, ui) {
    const v = view.view;
    const size = 54, left = 26, top = 160 + 18;
    const board = svg(left + 10 * size + 10, top + 10 * size + 160);
    coordinates(board, 10, 10, size, left, top, count, count);
    const sidesName = (sides) => ["north", "east", "south", "west"].map((d, k) => d + " " + sides[k]).join(", ");
    function piece(x, y, s, letter, owner, sides) {
      shape(board, "rect", { x: x + s * 0.18, y: y + s * 0.18, width: s * 0.64, height: s * 0.64, rx: 6,
        fill: C.of("sword-and-shield", owner), "pointer-events": "none" });
      label(board, x + s / 2, y + s / 2, letter, s * 0.34, owner ? "white" : "#1d2433", "bold");
      const m = s / 2, a = s * 0.18;
      const sword = (x1, y1, x2, y2) => shape(board, "line", { x1, y1, x2, y2, stroke: C.sword, "stroke-width": 4, "pointer-events": "none" });
      const shield = (x1, y1, w, h) => shape(board, "rect", { x: x1, y: y1, width: w, height: h, fill: C.shield, "pointer-events": "none" });
      const [n, e, so, w] = sides;
      if (n === "sword") sword(x + m, y, x + m, y + a); else if (n === "shield") shield(x + a, y + a - 5, s - 2 * a, 5);
      if (so === "sword") sword(x + m, y + s - a, x + m, y + s); else if (so === "shield") shield(x + a, y + s - a, s - 2 * a, 5);
      if (w === "sword") sword(x, y + m, x + a, y + m); else if (w === "shield") shield(x + a - 5, y + a, 5, s - 2 * a);
      if (e === "sword") sword(x + s - a, y + m, x + s, y + m); else if (e === "shield") shield(x + s - a, y + a, 5, s - 2 * a);
    }
    function unused(player, y0) {
      const p = v.players[player];
      label(board, 60, y0 + 10, p.name + " unused", 13, "#1d2433", "bold");
      const s = 38;
      p.unused.forEach((u, k) => {
        const x = 10 + (k % 12) * (s + 6), y = y0 + 22 + Math.floor(k / 12) * (s + 8);
        const picked = ui.picked === u.letter;
        const node = shape(board, "rect", { x, y, width: s, height: s, fill: picked ? "#bbdefb" : "#fafafa", stroke: "#0003",
          class: "cell" + (picked ? " selected" : "") + (ui.canPick(u.letter) ? " target" : ""), "data-cell": "unused " + u.letter,
          role: "button", tabindex: "-1", "aria-label": "unused " + u.letter + ": " + sidesName(u.sides) });
        node.addEventListener("click", () => ui.pick(u.letter));
        piece(x, y, s, u.letter, player, u.sides);
      });
      const cemetery = p.name + " cemetery: " + (p.cemetery.length ? p.cemetery.join(" ") : "none");
      label(board, 10 * size / 2 + 10, y0 + 22 + 2 * 46 + 12, cemetery, 12, "#5b6475");
    }
    unused(1, 0);
    for (let r = 0; r < 10; ++r) {
      for (let c = 0; c < 10; ++c) {
        const square = v.board.squares[r][c];
        const x = left + c * size, y = top + r * size;
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
          shape(board, "circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.38, fill: C.of("sword-and-shield", square.face), "pointer-events": "none" });
          label(board, x + size / 2, y + size / 2, "☺", 26, "white");
        } else if (square.creation !== undefined) label(board, x + size / 2, y + size / 2, "+", 22, C.treasure);
      }
    }
    unused(0, top + 10 * size + 4);
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
    coordinates(board, rows, cols, size, left, top, rowName, count);
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
    coordinates(board, rows, cols, size, left, top, count, count);
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

  // The drawers, by game; a game of no drawer gets the plain grid.
  // A square a finger taps is 32 CSS px at least: a board whose squares
  // would be smaller in the page's width keeps a width at which they are
  // not, and its box scrolls sideways (a phone and Space Defender 2's 30
  // columns).
  const FINGER = 32;
  function fitForFingers(board) {
    const widths = [...board.querySelectorAll("[role=button]")].map((c) => Number(c.getAttribute("width")));
    const smallest = Math.min(...widths.filter((w) => w > 0));
    if (!Number.isFinite(smallest)) return;
    const width = Number(board.getAttribute("viewBox").split(" ")[2]);
    board.style.setProperty("min-width", Math.ceil(width * FINGER / smallest) + "px");
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

  return {
    readable,
    draw(view, ui) {
      const draw = drawers[view.game] || anyGame;
      const box = document.createElement("div");
      try {
        const board = draw(view, ui);
        keyboard(board, ui.focus);
        fitForFingers(board);
        box.append(board);
      } catch (e) {
        box.textContent = "This board cannot be drawn; its text is under the actions.";
      }
      return box;
    },
  };
})();
