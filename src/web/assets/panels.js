// What a game page shows beside its board, for any game: the view's panel
// (docs/views.md, "Panels and guides": the player's side, a hint, counters,
// cards to pick) and the game's guide (how to play, the legend). Nothing
// here names a game. Boards are drawn by boards.js; moves are chosen by
// moves.js.
"use strict";

const GamePanels = (() => {
  function node(tag, attrs = {}, ...children) {
    const n = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (key.startsWith("on")) n.addEventListener(key.slice(2), value);
      else n.setAttribute(key, value);
    }
    for (const child of children) n.append(child);
    return n;
  }
  // A colour's mark (set through the CSSOM: the page's policy refuses style
  // attributes), its text in `ink`.
  function swatch(colour, text = "", ink = "white") {
    const mark = node("span", { class: "swatch", "aria-hidden": "true" }, text);
    mark.style.background = colour;
    mark.style.color = ink;
    return mark;
  }
  // A seat's mark: its colour, and its number on it.
  const seatMark = (p, text = "") => swatch(C.of(p), text, C.ink(p));
  // The last turn's marks, as the boards draw them.
  const lastMarks = (what) => [node("span", {}, node("span", { class: "mark-last mark-last-from" }), " ",
    node("span", { class: "mark-last mark-last-to" }), " ", node("span", { class: "mark-last mark-last-arrow" })), what];
  const row = (...cells) => node("tr", {}, ...cells.map((c) => node("td", {}, c)));
  // A counter as a bar: what it is, how much of how much.
  function bar(name, value, most, colour) {
    const meter = node("meter", { min: 0, max: Math.max(1, most), value: Math.max(0, value), "aria-label": name });
    meter.style.setProperty("--bar", colour);
    return node("div", { class: "bar" }, node("span", { class: "bar-name" }, name), meter,
      node("span", { class: "bar-value" }, value + " / " + most));
  }
  const table = (head, rows) => node("table", { class: "counters" },
    node("thead", {}, node("tr", {}, ...head.map((h) => node("th", { scope: "col" }, h)))), node("tbody", {}, ...rows));

  const C = GameColours;

  // A mark of a legend or a table (engine/panel.hpp): a seat's colour, a
  // colour of the palette, bold text, text with a class, the last turn.
  function mark(m) {
    if (m.last) return lastMarks("")[0];
    if (m.seat !== undefined) return seatMark(m.seat, m.text || "");
    if (m.colour !== undefined) return swatch(C.named(m.colour), m.text || "");
    if (m.bold !== undefined) return node("b", m.gold ? { class: "gold" } : {}, m.bold);
    if (m.class !== undefined) return node("span", { class: m.class }, m.text || "");
    return node("span", {}, m.text || "");
  }
  const cell = (c) => typeof c === "string" ? c : node("span", {}, seatMark(c.seat, c.mark || ""), " " + c.text);
  const line = (l) => typeof l === "string" ? node("p", {}, l) : node("p", { class: l.muted ? "muted-line" : "" }, l.text);

  // The seat's cards, as buttons: one picked, then its target on the board.
  function cards(c, ui) {
    return [node("p", { class: "hint-text" }, ui.picked ? c.picked_hint : c.hint),
      node("div", { class: "cards", role: "group", "aria-label": "your cards" }, ...c.items.map((a) => {
        const chosen = ui.picked === a.piece;
        const button = node("button", { type: "button", class: "card-button" + (chosen ? " chosen" : ""),
          "data-card": a.piece.replace(/^card /, ""), "aria-pressed": chosen ? "true" : "false", title: a.name,
          onclick: () => ui.pick(a.piece) }, node("b", {}, a.letter), " " + a.name, node("small", {}, a.used ? "used" : ""));
        if (a.used || !ui.canPick(a.piece)) button.disabled = true;
        return button;
      }))];
  }

  // Everything beside the board from the view's panel, in one order; no
  // hint or cards once the game is over (by its rules, a resignation, a
  // flag or an agreed draw).
  function counters(p, ui, over) {
    const parts = [];
    if (p.hint && !over) parts.push(node("p", { id: "phase-hint" }, p.hint));
    for (const b of p.bars || []) parts.push(bar(b.name, b.value, b.most, C.named(b.colour)));
    for (const l of p.lines || []) parts.push(line(l));
    if (p.table) parts.push(table(p.table.head, p.table.rows.map((r) => row(...r.map(cell)))));
    if (p.cards && !over) parts.push(...cards(p.cards, ui));
    return parts.length ? node("div", {}, ...parts) : null;
  }

  const panelOf = (view) => (view.view && view.view.panel) || {};

  return {
    node,
    swatch,
    // The seat's side: {name, colour}, or null for spectators and games without.
    side(view) {
      const side = panelOf(view).side;
      if (view.player < 0 || !side) return null;
      return { name: side.name, colour: side.seat !== undefined ? C.of(side.seat) : C.named(side.colour) };
    },
    counters(view, ui) {
      try {
        return counters(panelOf(view), ui, view.over);
      } catch (e) {
        return null;  // a panel this page does not know: the board and the text still show it
      }
    },
    // The pieces the seat picks off the board before their moves (cards,
    // unused pieces).
    picks(view) {
      return new Set(view.player >= 0 ? panelOf(view).picks || [] : []);
    },
    // How to play and the legend (GET /api/games/ID/guide).
    guide(guide) {
      const how = guide.how || [], legend = guide.legend || [];
      return node("div", { class: "guide" },
        ...(how.length ? [node("h3", {}, "How to play"), node("ul", {}, ...how.map((l) => node("li", {}, l)))] : []),
        ...(legend.length ? [node("h3", {}, "Legend"), node("ul", { class: "legend" }, ...legend.map((l) =>
          node("li", {}, node("span", {}, ...l.marks.map(mark)), " ", l.text)))] : []));
    },
  };
})();
