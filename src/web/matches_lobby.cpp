// web::Matches: the lobby (seeks, joined by whoever comes) and the games
// each browser holds a seat in ("my games"), kept for its identity, the
// long random value of a cookie: no account needed.
#include <algorithm>

#include "web/accounts.hpp"
#include "web/matches.hpp"
#include "web/matches_shared.hpp"
#include "web/ratings.hpp"

namespace web {
namespace {

using nlohmann::json;

// The most seeks the lobby lists, and games a browser's list shows.
constexpr std::size_t kLobbySize = 100;
constexpr std::size_t kMyGamesSize = 100;
// The seats held that this server remembers having written (then forgets all).
constexpr std::size_t kHoldsRemembered = 100000;

}  // namespace

int Matches::open_seats(const Match& match) {
  return static_cast<int>(
      std::count_if(match.seats.begin(), match.seats.end(), [](const Seat& s) { return s.open; }));
}

// A seek's seat is taken (live, or replayed from the store), by an account
// or by nobody's.
void Matches::claim(Match& match, int player, const std::string& account, bool bot) {
  if (player < 0 || player >= static_cast<int>(match.seats.size())) return;
  Seat& seat = match.seats[static_cast<std::size_t>(player)];
  seat.open = false;
  seat.account = account;
  seat.bot_account = bot;
  note_rating(match, seat);
  changed(match);
}

json Matches::lobby() {
  const std::lock_guard lock(mutex_);
  // The store's: the seeks made through every server sharing it.
  std::vector<const Match*> seeks;
  for (const std::string& id : store_->seeks(kLobbySize)) {
    auto found = find_any(id);
    const auto* match = std::get_if<Match*>(&found);
    // (A challenge waits for its bot, not in the lobby.)
    if (match && open_seats(**match) > 0 && !over(**match) && (*match)->opponent.empty())
      seeks.push_back(*match);
  }
  json list = json::array();
  for (const Match* match : seeks) {
    // The parameters as given, but never what deals (the seed, the links):
    // it places hidden pieces.
    json params = json::object();
    for (const auto& [key, value] : match->params)
      if (!engine::deals(match->info->params, key)) params[key] = value;
    json seek = {{"id", match->id},
                 {"game", match->info->name},
                 {"title", match->info->title},
                 {"params", params},
                 {"players", match->state->players()},
                 {"open", open_seats(*match)},
                 {"created_ms", match->created_ms},
                 {"rated", match->rated}};
    if (const Seat& seeker = match->seats[0]; !seeker.account.empty()) {
      seek["by"] = seeker.account;
      seek["rating"] = seeker.rating;
      if (seeker.bot_account) seek["bot"] = true;
    }
    if (match->clocks) {
      seek["clock"] = {{"minutes", match->clocks->left_ms[0] / 60000.0},
                       {"increment_seconds", match->clocks->increment_ms / 1000.0}};
    }
    list.push_back(std::move(seek));
  }
  return {{"seeks", list}};
}

Answer<json> Matches::seek(const json& request, const std::string& address,
                           const std::string& identity, const std::string& account, bool bot) {
  if (request.is_object() && request.contains("seats"))
    return Refusal{400, "a seek's seats are all people's: no \"seats\""};
  if (request.is_object() && request.contains("rated")) {
    if (!request["rated"].is_boolean()) return Refusal{400, "\"rated\" is true or false"};
    if (request["rated"] == true && account.empty())
      return Refusal{403, "a rated game is between accounts: sign in first"};
  }
  if (request.is_object() && request.contains("opponent") && !request["opponent"].is_string())
    return Refusal{400, "\"opponent\" is a bot's name"};
  auto made = make(request, address, identity, true, account, bot);
  if (auto* refusal = std::get_if<Refusal>(&made)) return *refusal;
  const json& created = std::get<json>(made);
  const std::string token = created["seats"][0]["token"];
  const std::lock_guard lock(mutex_);
  hold_seat(identity, created["id"], token);
  return json{{"id", created["id"]},
              {"game", created["game"]},
              {"player", 0},
              {"token", token},
              {"spectator", created["spectator"]}};
}

Answer<json> Matches::join(const std::string& id, const std::string& identity,
                           const std::string& account, bool bot) {
  const std::lock_guard lock(mutex_);
  return retried(id, [&]() -> Answer<json> {
    auto found = find_any(id);
    if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
    Match& match = *std::get<Match*>(found);
    if (!match.seek || open_seats(match) == 0 || over(match))
      return Refusal{409, "this game has no free seat (somebody joined first, or it ended)"};
    const auto held = store_->holdings_of(identity);
    if (std::any_of(held.begin(), held.end(), [&](const auto& h) { return h.game_id == id; }))
      return Refusal{409, "you already have a seat in this game"};
    if (!match.opponent.empty() && (!bot || account_key(account) != match.opponent))
      return Refusal{403, "this challenge is for the bot " + match.opponent};
    if (match.rated && account.empty())
      return Refusal{403, "a rated game is between accounts: sign in to join it"};
    if (match.rated && account_key(account) == account_key(match.seats[0].account))
      return Refusal{409, "you already have a seat in this game"};
    if (match.rated && same_owner(account, match.seats[0].account))
      return Refusal{409, "an account and its own bots never meet in a rated game"};
    const auto seat =
        std::find_if(match.seats.begin(), match.seats.end(), [](const Seat& s) { return s.open; });
    const std::string joiner =
        account.empty() ? "" : json{{"account", account}, {"bot", bot}}.dump();
    if (!persist(match, "join", seat->player, joiner)) return Refusal{503, kCannotSave};
    claim(match, seat->player, account, bot);
    if (open_seats(match) == 0) store_->close_seek(id);
    hold_seat(identity, id, seat->token);
    return json{
        {"id", id}, {"game", match.info->name}, {"player", seat->player}, {"token", seat->token}};
  });
}

Answer<json> Matches::hold(const std::string& identity, const std::string& id,
                           const std::string& token) {
  const std::lock_guard lock(mutex_);
  int player = 0;
  auto found = find_seat(id, token, player);
  if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
  hold_seat(identity, id, token);
  return json{{"held", true}};
}

std::string Matches::identity_key() {
  return store_->secret_key();
}

bool Matches::known_identity(const std::string& identity) const {
  return !store_->holdings_of(identity).empty();
}

// Stores that the browser holds the seat (the store keeps it once; this
// server writes it once: a page asks for its view often).
void Matches::hold_seat(const std::string& identity, const std::string& id,
                        const std::string& token) {
  if (identity.empty()) return;
  if (holds_written_.size() >= kHoldsRemembered) holds_written_.clear();
  if (holds_written_.insert(identity + " " + token).second)
    store_->hold({identity, id, token, false});
}

json Matches::my_games(const std::string& identity) {
  const std::lock_guard lock(mutex_);
  json list = json::array();
  const std::vector<StoredHolding> mine = store_->holdings_of(identity);
  for (auto h = mine.rbegin(); h != mine.rend() && list.size() < kMyGamesSize; ++h) {
    if (h->archived) continue;
    auto found = find_any(h->game_id);
    if (std::holds_alternative<Refusal>(found)) continue;
    const Match& match = *std::get<Match*>(found);
    const auto seat = std::find_if(match.seats.begin(), match.seats.end(),
                                   [&](const Seat& s) { return s.token == h->token; });
    if (seat == match.seats.end()) continue;
    const bool ended = over(match);
    const int waiting = open_seats(match);
    json entry = {{"id", match.id},
                  {"game", match.info->name},
                  {"title", match.info->title},
                  {"token", h->token},
                  {"player", seat->player},
                  {"players", match.state->players()},
                  {"over", ended},
                  {"your_turn", !ended && !waiting && match.state->to_move() == seat->player},
                  {"created_ms", match.created_ms}};
    if (waiting) entry["waiting_for"] = waiting;
    if (match.rated) entry["rated"] = true;
    // The other seats' accounts, with their ratings (and whether a bot's).
    json others = json::array();
    for (const Seat& other : match.seats) {
      if (other.player == seat->player || other.account.empty()) continue;
      json who = {{"player", other.player}, {"account", other.account}, {"rating", other.rating}};
      if (other.bot_account) who["bot_account"] = true;
      others.push_back(std::move(who));
    }
    if (!others.empty()) entry["opponents"] = std::move(others);
    if (ended) {
      entry["result"] = result_of(match);
      entry["ending"] = ending_json(match, seat->player);  // as this seat's page says it
    }
    list.push_back(std::move(entry));
  }
  return {{"games", list}};
}

Answer<json> Matches::archive(const std::string& id, const std::string& identity) {
  const std::lock_guard lock(mutex_);
  const auto held = store_->holdings_of(identity);
  if (std::none_of(held.begin(), held.end(), [&](const auto& h) { return h.game_id == id; }))
    return Refusal{404, "this browser holds no seat of this game"};
  auto found = find_any(id);
  if (const auto* match = std::get_if<Match*>(&found); match && !over(**match))
    return Refusal{409, "the game is still in play: finish or resign it first"};
  if (!store_->archive(identity, id)) return Refusal{503, kCannotSave};
  return json{{"id", id}, {"archived", true}};
}

json Matches::challenges(const std::string& account) {
  const std::lock_guard lock(mutex_);
  json list = json::array();
  for (const std::string& id : store_->seeks(kLobbySize)) {
    auto found = find_any(id);
    const auto* match = std::get_if<Match*>(&found);
    if (!match || (*match)->opponent != account_key(account) || open_seats(**match) == 0 ||
        over(**match))
      continue;
    json params = json::object();
    for (const auto& [key, value] : (*match)->params)
      if (!engine::deals((*match)->info->params, key)) params[key] = value;
    json challenge = {{"id", (*match)->id},
                      {"game", (*match)->info->name},
                      {"params", params},
                      {"rated", (*match)->rated},
                      {"created_ms", (*match)->created_ms}};
    if (!(*match)->seats[0].account.empty()) challenge["by"] = (*match)->seats[0].account;
    list.push_back(std::move(challenge));
  }
  return {{"challenges", list}};
}

}  // namespace web
