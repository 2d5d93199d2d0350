// The boards of the games as SVG, each drawn from the seat's structured view
// (the contract's view(player): exactly what that player may know; its
// schema per game is in docs/views.md) and made clickable through the
// seat's legal actions. The squares of the last action are marked.
"use strict";

const GridBoards = (() => {
  const NS = "http://www.w3.org/2000/svg";

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

  // A clickable square cell; `key` names it in data-cell for tests and
  // clicks, `name` says to a screen reader what is on it.
  function cell(parent, x, y, size, key, fill, onclick, classes = "", name = "") {
    const node = shape(parent, "rect", { x, y, width: size, height: size, fill, stroke: "#0003",
      class: "cell " + classes, "data-cell": key, role: "button", tabindex: "-1",
      "aria-label": key + (name ? ": " + name : "") + (/target/.test(classes) ? " (you can play here)" : "") });
    node.addEventListener("click", onclick);
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

  const has = (view, text) => view.legal.includes(text);
  const same = (a, b) => Array.isArray(a) && a[0] === b[0] && a[1] === b[1];
  // Whether [r, c] (0-based) is one of the last action's squares.
  const wasLast = (v, r, c) => !!v.last && ["from", "to", "arrow"].some((k) => same(v.last[k], [r, c]));
  function markLast(board, x, y, size) {
    shape(board, "rect", { x: x + 2, y: y + 2, width: size - 4, height: size - 4, class: "last" });
  }
  function hint(board, x, y, size) {
    shape(board, "rect", { x, y, width: size, height: size, class: "hint" });
  }
  // Row and column numbers around a board drawn from (left, top).
  function coordinates(board, rows, cols, size, left, top, rowName = (r) => String(r + 1),
    colName = (c) => String(c + 1)) {
    for (let c = 0; c < cols; ++c) label(board, left + c * size + size / 2, top - 9, colName(c), 11, "#5b6475");
    for (let r = 0; r < rows; ++r) label(board, left - 10, top + r * size + size / 2, rowName(r), 11, "#5b6475");
  }

  // ---------------------------------------------------------------- Amazons
  // Squares: {treasure, artifact, amazon (a player), blocked}. Actions name
  // fields "row,col" from 1.
  const amazonColours = ["#d84315", "#1565c0", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#ad1457", "#4e342e"];
  const artifactMarks = { horse: "♞", broken_arrow: "⤫", spear: "↑" };
  function amazons(view, ui) {
    const v = view.view;
    const { rows, cols, squares } = v.board;
    const size = Math.max(14, Math.min(56, Math.floor(640 / Math.max(rows, cols))));
    const left = 22, top = 18;
    const board = svg(left + cols * size, top + rows * size);
    coordinates(board, rows, cols, size, left, top);
    const moveFrom = (key) => view.legal.some((a) => a.startsWith(`move ${key} `));
    for (let r = 0; r < rows; ++r) {
      for (let c = 0; c < cols; ++c) {
        const square = squares[r][c];
        const key = `${r + 1},${c + 1}`;
        const target = ui.selected ? has(view, `move ${ui.selected} ${key}`)
          : has(view, `place ${key}`) || has(view, `shoot ${key}`) || moveFrom(key);
        const x = left + c * size, y = top + r * size;
        const things = [square.amazon !== undefined ? "amazon of player " + (square.amazon + 1) : square.blocked ? "burnt" : "",
          square.treasure ? "treasure " + square.treasure : "", square.artifact ? square.artifact.replace("_", " ") : ""];
        cell(board, x, y, size, key, (r + c) % 2 ? "#e8dcc0" : "#f6efdd", () => click(key),
          (target ? "target" : "") + (ui.selected === key ? " selected" : ""), things.filter(Boolean).join(", ") || "empty");
        if (wasLast(v, r, c)) markLast(board, x, y, size);
        if (target) hint(board, x, y, size);
        if (square.treasure) label(board, x + size * 0.78, y + size * 0.22, String(square.treasure), size * 0.28, "#a67c00", "bold");
        if (square.artifact) label(board, x + size * 0.22, y + size * 0.22, artifactMarks[square.artifact], size * 0.3, "#5d4037");
        if (square.amazon !== undefined) {
          shape(board, "circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.33, fill: amazonColours[square.amazon],
            "pointer-events": "none" });
          label(board, x + size / 2, y + size / 2, String(square.amazon + 1), size * 0.36, "white", "bold");
        } else if (square.blocked) {
          shape(board, "rect", { x: x + size * 0.2, y: y + size * 0.2, width: size * 0.6, height: size * 0.6,
            fill: "#37474f", "pointer-events": "none" });
        }
      }
    }
    function click(key) {
      for (const text of [`place ${key}`, `shoot ${key}`, ui.selected && `move ${ui.selected} ${key}`]) {
        if (text && has(view, text)) return ui.act(text);
      }
      if (moveFrom(key)) ui.select(key);
    }
    return board;
  }

  // ---------------------------------------------------------------- RAIInet
  // Squares: {server, firewall (their owners), link: {link, owner, value
  // (null while this player does not know it), frozen}}. Rows and columns
  // from 0, as the actions name them.
  const steps = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] };
  const playerColours = ["#1565c0", "#c62828"];
  function raiinet(view, ui) {
    const v = view.view;
    const size = 64, left = 22, top = 18;
    const board = svg(left + 8 * size, top + 8 * size);
    coordinates(board, 8, 8, size, left, top, String, String);
    const squares = v.board.squares;
    const mine = (letter) => view.legal.some((a) => a.startsWith(`move ${letter} `));
    const find = (letter) => {
      for (let r = 0; r < 8; ++r) for (let c = 0; c < 8; ++c) if (squares[r][c].link?.link === letter) return [r, c];
      return null;
    };
    const moveTo = (r, c) => {
      const at = find(ui.selected);
      if (!at) return null;
      for (const [name, [dr, dc]] of Object.entries(steps)) {
        const text = `move ${ui.selected} ${name}`;
        const link = squares[at[0]][at[1]].link;
        const reach = link.boosted ? 2 : 1;
        if (r === at[0] + reach * dr && c === at[1] + reach * dc && has(view, text)) return text;
      }
      return null;
    };
    // An ability card chosen (ui.selected "ability N", and its targets so far):
    // the squares whose link or place continues one of its actions.
    const ability = ui.selected && ui.selected.startsWith("ability ") ? ui.selected : null;
    const continues = (word) => {
      const text = ability + " " + word;
      if (has(view, text)) return { act: text };
      return view.legal.some((a) => a.startsWith(text + " ")) ? { select: text } : null;
    };
    const abilityTarget = (r, c, square) => (square.link && continues(square.link.link)) || continues(`${r} ${c}`);
    for (let r = 0; r < 8; ++r) {
      for (let c = 0; c < 8; ++c) {
        const square = squares[r][c];
        const x = left + c * size, y = top + r * size;
        const key = `${r} ${c}`;
        const target = ability ? abilityTarget(r, c, square) : ui.selected && moveTo(r, c);
        const l = square.link;
        const name = l ? "link " + l.link + " of player " + (l.owner + 1) + (l.value ? ", " + l.value : ", unknown") +
          (l.frozen ? ", frozen" : "") : square.server !== undefined ? "server port of player " + (square.server + 1)
          : square.firewall !== undefined ? "firewall of player " + (square.firewall + 1) : "empty";
        const node = cell(board, x, y, size, key, (r + c) % 2 ? "#dde3ea" : "#eef2f6", () => click(r, c, square),
          (ui.selected === square.link?.link ? "selected" : "") + (target ? " target" : ""), name);
        if (square.link) node.dataset.piece = square.link.link;
        if (wasLast(v, r, c)) markLast(board, x, y, size);
        if (target) hint(board, x, y, size);
        if (square.server !== undefined && !square.link) label(board, x + size / 2, y + size / 2, "S", 26, "#6d4c41", "bold");
        if (square.firewall !== undefined) {
          shape(board, "rect", { x: x + 6, y: y + 6, width: size - 12, height: size - 12, fill: "none",
            stroke: playerColours[square.firewall], "stroke-width": 4, "stroke-dasharray": "6 4", "pointer-events": "none" });
          if (!square.link) label(board, x + size / 2, y + size / 2, "firewall", 11, "#444");
        }
        if (square.link) {
          const l = square.link;
          shape(board, "circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.4, fill: playerColours[l.owner],
            stroke: l.frozen ? "#80deea" : "none", "stroke-width": 5, "pointer-events": "none" });
          label(board, x + size / 2, y + size / 2 - 8, l.link, 20, "white", "bold");
          label(board, x + size / 2, y + size / 2 + 12, l.value || "?", 14, "white");
        }
      }
    }
    function click(r, c, square) {
      if (ability) {
        const next = abilityTarget(r, c, square);
        if (next) return next.act ? ui.act(next.act) : ui.select(next.select);
        return;
      }
      const move = ui.selected && moveTo(r, c);
      if (move) return ui.act(move);
      if (square.link && mine(square.link.link)) return ui.select(square.link.link);
    }
    return board;
  }

  // ------------------------------------------------------- Sword and Shield
  // Squares: {off (a cut corner), creation, face (their owners), piece:
  // {letter, owner, sides: [north, east, south, west] as it faces now}}.
  // Actions name pieces by letter; rows and columns count from 1.
  const sasColours = ["#f9a825", "#2e7d32"];
  function swordAndShield(view, ui) {
    const v = view.view;
    const size = 54, left = 26, top = 160 + 18;
    const board = svg(left + 10 * size + 10, top + 10 * size + 160);
    coordinates(board, 10, 10, size, left, top);
    const letterMoves = (letter) => view.legal.some((a) => a.split(" ")[1] === letter);
    const sidesName = (sides) => ["north", "east", "south", "west"].map((d, k) => d + " " + sides[k]).join(", ");
    function piece(x, y, s, letter, owner, sides) {
      shape(board, "rect", { x: x + s * 0.18, y: y + s * 0.18, width: s * 0.64, height: s * 0.64, rx: 6,
        fill: sasColours[owner], "pointer-events": "none" });
      label(board, x + s / 2, y + s / 2, letter, s * 0.34, owner ? "white" : "#1d2433", "bold");
      const m = s / 2, a = s * 0.18;
      const sword = (x1, y1, x2, y2) => shape(board, "line", { x1, y1, x2, y2, stroke: "#b71c1c", "stroke-width": 4, "pointer-events": "none" });
      const shield = (x1, y1, w, h) => shape(board, "rect", { x: x1, y: y1, width: w, height: h, fill: "#37474f", "pointer-events": "none" });
      const [n, e, so, w] = sides;
      if (n === "sword") sword(x + m, y, x + m, y + a); else if (n === "shield") shield(x + a, y + a - 5, s - 2 * a, 5);
      if (so === "sword") sword(x + m, y + s - a, x + m, y + s); else if (so === "shield") shield(x + a, y + s - a, s - 2 * a, 5);
      if (w === "sword") sword(x, y + m, x + a, y + m); else if (w === "shield") shield(x + a - 5, y + a, 5, s - 2 * a);
      if (e === "sword") sword(x + s - a, y + m, x + s, y + m); else if (e === "shield") shield(x + s - a, y + a, 5, s - 2 * a);
    }
    // A player's unused pieces, as they would be created (turned 0), and cemetery.
    function unused(player, y0) {
      const p = v.players[player];
      label(board, 60, y0 + 10, p.name + " unused", 13, "#1d2433", "bold");
      const s = 38;
      p.unused.forEach((u, k) => {
        const x = 10 + (k % 12) * (s + 6), y = y0 + 22 + Math.floor(k / 12) * (s + 8);
        cell(board, x, y, s, "unused " + u.letter, ui.selected === u.letter ? "#bbdefb" : "#fafafa",
          () => { if (letterMoves(u.letter)) ui.select(u.letter); }, ui.selected === u.letter ? "selected" : "",
          sidesName(u.sides));
        piece(x, y, s, u.letter, player, u.sides);
      });
      const cemetery = p.name + " cemetery: " + (p.cemetery.length ? p.cemetery.join(" ") : "none");
      label(board, 10 * size / 2 + 10, y0 + 22 + 2 * 46 + 12, cemetery, 12, "#5b6475");
    }
    unused(1, 0);
    const squares = v.board.squares;
    for (let r = 0; r < 10; ++r) {
      for (let c = 0; c < 10; ++c) {
        const square = squares[r][c];
        const x = left + c * size, y = top + r * size;
        const key = `${r + 1},${c + 1}`;
        if (square.off) { shape(board, "rect", { x, y, width: size, height: size, fill: "#90a4ae", "data-cell": key }); continue; }
        const target = ui.selected && moveTo(r, c);
        const p = square.piece;
        const name = p ? "piece " + p.letter + " of " + v.players[p.owner].name + ", " + sidesName(p.sides)
          : square.face !== undefined ? "face of " + v.players[square.face].name
          : square.creation !== undefined ? "creation square of " + v.players[square.creation].name : "empty";
        const node = cell(board, x, y, size, key, square.creation !== undefined ? "#fff3c4" : (r + c) % 2 ? "#ece7da" : "#f7f3ea",
          () => click(r, c, square), (ui.selected === square.piece?.letter ? "selected" : "") + (target ? " target" : ""), name);
        if (square.piece) node.dataset.piece = square.piece.letter;
        if (wasLast(v, r, c)) markLast(board, x, y, size);
        if (target) hint(board, x, y, size);
        if (square.piece) piece(x, y, size, square.piece.letter, square.piece.owner, square.piece.sides);
        else if (square.face !== undefined) {
          shape(board, "circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.38, fill: sasColours[square.face], "pointer-events": "none" });
          label(board, x + size / 2, y + size / 2, "☺", 26, "white");
        } else if (square.creation !== undefined) label(board, x + size / 2, y + size / 2, "+", 22, "#a67c00");
      }
    }
    unused(0, top + 10 * size + 4);
    function find(letter) {
      for (let r = 0; r < 10; ++r) for (let c = 0; c < 10; ++c) if (squares[r][c].piece?.letter === letter) return [r, c];
      return null;
    }
    function moveTo(r, c) {
      const at = find(ui.selected);
      if (!at) return null;
      for (const [name, [dr, dc]] of Object.entries(steps)) {
        if (at[0] + dr === r && at[1] + dc === c && has(view, `move ${ui.selected} ${name}`)) return `move ${ui.selected} ${name}`;
      }
      return null;
    }
    function click(r, c, square) {
      const move = ui.selected && moveTo(r, c);
      if (move) return ui.act(move);
      if (square.piece && letterMoves(square.piece.letter)) ui.select(square.piece.letter);
    }
    return board;
  }

  // ------------------------------------------------------ Space Defender 2
  // Squares: {fog}, {starfighter}, {enemy, letter}, {projectile: friendly or
  // enemy}, {} empty. Rows are letters A-J in the actions.
  const sd2Colours = { S: "#1565c0", G: "#2e7d32", F: "#ef6c00", C: "#6a1b9a", I: "#c62828", P: "#4e342e" };
  function spaceDefender(view, ui) {
    const v = view.view;
    const { rows, cols, squares } = v.board;
    const size = Math.max(22, Math.min(40, Math.floor(900 / cols)));
    const left = 24, top = 20;
    const board = svg(left + cols * size, top + rows * size);
    const rowName = (r) => String.fromCharCode(65 + r);
    coordinates(board, rows, cols, size, left, top, rowName);
    for (let r = 0; r < rows; ++r) {
      for (let c = 0; c < cols; ++c) {
        const square = squares[r][c];
        const key = `${rowName(r)},${c + 1}`;
        const target = has(view, `move(${key})`);
        const x = left + c * size, y = top + r * size;
        const name = square.fog ? "out of sight" : square.starfighter ? "your Starfighter" : square.enemy ? "enemy " + (square.letter || "")
          : square.projectile ? square.projectile + " projectile" : "empty";
        cell(board, x, y, size, key, square.fog ? "#263238" : "#0d1b2a", () => { if (target) ui.act(`move(${key})`); },
          target ? "target" : "", name);
        if (wasLast(v, r, c)) markLast(board, x, y, size);
        if (target) hint(board, x, y, size);
        const symbol = square.starfighter ? (square.destroyed ? "X" : "S") : square.letter ||
          (square.projectile === "friendly" ? "*" : square.projectile === "enemy" ? "<" : square.fog ? "?" : "");
        if (!symbol) continue;
        if (sd2Colours[symbol]) shape(board, "circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.38, fill: sd2Colours[symbol], "pointer-events": "none" });
        label(board, x + size / 2, y + size / 2, symbol, size * 0.5, sd2Colours[symbol] ? "white" : square.fog ? "#546e7a" : "#ffd54a", "bold");
      }
    }
    return board;
  }

  // ------------------------------------------------------------ SimOdyssey
  // Squares: sectors of four quadrants, each null or an entity {id, kind,
  // letter}. The explorer moves to a neighbouring sector (the galaxy wraps).
  const odysseyColours = { E: "#1565c0", P: "#2e7d32", "*": "#f9a825", Y: "#fbc02d", O: "#000000", W: "#6a1b9a",
    B: "#00838f", M: "#c62828", J: "#8d6e63", A: "#616161" };
  const compass = { N: [-1, 0], NE: [-1, 1], E: [0, 1], SE: [1, 1], S: [1, 0], SW: [1, -1], W: [0, -1], NW: [-1, -1] };
  function simodyssey(view, ui) {
    const v = view.view;
    const { rows, cols, squares } = v.board;
    const size = 96;
    const board = svg(cols * size, rows * size);
    const explorer = v.players[0].alive ? v.players[0].location.sector : null;
    const moveTo = (r, c) => {
      if (!explorer) return null;
      for (const [name, [dr, dc]] of Object.entries(compass)) {
        if ((explorer[0] + dr + rows) % rows === r && (explorer[1] + dc + cols) % cols === c && has(view, `move(${name})`)) return `move(${name})`;
      }
      return null;
    };
    for (let r = 0; r < rows; ++r) {
      for (let c = 0; c < cols; ++c) {
        const x = c * size, y = r * size;
        const move = moveTo(r, c);
        const here = squares[r][c].quadrants.filter(Boolean).map((e) => e.letter).join(" ");
        cell(board, x, y, size, `${r + 1}:${c + 1}`, "#0b132b", () => { if (move) ui.act(move); }, move ? "target" : "",
          here ? "holds " + here : "empty");
        if (wasLast(v, r, c)) markLast(board, x, y, size);
        if (move) hint(board, x, y, size);
        label(board, x + 14, y + 10, `${r + 1}:${c + 1}`, 10, "#8fa3bf");
        squares[r][c].quadrants.forEach((entity, q) => {
          if (!entity) return;
          const qx = x + (q % 2 ? 0.72 : 0.28) * size, qy = y + (q < 2 ? 0.36 : 0.74) * size;
          const ch = entity.letter;
          shape(board, "circle", { cx: qx, cy: qy, r: 15, fill: odysseyColours[ch] || "#90a4ae", stroke: ch === "O" ? "#fff" : "none", "pointer-events": "none" });
          label(board, qx, qy, ch, 15, ch === "*" || ch === "Y" ? "#1d2433" : "white", "bold");
        });
      }
    }
    return board;
  }

  // ------------------------------------------------------- any other game
  // A game without a drawer of its own: its squares as a grid, each with its
  // "letter" when it has one; its actions are the buttons.
  function anyGame(view) {
    const v = view.view;
    const { rows, cols, squares } = v.board;
    const size = Math.max(14, Math.min(48, Math.floor(640 / Math.max(rows, cols))));
    const left = 22, top = 18;
    const board = svg(left + cols * size, top + rows * size);
    coordinates(board, rows, cols, size, left, top);
    for (let r = 0; r < rows; ++r) {
      for (let c = 0; c < cols; ++c) {
        const x = left + c * size, y = top + r * size;
        cell(board, x, y, size, `${r + 1},${c + 1}`, (r + c) % 2 ? "#e3e8ef" : "#f4f6f9", () => {});
        if (wasLast(v, r, c)) markLast(board, x, y, size);
        const text = squares[r][c].letter;
        if (text) label(board, x + size / 2, y + size / 2, text, size * 0.45, "#1d2433", "bold");
      }
    }
    return board;
  }

  const drawers = { amazons, raiinet, "sword-and-shield": swordAndShield, "space-defender-2": spaceDefender, simodyssey,
    simodyssey2: simodyssey };

  return {
    draw(view, ui) {
      const draw = drawers[view.game] || anyGame;
      const box = document.createElement("div");
      try {
        const board = draw(view, ui);
        keyboard(board, ui.focus);
        box.append(board);
      } catch (e) {
        box.textContent = "This board cannot be drawn; its text is under the actions.";
      }
      return box;
    },
    // The legal actions to offer as buttons: those of the selected piece or
    // square, else all of them.
    filter(view, selected) {
      if (!selected) return view.legal;
      const words = selected.split(/[ ,]/);
      const chosen = view.legal.filter((a) => a.split(" ").includes(selected) || a.endsWith(" " + selected) ||
        (words.length === 2 && a.includes(selected)));
      return chosen.length ? chosen : view.legal;
    },
  };
})();
