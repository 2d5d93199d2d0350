// gridgames in the browser: the people of the site. The account in the
// header (sign in, sign up, sign out), the account's page (its ratings,
// deleting it), a game's ratings table, a game page's chat and the seats'
// names and ratings, and the notice of a turn while the page is in the
// background (with the player's permission). Loaded after menu.js and
// before app.js; calls api() and el, which app.js defines before any call.
"use strict";

// The account signed in ({username, ratings}), or null; read once a page.
let me = null;

async function readMe() {
  const answer = await api("GET", "/api/me");
  me = answer.ok ? answer.data : null;
  drawAccountLink();
}

function drawAccountLink() {
  const box = document.getElementById("account");
  if (!box) return;
  box.replaceChildren(me
    ? el("a", { href: "/account", id: "account-link" }, me.username)
    : el("a", { href: "/account", id: "account-link" }, "Sign in"));
}

// /account: signing in or up; signed in, the account's ratings, signing
// out and deleting it.
function showAccount() {
  title(me ? me.username : "sign in");
  const message = el("p", { id: "account-message", role: "alert" });
  if (!me) {
    const form = el("form", { class: "account", id: "account-form" },
      el("div", { class: "field" }, el("label", { for: "username" }, "Username"),
        el("input", { id: "username", name: "username", autocomplete: "username", required: "", maxlength: "20" })),
      el("div", { class: "field" }, el("label", { for: "password" }, "Password"),
        el("input", { id: "password", name: "password", type: "password", autocomplete: "current-password", required: "", minlength: "8" })),
      el("button", { type: "submit", class: "primary", id: "sign-in" }, "Sign in"),
      el("button", { type: "button", id: "sign-up" }, "Make a new account"), message);
    const send = async (path) => {
      const answer = await api("POST", path, { username: form.elements.username.value, password: form.elements.password.value });
      if (!answer.ok) { message.textContent = answer.data.error; return; }
      me = answer.data;
      location.assign("/");
    };
    form.addEventListener("submit", (event) => { event.preventDefault(); send("/api/login"); });
    form.querySelector("#sign-up").addEventListener("click", () => {
      if (form.reportValidity()) send("/api/accounts");
    });
    app.replaceChildren(el("h1", {}, "Sign in"), el("p", {}, "An account keeps your games on every device you sign in on, " +
      "and gives you a rating in each game you play rated. Playing without one works as well."), form);
    return;
  }
  const ratings = el("ul", { id: "my-ratings" });
  for (const r of me.ratings) {
    ratings.append(el("li", {}, el("a", { href: "/ratings/" + r.game + (r.variant ? "?variant=" + encodeURIComponent(r.variant) : "") },
      titleOf(r.game) + (r.variant ? " (" + r.variant + ")" : "")), " " + r.rating + " ± " + 2 * r.rd + ", " + r.games + " games"));
  }
  const out = el("button", { type: "button", id: "sign-out", onclick: async () => {
    await api("POST", "/api/logout", {});
    location.assign("/");
  } }, "Sign out");
  const password = el("input", { id: "delete-password", type: "password", autocomplete: "current-password", "aria-label": "your password" });
  const remove = el("form", { id: "delete-account" }, el("p", {}, "Deleting the account deletes its name, password, ratings and " +
    "the list of its games, on every device. The games stay, without its name."), password,
    el("button", { type: "submit", id: "delete" }, "Delete my account"), message);
  remove.addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await api("POST", "/api/me/delete", { password: password.value });
    if (!answer.ok) { message.textContent = answer.data.error; return; }
    location.assign("/");
  });
  app.replaceChildren(el("h1", {}, me.username), el("h2", {}, "Ratings"),
    me.ratings.length ? ratings : el("p", {}, "No rated game yet: choose \"Rated\" when you wait for an opponent in the lobby."),
    out, el("h2", {}, "Bots"), botForm(), el("h2", {}, "Delete the account"), remove);
}

// A bot account of this account's: its token shown once, with the command
// that plays it from the owner's machine (docs/engine-protocol.md).
function botForm() {
  const name = el("input", { id: "bot-name", maxlength: "20", "aria-label": "the bot's name" });
  const shown = el("div", { id: "bot-made", role: "status" });
  const form = el("form", { id: "make-bot" }, el("p", {}, "A bot account plays with a program of yours, " +
    "on your machine: anyone can challenge it from a game's form."), name,
    el("button", { type: "submit", id: "make-bot-button" }, "Make a bot"), shown);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await api("POST", "/api/bots", { name: name.value });
    if (!answer.ok) { shown.textContent = answer.data.error; return; }
    const command = "gridgames bot --server " + location.origin + " --token " + answer.data.token + " -- PROGRAM";
    shown.replaceChildren(el("p", {}, "Your bot " + answer.data.name + " is made. Its token is shown once: keep it. " +
      "Play it with a program of the engine protocol:"), el("input", { readonly: "", id: "bot-command", value: command, size: 60, "aria-label": "the command that plays your bot" }));
  });
  return form;
}

// /ratings/GAME: the players of a game's pool, best first.
async function showRatings(game, variant) {
  title("ratings of " + titleOf(game));
  const answer = await api("GET", "/api/ratings/" + encodeURIComponent(game) + (variant ? "?variant=" + encodeURIComponent(variant) : ""));
  if (!answer.ok) return showMissing(answer.data.error);
  const table = el("table", { id: "ratings" }, el("thead", {}, el("tr", {},
    el("th", {}, "#"), el("th", {}, "Player"), el("th", {}, "Rating"), el("th", {}, "±"), el("th", {}, "Games"))));
  const body = el("tbody");
  answer.data.players.forEach((p, i) => body.append(el("tr", {}, el("td", {}, String(i + 1)), el("td", {}, p.username + (p.bot ? " (bot)" : "")),
    el("td", {}, String(p.rating)), el("td", {}, String(2 * p.rd)), el("td", {}, String(p.games)))));
  table.append(body);
  app.replaceChildren(el("h1", {}, "Ratings: " + titleOf(game) + (variant ? " (" + variant + ")" : "")),
    el("p", {}, "Glicko-2 ratings from rated games between accounts; ± is twice the rating's deviation."),
    answer.data.players.length ? table : el("p", {}, "Nobody has played a rated game of it yet."));
}

// A seat's name as the page shows it: its account and rating when it has one.
function seatLabel(view, p) {
  const seat = (view.seats || [])[p] || {};
  return seat.account ? seat.account + " (" + (seat.bot_account ? "bot, " : "") + seat.rating + ")" : nameOf(view, p);
}

// "Yellow: Ada (1500) · Green: bob (1500)", in games where a seat has an account.
function drawPlayers(box, view) {
  const seats = view.seats || [];
  box.hidden = !seats.some((s) => s.account);
  if (box.hidden) return;
  box.replaceChildren(...seats.flatMap((s, p) => [p ? " · " : "", nameOf(view, p) + ": " + seatLabel(view, p)]),
    view.rated ? " · rated" : "");
}

// The chat box of a game page: the room's lines (as text: nothing in them is
// markup), a line to say, and a seat's mute of each other seat.
function chatBox(game) {
  const lines = el("ol", { id: "chat-lines", class: "chat-lines", tabindex: "0", "aria-label": "chat", "aria-live": "polite" });
  const input = el("input", { id: "chat-input", maxlength: "500", autocomplete: "off", "aria-label": "a line to say" });
  const form = el("form", { class: "command", id: "chat-form" }, input, el("button", { type: "submit", id: "chat-send" }, "Say"));
  const mutes = el("div", { id: "chat-mutes" });
  const box = el("details", { id: "chat", class: "chat" }, el("summary", { id: "chat-title" }, "Chat"), lines, form, mutes);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    const answer = await api("POST", "/api/games/" + game.id + "/chat", { token: game.token, text });
    if (!answer.ok) { game.say(answer.data.error); return; }
    input.value = "";
    drawChat(game, answer.data.chat);
  });
  return box;
}

function drawChat(game, chat) {
  if (!chat) return;
  const page = game.page;
  const shown = page.chatLines.children.length;
  page.chatLines.replaceChildren(...chat.lines.map((line) =>
    el("li", {}, el("b", {}, line.from + ": "), line.text)));
  page.chatLines.scrollTop = page.chatLines.scrollHeight;
  const fresh = chat.lines.length - shown;
  page.chatTitle.textContent = (chat.room === "spectators" ? "Spectators' chat" : "Chat") +
    (!page.chat.open && fresh > 0 && shown ? " (" + fresh + " new)" : "");
  if (!page.chat.open && chat.lines.length && !shown) page.chatTitle.textContent += " (" + chat.lines.length + ")";
  const view = game.view;
  page.chatMutes.replaceChildren();
  if (view.player < 0) return;
  for (let p = 0; p < view.players; ++p) {
    if (p === view.player) continue;
    const muted = chat.muted.includes(p);
    page.chatMutes.append(el("button", { type: "button", class: "mute", id: "mute-" + p, onclick: async () => {
      const answer = await api("POST", "/api/games/" + game.id + "/mute", { token: game.token, player: p, muted: !muted });
      if (answer.ok) drawChat(game, answer.data.chat);
    } }, (muted ? "Hear " : "Mute ") + nameOf(view, p)));
  }
}

// With the player's permission, a notice when the turn comes to this seat
// while the page is in the background (another tab, a hidden window).
function notifyBox() {
  const box = el("input", { type: "checkbox", id: "notify" });
  box.checked = localStorage.getItem("gridgames-notify") === "on" && "Notification" in window &&
    Notification.permission === "granted";
  box.addEventListener("change", async () => {
    if (box.checked && "Notification" in window && Notification.permission !== "granted")
      box.checked = (await Notification.requestPermission()) === "granted";
    localStorage.setItem("gridgames-notify", box.checked ? "on" : "off");
  });
  return el("label", { class: "sound", id: "notify-label", hidden: "" }, box, " Tell me when it is my turn (a notification)");
}

function notifyTurn(view) {
  if (localStorage.getItem("gridgames-notify") !== "on" || !document.hidden) return;
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  new Notification("Your turn: " + titleOf(view.game), { body: "Your move in " + titleOf(view.game) + ".", tag: "gridgames-" + view.id });
}
