#include "web/matches.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>

#include "engine/files.hpp"
#include "engine/words.hpp"

namespace web {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

// Larger games (Amazons on a 1000 x 1000 board) are for the terminal
// programs: every view would carry megabytes.
constexpr std::size_t kMaxObservation = 64 * 1024;

constexpr const char* kSpectatorsWatch = "a spectator watches: only the seats play";
constexpr const char* kCannotSave = "the server cannot save this game now; try again later";

// The viewer of the log's k-th entry of an action: player k, or after the
// players the spectators.
int viewer(int k, const engine::AnyState& state) {
  return k < state.players() ? k : engine::kNoPlayer;
}

// A move as data (engine::MoveData), as every page reads moves.
json move_json(const engine::MoveData& m) {
  json squares = json::array();
  for (const engine::Coord c : m.squares) squares.push_back({c.row, c.col});
  json out = {{"id", m.id},
              {"action", m.action},
              {"squares", squares},
              {"label", m.label},
              {"notation", m.notation}};
  if (!m.piece.empty()) out["piece"] = m.piece;
  return out;
}

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// 128 bits from the system's generator, as hex: a seat's secret.
std::string secret() {
  static std::mutex mutex;
  static std::random_device device;
  const std::lock_guard lock(mutex);
  std::string text;
  for (int i = 0; i < 4; ++i) {
    const std::uint32_t word = device();
    for (int shift = 28; shift >= 0; shift -= 4) text += "0123456789abcdef"[(word >> shift) & 15];
  }
  return text;
}

// A parameter's value as text: JSON strings as they are, numbers written.
std::optional<std::string> param_text(const json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number_integer()) return std::to_string(value.get<long long>());
  if (value.is_boolean()) return value.get<bool>() ? "1" : "0";
  return std::nullopt;
}

std::string result_text(const engine::Returns& r, int n) {
  if (n == 1) {  // its score, as people write numbers: 2, not 2.000000
    std::ostringstream score;
    score << r[0];
    return "the game is over: score " + score.str();
  }
  const double best = *std::max_element(r.begin(), r.begin() + n);
  std::vector<int> winners;
  for (int p = 0; p < n; ++p) {
    if (r[static_cast<std::size_t>(p)] == best) winners.push_back(p + 1);
  }
  if (static_cast<int>(winners.size()) == n) return "the game is over: a draw";
  std::string text = "the game is over: ";
  for (std::size_t i = 0; i < winners.size(); ++i)
    text += (i ? " and " : "") + std::string("player ") + std::to_string(winners[i]);
  return text + (winners.size() == 1 ? " wins" : " share the win");
}

}  // namespace

Matches::Matches(Limits limits, Store* store) : limits_(limits), store_(store) {
  purge_finished();
  restore_recent();
  const int threads = limits_.bot_threads > 0
                          ? limits_.bot_threads
                          : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  for (int i = 0; i < threads; ++i) bot_threads_.emplace_back([this] { bot_loop(); });
}

Matches::~Matches() {
  stop();
  for (std::thread& t : bot_threads_) t.join();
}

void Matches::stop() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  bots_wake_.notify_all();
}

bool Matches::stopping() const {
  const std::lock_guard lock(mutex_);
  return stopping_;
}

void Matches::on_change(std::function<void(const std::string& id)> listener) {
  const std::lock_guard lock(mutex_);
  listener_ = std::move(listener);
}

std::optional<std::uint64_t> Matches::version(const std::string& id) const {
  const std::lock_guard lock(mutex_);
  const auto at = matches_.find(id);
  if (at == matches_.end()) return std::nullopt;
  return at->second->version;
}

json Matches::catalogue() {
  json list = json::array();
  for (const games::GameInfo& info : games::all_games()) {
    json params = json::array();
    for (const engine::ParamSpec& spec : info.entry.params) {
      json param = {{"name", spec.name},
                    {"default", spec.default_value},
                    {"help", spec.help},
                    {"label", spec.label.empty() ? spec.name : spec.label}};
      for (const engine::ParamChoice& choice : spec.choices)
        param["choices"].push_back({{"value", choice.value}, {"label", choice.label}});
      params.push_back(std::move(param));
    }
    auto made = info.entry.make({});
    const auto& state = std::get<std::unique_ptr<engine::AnyState>>(made);
    list.push_back({{"name", info.entry.name},
                    {"title", info.title},
                    {"description", info.entry.description},
                    {"players", state->players()},
                    {"params", params},
                    {"bots", info.bots},
                    {"console", state->console() != nullptr}});
  }
  return {{"games", list}};
}

std::size_t Matches::size() const {
  const std::lock_guard lock(mutex_);
  return matches_.size();
}

// The game `info` with `params` and its seats, each "human" or a bot's name;
// a person's token is drawn, or the one of `tokens` when restored.
Answer<std::unique_ptr<Matches::Match>> Matches::make_match(
    const games::GameInfo& info, const engine::Params& params,
    const std::vector<std::string>& kinds, const std::vector<std::string>& tokens) {
  auto made = info.entry.make(params);
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
        return Refusal{400,
                       "no bot \"" + engine::printable(seat.bot) + "\" for " + info.entry.name};
    }
    match->seats.push_back(std::move(seat));
  }
  return match;
}

Answer<json> Matches::create(const json& request, const std::string& address) {
  if (!request.is_object() || !request.contains("game") || !request["game"].is_string())
    return Refusal{400, "the request must be a JSON object with \"game\": a game's name"};
  const std::string name = request["game"].get<std::string>();
  const games::GameInfo* info = games::find_game(name);
  if (!info) return Refusal{404, "no game \"" + engine::printable(name) + "\""};
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
  // A seed not given is drawn here: a fixed default would deal every game the
  // same hidden links.
  const auto& specs = info->entry.params;
  if (!params.count("seed") &&
      std::any_of(specs.begin(), specs.end(), [](const auto& p) { return p.name == "seed"; }))
    params["seed"] = std::to_string(std::random_device{}() % 1000000000u);
  if (info->fields && info->fields(params) > kMaxWebFields) {
    return Refusal{400, "this board is too large to play in a browser (at most " +
                            std::to_string(kMaxWebFields) + " fields)"};
  }
  const json clock = request.value("clock", json());
  if (!clock.is_null()) {
    const auto in_range = [&](const char* field) {
      const json v = clock.is_object() ? clock.value(field, json(0)) : json();
      return v.is_number() && v.get<double>() >= 0 && v.get<double>() <= 600;
    };
    if (!in_range("minutes") || !in_range("increment_seconds") ||
        clock.value("minutes", 0.0) * 60 + clock.value("increment_seconds", 0.0) < 1)
      return Refusal{400,
                     "\"clock\" is {\"minutes\": 0 to 600, \"increment_seconds\": 0 to 600}, "
                     "a second at least"};
  }
  const json seats = request.value("seats", json::array());
  std::vector<std::string> kinds;
  if (!seats.is_array()) return Refusal{400, "\"seats\" must be a list"};
  for (const json& kind : seats) {
    if (!kind.is_string()) return Refusal{400, "a seat is \"human\" or a bot's name"};
    kinds.push_back(kind.get<std::string>());
  }
  {
    const std::lock_guard lock(mutex_);
    drop_idle();
    const auto mine = std::count_if(matches_.begin(), matches_.end(), [&](const auto& m) {
      return m.second->address == address && !over(*m.second);
    });
    if (static_cast<std::size_t>(mine) >= limits_.games_per_address)
      return Refusal{429, "your address has " + std::to_string(mine) +
                              " games in play, the most it may have; finish or resign one first"};
  }
  auto made = make_match(*info, params, kinds, {});
  if (auto* refusal = std::get_if<Refusal>(&made)) return *refusal;
  auto match = std::get<std::unique_ptr<Match>>(std::move(made));
  const std::lock_guard lock(mutex_);
  drop_idle();
  if (matches_.size() >= limits_.max_games)
    return Refusal{503, "the server is full (" + std::to_string(limits_.max_games) +
                            " games); try again when a game ends or is left"};
  std::string id;
  do {
    id = secret().substr(0, 12);
  } while (matches_.count(id) || (store_ && store_->load(id)));
  match->id = id;
  match->address = address;
  match->touched = Clock::now();
  match->spectator = secret();
  json options = {{"spectator", match->spectator}};
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
                          *(step_ms_ = now_ms()),
                          std::nullopt,
                          {}};
  if (store_ && !store_->add_game(stored)) {
    step_ms_.reset();
    return Refusal{503, "the server cannot save games now; try again later"};
  }
  Match& kept = *(matches_[id] = std::move(match));
  changed(kept);
  json answer_seats = seats_json(kept);
  return json{{"id", id}, {"game", name}, {"seats", answer_seats}, {"spectator", kept.spectator}};
}

// The time control {"minutes", "increment_seconds"}, each player's clock full.
void Matches::start_clocks(Match& match, const json& clock) {
  Match::Clocks c;
  c.increment_ms = std::llround(clock.value("increment_seconds", 0.0) * 1000);
  c.left_ms.assign(static_cast<std::size_t>(match.state->players()),
                   std::llround(clock.value("minutes", 0.0) * 60000));
  match.clocks = c;
}

// The seats as the creator is told them: tokens and bots.
json Matches::seats_json(const Match& match) {
  json seats = json::array();
  for (const Seat& seat : match.seats) {
    json entry = {{"player", seat.player}};
    if (seat.bot.empty()) {
      entry["token"] = seat.token;
    } else {
      entry["bot"] = seat.bot;
    }
    seats.push_back(entry);
  }
  return seats;
}

// Writes a step of the game before it is taken; false if it cannot be.
bool Matches::persist(Match& match, const char* kind, int player, const std::string& text) {
  if (replaying_) return true;
  step_ms_ = now_ms();
  if (!store_) return true;
  if (!store_->add_step(match.id, {match.next_seq, kind, player, text, *step_ms_})) {
    step_ms_.reset();
    return false;
  }
  ++match.next_seq;
  return true;
}

// Takes back the step just written: it changed nothing.
void Matches::unpersist(Match& match) {
  if (replaying_) return;
  step_ms_.reset();
  if (!store_) return;
  store_->remove_step(match.id, --match.next_seq);
}

// A game of the store, rebuilt by taking its steps again.
Answer<std::unique_ptr<Matches::Match>> Matches::restore(const StoredGame& stored) {
  const games::GameInfo* info = games::find_game(stored.game);
  const json params = json::parse(stored.params, nullptr, false);
  const json seats = json::parse(stored.seats, nullptr, false);
  if (!info || !params.is_object() || !seats.is_array())
    return Refusal{500, "game " + stored.id + " cannot be read back"};
  engine::Params filled;
  for (const auto& [key, value] : params.items()) {
    if (value.is_string()) filled[key] = value.get<std::string>();
  }
  std::vector<std::string> kinds, tokens;
  for (const json& seat : seats) {
    kinds.push_back(seat.contains("bot") ? seat.value("bot", "") : "human");
    tokens.push_back(seat.value("token", ""));
  }
  auto made = make_match(*info, filled, kinds, tokens);
  if (auto* refusal = std::get_if<Refusal>(&made)) return *refusal;
  auto match = std::get<std::unique_ptr<Match>>(std::move(made));
  match->id = stored.id;
  match->address = stored.address;
  match->touched = Clock::now();
  const json options = json::parse(stored.options, nullptr, false);
  if (options.is_object()) {
    match->spectator = options.value("spectator", "");
    if (options.contains("clock")) start_clocks(*match, options["clock"]);
  }
  replaying_ = true;
  step_ms_ = stored.created_ms;
  changed(*match);  // as when it was created
  for (const StoredStep& step : stored.steps) {
    if (step.player < 0 || step.player >= match->state->players()) continue;
    step_ms_ = step.at_ms;
    if (step.kind == "timeout") flag(*match);
    if (step.kind == "play") play(*match, step.player, step.text);
    if (step.kind == "undo") take_back(*match, step.player);
    if (step.kind == "resign") give_up(*match, step.player);
    if (step.kind == "draw") offer_draw(*match, step.player);
    if (step.kind == "rematch") note_rematch(*match, step.text);
    match->next_seq = step.seq + 1;
  }
  replaying_ = false;
  step_ms_.reset();
  match->finish_stored = stored.finished_ms.has_value();
  // A game of an earlier version ended without its end written: its last step's.
  if (store_ && over(*match) && !match->finish_stored)
    match->finish_stored = store_->finish(
        match->id, stored.steps.empty() ? stored.created_ms : stored.steps.back().at_ms);
  // The time the server was down is nobody's: the clock runs again from now.
  if (match->clocks) match->clocks->since_ms = now_ms();
  return match;
}

// The store's most recent games, as they were (at construction).
void Matches::restore_recent() {
  if (!store_) return;
  for (const StoredGame& stored : store_->recent(limits_.max_games)) {
    auto restored = restore(stored);
    if (auto* match = std::get_if<std::unique_ptr<Match>>(&restored))
      matches_[stored.id] = std::move(*match);
  }
  for (auto& [id, match] : matches_) queue_bot(*match);
}

// The game with this id, read back from the store if it is only there.
// A game that is over: its record and replay are given only then, since
// they would tell secrets before.
Answer<Matches::Match*> Matches::find_finished(const std::string& id) {
  auto found = find_any(id);
  if (const auto* match = std::get_if<Match*>(&found); match && !over(**match))
    return Refusal{
        409, "a game's record and replay are given when it is over (they would tell secrets)"};
  return found;
}

Answer<Matches::Match*> Matches::find_any(const std::string& id) {
  auto at = matches_.find(id);
  if (at == matches_.end() && store_) {
    // Dropped from memory while idle, or older than the restart: read back.
    if (const auto stored = store_->load(id)) {
      drop_idle();
      if (matches_.size() >= limits_.max_games)
        return Refusal{503, "the server is full; try again when a game ends or is left"};
      auto restored = restore(*stored);
      if (auto* refusal = std::get_if<Refusal>(&restored)) return *refusal;
      at = matches_.emplace(id, std::get<std::unique_ptr<Match>>(std::move(restored))).first;
      queue_bot(*at->second);
    }
  }
  if (at == matches_.end())
    return Refusal{404, "no game with this id (it may have ended long ago)"};
  flag(*at->second);
  return at->second.get();
}

Answer<Matches::Match*> Matches::find(const std::string& id, const std::string& token,
                                      int& player) {
  auto found = find_any(id);
  if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
  Match& match = *std::get<Match*>(found);
  for (const Seat& seat : match.seats) {
    if (!seat.token.empty() && seat.token == token) {
      player = seat.player;
      match.touched = Clock::now();
      return &match;
    }
  }
  if (!token.empty() && token == match.spectator) {
    player = engine::kNoPlayer;
    return &match;
  }
  return Refusal{403, "this token is not a seat of this game"};
}

Answer<json> Matches::view(const std::string& id, const std::string& token) {
  const std::lock_guard lock(mutex_);
  int player = 0;
  auto found = find(id, token, player);
  if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
  return view_of(*std::get<Match*>(found), player);
}

Answer<json> Matches::act(const std::string& id, const std::string& token,
                          const std::string& action) {
  const std::lock_guard lock(mutex_);
  int player = 0;
  auto found = find(id, token, player);
  if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
  Match& match = *std::get<Match*>(found);
  if (player == engine::kNoPlayer) return Refusal{403, kSpectatorsWatch};
  if (auto refusal = play(match, player, action)) return *refusal;
  return view_of(match, player);
}

std::string Matches::result_of(const Match& match) {
  const std::string text = result_text(returns(match), match.state->players());
  return match.ended_how.empty() ? text : match.ended_how + "; " + text;
}

bool Matches::over(const Match& match) {
  return match.ended || match.state->over();
}

engine::Returns Matches::returns(const Match& match) {
  return match.ended ? *match.ended : match.state->returns();
}

std::optional<Refusal> Matches::give_up(Match& match, int player) {
  if (over(match)) return Refusal{409, "the game is over"};
  if (!persist(match, "resign", player, "")) return Refusal{503, kCannotSave};
  match.draw_offer = -1;
  lose(match, player, "resigned", engine::EndedBy::Resignation);
  return std::nullopt;
}

// Ends the game with `loser` losing and every other player winning.
void Matches::lose(Match& match, int loser, const std::string& how, engine::EndedBy by) {
  engine::Returns r{};
  for (int p = 0; p < match.state->players(); ++p)
    r[static_cast<std::size_t>(p)] = p == loser ? -1 : 1;
  match.ended = r;
  match.ended_how = "player " + std::to_string(loser + 1) + " " + how;
  match.ended_by = by;
  changed(match);
}

std::optional<Refusal> Matches::offer_draw(Match& match, int player) {
  if (over(match)) return Refusal{409, "the game is over"};
  if (match.state->players() != 2) return Refusal{409, "draws are agreed in games of two"};
  if (match.draw_offer == player) return Refusal{409, "your draw offer stands already"};
  if (!persist(match, "draw", player, "")) return Refusal{503, kCannotSave};
  if (match.draw_offer >= 0) {  // the other's offer, accepted
    match.ended = engine::Returns{};
    match.ended_how = "a draw agreed";
    match.ended_by = engine::EndedBy::Agreement;
    match.draw_offer = -1;
  } else {
    match.draw_offer = player;
  }
  changed(match);
  return std::nullopt;
}

// A rematch made: {"id", "tokens": [each player's token in it]}.
void Matches::note_rematch(Match& match, const std::string& text) {
  const json made = json::parse(text, nullptr, false);
  if (!made.is_object() || !made.value("id", json()).is_string() || !made["tokens"].is_array())
    return;
  match.rematch_id = made["id"];
  match.rematch_tokens.clear();
  for (const json& token : made["tokens"])
    match.rematch_tokens.push_back(token.is_string() ? token.get<std::string>() : "");
  match.rematch_tokens.resize(static_cast<std::size_t>(match.state->players()) + 1);
  changed(match);
}

// Runs `step` for the seat holding `token`, and answers with its view.
Answer<json> Matches::seat_step(const std::string& id, const std::string& token,
                                std::optional<Refusal> (Matches::*step)(Match&, int)) {
  const std::lock_guard lock(mutex_);
  int player = 0;
  auto found = find(id, token, player);
  if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
  Match& match = *std::get<Match*>(found);
  if (player == engine::kNoPlayer) return Refusal{403, kSpectatorsWatch};
  if (auto refusal = (this->*step)(match, player)) return *refusal;
  return view_of(match, player);
}

Answer<json> Matches::undo(const std::string& id, const std::string& token) {
  return seat_step(id, token, &Matches::take_back);
}

Answer<json> Matches::resign(const std::string& id, const std::string& token) {
  return seat_step(id, token, &Matches::give_up);
}

Answer<json> Matches::draw(const std::string& id, const std::string& token) {
  return seat_step(id, token, &Matches::offer_draw);
}

Answer<json> Matches::rematch(const std::string& id, const std::string& token,
                              const std::string& address) {
  json request;
  {
    const std::lock_guard lock(mutex_);
    int player = 0;
    auto found = find(id, token, player);
    if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
    Match& match = *std::get<Match*>(found);
    if (player == engine::kNoPlayer) return Refusal{403, kSpectatorsWatch};
    if (!match.rematch_id.empty()) return view_of(match, player);
    if (!over(match)) return Refusal{409, "a rematch comes when the game is over"};
    // The same game, each seat one place on, a new seed.
    json params = match.params;
    params.erase("seed");
    json seats = json::array();
    const int n = match.state->players();
    for (int p = 0; p < n; ++p) {
      const Seat& was = match.seats[static_cast<std::size_t>((p + n - 1) % n)];
      seats.push_back(was.bot.empty() ? "human" : was.bot);
    }
    request = {{"game", match.info->entry.name}, {"params", params}, {"seats", seats}};
  }
  auto made = create(request, address);
  if (auto* refusal = std::get_if<Refusal>(&made)) return *refusal;
  const json& created = std::get<json>(made);
  const std::lock_guard lock(mutex_);
  int player = 0;
  auto found = find(id, token, player);
  if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
  Match& match = *std::get<Match*>(found);
  if (!match.rematch_id.empty()) return view_of(match, player);  // another seat was quicker
  json tokens = json::array();
  const int n = match.state->players();
  for (int p = 0; p < n; ++p)
    tokens.push_back(created["seats"][static_cast<std::size_t>((p + 1) % n)].value("token", ""));
  tokens.push_back(created["spectator"]);  // the spectators follow to the rematch
  const std::string text = json{{"id", created["id"]}, {"tokens", tokens}}.dump();
  if (!persist(match, "rematch", player, text)) return Refusal{503, kCannotSave};
  note_rematch(match, text);
  return view_of(match, player);
}

Answer<json> Matches::replay(const std::string& id, std::size_t step) {
  std::unique_ptr<engine::AnyState> state;
  std::vector<std::pair<int, std::string>> actions;
  {
    const std::lock_guard lock(mutex_);
    auto found = find_finished(id);
    if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
    const Match& match = *std::get<Match*>(found);
    auto made = match.info->entry.make(match.params);
    if (auto* error = std::get_if<std::string>(&made)) return Refusal{500, *error};
    state = std::get<std::unique_ptr<engine::AnyState>>(std::move(made));
    actions = match.actions;
  }
  // Taken again outside the lock: the game is over, nothing changes it.
  step = std::min(step, actions.size());
  json move = nullptr;  // the step's action as data, described where it was played
  for (std::size_t i = 0; i < step; ++i) {
    if (i + 1 == step) {
      const auto described = state->describe(actions[i].second, engine::kNoPlayer);
      if (described) move = move_json(*described);
    }
    state->apply(actions[i].second);
  }
  json answer = {{"step", step},
                 {"steps", actions.size()},
                 {"view", state->view(engine::kNoPlayer)},
                 {"observation", state->observation(engine::kNoPlayer)}};
  if (step > 0) {
    answer["action"] = {
        {"player", actions[step - 1].first}, {"action", actions[step - 1].second}, {"move", move}};
  }
  return answer;
}

Answer<json> Matches::record(const std::string& id) {
  const std::lock_guard lock(mutex_);
  auto found = find_finished(id);
  if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
  return record_json(*std::get<Match*>(found));
}

json Matches::record_json(const Match& match) {
  json seats = json::array();
  for (const Seat& seat : match.seats)
    seats.push_back({{"player", seat.player}, {"kind", seat.bot.empty() ? "human" : seat.bot}});
  json actions = json::array();
  for (const auto& [player, text] : match.actions)
    actions.push_back({{"player", player}, {"action", text}});
  const engine::Returns r = returns(match);
  const int n = match.state->players();
  return json{{"id", match.id},
              {"game", match.info->entry.name},
              {"params", match.params},
              {"seats", seats},
              {"actions", actions},
              {"returns", std::vector<double>(r.begin(), r.begin() + n)},
              {"result", result_of(match)}};
}

// Whether the game has a record of its own format (classic Amazons: SGF),
// asked once.
bool Matches::has_sgf(const Match& match) {
  if (!match.sgf) {
    std::vector<std::string> actions;
    for (const auto& [player, text] : match.actions) actions.push_back(text);
    match.sgf = match.info->sgf &&
                match.info->sgf(match.params, actions, returns(match), match.ended_by).has_value();
  }
  return *match.sgf;
}

Answer<std::string> Matches::record_sgf(const std::string& id) {
  const std::lock_guard lock(mutex_);
  auto found = find_finished(id);
  if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
  const Match& match = *std::get<Match*>(found);
  std::vector<std::string> actions;
  for (const auto& [player, text] : match.actions) actions.push_back(text);
  const auto sgf = match.info->sgf
                       ? match.info->sgf(match.params, actions, returns(match), match.ended_by)
                       : std::nullopt;
  if (!sgf) return Refusal{404, "this game has no SGF record (only classic Amazons has)"};
  return *sgf;
}

std::optional<Refusal> Matches::take_back(Match& match, int player) {
  if (over(match)) return Refusal{409, "the game is over; a finished game cannot be undone"};
  if (!match.state->can_undo() || match.movers.empty())
    return Refusal{409, "there is nothing to take back"};
  if (match.movers.back() != player)
    return Refusal{409, "only the player who made the last action can take it back"};
  if (!persist(match, "undo", player, "")) return Refusal{503, kCannotSave};
  match.state->undo();
  match.movers.pop_back();
  if (!match.actions.empty()) match.actions.pop_back();
  const json entry = {{"player", player}, {"action", "undo"}, {"events", json::array()}};
  log_entry(match, std::vector<json>(static_cast<std::size_t>(match.state->players()) + 1, entry));
  changed(match);
  return std::nullopt;
}

std::optional<Refusal> Matches::play(Match& match, int player, const std::string& action) {
  engine::AnyState& state = *match.state;
  if (over(match)) return Refusal{409, "the game is over"};
  if (state.to_move() != player)
    return Refusal{
        409, "it is not your turn: player " + std::to_string(state.to_move() + 1) + " is to move"};
  if (!persist(match, "play", player, action)) return Refusal{503, kCannotSave};
  const std::string* console = state.console();
  if (console && !state.is_action(action)) {  // a query of the game's program (status)
    if (auto why = state.query(action)) {
      unpersist(match);
      return Refusal{422, *why};
    }
    changed(match);
    return std::nullopt;
  }
  // Each player's entry, then the spectators' (the last): the action as each
  // may see it, as a text and as data.
  std::vector<std::string> seen;
  std::vector<json> moves;
  for (int p = 0; p <= state.players(); ++p) {
    seen.push_back(state.action_seen_by(action, viewer(p, state)));
    const auto move = state.describe(action, viewer(p, state));
    moves.push_back(move ? move_json(*move) : json());
  }
  const auto printed = [&] { return console ? state.console_dropped() + console->size() : 0; };
  const std::size_t before = printed();
  if (auto why = state.apply(action)) {
    // The ETF games run a refused action too: their program's error is news.
    if (printed() != before) {
      changed(match);
    } else {
      unpersist(match);
    }
    return Refusal{422, *why};
  }
  std::vector<json> entry;
  for (int p = 0; p <= state.players(); ++p) {
    const std::string text = state.events_text(viewer(p, state));
    json lines = json::array();
    for (const std::string_view line : engine::split_lines(text)) lines.push_back(line);
    entry.push_back({{"player", player},
                     {"action", std::move(seen[static_cast<std::size_t>(p)])},
                     {"move", std::move(moves[static_cast<std::size_t>(p)])},
                     {"events", lines}});
  }
  log_entry(match, std::move(entry));
  match.actions.emplace_back(player, action);
  if (match.draw_offer >= 0 && match.draw_offer != player) match.draw_offer = -1;  // declined
  match.movers.push_back(player);
  if (!state.can_undo()) match.movers.clear();
  changed(match);
  return std::nullopt;
}

void Matches::log_entry(Match& match, std::vector<json> entry) {
  match.log.push_back(std::move(entry));
  if (match.log.size() > kKeptLog) {
    match.log.pop_front();
    ++match.log_dropped;
  }
}

// The time of the step being taken, or now.
std::int64_t Matches::time_ms() const {
  return step_ms_ ? *step_ms_ : now_ms();
}

// The clocks after a change: the time used is taken from the player whose
// clock ran, who gains the increment when the turn passes on.
void Matches::tick(Match& match) {
  if (!match.clocks) return;
  auto& c = *match.clocks;
  const std::int64_t t = time_ms();
  const int next = over(match) ? -1 : match.state->to_move();
  if (c.running >= 0) {
    auto& left = c.left_ms[static_cast<std::size_t>(c.running)];
    left -= t - c.since_ms;
    if (next != c.running && next >= 0) left += c.increment_ms;
  }
  c.running = next;
  c.since_ms = t;
}

// Ends the game if the clock that runs has run out: that player loses.
void Matches::flag(Match& match) {
  if (!match.clocks || match.clocks->running < 0 || over(match)) return;
  const auto& c = *match.clocks;
  const int loser = c.running;
  if (c.left_ms[static_cast<std::size_t>(loser)] - (time_ms() - c.since_ms) > 0) return;
  if (!persist(match, "timeout", loser, "")) return;
  lose(match, loser, "ran out of time", engine::EndedBy::Time);
}

// Each player's milliseconds left now.
json Matches::clocks_json(const Match& match) const {
  const auto& c = *match.clocks;
  json left = json::array();
  for (std::size_t p = 0; p < c.left_ms.size(); ++p) {
    std::int64_t ms = c.left_ms[p];
    if (static_cast<int>(p) == c.running) ms -= time_ms() - c.since_ms;
    left.push_back(std::max<std::int64_t>(0, ms));
  }
  return left;
}

void Matches::changed(Match& match) {
  ++match.version;
  match.touched = Clock::now();
  tick(match);
  if (!replaying_ && store_ && !match.finish_stored && over(match))
    match.finish_stored = store_->finish(match.id, step_ms_.value_or(now_ms()));
  if (!replaying_) step_ms_.reset();
  queue_bot(match);
  if (listener_ && !replaying_) listener_(match.id);
}

// Queues the game for a bot thread if a bot is to move and none is thinking
// for it already (a bot thinks for one decision at a time).
void Matches::queue_bot(Match& match) {
  const auto& state = *match.state;
  if (!replaying_ && !over(match) && !match.thinking &&
      !match.seats[static_cast<std::size_t>(state.to_move())].bot.empty() &&
      bot_queued_.insert(match.id).second) {
    bot_turns_.push_back(match.id);
    bots_wake_.notify_one();
  }
}

namespace {

// The last action still in play, as the log's `mine`-th viewer saw it (an
// undo takes its action back), or null.
json last_move(const std::deque<std::vector<json>>& log, std::size_t mine) {
  int undone = 0;
  for (auto entry = log.rbegin(); entry != log.rend(); ++entry) {
    const json& seen = (*entry)[mine];
    if (seen.value("action", "") == "undo") {
      ++undone;
    } else if (seen.contains("move") && undone-- == 0) {
      return seen["move"];
    }
  }
  return nullptr;
}

}  // namespace

json Matches::view_of(const Match& match, int player) const {
  const engine::AnyState& state = *match.state;
  json log = json::array();
  const std::size_t shown = std::min(match.log.size(), kViewLog);
  const auto mine = static_cast<std::size_t>(player < 0 ? state.players() : player);
  for (std::size_t i = match.log.size() - shown; i < match.log.size(); ++i)
    log.push_back(match.log[i][mine]);
  json seats = json::array();
  for (const Seat& seat : match.seats)
    seats.push_back({{"player", seat.player}, {"kind", seat.bot.empty() ? "human" : seat.bot}});
  json view = {{"id", match.id},
               {"game", match.info->entry.name},
               {"player", player},
               {"players", state.players()},
               {"seats", seats},
               {"version", match.version},
               {"to_move", over(match) ? engine::kNoPlayer : state.to_move()},
               {"over", over(match)},
               {"observation", state.observation(player)},
               {"view", state.view(player)},
               {"legal", !over(match) && state.to_move() == player ? state.legal_actions()
                                                                   : std::vector<std::string>{}},
               {"moves", json::array()},
               {"last", last_move(match.log, mine)},
               {"log", log},
               {"log_from", match.log_dropped + match.log.size() - shown},
               {"can_undo", state.can_undo() && !match.movers.empty() &&
                                match.movers.back() == player && player >= 0}};
  if (!over(match) && state.to_move() == player) {
    for (const engine::MoveData& m : state.legal_moves()) view["moves"].push_back(move_json(m));
  }
  if (over(match)) {
    const engine::Returns r = returns(match);
    view["returns"] = std::vector<double>(r.begin(), r.begin() + state.players());
    view["result"] = result_of(match);
    static constexpr const char* kEndedBy[] = {"rules", "resignation", "time", "agreement",
                                               "forfeit"};
    view["ended_by"] = kEndedBy[static_cast<int>(match.ended_by)];
    // The records to download: JSON, and the game's own format where it has one.
    view["records"] = has_sgf(match) ? json::array({"json", "sgf"}) : json::array({"json"});
  }
  if (match.draw_offer >= 0) view["draw_offer"] = match.draw_offer;
  if (match.clocks) view["clocks"] = clocks_json(match);
  if (player >= 0) view["spectator"] = match.spectator;  // to share: it tells nothing secret
  if (!match.rematch_id.empty()) {
    view["rematch"] = {{"id", match.rematch_id}, {"token", match.rematch_tokens[mine]}};
  }
  if (const std::string* console = state.console()) {
    // Its last kViewConsole bytes, from the start of a line.
    std::size_t from = 0;
    if (console->size() > kViewConsole) {
      from = console->find('\n', console->size() - kViewConsole);
      from = from == std::string::npos ? console->size() : from + 1;
    }
    view["console"] = console->substr(from);
    view["console_from"] = state.console_dropped() + from;
  }
  // The parameters may tell what a player must not know (RAIInet's seed
  // places the hidden links): only one-player games show them.
  if (state.players() == 1)
    view["params"] = engine::ParamReader(match.params, match.info->entry.params).filled();
  return view;
}

void Matches::drop_idle() {
  const auto now = Clock::now();
  std::erase_if(matches_,
                [&](const auto& entry) { return now - entry.second->touched > limits_.idle; });
  if (now - last_purge_ > std::chrono::minutes(1)) purge_finished();
}

// Removes the games that ended more than keep_finished ago (a hundred at a
// time), each record first written to export_finished when asked; a game
// whose record cannot be written stays.
void Matches::purge_finished() {
  last_purge_ = Clock::now();
  if (!store_) return;
  const auto keep = std::chrono::duration_cast<std::chrono::milliseconds>(limits_.keep_finished);
  for (const std::string& id : store_->finished_before(now_ms() - keep.count(), 100)) {
    if (!limits_.export_finished.empty()) {
      const auto stored = store_->load(id);
      if (!stored) continue;
      auto restored = restore(*stored);
      const auto* match = std::get_if<std::unique_ptr<Match>>(&restored);
      if (!match) continue;
      const std::string file = limits_.export_finished + "/" + id + ".json";
      if (!std::holds_alternative<engine::OutputKind>(
              engine::write_file_safely(file, record_json(**match).dump(2) + "\n")))
        continue;
    }
    if (store_->remove_game(id)) matches_.erase(id);
  }
}

// A bot's time a decision: bot_time_ms when the bots have a thread each, a
// fair share when more are waiting, so that the bots of one game never hold
// another's up for long (at least 20 ms).
int Matches::bot_share_ms() const {
  const int threads = static_cast<int>(bot_threads_.size());
  const int waiting = static_cast<int>(bot_turns_.size()) + bots_thinking_;
  return std::max(20, limits_.bot_time_ms * threads / std::max(threads, waiting));
}

void Matches::bot_loop() {
  std::unique_lock lock(mutex_);
  while (true) {
    bots_wake_.wait(lock, [&] { return stopping_ || !bot_turns_.empty(); });
    if (stopping_) return;
    const std::string id = bot_turns_.front();
    bot_turns_.pop_front();
    bot_queued_.erase(id);
    auto at = matches_.find(id);
    if (at == matches_.end() || over(*at->second) || at->second->thinking) continue;
    Match& match = *at->second;
    const int player = match.state->to_move();
    const std::shared_ptr<engine::AnyBot> bot = match.seats[static_cast<std::size_t>(player)].ai;
    if (!bot) continue;
    const auto state = match.state->clone();
    const std::uint64_t version = match.version;
    bot->set_time_ms(bot_share_ms());
    ++bots_thinking_;
    match.thinking = true;
    lock.unlock();  // think without holding the games
    const std::string action = bot->choose(*state);
    lock.lock();
    --bots_thinking_;
    at = matches_.find(id);
    if (at == matches_.end()) continue;
    at->second->thinking = false;
    if (at->second->version == version) {
      play(*at->second, player, action);
    } else {
      queue_bot(*at->second);  // the game changed meanwhile (an undo): think again
    }
  }
}

}  // namespace web
