// What a game page shows beside its board, per game, from the seat's
// structured view (docs/views.md): the player's side, the counters, the
// pieces picked off the board (RAIInet's cards), a legend and a short "how
// to play". Boards are drawn by boards.js; moves are chosen by moves.js.
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

  // ---------------------------------------------------------------- games
  const amazons = {
    side: (v, p) => ({ name: v.players[p].name + " (" + C.seatNames[p] + ")", colour: C.of(p) }),
    counters(v, view) {
      const placing = v.phase === "placement";
      const hint = view.over ? "" : placing ? "Placement: each player places " + v.amazons_each + " amazons in turn."
        : v.phase === "shoot" ? "Now shoot: click where the arrow from the amazon that moved falls" +
          " (or take the move back: it is not sent before its shot)."
        : "Moves: move an amazon, then shoot an arrow from where it lands.";
      return node("div", {}, ...(hint ? [node("p", { id: "phase-hint" }, hint)] : []),
        table(["Player", placing ? "Amazons placed" : "Amazons", "Score"], v.players.map((p, k) =>
          row(node("span", {}, seatMark(k, String(k + 1)), " " + p.name), String(p.amazons), String(p.score)))));
    },
    legend: (v) => [
      [seatMark(0, "1"), "an amazon, numbered by its player, in its player's colour"],
      [swatch(C.burnt), "a burnt field: an arrow or a spear; nothing passes it"],
      ...(v.rules === "standard" ? [] : [
        [node("b", { class: "gold" }, "3"), "treasure: the points an amazon collects by landing there"],
        ["♞", "a horse: shoot, then move the same amazon again"],
        ["⤫", "a broken arrow: no shot after landing"],
        ["↑", "a spear: thrown to any free field in a straight line, over obstacles"]]),
      lastMarks("the last turn: where the amazon came from (dashed), where it went (solid), where its arrow fell (dotted)")],
    how: (v) => [
      "Amazons move like chess queens: any distance in a straight line, never over another amazon or a burnt field.",
      "A turn is a move and then a shot: click one of your amazons, then its destination, then where its arrow lands.",
      ...(v.rules === "standard" ? ["Squares are named as players write them: columns a-j, rank 1 at the bottom; a turn reads d1-d7/g7."] : []),
      v.rules === "standard" ? "The player who cannot move loses."
        : "When nobody can move, the most treasure wins; a player who cannot move is out.",
    ],
  };

  const raiinet = {
    side: (v, p) => ({ name: v.players[p].name + " (" + C.seatNames[p] + ", links " + (p ? "A-H" : "a-h") + ")",
      colour: C.of(p) }),
    // The cards are picked before their targets.
    picks: (v, view) => (v.players[view.player]?.abilities || []).map((a) => "card " + a.card),
    counters(v, view, ui) {
      const players = table(["Player", "Data", "Viruses", "Abilities left"], v.players.map((p, k) =>
        row(node("span", {}, seatMark(k), " " + p.name), String(p.data), String(p.viruses), String(p.abilities_left))));
      const mine = v.players[view.player];
      if (!mine || !mine.abilities || view.over) return players;
      const cards = node("div", { class: "cards", role: "group", "aria-label": "your ability cards" },
        ...mine.abilities.map((a) => {
          const piece = "card " + a.card;
          const chosen = ui.picked === piece;
          const card = node("button", { type: "button", class: "card-button" + (chosen ? " chosen" : ""), "data-card": a.card,
            "aria-pressed": chosen ? "true" : "false", title: a.name, onclick: () => ui.pick(piece) },
            node("b", {}, a.letter), " " + a.name, node("small", {}, a.used ? "used" : ""));
          if (a.used || !ui.canPick(piece)) card.disabled = true;
          return card;
        }));
      return node("div", {}, players, node("p", { class: "hint-text" },
        ui.picked ? "Now click the card's target on the board (click the card again to put it back)."
          : "Abilities: click a card, then its target; then move a link."), cards);
    },
    legend: () => [
      [seatMark(0, "a"), "player 1's links, with strength and kind when known: D data, V virus"],
      [seatMark(1, "A"), "player 2's links; ? while you do not know them"],
      [node("b", {}, "S"), "a server port: a link moved onto the opponent's is downloaded by them"],
      [node("span", { class: "mark-firewall" }), "a firewall, in its owner's colour"],
      [node("span", { class: "mark-eye" }), "a link both players know (revealed): yours the opponent knows"],
      [node("span", { class: "mark-boost" }, "»"), "a boosted link: it moves two squares"],
      [node("span", {}, seatMark(0), seatMark(1)),
        "the bar along an edge: the links of that colour leave the board there, a download"],
      lastMarks("the last turn: from (dashed), to (solid), an ability's target (dotted)")],
    how: () => [
      "Each turn: at most one ability card, then move one of your links one square (boosted: two).",
      "Move a link off the opponent's edge to download it; moving onto an opponent's link is a battle: the stronger downloads the other.",
      "Download four data to win; four viruses and you lose.",
    ],
  };

  const swordAndShield = {
    side: (v, p) => ({ name: v.players[p].name + " (pieces " + (p ? "A-X" : "a-x") + ")", colour: C.of(p) }),
    // An unused piece is picked (above or below the board) before its creation.
    picks: (v, view) => (v.players[view.player]?.unused || []).map((u) => u.letter),
    counters(v) {
      const phases = { create: "Create a piece on your + square, or pass", act: "Move or rotate your pieces, then pass",
        reaction: "Choose which reaction comes first", over: "The game is over" };
      return node("div", {}, node("p", {}, (phases[v.phase] || v.phase) + "."),
        table(["Side", "Unused", "In the cemetery"], v.players.map((p, k) =>
          row(node("span", {}, seatMark(k), " " + p.name), String(p.unused.length),
            p.cemetery.length ? p.cemetery.join(" ") : "none"))));
    },
    legend: () => [
      [swatch(C.sword), "a sword: buries a piece it faces with nothing, and wins on a face"],
      [swatch(C.shield), "a shield: pushes a sword that faces it back one square"],
      [node("b", {}, "☺"), "a face: a sword reaching it wins the game"],
      [node("b", { class: "gold" }, "+"), "a creation square"],
      [swatch(C.corner), "a cut corner: pieces pushed there are lost"],
      lastMarks("the last turn's squares: where a piece came from (dashed), went or was made (solid)")],
    how: () => [
      "A turn: create a piece on your + square (or pass), then move or rotate each of your pieces at most once, then pass.",
      "Click a piece (on the board or among the unused), then where it goes, or its action below.",
      "Facing sides react after every action; a sword that reaches the other face wins.",
    ],
  };

  const spaceDefender = {
    side: () => ({ name: "the Starfighter", colour: C.starfighter }),
    counters(v) {
      const s = v.players[0];
      return node("div", {},
        bar("Health", s.health, s.max_health, C.health), bar("Energy", s.energy, s.max_energy, C.energy),
        node("p", {}, "Score " + s.score + " · turn " + v.turns + " · armour " + s.armour + " · move " + s.move +
          " (cost " + s.move_cost + ") · vision " + s.vision),
        node("p", { class: "equipment" }, "Weapon " + s.weapon + " · armour " + s.armour_kind + " · engine " + s.engine),
        node("p", { class: "equipment" }, "Power: " + s.power));
    },
    legend: () => [
      [swatch(C.starfighter, "S"), "your Starfighter (X when destroyed)"],
      [swatch(C.enemies.G, "G"), "Grunt"], [swatch(C.enemies.F, "F"), "Fighter"], [swatch(C.enemies.C, "C"), "Carrier"],
      [swatch(C.enemies.I, "I"), "Interceptor"], [swatch(C.enemies.P, "P"), "Pylon"],
      [node("b", { class: "gold" }, "*"), "your projectile"], [node("b", { class: "gold" }, "<"), "an enemy projectile"],
      [swatch(C.fog, "?"), "out of sight"], lastMarks("your last move: from (dashed) and to (solid)")],
    how: () => [
      "Click a highlighted square to move there, or fire, pass, or use your power.",
      "Enemies come from the right; each turn they act after you. Your health reaching 0 ends the game.",
    ],
  };

  const simodyssey = {
    side: () => ({ name: "the explorer (E)", colour: C.entities.E }),
    counters(v) {
      const e = v.players[0];
      // A lost explorer has no fuel or life left to show.
      const bars = e.alive ? [bar("Fuel", e.fuel, e.max_fuel, C.fuel), bar("Life", e.life, e.max_life, C.life)] : [];
      return node("div", {}, ...bars,
        node("p", {}, (e.alive ? (e.landed ? "Landed" : "In space") + " at sector " + (e.location.sector[0] + 1) + ":" +
          (e.location.sector[1] + 1) : "The explorer is lost") + " · turn " + v.turns +
          (v.life_found ? " · life found" : "")));
    },
    legend: () => [["E", "the explorer"], ["P", "a planet"], ["*", "a blue giant (a star)"], ["Y", "a yellow dwarf (a star)"],
      ["O", "the blackhole"], ["W", "a wormhole"], ["B", "a benign"], ["M", "a malevolent"], ["J", "a janitaur"],
      ["A", "an asteroid"]].map(([letter, what]) => [swatch(C.entities[letter], letter), what]),
    how: () => [
      "Click a neighbouring sector to move (the galaxy wraps around), or pass, land, lift off or take a wormhole.",
      "Moving costs fuel; stars refuel you. Land on a planet that supports life to win.",
    ],
  };

  const games = { amazons, raiinet, "sword-and-shield": swordAndShield, "space-defender-2": spaceDefender,
    simodyssey, simodyssey2: simodyssey };
  const fallback = { legend: () => [], how: () => [] };
  const of = (name) => games[name] || fallback;

  return {
    node,
    swatch,
    // The seat's side: {name, colour}, or null for spectators and games without.
    side(view) {
      const game = of(view.game);
      return view.player >= 0 && game.side ? game.side(view.view, view.player) : null;
    },
    counters(view, ui) {
      const game = of(view.game);
      try {
        return game.counters ? game.counters(view.view, view, ui) : null;
      } catch (e) {
        return null;  // a view this page does not know: the board and the text still show it
      }
    },
    // The pieces the seat picks off the board before their moves (cards,
    // unused pieces).
    picks(view) {
      const game = of(view.game);
      return new Set(view.player >= 0 && game.picks ? game.picks(view.view, view) : []);
    },
    guide(view) {
      const game = of(view.game);
      const legend = game.legend(view.view);
      return node("div", { class: "guide" },
        node("h3", {}, "How to play"), node("ul", {}, ...game.how(view.view).map((line) => node("li", {}, line))),
        ...(legend.length ? [node("h3", {}, "Legend"),
          node("ul", { class: "legend" }, ...legend.map(([mark, text]) => node("li", {}, mark, " ", text)))] : []));
    },
  };
})();
