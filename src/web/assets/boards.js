// The boards of the five games as SVG, each drawn from the seat's observation
// text (the contract's: exactly what that player may know) and made
// clickable through the seat's legal actions.
"use strict";

const GridBoards = (() => {
  const NS = "http://www.w3.org/2000/svg";

  function svg(width, height) {
    const node = document.createElementNS(NS, "svg");
    node.setAttribute("viewBox", `0 0 ${width} ${height}`);
    node.setAttribute("width", width);
    node.setAttribute("height", height);
    node.setAttribute("role", "img");
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

  // A clickable square cell; `key` names it in data-cell for tests and clicks.
  function cell(parent, x, y, size, key, fill, onclick, classes = "") {
    const node = shape(parent, "rect", { x, y, width: size, height: size, fill, stroke: "#0003",
      class: "cell " + classes, "data-cell": key });
    node.addEventListener("click", onclick);
    return node;
  }

  const has = (view, text) => view.legal.includes(text);

  // ---------------------------------------------------------------- Amazons
  // "R C", R rows of fields TAO (treasure, artifact, occupant: 0 empty, 1-8 an
  // amazon, 9 an arrow), player lines, then what is awaited.
  const amazonColours = ["#d84315", "#1565c0", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#ad1457", "#4e342e"];
  function amazons(view, ui) {
    const lines = view.observation.split("\n");
    const [rows, cols] = lines[0].split(" ").map(Number);
    const size = Math.max(14, Math.min(56, Math.floor(640 / Math.max(rows, cols))));
    const board = svg(cols * size, rows * size);
    const moveFrom = (r, c) => view.legal.some((a) => a.startsWith(`move ${r},${c} `));
    for (let r = 1; r <= rows; ++r) {
      const fields = lines[r].split(" ");
      for (let c = 1; c <= cols; ++c) {
        const [t, a, o] = fields[c - 1].split("").map(Number);
        const key = `${r},${c}`;
        const target = ui.selected ? has(view, `move ${ui.selected} ${key}`)
          : has(view, `place ${key}`) || has(view, `shoot ${key}`) || moveFrom(r, c);
        const x = (c - 1) * size, y = (r - 1) * size;
        cell(board, x, y, size, key, (r + c) % 2 ? "#e8dcc0" : "#f6efdd", () => click(r, c),
          (target ? "target" : "") + (ui.selected === key ? " selected" : ""));
        if (target) shape(board, "rect", { x, y, width: size, height: size, class: "hint" });
        if (t > 0) label(board, x + size * 0.78, y + size * 0.22, String(t), size * 0.28, "#a67c00", "bold");
        if (a > 0) label(board, x + size * 0.22, y + size * 0.22, ["", "♞", "⤫", "↑"][a], size * 0.3, "#5d4037");
        if (o >= 1 && o <= 8) {
          shape(board, "circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.33, fill: amazonColours[o - 1],
            "pointer-events": "none" });
          label(board, x + size / 2, y + size / 2, String(o), size * 0.36, "white", "bold");
        } else if (o === 9) {
          shape(board, "rect", { x: x + size * 0.2, y: y + size * 0.2, width: size * 0.6, height: size * 0.6,
            fill: "#37474f", "pointer-events": "none" });
        }
      }
    }
    function click(r, c) {
      const key = `${r},${c}`;
      for (const text of [`place ${key}`, `shoot ${key}`, ui.selected && `move ${ui.selected} ${key}`]) {
        if (text && has(view, text)) return ui.act(text);
      }
      if (moveFrom(r, c)) ui.select(key);
    }
    return board;
  }

  // ---------------------------------------------------------------- RAIInet
  // Player 1's summary, "========", 8 rows, "========", player 2's summary.
  // Lower-case links are player 1's, upper-case player 2's; S a server port;
  // m and w firewalls of players 1 and 2.
  const directions = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] };
  function raiinet(view, ui) {
    const lines = view.observation.split("\n");
    const top = lines.indexOf("========");
    const rows = lines.slice(top + 1, top + 9);
    const values = {};
    for (const line of lines) {
      for (const m of line.matchAll(/([a-hA-H]): (\?|[DV]\d)/g)) values[m[1]] = m[2];
    }
    const size = 64;
    const board = svg(8 * size, 8 * size);
    const mine = (ch) => view.legal.some((a) => a.split(" ").includes(ch));
    for (let r = 0; r < 8; ++r) {
      for (let c = 0; c < 8; ++c) {
        const ch = rows[r][c];
        const x = c * size, y = r * size;
        const key = `${r} ${c}`;
        const target = ui.selected && moveTo(r, c);
        const square = cell(board, x, y, size, key, (r + c) % 2 ? "#dde3ea" : "#eef2f6", () => click(r, c, ch),
          (ui.selected === ch || ui.selected === key ? "selected" : "") + (target ? " target" : ""));
        if (/[a-hA-H]/.test(ch)) square.dataset.piece = ch;
        if (target) shape(board, "rect", { x, y, width: size, height: size, class: "hint" });
        if (ch === "S") label(board, x + size / 2, y + size / 2, "S", 26, "#6d4c41", "bold");
        else if (ch === "m" || ch === "w") {
          shape(board, "rect", { x: x + 6, y: y + 6, width: size - 12, height: size - 12, fill: "none",
            stroke: ch === "m" ? "#1565c0" : "#c62828", "stroke-width": 4, "stroke-dasharray": "6 4", "pointer-events": "none" });
          label(board, x + size / 2, y + size / 2, "firewall", 11, "#444");
        } else if (/[a-hA-H]/.test(ch)) {
          const colour = ch === ch.toLowerCase() ? "#1565c0" : "#c62828";
          shape(board, "circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.4, fill: colour, "pointer-events": "none" });
          label(board, x + size / 2, y + size / 2 - 8, ch, 20, "white", "bold");
          label(board, x + size / 2, y + size / 2 + 12, values[ch] || "?", 14, "white");
        }
      }
    }
    function moveTo(r, c) {
      for (const [name, [dr, dc]] of Object.entries(directions)) {
        const at = findLink(ui.selected);
        if (at && (r - at[0]) * dc === (c - at[1]) * dr && Math.sign(r - at[0]) === dr && Math.sign(c - at[1]) === dc &&
            has(view, `move ${ui.selected} ${name}`)) return `move ${ui.selected} ${name}`;
      }
      return null;
    }
    function findLink(ch) {
      for (let r = 0; r < 8; ++r) { const c = rows[r].indexOf(ch); if (c >= 0) return [r, c]; }
      return null;
    }
    function click(r, c, ch) {
      const move = ui.selected && moveTo(r, c);
      if (move) return ui.act(move);
      if (/[a-hA-H]/.test(ch) && mine(ch)) return ui.select(ch);
      if (view.legal.some((a) => a.endsWith(` ${r} ${c}`))) return ui.select(`${r} ${c}`);
    }
    return board;
  }

  // ------------------------------------------------------- Sword and Shield
  // The display of CLARIFICATIONS §5: pieces as 3 x 3 characters, the letter
  // in the middle and a side each around it: | or - a sword, # a shield.
  function swordAndShield(view, ui) {
    const lines = view.observation.split("\n");
    const border = lines.findIndex((l) => l.startsWith("    +"));
    const size = 54;
    const board = svg(10 * size + 20, 10 * size + 2 * 160);
    const sides = (block, r, c) => ({ n: block[r - 1]?.[c], e: block[r][c + 1], s: block[r + 1]?.[c], w: block[r][c - 1] });
    const letterMoves = (ch) => view.legal.some((a) => a.split(" ")[1] === ch);
    function piece(x, y, s, ch, arms) {
      const green = ch === ch.toUpperCase();
      shape(board, "rect", { x: x + s * 0.18, y: y + s * 0.18, width: s * 0.64, height: s * 0.64, rx: 6,
        fill: green ? "#2e7d32" : "#f9a825", "pointer-events": "none" });
      label(board, x + s / 2, y + s / 2, ch, s * 0.34, green ? "white" : "#1d2433", "bold");
      const sword = (x1, y1, x2, y2) => shape(board, "line", { x1, y1, x2, y2, stroke: "#b71c1c", "stroke-width": 4, "pointer-events": "none" });
      const shield = (x1, y1, w, h) => shape(board, "rect", { x: x1, y: y1, width: w, height: h, fill: "#37474f", "pointer-events": "none" });
      const m = s / 2, a = s * 0.18;
      if ("|-".includes(arms.n)) sword(x + m, y, x + m, y + a); else if (arms.n === "#") shield(x + a, y + a - 5, s - 2 * a, 5);
      if ("|-".includes(arms.s)) sword(x + m, y + s - a, x + m, y + s); else if (arms.s === "#") shield(x + a, y + s - a, s - 2 * a, 5);
      if ("|-".includes(arms.w)) sword(x, y + m, x + a, y + m); else if (arms.w === "#") shield(x + a - 5, y + a, 5, s - 2 * a);
      if ("|-".includes(arms.e)) sword(x + s - a, y + m, x + s, y + m); else if (arms.e === "#") shield(x + s - a, y + a, 5, s - 2 * a);
    }
    // The unused pieces of a colour: three lines under "<Colour> unused:".
    function unused(title, y0) {
      const at = lines.indexOf(title + " unused:");
      if (at < 0) return;
      label(board, 60, y0 + 10, title + " unused", 13, "#1d2433", "bold");
      const block = lines.slice(at + 1, at + 7);
      const s = 38;
      for (let half = 0; half < 2; ++half) {
        const part = block.slice(half * 3, half * 3 + 3);
        for (let k = 0; 4 * k + 1 < part[1].length; ++k) {
          const ch = part[1][4 * k + 1];
          if (!/[a-xA-X]/.test(ch)) continue;
          const x = 10 + k * (s + 6), y = y0 + 22 + half * (s + 8);
          cell(board, x, y, s, "unused " + ch, ui.selected === ch ? "#bbdefb" : "#fafafa", () => { if (letterMoves(ch)) ui.select(ch); },
            ui.selected === ch ? "selected" : "");
          piece(x, y, s, ch, sides(part, 1, 4 * k + 1));
        }
      }
      const cemetery = lines.find((l) => l.startsWith(title + " cemetery:"));
      if (cemetery) label(board, 10 * size / 2 + 10, y0 + 22 + 2 * 46 + 12, cemetery, 12, "#5b6475");
    }
    unused("Green", 0);
    const top = 160;
    const rowsText = lines.slice(border + 1, border + 31);
    for (let r = 0; r < 10; ++r) {
      const block = rowsText.slice(3 * r, 3 * r + 3);
      for (let c = 0; c < 10; ++c) {
        const mid = 6 + 3 * c;
        const ch = block[1][mid];
        const x = 10 + c * size, y = top + r * size;
        const key = `${r + 1},${c + 1}`;
        if (ch === " ") { shape(board, "rect", { x, y, width: size, height: size, fill: "#90a4ae", "data-cell": key }); continue; }
        const target = ui.selected && moveTo(r, c);
        const square = cell(board, x, y, size, key, ch === "+" ? "#fff3c4" : (r + c) % 2 ? "#ece7da" : "#f7f3ea",
          () => click(r, c, ch), (ui.selected === ch ? "selected" : "") + (target ? " target" : ""));
        if (/[a-xA-X]/.test(ch)) square.dataset.piece = ch;
        if (target) shape(board, "rect", { x, y, width: size, height: size, class: "hint" });
        if (ch === "+") label(board, x + size / 2, y + size / 2, "+", 22, "#a67c00");
        else if (ch === "0" || ch === "1") {
          shape(board, "circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.38, fill: ch === "1" ? "#2e7d32" : "#f9a825", "pointer-events": "none" });
          label(board, x + size / 2, y + size / 2, "☺", 26, "white");
        } else if (/[a-xA-X]/.test(ch)) piece(x, y, size, ch, sides(block, 1, mid));
      }
    }
    unused("Yellow", top + 10 * size + 4);
    function find(ch) {
      for (let r = 0; r < 10; ++r) { const c = rowsText[3 * r + 1].indexOf(ch, 5); if (c >= 5) return [r, (c - 6) / 3]; }
      return null;
    }
    function moveTo(r, c) {
      const at = find(ui.selected);
      if (!at) return null;
      const steps = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] };
      for (const [name, [dr, dc]] of Object.entries(steps)) {
        if (at[0] + dr === r && at[1] + dc === c && has(view, `move ${ui.selected} ${name}`)) return `move ${ui.selected} ${name}`;
      }
      return null;
    }
    function click(r, c, ch) {
      const move = ui.selected && moveTo(r, c);
      if (move) return ui.act(move);
      if (/[a-xA-X]/.test(ch) && letterMoves(ch)) ui.select(ch);
    }
    return board;
  }

  // ------------------------------------------------------ Space Defender 2
  // The Starfighter's block, then the board: a row letter and a character a
  // column (_ seen and empty, ? out of sight).
  const sd2Colours = { S: "#1565c0", G: "#2e7d32", F: "#ef6c00", C: "#6a1b9a", I: "#c62828", P: "#4e342e" };
  function spaceDefender(view, ui) {
    const rows = view.observation.split("\n").filter((l) => /^    [A-J] /.test(l));
    const cols = Math.round((rows[0].length - 5) / 3);
    const size = Math.max(22, Math.min(40, Math.floor(900 / cols)));
    const board = svg(cols * size + 24, rows.length * size + 20);
    for (let c = 0; c < cols; ++c) label(board, 24 + c * size + size / 2, 9, String(c + 1), 11, "#5b6475");
    rows.forEach((line, r) => {
      const letter = line[4];
      label(board, 10, 20 + r * size + size / 2, letter, 12, "#5b6475");
      for (let c = 0; c < cols; ++c) {
        const ch = line[6 + 3 * c];
        const key = `${letter},${c + 1}`;
        const target = has(view, `move(${key})`);
        const x = 24 + c * size, y = 20 + r * size;
        cell(board, x, y, size, key, ch === "?" ? "#263238" : "#0d1b2a", () => { if (target) ui.act(`move(${key})`); },
          target ? "target" : "");
        if (target) shape(board, "rect", { x, y, width: size, height: size, class: "hint" });
        if (ch !== "_" && ch !== "?" && ch !== undefined) {
          if (sd2Colours[ch]) shape(board, "circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.38, fill: sd2Colours[ch], "pointer-events": "none" });
          label(board, x + size / 2, y + size / 2, ch, size * 0.5, sd2Colours[ch] ? "white" : "#ffd54a", "bold");
        }
      }
    });
    return board;
  }

  // ------------------------------------------------------------ SimOdyssey
  // The board: "(r:c)" labels, then a line of 4 characters a sector, one per
  // quadrant: E the explorer, P planets, * Y O W stars, dwarfs, holes, ...
  const odysseyColours = { E: "#1565c0", P: "#2e7d32", "*": "#f9a825", Y: "#fbc02d", O: "#000000", W: "#6a1b9a",
    B: "#00838f", M: "#c62828", J: "#8d6e63", A: "#616161" };
  const compass = { N: [-1, 0], NE: [-1, 1], E: [0, 1], SE: [1, 1], S: [1, 0], SW: [1, -1], W: [0, -1], NW: [-1, -1] };
  function simodyssey(view, ui) {
    const lines = view.observation.split("\n");
    const grid = [];
    lines.forEach((line, i) => { if (/^\s+\(\d+:\d+\)/.test(line)) grid.push(lines[i + 1]); });
    const n = grid.length;
    const size = 96;
    const board = svg(n * size, n * size);
    let explorer = null;
    grid.forEach((line, r) => { for (let c = 0; c < n; ++c) if (line.substr(4 + 7 * c, 4).includes("E")) explorer = [r, c]; });
    const moveTo = (r, c) => {
      if (!explorer) return null;
      for (const [name, [dr, dc]] of Object.entries(compass)) {
        if ((explorer[0] + dr + n) % n === r && (explorer[1] + dc + n) % n === c && has(view, `move(${name})`)) return `move(${name})`;
      }
      return null;
    };
    grid.forEach((line, r) => {
      for (let c = 0; c < n; ++c) {
        const x = c * size, y = r * size;
        const move = moveTo(r, c);
        cell(board, x, y, size, `${r + 1}:${c + 1}`, "#0b132b", () => { if (move) ui.act(move); }, move ? "target" : "");
        if (move) shape(board, "rect", { x, y, width: size, height: size, class: "hint" });
        label(board, x + 14, y + 10, `${r + 1}:${c + 1}`, 10, "#8fa3bf");
        const quads = line.substr(4 + 7 * c, 4);
        [...quads].forEach((ch, q) => {
          if (ch === "-") return;
          const qx = x + (q % 2 ? 0.72 : 0.28) * size, qy = y + (q < 2 ? 0.36 : 0.74) * size;
          shape(board, "circle", { cx: qx, cy: qy, r: 15, fill: odysseyColours[ch] || "#90a4ae", stroke: ch === "O" ? "#fff" : "none", "pointer-events": "none" });
          label(board, qx, qy, ch, 15, ch === "*" || ch === "Y" ? "#1d2433" : "white", "bold");
        });
      }
    });
    return board;
  }

  const drawers = { amazons, raiinet, "sword-and-shield": swordAndShield, "space-defender-2": spaceDefender, simodyssey };
  const titles = { amazons: "Amazons", raiinet: "RAIInet", "sword-and-shield": "Sword and Shield",
    "space-defender-2": "Space Defender 2", simodyssey: "SimOdyssey" };

  return {
    title: (name) => titles[name] || name,
    draw(view, ui) {
      const draw = drawers[view.game];
      const box = document.createElement("div");
      try {
        box.append(draw(view, ui));
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
