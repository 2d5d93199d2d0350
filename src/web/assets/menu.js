// gridgames in the browser: the front page (your games, the lobby, every
// game), the form that starts a game, and the links of its seats. Loaded
// before app.js, whose api(), el and app it calls.
"use strict";

// The games' catalogue (names, titles, parameters, bots), read once.
let catalogue = [];
const titleOf = (name) => (catalogue.find((g) => g.name === name) || {}).title || name;

function title(text) {
  document.title = text + " - gridgames";
  document.getElementById("subtitle").textContent = text;
}

// The front page: the games this browser holds a seat in, the open seeks of
// the lobby, and every game with its description.
async function showMenu() {
  title("choose a game");
  const list = el("div", { class: "games" });
  for (const game of catalogue) {
    const card = el("div", { class: "card" },
      el("a", { href: "/play/" + game.name, id: "play-" + game.name }, game.title),
      el("p", {}, game.description));
    if (game.players === 2 && game.bots.length) {
      card.append(el("button", { type: "button", id: "quick-" + game.name,
        onclick: () => quickGame(game) }, "Play the computer" + quickRules(game)));
    }
    list.append(card);
  }
  const mine = el("section", { id: "my-games", "aria-label": "your games" });
  const lobby = el("section", { id: "lobby", "aria-label": "open games" });
  app.replaceChildren(lobby, mine, el("h1", {}, "Play a game"), list);
  await drawMyGames(mine);
  await drawLobby(lobby);
  // The lobby changes as others seek and join: read again while it shows.
  const refresh = setInterval(() => {
    if (!lobby.isConnected) { clearInterval(refresh); return; }
    drawLobby(lobby);
    drawMyGames(mine);
  }, 5000);
}

const seatLink = (id, token) => "/game/" + id + "?token=" + token;

// "Your games": each seat this browser holds (the server keeps the list for
// its cookie), with the turn or the result; finished ones can be archived.
async function drawMyGames(box) {
  const games = (await api("GET", "/api/my-games")).data.games || [];
  if (!games.length) { box.replaceChildren(); return; }
  const list = el("ul", { class: "my-games" });
  // The games to play first, then the others; a few at first, all on demand.
  games.sort((a, b) => (b.your_turn - a.your_turn) || (a.over - b.over));
  const shown = box.dataset.all ? games : games.slice(0, 5);
  for (const g of shown) {
    const state = g.over ? endingLine(g) : g.waiting_for ? "waiting for an opponent"
      : g.your_turn ? "your turn" : "the other side's turn";
    const against = (g.opponents || []).map((o) => o.account + " (" + (o.bot_account ? "bot, " : "") + o.rating + ")");
    const item = el("li", { class: g.your_turn ? "your-turn" : "" },
      el("a", { href: seatLink(g.id, g.token) }, g.title + " as Player " + (g.player + 1)),
      against.length ? " against " + against.join(", ") + (g.rated ? ", rated" : "") : "",
      " ", el("span", {}, state));
    if (g.over) {
      item.append(" ", el("button", { type: "button", class: "archive", onclick: async () => {
        await api("POST", "/api/my-games/" + g.id + "/archive", {});
        drawMyGames(box);
      } }, "Archive"));
    }
    list.append(item);
  }
  const more = games.length > shown.length ? el("button", { type: "button", id: "my-games-all", onclick: () => {
    box.dataset.all = "1";
    drawMyGames(box);
  } }, "Show all " + games.length) : "";
  box.replaceChildren(el("h2", {}, "Your games"), list, more);
}

// The lobby: games waiting for an opponent, each joined by one click.
async function drawLobby(box) {
  const seeks = (await api("GET", "/api/lobby")).data.seeks || [];
  const list = el("ul", { class: "seeks" });
  for (const seek of seeks) {
    const clock = seek.clock ? seek.clock.minutes + " + " + seek.clock.increment_seconds : "no clock";
    const params = Object.entries(seek.params).map(([k, v]) => k + " " + v).join(", ");
    const about = [seek.by ? "by " + seek.by + " (" + (seek.bot ? "bot, " : "") + seek.rating + ")" : "", seek.rated ? "rated" : "", clock, params];
    list.append(el("li", {}, el("b", {}, seek.title), " " + about.filter(Boolean).join(", ") + " ",
      el("button", { type: "button", class: "join", id: "join-" + seek.id, onclick: async () => {
        const joined = await api("POST", "/api/lobby/" + seek.id + "/join", {});
        if (joined.ok) location.assign(seatLink(joined.data.id, joined.data.token));
        else drawLobby(box);
      } }, "Join")));
  }
  box.replaceChildren(el("h2", {}, "Open games"), seeks.length ? list
    : el("p", {}, "Nobody is waiting for an opponent now: start a game and choose \"Wait for an opponent in the lobby\"."));
}

// What a quick game's parameters are, by the names of their choices
// (" (classic)"), where it has any.
function quickRules(game) {
  const names = Object.entries(game.quick.params).map(([name, value]) => {
    const param = game.params.find((p) => p.name === name);
    const choice = param && (param.choices || []).find((c) => c.value === value);
    return (choice ? choice.label.split(":")[0] : value).toLowerCase();
  });
  return names.length ? " (" + names.join(", ") + ")" : "";
}

// Quick pairing against the computer: the game people know (classic
// Amazons), against the bot the game names for it.
async function quickGame(game) {
  const answer = await api("POST", "/api/games", { game: game.name, params: game.quick.params, seats: ["human", game.quick.bot] });
  if (answer.ok) location.assign(seatLink(answer.data.id, answer.data.seats[0].token));
}

// The form that starts a game: its parameters and who sits in each seat.
async function showNewGame(name) {
  const game = catalogue.find((g) => g.name === name);
  if (!game) {
    app.replaceChildren(el("p", {}, "There is no game called " + name + ". "), el("a", { href: "/" }, "All games"));
    return;
  }
  title(titleOf(name));
  const form = el("form", { class: "new-game" });
  for (const p of game.params) form.append(paramField(p));
  // A time control, in games of more than one player.
  const clock = el("select", { name: "clock", id: "clock" });
  for (const [value, text] of TIME_CONTROLS) clock.append(el("option", { value }, text));
  if (game.players > 1 || game.params.some((p) => p.name === "players")) {
    form.append(el("div", { class: "field" }, el("label", { for: "clock" }, "Clocks"), clock,
      el("small", {}, "minutes each + seconds gained a move; whoever runs out of time loses")));
  }
  const seatsBox = el("div", { id: "seats" });
  const playersInput = form.querySelector("input[name=players]");
  const drawSeats = () => {
    const count = playersInput ? Math.max(1, Math.min(8, parseInt(playersInput.value, 10) || game.players)) : game.players;
    seatsBox.replaceChildren();
    for (let p = 0; p < count; ++p) {
      const select = el("select", { name: "seat" + p, id: "seat" + p });
      select.append(el("option", { value: "human" }, "a person"));
      for (const bot of game.bots) select.append(el("option", { value: bot }, "computer: " + bot));
      seatsBox.append(el("div", { class: "field" }, el("label", { for: "seat" + p }, "Player " + (p + 1)), select));
    }
  };
  if (playersInput) playersInput.addEventListener("input", drawSeats);
  drawSeats();
  const message = el("p", { id: "message", role: "alert" });
  form.append(el("h2", {}, "Seats"), seatsBox,
    el("button", { type: "submit", class: "primary", id: "start" }, "Start the game"), message);
  // A seek: the game waits in the lobby until somebody joins it.
  const seekButton = el("button", { type: "button", id: "seek" }, "Wait for an opponent in the lobby");
  // Rated: between accounts, in games of two.
  const rated = el("input", { type: "checkbox", id: "rated" });
  if (game.players > 1) form.insertBefore(seekButton, message);
  if (game.players === 2 && me)
    form.insertBefore(el("label", { class: "rated", for: "rated" }, rated, " Rated (the opponent needs an account too)"), message);
  // A challenge to a bot account: the game waits for that bot only.
  const opponent = el("input", { id: "opponent", name: "opponent", maxlength: "20", placeholder: "a bot's name" });
  const challenge = el("button", { type: "button", id: "challenge" }, "Challenge");
  if (game.players === 2)
    form.insertBefore(el("div", { class: "field" }, el("label", { for: "opponent" }, "Challenge a bot"), opponent, challenge), message);
  challenge.addEventListener("click", async () => {
    const answer = await api("POST", "/api/lobby", { ...request(), rated: rated.checked, opponent: opponent.value.trim() });
    if (!answer.ok) { message.textContent = answer.data.error; return; }
    location.assign(seatLink(answer.data.id, answer.data.token));
  });
  const request = () => {
    const params = {};
    for (const p of game.params) {
      const value = form.elements[p.name].value.trim();
      if (value !== "" && value !== p.default) params[p.name] = value;
    }
    const body = { game: name, params };
    if (clock.value) {
      const [minutes, increment] = clock.value.split("+").map(Number);
      body.clock = { minutes, increment_seconds: increment };
    }
    return body;
  };
  seekButton.addEventListener("click", async () => {
    const answer = await api("POST", "/api/lobby", { ...request(), rated: rated.checked });
    if (!answer.ok) { message.textContent = answer.data.error; return; }
    location.assign(seatLink(answer.data.id, answer.data.token));
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { ...request(), seats: [...seatsBox.querySelectorAll("select")].map((s) => s.value) };
    const answer = await api("POST", "/api/games", body);
    if (!answer.ok) { message.textContent = answer.data.error; return; }
    showLinks(answer.data);
  });
  app.replaceChildren(el("h1", {}, "New game of " + titleOf(name)),
    el("p", {}, game.description), form);
}

const TIME_CONTROLS = [["", "none"], ["1+0", "1 + 0 (bullet)"], ["3+2", "3 + 2 (blitz)"], ["5+3", "5 + 3 (blitz)"],
  ["10+5", "10 + 5 (rapid)"], ["15+10", "15 + 10 (rapid)"], ["30+20", "30 + 20 (classical)"]];

// A parameter's field: its name for people, a choice where it takes one of
// a few values, a number or text otherwise; a seed left empty is drawn by the
// server.
function paramField(p) {
  const id = "param-" + p.name;
  let input;
  if (p.choices) {
    input = el("select", { name: p.name, id });
    for (const c of p.choices) {
      const option = el("option", { value: c.value }, c.label);
      if (c.value === p.default) option.selected = true;
      input.append(option);
    }
  } else if (p.name === "seed") {
    input = el("input", { name: p.name, id, inputmode: "numeric", placeholder: "drawn at random", size: 12 });
  } else {
    input = el("input", { name: p.name, id, value: p.default, size: 12, inputmode: /^\d+$/.test(p.default) ? "numeric" : "text" });
  }
  const help = el("small", { id: id + "-help" }, p.help);
  input.setAttribute("aria-describedby", id + "-help");
  return el("div", { class: "field" }, el("label", { for: id }, p.label || p.name), input, help);
}

// After starting: each person's seat has its own link; the first opens here.
function showLinks(created) {
  const people = created.seats.filter((s) => s.token);
  const link = (s) => location.origin + "/game/" + created.id + "?token=" + s.token;
  if (people.length === 1) { location.assign(link(people[0])); return; }
  const list = el("ul", { class: "links" });
  for (const s of people) {
    list.append(el("li", {}, el("a", { href: link(s), id: "link" + s.player }, "Play as Player " + (s.player + 1)),
      el("input", { readonly: "", value: link(s), "aria-label": "link of player " + (s.player + 1) })));
  }
  const watch = location.origin + "/game/" + created.id + "?token=" + created.spectator;
  app.replaceChildren(el("h1", {}, "The game is ready"),
    el("p", {}, "Each link is a seat: open yours, and send the others to the other players. " +
      "Whoever has a link plays that seat, so keep them to yourselves. " +
      "This browser keeps them: they are under \"Your games\" on the front page."), list,
    el("p", {}, "Anyone may watch with this link: it shows what is public, never a player's secrets."),
    el("input", { readonly: "", value: watch, id: "watch-link", "aria-label": "link to watch the game" }));
}

