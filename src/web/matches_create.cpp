// web::Matches: games made: the catalogue of the registry's games, and a
// game from a request (its parameters, clock and seats read and checked),
// kept and stored.
#include <algorithm>
#include <random>

#include "engine/words.hpp"
#include "web/accounts.hpp"
#include "web/matches.hpp"
#include "web/matches_shared.hpp"

namespace web {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

// Larger games (Amazons on a 1000 x 1000 board) are for the terminal
// programs: every view would carry megabytes.
constexpr std::size_t kMaxObservation = 64 * 1024;

// A parameter's value as text: JSON strings as they are, numbers written.
std::optional<std::string> param_text(const json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number_integer()) return std::to_string(value.get<long long>());
  if (value.is_boolean()) return value.get<bool>() ? "1" : "0";
  return std::nullopt;
}

// A request's parameters for `info`, a seed drawn where the game has one
// and none is given; `dealt_chosen` set when the request names what deals
// (ParamSpec::deals). A seek may not name it in a game with something
// hidden or drawn by chance.
std::variant<engine::Params, Refusal> request_params(const games::GameInfo& info,
                                                     const json& request, bool seek,
                                                     bool& dealt_chosen) {
  engine::Params params;
  if (request.contains("params")) {
    if (!request["params"].is_object())
      return Refusal{400, "\"params\" must be an object of parameter names and values"};
    for (const auto& [key, value] : request["params"].items()) {
      const auto text = param_text(value);
      if (!text) return Refusal{400, "parameter " + engine::printable(key) + ": not a value"};
      params[key] = *text;
    }
  }
  // A game open to strangers with something hidden or drawn by chance is
  // dealt by the server: a seeker who chose the seed could rehearse the
  // deal (RAIInet's hidden links) in a private game of its own.
  std::string chosen_deal;
  for (const auto& given : params)
    if (engine::deals(info.params, given.first)) chosen_deal = given.first;
  dealt_chosen = !chosen_deal.empty();
  if (seek && (info.facts.hidden || info.facts.chance) && dealt_chosen)
    return Refusal{400, "a game open to strangers is dealt by the server: leave \"" + chosen_deal +
                            "\" out of a seek (a game you make with its links may keep it, and "
                            "its players are told)"};
  // A seed not given is drawn here: a fixed default would deal every game the
  // same hidden links.
  if (!params.count("seed") && std::any_of(info.params.begin(), info.params.end(),
                                           [](const auto& p) { return p.name == "seed"; }))
    params["seed"] = std::to_string(std::random_device{}() % 1000000000u);
  if (info.fields && info.fields(params) > kMaxWebFields) {
    return Refusal{400, "this board is too large to play in a browser (at most " +
                            std::to_string(kMaxWebFields) + " fields)"};
  }
  return params;
}

// Why a request's "clock" is not one, if it is not.
std::optional<Refusal> clock_refusal(const json& clock) {
  if (clock.is_null()) return std::nullopt;
  const auto in_range = [&](const char* field) {
    const json v = clock.is_object() ? clock.value(field, json(0)) : json();
    return v.is_number() && v.get<double>() >= 0 && v.get<double>() <= 600;
  };
  if (!in_range("minutes") || !in_range("increment_seconds") ||
      clock.value("minutes", 0.0) * 60 + clock.value("increment_seconds", 0.0) < 1)
    return Refusal{400,
                   "\"clock\" is {\"minutes\": 0 to 600, \"increment_seconds\": 0 to 600}, "
                   "a second at least"};
  return std::nullopt;
}

// A request's seats: each "human" or a bot's name.
std::variant<std::vector<std::string>, Refusal> request_seats(const json& request) {
  const json seats = request.value("seats", json::array());
  std::vector<std::string> kinds;
  if (!seats.is_array()) return Refusal{400, "\"seats\" must be a list"};
  for (const json& kind : seats) {
    if (!kind.is_string()) return Refusal{400, "a seat is \"human\" or a bot's name"};
    kinds.push_back(kind.get<std::string>());
  }
  return kinds;
}

}  // namespace

// Every game of the registry as the pages' menu and forms show it.
json Matches::catalogue() {
  json list = json::array();
  for (const games::GameInfo& info : games::all_games()) {
    json params = json::array();
    for (const engine::ParamSpec& spec : info.params) {
      json param = {{"name", spec.name},
                    {"default", spec.default_value},
                    {"help", spec.help},
                    {"label", spec.label.empty() ? spec.name : spec.label}};
      for (const engine::ParamChoice& choice : spec.choices)
        param["choices"].push_back({{"value", choice.value}, {"label", choice.label}});
      params.push_back(std::move(param));
    }
    auto made = info.make({});
    const auto& state = std::get<std::unique_ptr<engine::AnyState>>(made);
    list.push_back({{"name", info.name},
                    {"title", info.title},
                    {"description", info.description},
                    {"players", state->players()},
                    {"params", params},
                    {"bots", info.bots},
                    {"quick",
                     {{"params", info.quick.params},
                      {"bot", !info.quick.bot.empty() ? info.quick.bot
                              : info.bots.empty()     ? ""
                                                      : info.bots.front()}}},
                    {"console", state->console() != nullptr}});
  }
  return {{"games", list}};
}

// The game `info` with `params` and its seats, each "human" or a bot's name;
// a person's token is drawn, or the one of `tokens` when restored.
Answer<std::unique_ptr<Matches::Match>> Matches::make_match(
    const games::GameInfo& info, const engine::Params& params,
    const std::vector<std::string>& kinds, const std::vector<std::string>& tokens) {
  auto made = info.make(params);
  if (const auto* error = std::get_if<std::string>(&made)) return Refusal{400, *error};
  auto match = std::make_unique<Match>();
  match->info = &info;
  match->state = std::get<std::unique_ptr<engine::AnyState>>(std::move(made));
  if (match->state->observation(0).size() > kMaxObservation)
    return Refusal{400, "this game is too large to play in a browser (its board is over " +
                            std::to_string(kMaxObservation / 1024) + " KiB as text)"};
  // As given (with the seed drawn here): the defaults are the game's to
  // fill, and some depend on others (classic Amazons: no treasure).
  match->params = params;
  match->names = seat_names(*match->state);
  const int players = match->state->players();
  if (static_cast<int>(kinds.size()) > players)
    return Refusal{400, "\"seats\" must be a list of at most " + std::to_string(players) +
                            " entries, \"human\" or a bot's name"};
  games::SelfplayOptions thinking;
  thinking.time_ms = limits_.bot_time_ms;
  for (int p = 0; p < players; ++p) {
    const auto at = static_cast<std::size_t>(p);
    Seat seat;
    seat.player = p;
    const std::string kind = at < kinds.size() ? kinds[at] : "human";
    if (kind == "human") {
      seat.token = at < tokens.size() && !tokens[at].empty() ? tokens[at] : secret();
    } else {
      seat.bot = kind;
      seat.ai = info.make_bot(seat.bot, thinking, std::random_device{}());
      if (!seat.ai)
        return Refusal{400, "no bot \"" + engine::printable(seat.bot) + "\" for " + info.name};
    }
    match->seats.push_back(std::move(seat));
  }
  return match;
}

Answer<json> Matches::create(const json& request, const std::string& address,
                             const std::string& identity) {
  auto made = make(request, address, identity, false);
  if (const auto* created = std::get_if<json>(&made)) {
    const std::lock_guard lock(mutex_);
    for (const json& seat : (*created)["seats"])
      if (seat.contains("token")) hold_seat(identity, (*created)["id"], seat["token"]);
  }
  return made;
}

// A game made from a request: create()'s, or a seek's (its seats all
// people's, all but the first open).
Answer<json> Matches::make(const json& request, const std::string& address,
                           const std::string& identity, bool seek, const std::string& account,
                           bool seeker_bot) {
  if (!request.is_object() || !request.contains("game") || !request["game"].is_string())
    return Refusal{400, "the request must be a JSON object with \"game\": a game's name"};
  const std::string name = request["game"].get<std::string>();
  const games::GameInfo* info = games::find_game(name);
  if (!info) return Refusal{404, "no game \"" + engine::printable(name) + "\""};
  bool dealt_chosen = false;
  auto read = request_params(*info, request, seek, dealt_chosen);
  if (auto* refusal = std::get_if<Refusal>(&read)) return *refusal;
  const engine::Params& params = std::get<engine::Params>(read);
  const json clock = request.value("clock", json());
  if (auto refusal = clock_refusal(clock)) return *refusal;
  auto seats = request_seats(request);
  if (auto* refusal = std::get_if<Refusal>(&seats)) return *refusal;
  const std::vector<std::string>& kinds = std::get<std::vector<std::string>>(seats);
  {
    const std::lock_guard lock(mutex_);
    drop_idle();
    if (auto refusal = may_start(address, identity, account)) return *refusal;
  }
  auto made = make_match(*info, params, kinds, {});
  if (auto* refusal = std::get_if<Refusal>(&made)) return *refusal;
  auto match = std::get<std::unique_ptr<Match>>(std::move(made));
  if (seek) {
    if (auto refusal = make_seek(*match, request, account, seeker_bot)) return *refusal;
  }
  const std::lock_guard lock(mutex_);
  drop_idle();
  if (in_play() >= limits_.max_games)
    return Refusal{503, "the server is full (" + std::to_string(limits_.max_games) +
                            " games in play); try again when a game ends or is left"};
  std::string id;
  do {
    id = secret().substr(0, 12);
  } while (matches_.count(id) || store_->load(id));
  match->id = id;
  match->address = address;
  match->touched = Clock::now();
  match->spectator = secret();
  json options = {{"spectator", match->spectator}};
  if (seek) options["seek"] = true;
  if (match->rated) options["rated"] = true;
  if (!match->opponent.empty()) options["opponent"] = match->opponent;
  if ((info->facts.hidden || info->facts.chance) && dealt_chosen && match->state->players() > 1) {
    options["seed_chosen"] = true;
    match->seed_chosen = true;
  }
  if (!clock.is_null()) {
    options["clock"] = clock;
    start_clocks(*match, clock);
  }
  const StoredGame stored{id,
                          name,
                          json(match->params).dump(),
                          seats_json(*match).dump(),
                          options.dump(),
                          address,
                          match->last_step_ms = match->created_ms = *(step_ms_ = now_ms()),
                          std::nullopt,
                          {},
                          seek};
  if (!store_->add_game(stored)) {
    step_ms_.reset();
    return Refusal{503, "the server cannot save games now; try again later"};
  }
  Match& kept = *(matches_[id] = std::move(match));
  changed(kept);
  json answer_seats = seats_json(kept);
  return json{{"id", id}, {"game", name}, {"seats", answer_seats}, {"spectator", kept.spectator}};
}

// A seek's seats: the first the seeker's (its account's), the others open;
// rated, or a challenge to a bot, when asked.
std::optional<Refusal> Matches::make_seek(Match& match, const json& request,
                                          const std::string& account, bool seeker_bot) {
  const int players = match.state->players();
  if (players < 2) return Refusal{400, "a seek is for a game of two players or more"};
  match.seek = true;
  for (Seat& seat : match.seats) seat.open = seat.player > 0;
  match.seats[0].account = account;
  match.seats[0].bot_account = seeker_bot;
  note_rating(match, match.seats[0]);
  if (const json opponent = request.value("opponent", json()); opponent.is_string())
    match.opponent = account_key(opponent.get<std::string>());
  if (!match.opponent.empty() && players != 2)
    return Refusal{400, "a challenge is a game of two players"};
  match.rated = request.value("rated", false) == true;
  if (match.rated && players != 2) return Refusal{400, "a rated game is a game of two players"};
  if (match.rated && !match.opponent.empty() && same_owner(account, match.opponent))
    return Refusal{409,
                   "a game between an account and its own bot is never rated: challenge it "
                   "without \"rated\""};
  return std::nullopt;
}

// Whether two accounts are one person's: the same, or one the other's bot
// (a bot account's record names its owner), or two bots of one owner.
bool Matches::same_owner(const std::string& one, const std::string& other) const {
  const auto owner = [this](const std::string& name) {
    const std::string key = account_key(name);
    const auto text = store_->record("account", key);
    const json record = text ? json::parse(*text, nullptr, false) : json();
    return record.is_object() && record.value("bot", false) ? record.value("owner", key) : key;
  };
  return !one.empty() && !other.empty() && owner(one) == owner(other);
}

// The seats as the creator is told them: tokens and bots.
json Matches::seats_json(const Match& match) {
  json seats = json::array();
  for (const Seat& seat : match.seats) {
    json entry = {{"player", seat.player}};
    if (seat.bot.empty()) {
      entry["token"] = seat.token;
      if (!seat.account.empty()) entry["account"] = seat.account;
      if (seat.bot_account) entry["bot_account"] = true;
    } else {
      entry["bot"] = seat.bot;
    }
    seats.push_back(entry);
  }
  return seats;
}

}  // namespace web
