// gridgames in the browser: the game page of one seat, its replay, and the
// routes of the pages, all over the JSON API (docs/web.md). The front page
// and the form that starts a game are menu.js's; boards are drawn by
// boards.js and the panels beside them by panels.js, from the seat's view,
// the only state it gets.
"use strict";

const app = document.getElementById("app");

// An element with attributes (on... are listeners) and children.
const el = GamePanels.node;

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.body = JSON.stringify(body);
    options.headers["Content-Type"] = "application/json";
  }
  const response = await fetch(path, options);
  let data = {};
  try { data = await response.json(); } catch (e) { data = { error: "the server's answer is not JSON" }; }
  return { ok: response.ok, status: response.status, data };
}

const UNREACHABLE = "The server cannot be reached; trying again.";

// The elements of a game page: the board, and beside it what may be done
// and what happened.
function gamePage() {
  const page = {
    board: el("div", { class: "board-box", id: "board" }),
    status: el("p", { id: "status", role: "status" }),
    players: el("p", { id: "players", class: "players", hidden: "" }),
    chatSlot: el("div", { id: "chat-slot" }),
    notifyLabel: notifyBox(),
    // What waits for this page's answer (a draw offered, a rematch, a seek
    // nobody joined yet), beside the status: in the first screen.
    notice: el("div", { id: "notice", class: "notice", hidden: "" }),
    sideBadge: el("p", { id: "side", class: "side-badge", hidden: "" }),
    message: el("p", { id: "message", role: "alert" }),
    counters: el("section", { id: "counters", class: "panel", "aria-label": "the game's counters" }),
    actions: el("div", { class: "actions", id: "actions", role: "group", "aria-label": "actions", tabindex: "-1" }),
    command: el("input", { id: "command", placeholder: "or type an action", autocomplete: "off", "aria-label": "an action, typed" }),
    undo: el("button", { id: "undo", hidden: "" }, "Undo my last action"),
    clocks: el("div", { id: "clocks", class: "clocks", hidden: "" }),
    flow: el("div", { class: "flow", id: "flow" }),
    // Scrolling boxes take the focus, so that the keyboard scrolls them too.
    log: el("ol", { id: "log", tabindex: "0", "aria-label": "what happened" }),
    observation: el("pre", { id: "observation", tabindex: "0", "aria-label": "the observation as text" }),
    consoleBox: el("div", { id: "console-box", class: "console-box", hidden: "" },
      el("h2", {}, "The ETF program's output"), el("pre", { class: "console", id: "console", tabindex: "0", "aria-label": "the ETF program's output" })),
    guide: el("details", { id: "guide" }, el("summary", {}, "How to play, and what the board shows")),
    sound: el("input", { type: "checkbox", id: "sound" }),
    soundLabel: null,
    seed: el("p", { id: "seed", class: "hint", hidden: "" }),
  };
  page.sound.checked = localStorage.getItem("gridgames-sound") === "on";
  page.sound.addEventListener("change", () => localStorage.setItem("gridgames-sound", page.sound.checked ? "on" : "off"));
  page.commandForm = el("form", { class: "command" }, page.command, el("button", { type: "submit", id: "send" }, "Play"));
  page.soundLabel = el("label", { class: "sound", hidden: "" }, page.sound, " A sound when it is my turn");
  const side = el("div", { class: "side" }, page.sideBadge, page.seed, page.clocks, page.message, page.counters,
    page.actions, page.commandForm, page.undo, page.flow, page.soundLabel, page.notifyLabel, page.chatSlot, page.guide,
    el("h2", {}, "What happened"), page.log,
    el("details", {}, el("summary", {}, "The observation as text"), page.observation));
  // The console of the ETF games comes after the controls: on a phone the
  // board, the turn and the controls come first.
  // Whose turn it is comes first, above the board: on a phone the board
  // may be taller than the screen.
  app.replaceChildren(page.status, page.players, page.notice, el("div", { class: "layout" }, page.board, side, page.consoleBox));
  return page;
}

// A short tone when the turn comes to this seat, if the player asked for it
// (the choice is kept in this browser).
function turnSound(page) {
  if (!page.sound.checked) return;
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    volume.gain.value = 0.08;
    tone.frequency.value = 660;
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.15);
  } catch (e) { /* no audio here */ }
}

// The page of one seat: the board, what may be done, what happened.
function showGame(id, token) {
  const page = gamePage();
  // `pending`: the steps of this seat's turn held here, not yet sent (an
  // Amazons move before its shot), in games whose views say `previews`.
  const game = { id, token, page, view: null, pending: [], selection: { piece: null, path: [] } };
  game.say = (text) => { page.message.textContent = text; };
  page.chat = chatBox(game);
  page.chatSlot.replaceChildren(page.chat);
  [page.chatLines, page.chatTitle, page.chatMutes] = ["#chat-lines", "#chat-title", "#chat-mutes"].map((s) => page.chat.querySelector(s));
  game.answer = async (verb, body) => {
    const answer = await api("POST", "/api/games/" + id + "/" + verb, { token, ...body });
    if (!answer.ok) { game.say(answer.data.error); return false; }
    game.selection = { piece: null, path: [] };
    game.say("");
    await game.shown(answer.data);
    return true;
  };
  // The game as the server says it is, with the held steps on it, if they
  // still can be.
  // `fresh`: the server's word however old it looks (a stream's first view).
  game.shown = async (view, fresh = false) => {
    if (game.pending.length && !view.over && view.to_move === view.player && view.previews) {
      const tried = await api("POST", "/api/games/" + id + "/preview", { token, actions: game.pending });
      if (tried.ok) { renderGame(game, tried.data, fresh); return; }
    }
    game.pending = [];
    renderGame(game, view, fresh);
  };
  // An action: held while the turn goes on after it, the turn's steps sent
  // together once it is whole; sent at once in the other games.
  game.play = async (text) => {
    if (!game.view.previews) return game.answer("actions", { action: text });
    const actions = [...game.pending, text];
    const tried = await api("POST", "/api/games/" + id + "/preview", { token, actions });
    if (!tried.ok) { game.say(tried.data.error); return false; }
    if (MovePicker.turnWhole(tried.data)) {
      game.pending = [];
      return game.answer("actions", { actions });
    }
    game.pending = actions;
    game.selection = { piece: null, path: [] };
    game.say("");
    renderGame(game, tried.data);
    return true;
  };
  page.commandForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (page.command.value.trim() && await game.play(page.command.value.trim())) page.command.value = "";
  });
  page.undo.addEventListener("click", () => {
    if (!game.pending.length) return game.answer("undo", {});
    game.pending.pop();  // a held step: taken back here, nothing sent
    game.selection = { piece: null, path: [] };
    return game.shown(game.real);
  });
  currentGame = game;
  followGame(game);
}

// A seat's name for people: the game's (Sword and Shield's Yellow), else
// "Player 2".
const nameOf = (view, p) => (view.names || [])[p] || "Player " + (p + 1);

// Whether the board is drawn turned half round: each player sees their own
// side at the bottom; a spectator turns it at will.
function flipped(game, view) {
  const bottom = GridBoards.bottom(view);
  if (bottom === null) return false;
  return view.player >= 0 ? view.player !== bottom : !!game.spectatorFlip;
}

// The widest a board may be drawn, in CSS px: its box takes the whole
// width of the layout at most (the panels then wrap below it).
function boardWidth(box) {
  const style = getComputedStyle(box);
  return box.parentElement.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
}

// What the board asks of the page: which squares go on, what a click
// plays, the piece picked off the board (moves.js chooses from the moves),
// the last turn's squares, which way up, and the zoom of a board too
// large for the screen.
function boardUi(game, view) {
  const moves = view.moves || [];
  const picks = GamePanels.picks(view);
  const shown = MovePicker.show(moves, game.selection, picks);
  const parts = GridBoards.turnParts(GridBoards.lastTurn(view.log || [], view.players));
  const reselect = (selection) => { game.selection = selection; renderGame(game, game.view); };
  return {
    shown,
    focus: game.focus,
    picked: game.selection.piece,
    flip: flipped(game, view),
    width: boardWidth(game.page.board),
    zoomed: !!game.zoomed,
    zoomAt: game.zoomAt,
    zoom(at) {
      game.zoomed = at !== false;
      game.zoomAt = at || null;
      renderGame(game, game.view);
    },
    mark: (square) => ({ chosen: shown.chosen.has(MovePicker.key(square)), target: shown.targets.has(MovePicker.key(square)) }),
    lastPart: (square) => parts.get(MovePicker.key(square)),
    canPick: (piece) => moves.some((m) => m.piece === piece),
    pick(piece) {
      if (!this.canPick(piece)) return;
      reselect({ piece: game.selection.piece === piece ? null : piece, path: [] });
    },
    click(square) {
      const next = MovePicker.click(moves, game.selection, picks, square);
      if (next?.play) game.play(next.play.action);
      else if (next) reselect(next.selection);
    },
  };
}

// The line of the status: whose turn, or how the game ended.
// The end in words, for this seat: "You lost: Green's sword struck Yellow's face."
function endingLine(view) {
  const e = view.ending;
  if (!e) return view.result + ".";
  if (e.outcome === "aborted") return "Cancelled: " + e.reason + ".";
  const players = (e.winners || []).map((p) => nameOf(view, p)).join(" and ");
  const head = { won: "You won", lost: "You lost", draw: "Draw" }[e.outcome] ||
    (players + ((e.winners || []).length > 1 ? " share the win" : " won"));
  return head + ": " + e.reason + ".";
}

function statusLine(view) {
  if (view.over) return endingLine(view);
  if (view.waiting_for) return view.player >= 0 ? "Waiting for an opponent: the game is in the lobby until somebody joins it."
    : "Waiting for an opponent to join.";
  const mover = nameOf(view, view.to_move);
  if (view.player < 0) return "You are watching: " + mover + " is to move.";
  if (view.draw_offer !== undefined && view.draw_offer !== view.player) return nameOf(view, view.draw_offer) + " offers a draw: your answer?";
  if (view.to_move === view.player) return view.players > 1 ? "Your turn (" + mover + ")." : "Your turn.";
  return mover + " is to move" + (view.seats[view.to_move].kind !== "human" ? " (the computer is thinking)." : ".");
}

// The named controls: the moves no square tells apart, with their labels;
// a way back when something is chosen.
function drawActions(game, view, ui) {
  const buttons = ui.shown.named.map((m) =>
    el("button", { type: "button", "data-action": m.action, onclick: () => game.play(m.action) }, m.label));
  const chosen = game.selection.piece || game.selection.path.length;
  if (chosen) buttons.push(el("button", { type: "button", id: "unselect",
    onclick: () => { game.selection = { piece: null, path: [] }; renderGame(game, game.view); } }, "Choose again"));
  let hint = "";
  if (!view.moves.length) hint = view.over || view.player < 0 ? "" : "Wait for your turn.";
  else if (!chosen) hint = "Play on the board" + (buttons.length ? ", or:" : ".");
  // What cannot be done now, and why, where the game says so (SimOdyssey's
  // Land, Lift off, Wormhole).
  const notNow = (view.view.unavailable || []).map((u) =>
    el("p", { class: "hint-text not-now", "data-action": u.action },
      u.action.charAt(0).toUpperCase() + u.action.slice(1) + " is not possible now: " + u.reason + "."));
  game.page.actions.replaceChildren(...(hint ? [el("span", { class: "hint-text" }, hint)] : []), ...buttons, ...notNow);
}

// A turn in words: in the game's notation where it has one (classic
// Amazons: d1-d7/g7), else the moves' labels; `moves` its actions as data.
function turnText(moves, fallback) {
  if (!moves.length) return fallback;
  const noted = moves.every((m) => m.notation && m.notation !== m.action);
  return noted ? moves.map((m) => m.notation).join("") : moves.map((m) => m.label).join("; ");
}

// Entries {player, ...} in turns: a turn ends when the player to move
// changes (in a game of one, each entry is one).
function turnsOf(entries, players) {
  const turns = [];
  entries.forEach((entry, index) => {
    const last = turns[turns.length - 1];
    if (players > 1 && last && last.player === entry.player) last.entries.push(entry);
    else turns.push({ player: entry.player, entries: [entry], start: index });
  });
  return turns;
}

// What happened, a line a turn: in the game's notation where it has one,
// then in words, then what the moves did.
function drawLog(log, view) {
  const turns = turnsOf(view.log, view.players);
  // The view carries the last entries of the log, from entry log_from on.
  log.setAttribute("start", (view.log_from || 0) + 1);
  log.replaceChildren(...turns.map(({ player, entries }) => {
    const moves = entries.map((e) => e.move).filter(Boolean);
    const noted = turnText(moves, "");
    const words = moves.length ? moves.map((m) => m.label).join("; ") : entries.map((e) => e.action).join("; ");
    const said = noted && noted !== words ? noted + ": " + words : words;
    return el("li", {}, (view.players > 1 ? nameOf(view, player) + ": " : "") + said,
      ...entries.flatMap((e) => e.events.map((line) => el("div", { class: "event" }, line))));
  }));
  log.scrollTop = log.scrollHeight;
}

// Draws the seat's view; an older view than the one shown is not drawn
// (a late answer), unless `fresh`.
function renderGame(game, view, fresh = false) {
  if (game.view && view.version < game.view.version && !fresh) return;
  if (game.view && view.version !== game.view.version) game.selection = { piece: null, path: [] };
  game.view = view;
  if (!view.preview) game.real = view;
  const page = game.page;
  const myTurn = !view.over && view.player >= 0 && view.to_move === view.player && !view.waiting_for;
  title((myTurn ? "(your turn) " : "") + titleOf(view.game) +
    (view.player < 0 ? " - watching" : " - " + nameOf(view, view.player)));
  if (myTurn && game.wasMyTurn === false) { turnSound(page); notifyTurn(view); }
  game.wasMyTurn = myTurn;
  // The square with the keyboard's focus keeps it when the board is drawn again.
  const focused = page.board.contains(document.activeElement) ? document.activeElement : null;
  if (focused && focused.dataset.cell) game.focus = focused.dataset.cell;
  const ui = boardUi(game, view);
  page.board.replaceChildren(GridBoards.draw(view, ui));
  GridBoards.readable(page.board);
  if (focused) page.board.querySelector('.cell[tabindex="0"]')?.focus();
  page.board.dataset.version = view.version;
  page.status.textContent = statusLine(view);
  drawPlayers(page.players, view);
  if (page.chat) drawChat(game, view.chat);
  drawNotice(game, view);
  // A game of one shows its seed: typed in the form, it deals the same game.
  const seed = view.params && view.params.seed;
  page.seed.hidden = seed === undefined && !view.seed_chosen;
  if (seed !== undefined) page.seed.textContent = "Seed " + seed + " (type it in the game's form to play this game again)";
  else if (view.seed_chosen) page.seed.textContent = "Whoever made this game chose its seed: they could know what is hidden.";
  const side = GamePanels.side(view);
  page.sideBadge.hidden = !side;
  if (side) page.sideBadge.replaceChildren(GamePanels.swatch(side.colour), " You play " + side.name + ".");
  const panel = GamePanels.counters(view, ui);
  page.counters.hidden = !panel;
  if (panel) page.counters.replaceChildren(panel);
  drawActions(game, view, ui);
  // Only a seat plays, and only while the game goes on (a seek, once joined).
  const plays = view.player >= 0 && !view.over && !view.waiting_for;
  page.actions.hidden = !plays;
  page.commandForm.hidden = !plays;
  page.soundLabel.hidden = !plays;
  page.notifyLabel.hidden = !plays || !("Notification" in window);
  if (!page.guide.dataset.game) {  // the game's guide, asked once
    page.guide.dataset.game = view.game;
    api("GET", "/api/games/" + game.id + "/guide").then((answer) => {
      if (answer.ok) page.guide.append(GamePanels.guide(answer.data));
    }).catch(() => { delete page.guide.dataset.game; });
  }
  page.undo.hidden = !plays || (!view.can_undo && !game.pending.length);
  page.undo.textContent = game.pending.length ? "Take back the last step (not sent yet)" : "Undo my last action";
  drawLog(page.log, view);
  drawFlow(game, view);
  drawClocks(game, view);
  page.observation.textContent = view.observation;
  drawConsole(page, view);
}

// The ETF program's output, in the ETF games.
function drawConsole(page, view) {
  if (view.console === undefined) return;
  page.consoleBox.hidden = false;
  const pre = document.getElementById("console");
  pre.textContent = (view.console_from ? "(the first " + view.console_from + " bytes are not shown)\n" : "") + view.console;
  pre.scrollTop = pre.scrollHeight;
}

// What waits for this page's answer, shown under the status (in the first
// screen): the other side's draw offer, a rematch made, a seek nobody has
// joined yet (which its seeker may cancel).
function drawNotice(game, view) {
  const items = [];
  const playing = view.player >= 0;
  if (!view.over && view.waiting_for && playing) {
    items.push(el("p", {}, "Nobody has joined yet: send the game's link, or wait here."),
      el("button", { id: "cancel-seek", onclick: () => game.answer("cancel", {}) }, "Cancel the seek"));
  } else if (!view.over && playing && view.draw_offer !== undefined && view.draw_offer !== view.player) {
    items.push(el("div", { id: "draw-offer", class: "offer", role: "alert" },
      el("p", {}, nameOf(view, view.draw_offer) + " offers a draw."),
      el("button", { id: "draw", class: "primary", onclick: () => game.answer("draw", {}) }, "Accept the draw"),
      el("button", { id: "decline", onclick: () => game.answer("decline", {}) }, "Decline")));
  } else if (view.over && view.rematch) {
    items.push(el("p", {}, "A rematch is ready."),
      el("a", { id: "rematch-link", class: "button primary", href: "/game/" + view.rematch.id + "?token=" + view.rematch.token },
        "Go to the rematch"));
  }
  game.page.notice.hidden = !items.length;
  game.page.notice.replaceChildren(...items);
}

// The controls of the game's flow: resign (asked twice), offering a draw,
// a rematch, the record and the replay once over, the link to watch, and
// for a spectator, the board turned.
function drawFlow(game, view) {
  const items = [];
  const playing = view.player >= 0;
  const again = () => drawFlow(game, game.view);
  if (playing && !view.over && !view.waiting_for) {
    if (game.confirmResign) {
      items.push(el("button", { id: "resign-confirm", class: "danger", onclick: () => { game.confirmResign = false; game.answer("resign", {}); } }, "Yes, resign"),
        el("button", { id: "resign-cancel", onclick: () => { game.confirmResign = false; again(); } }, "No, play on"));
    } else {
      items.push(el("button", { id: "resign", onclick: () => { game.confirmResign = true; again(); } }, "Resign"));
    }
    if (view.players === 2 && view.draw_offer === view.player) {
      items.push(el("button", { id: "draw", disabled: "" }, "Draw offered"));
    } else if (view.players === 2 && view.draw_offer === undefined) {
      items.push(el("button", { id: "draw", onclick: () => game.answer("draw", {}) }, "Offer a draw"));
    }
  }
  if (view.over) {
    if (playing && !view.rematch && view.ended_by !== "aborted") {
      items.push(el("button", { id: "rematch", onclick: () => game.answer("rematch", {}) }, "Rematch"));
    }
    items.push(el("a", { id: "record", href: "/api/games/" + game.id + "/record", download: "game-" + game.id + ".json" }, "Download the record"));
    if ((view.records || []).includes("sgf")) {
      items.push(el("a", { id: "record-sgf", href: "/api/games/" + game.id + "/record?format=sgf", download: "game-" + game.id + ".sgf" }, "as SGF"));
    }
    items.push(el("button", { id: "replay", onclick: () => showReplay(game.id) }, "Replay"));
  }
  if (!playing && GridBoards.bottom(view) !== null) {
    items.push(el("button", { id: "flip", "aria-pressed": game.spectatorFlip ? "true" : "false", onclick: () => {
      game.spectatorFlip = !game.spectatorFlip;
      renderGame(game, game.view);
    } }, "Turn the board"));
  }
  if (view.spectator) {
    items.push(el("label", { class: "watch" }, "Link to watch: ",
      el("input", { readonly: "", id: "watch", value: location.origin + "/game/" + game.id + "?token=" + view.spectator })));
  }
  game.page.flow.replaceChildren(...items);
}

// Both clocks; the running one ticks here between answers.
function drawClocks(game, view) {
  const clocks = game.page.clocks;
  clearInterval(game.ticker);
  if (!view.clocks) { clocks.hidden = true; return; }
  clocks.hidden = false;
  const received = Date.now();
  // The mover's clock stands out once the game is under way (a seek
  // waiting has no mover yet); it ticks once that player has moved.
  const live = !view.over && !view.waiting_for;
  const show = () => {
    clocks.replaceChildren(...view.clocks.map((ms, p) => {
      const runs = p === view.to_move && view.clock_runs;
      const left = Math.max(0, runs ? ms - (Date.now() - received) : ms);
      const seconds = Math.ceil(left / 1000);
      const text = Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
      return el("span", { class: "clock" + (live && p === view.to_move ? " running" : ""), id: "clock" + p },
        nameOf(view, p) + " " + text);
    }));
  };
  show();
  if (!view.over && view.clock_runs) game.ticker = setInterval(show, 250);
}

// Follows the game: its first view by a plain request (which also makes a
// seat one of this browser's games), then a stream of its views (the
// server's events, each with its version as its id) as they come; where a
// browser has no EventSource, long polls. Only a newer view is drawn: the
// answer to this page's own move may come after the stream's next view.
// The first view of a stream that (re)connects is the server's word, drawn
// whatever its version (a server restarted). Every 15 s the stream says
// the game's version: a page behind it asks again. A view drawn already
// is not drawn again: that would replace the cells under the player's
// pointer.
async function followGame(game) {
  const url = "/api/games/" + game.id + "?token=" + encodeURIComponent(game.token);
  const draw = async (view, fresh = false) => {
    if (game.page.message.textContent === UNREACHABLE) game.say("");
    const seen = game.view && view.version === game.view.version && view.console === game.view.console;
    if (!seen) await game.shown(view, fresh);
  };
  const first = await api("GET", url).catch(() => null);
  if (first && !first.ok) { showMissing(first.data.error); return; }
  if (first) await draw(first.data);
  // A seat's link opened: this browser holds the seat ("Your games").
  if (first && first.data.player >= 0 && !game.held) {
    game.held = true;
    api("POST", "/api/games/" + game.id + "/hold", { token: game.token }).catch(() => null);
  }
  if (!window.EventSource) return pollGame(game, url, draw, first ? first.data.version : null);
  // The stream starts after the version shown (the server sends the view
  // only if the game is elsewhere); the browser's reconnections say the
  // last event's id.
  const after = game.view ? "&after=" + game.view.version : "";
  const source = new EventSource("/api/games/" + game.id + "/events?token=" + encodeURIComponent(game.token) + after);
  let fresh = true;
  source.onopen = () => {
    document.body.dataset.follows = "events";
    fresh = true;
    // Back: the stream sends the view only if the game moved meanwhile.
    if (game.page.message.textContent === UNREACHABLE) game.say("");
  };
  source.onmessage = (event) => {
    if (!game.page.board.isConnected) { source.close(); return; }
    let view = null;
    try { view = JSON.parse(event.data); } catch (e) { /* not a view: nothing to draw */ }
    if (!view || typeof view.version !== "number") return;
    draw(view, fresh);
    fresh = false;
  };
  source.addEventListener("version", async (event) => {
    if (!game.page.board.isConnected || !game.view || Number(event.data) <= game.view.version) return;
    const answer = await api("GET", url).catch(() => null);
    if (answer && answer.ok) draw(answer.data);
  });
  source.onerror = async () => {
    game.say(UNREACHABLE);
    // The browser connects again by itself each second (the server's
    // "retry"), unless the server refused the stream: then why, or again.
    if (source.readyState !== EventSource.CLOSED) return;
    const answer = await api("GET", url).catch(() => null);
    if (answer && !answer.ok) { showMissing(answer.data.error); return; }
    setTimeout(() => followGame(game), 1000);
  };
}

// The same by long polls: each answer waits until something changes.
async function pollGame(game, url, draw, after) {
  document.body.dataset.follows = "polls";
  for (;;) {
    const answer = await api("GET", url + (after === null ? "" : "&after=" + after + "&wait=20000")).catch(() => null);
    if (!answer) {
      // Tried again each second; the next answer is a fresh view, not a
      // long poll, so the page is back (its clocks set again) at once.
      game.say(UNREACHABLE);
      after = null;
      await new Promise((r) => setTimeout(r, 1000));
      continue;
    }
    if (!answer.ok) { showMissing(answer.data.error); return; }
    await draw(answer.data);
    after = answer.data.version;
  }
}

// A page for an address with nothing behind it, or a game that cannot be
// shown: what is wrong, and the way back.
function showMissing(reason) {
  title("nothing here");
  app.replaceChildren(el("h1", {}, "Nothing to show here"), el("p", { id: "missing" }, reason),
    el("p", {}, el("a", { href: "/", id: "back" }, "Back to the games")));
}

// A finished game, turn by turn, as spectators saw it: the board after a
// turn with that turn's squares marked, the list of the turns in the game's
// notation (each a link: every position has its own address), and the way
// through them (buttons, the arrow keys, Home and End).
async function showReplay(id, step = 0) {
  const answer = await api("GET", "/api/games/" + id + "/replay?step=" + step);
  if (!answer.ok) { showMissing(answer.data.error); return; }
  const r = answer.data;
  const players = r.names.length;
  // Each step has its own address (the seat's token kept, for the way back).
  const params = new URLSearchParams(location.search);
  const address = (to) => { params.set("replay", to); return "/game/" + id + "?" + params.toString(); };
  history.replaceState(null, "", address(r.step));
  const turns = turnsOf(r.moves, players).map((t) => ({ ...t, end: t.start + t.entries.length }));
  const ends = [0, ...turns.map((t) => t.end)];
  const before = Math.max(...ends.filter((e) => e < r.step)), after = Math.min(...ends.filter((e) => e > r.step));
  const go = (to) => { if (to >= 0 && to <= r.steps && to !== r.step) showReplay(id, to); };
  title(titleOf(r.view.game) + " - replay");
  const button = (label, to, name) => {
    const b = el("button", { id: name, onclick: () => go(to) }, label);
    if (!Number.isFinite(to) || to < 0 || to > r.steps || to === r.step) b.disabled = true;
    return b;
  };
  const named = (t) => nameOf(r, t.player) + ": " + turnText(t.entries.map((e) => e.move).filter(Boolean),
    t.entries.map((e) => e.label).join("; "));
  const shown = turns.findIndex((t) => t.end === r.step);
  const said = r.step === 0 ? "the start" : shown >= 0 ? named(turns[shown])
    : nameOf(r, r.action.player) + ": " + (r.action.move ? r.action.move.label : r.action.action);
  const where = shown >= 0 || r.step === 0 ? "Turn " + (shown + 1) + " of " + turns.length : "Action " + r.step + " of " + r.steps;
  // The turns: each a link to the position after it.
  const list = el("ol", { id: "replay-moves", class: "replay-moves", tabindex: "0", "aria-label": "the turns" });
  turns.forEach((t, i) => {
    const link = el("a", { href: address(t.end), onclick: (event) => { event.preventDefault(); go(t.end); } }, named(t));
    if (i === shown) link.setAttribute("aria-current", "step");
    list.append(el("li", {}, link));
  });
  // The turn shown, marked on the board: its actions up to this step.
  const upTo = r.moves.slice(0, r.step).map((m) => ({ player: m.player, move: m.move }));
  const parts = GridBoards.turnParts(GridBoards.lastTurn(upTo, players));
  const view = { game: r.view.game, player: -1, players, names: r.names, view: r.view };
  const board = el("div", { class: "board-box", id: "board", "data-version": r.step });
  const ui = { mark: () => ({}), lastPart: (square) => parts.get(MovePicker.key(square)), click() {}, pick() {},
    canPick: () => false, flip: replayFlip, width: 0,
    zoomed: false, zoom() {} };
  const back = new URLSearchParams(params);
  back.delete("replay");
  const flip = GridBoards.bottom(view) === null ? "" : el("button", { id: "flip", "aria-pressed": replayFlip ? "true" : "false",
    onclick: () => { replayFlip = !replayFlip; showReplay(id, r.step); } }, "Turn the board");
  app.replaceChildren(el("h1", {}, "Replay of " + titleOf(r.view.game)),
    el("div", { class: "layout" }, board,
      el("div", { class: "side" },
        el("p", { id: "replay-step", role: "status" }, where + ": " + said),
        el("div", { class: "flow" }, button("« Start", 0, "replay-start"), button("◀ Back", before, "replay-back"),
          button("Next ▶", after, "replay-next"), button("End »", r.steps, "replay-end"), flip),
        el("p", { class: "hint" }, "The arrow keys step back and forth; Home and End go to the start and the end."),
        list,
        el("p", {}, el("a", { id: "replay-leave", href: "/game/" + id + "?" + back.toString() }, "Back to the game")),
        el("details", {}, el("summary", {}, "The position as text"), el("pre", {}, r.observation)))));
  ui.width = boardWidth(board);
  board.append(GridBoards.draw(view, ui));
  GridBoards.readable(board);
  list.querySelector("[aria-current]")?.scrollIntoView({ block: "nearest" });
  document.onkeydown = (event) => {
    if (!document.getElementById("replay-moves")) { document.onkeydown = null; return; }
    const to = { ArrowLeft: before, ArrowRight: after, Home: 0, End: r.steps }[event.key];
    if (to !== undefined) { event.preventDefault(); go(to); }
  };
}
// A replay's board turned half round (kept from step to step).
let replayFlip = false;

// A board drawn at one width and shown at another keeps its text readable;
// a game's board is drawn again for its new width (a board too large for
// the screen shows whole, or zooms).
let currentGame = null;
window.addEventListener("resize", () => {
  const board = document.getElementById("board");
  if (currentGame && currentGame.view && currentGame.page.board.isConnected) renderGame(currentGame, currentGame.view);
  else if (board) GridBoards.readable(board);
});

async function route() {
  catalogue = (await api("GET", "/api/games")).data.games || [];
  await readMe();
  const path = location.pathname;
  if (path === "/account") return showAccount();
  if (path.startsWith("/ratings/"))
    return showRatings(decodeURIComponent(path.slice(9)), new URLSearchParams(location.search).get("variant") || "");
  if (path.startsWith("/play/")) return showNewGame(decodeURIComponent(path.slice(6)));
  if (path.startsWith("/game/")) {
    const query = new URLSearchParams(location.search);
    if (query.has("replay")) return showReplay(path.slice(6), parseInt(query.get("replay"), 10) || 0);
    return showGame(path.slice(6), query.get("token") || "");
  }
  if (path !== "/") return showMissing("There is nothing at " + path + ".");
  return showMenu();
}

route();
