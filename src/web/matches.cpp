// web::Matches: games made and found, seats and their tokens, actions played and
// each seat's view.
#include "web/matches.hpp"

#include <algorithm>
#include <mutex>
#include <random>

#include "engine/words.hpp"
#include "web/login_limits.hpp"
#include "web/matches_shared.hpp"

namespace web {
namespace {

using nlohmann::json;

using Clock = std::chrono::steady_clock;

// The viewer of the log's k-th entry of an action: player k, or after the
// players the spectators.
int viewer(int k, const engine::AnyState& state) {
  return k < state.players() ? k : engine::kNoPlayer;
}

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

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

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

Matches::Matches(Limits limits, Store* store)
    : limits_(limits),
      own_store_(store ? nullptr : Store::memory()),
      store_(store ? store : own_store_.get()),
      games_started_(static_cast<double>(std::max<std::size_t>(1, limits.games_per_minute)),
                     static_cast<double>(std::max<std::size_t>(1, limits.games_per_minute)) / 60),
      storage_(static_cast<double>(limits.storage_kib_per_day) * 1024,
               static_cast<double>(limits.storage_kib_per_day) * 1024 / 86400) {
  // Told of other servers' steps before the games are read: none missed.
  store_->on_news([this](const std::string& id) { news(id); });
  {
    const std::lock_guard lock(mutex_);
    purge_finished();
    restore_recent();
  }
  const int threads = limits_.bot_threads > 0
                          ? limits_.bot_threads
                          : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  for (int i = 0; i < threads; ++i) bot_threads_.emplace_back([this] { bot_loop(); });
}

Matches::~Matches() {
  store_->on_news({});
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

// Each player's name for people: the one its view gives, where the game
// names its sides (Sword and Shield's Yellow and Green), else "Player N".
std::vector<std::string> seat_names(const engine::AnyState& state) {
  const json view = state.view(engine::kEveryone);
  const auto players = view.find("players");
  std::vector<std::string> names;
  for (int p = 0; p < state.players(); ++p) {
    const auto at = static_cast<std::size_t>(p);
    names.push_back("Player " + std::to_string(p + 1));
    if (players == view.end() || !players->is_array() || players->size() <= at) continue;
    const auto name = (*players)[at].find("name");
    if (name != (*players)[at].end() && name->is_string() && !name->get<std::string>().empty())
      names.back() = name->get<std::string>();
  }
  return names;
}

std::size_t Matches::size() const {
  const std::lock_guard lock(mutex_);
  return matches_.size();
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
  if (at == matches_.end()) {
    // Dropped from memory while idle, or older than the restart: read back.
    if (const auto stored = store_->load(id)) {
      drop_idle();
      // A finished game is read back whatever the games in play: it takes
      // none of their room, and leaves memory first.
      if (!stored->finished_ms && in_play() >= limits_.max_games)
        return Refusal{503, "the server is full; try again when a game ends or is left"};
      auto restored = restore(*stored);
      if (auto* refusal = std::get_if<Refusal>(&restored)) return *refusal;
      at = matches_.emplace(id, std::get<std::unique_ptr<Match>>(std::move(restored))).first;
      await_bot(*at->second);
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

Answer<Matches::Match*> Matches::find_seat(const std::string& id, const std::string& token,
                                           int& player) {
  auto found = find(id, token, player);
  if (std::holds_alternative<Match*>(found) && player == engine::kNoPlayer)
    return Refusal{403, kSpectatorsWatch};
  return found;
}

Answer<json> Matches::view(const std::string& id, const std::string& token) {
  const std::lock_guard lock(mutex_);
  int player = 0;
  auto found = find(id, token, player);
  if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
  return view_of(*std::get<Match*>(found), player);
}

Answer<Matches::ViewText> Matches::view_text(const std::string& id, const std::string& token) {
  const std::lock_guard lock(mutex_);
  int player = 0;
  auto found = find(id, token, player);
  if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
  const Match& match = *std::get<Match*>(found);
  // Index 0 the spectators', then each seat's.
  const auto at = static_cast<std::size_t>(player + 1);
  if (match.rendered.size() <= at) match.rendered.resize(at + 1);
  Match::Rendered& kept = match.rendered[at];
  const std::int64_t now = now_ms();
  // A running clock's time left is read when the view is rendered: shared
  // for a moment only.
  const bool ticking = match.clocks && !over(match) && clock_runs(match);
  if (!kept.text || kept.version != match.version ||
      (ticking && now - kept.at_ms > kClockShareMs)) {
    const json view = view_of(match, player);
    kept = {match.version, now,
            std::make_shared<const std::string>(
                view.dump(-1, ' ', false, json::error_handler_t::replace)),
            std::nullopt};
    if (ticking)
      kept.clock_left_ms =
          view["clocks"][static_cast<std::size_t>(match.clocks->running)].get<std::int64_t>();
  }
  std::optional<std::int64_t> left;
  if (kept.clock_left_ms) left = *kept.clock_left_ms - (now - kept.at_ms);
  return ViewText{kept.version, kept.text, left};
}

Answer<json> Matches::act(const std::string& id, const std::string& token,
                          const std::string& action) {
  return act(id, token, std::vector<std::string>{action});
}

// Runs `step` for the seat holding `token`, and answers with its view.
Answer<json> Matches::seat_step(const std::string& id, const std::string& token,
                                std::optional<Refusal> (Matches::*step)(Match&, int)) {
  const std::lock_guard lock(mutex_);
  return retried(id, [&]() -> Answer<json> {
    int player = 0;
    auto found = find_seat(id, token, player);
    if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
    Match& match = *std::get<Match*>(found);
    if (auto refusal = (this->*step)(match, player)) return *refusal;
    return view_of(match, player);
  });
}

// Why `player` may not play now, if it may not.
static std::optional<Refusal> not_now(const engine::AnyState& state, bool over, int open_seats,
                                      int player) {
  if (over) return Refusal{409, "the game is over"};
  if (open_seats > 0)
    return Refusal{409, "the game waits for an opponent: nobody plays before every seat is taken"};
  if (state.to_move() != player)
    return Refusal{
        409, "it is not your turn: player " + std::to_string(state.to_move() + 1) + " is to move"};
  return std::nullopt;
}

Answer<json> Matches::act(const std::string& id, const std::string& token,
                          const std::vector<std::string>& actions) {
  const std::lock_guard lock(mutex_);
  std::size_t played = 0;  // the steps kept before another server wrote one first
  return retried(id, [&]() -> Answer<json> {
    int player = 0;
    auto found = find_seat(id, token, player);
    if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
    Match& match = *std::get<Match*>(found);
    const std::vector<std::string> rest(actions.begin() + static_cast<std::ptrdiff_t>(played),
                                        actions.end());
    if (actions.size() != 1) {
      if (match.state->console())
        return Refusal{400, "this game takes one action at a time (its program answers each)"};
      std::unique_ptr<engine::AnyState> trial;
      if (auto refusal = try_steps(match, player, rest, trial)) return *refusal;
    }
    // Each step kept as it is played; the watchers, waiting for the games'
    // lock, see the turn whole.
    for (const std::string& action : rest) {
      if (auto refusal = play(match, player, action)) return *refusal;
      ++played;
    }
    return view_of(match, player);
  });
}

Answer<json> Matches::preview(const std::string& id, const std::string& token,
                              const std::vector<std::string>& actions) {
  const std::lock_guard lock(mutex_);
  int player = 0;
  auto found = find_seat(id, token, player);
  if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
  Match& match = *std::get<Match*>(found);
  if (!can_preview(match))
    return Refusal{409, "this game's steps cannot be tried first: it hides or draws something"};
  std::unique_ptr<engine::AnyState> trial;
  if (auto refusal = try_steps(match, player, actions, trial)) return *refusal;
  std::swap(match.state, trial);  // the view of the game as it would be; then back
  json view = view_of(match, player);
  std::swap(match.state, trial);
  view["preview"] = actions;
  view["can_undo"] = false;
  return view;
}

// Whether a page may try the steps of a turn before it sends them: trying
// tells nothing where nothing is hidden and nothing drawn; the ETF games'
// programs answer each action as it comes, and a game with an undo of its
// own plays its turns in the open.
bool Matches::can_preview(const Match& match) {
  const games::GameFacts& facts = match.info->facts;
  return !facts.hidden && !facts.chance && !facts.undo && !match.state->console();
}

// Plays `actions` on a copy of the game, `trial`: each of them the seat's,
// in turn.
std::optional<Refusal> Matches::try_steps(const Match& match, int player,
                                          const std::vector<std::string>& actions,
                                          std::unique_ptr<engine::AnyState>& trial) const {
  if (actions.empty() || actions.size() > kMaxSteps)
    return Refusal{400, "\"actions\" holds 1 to " + std::to_string(kMaxSteps) + " actions"};
  if (auto refusal = not_now(*match.state, over(match), open_seats(match), player)) return refusal;
  trial = match.state->clone();
  for (const std::string& action : actions) {
    if (trial->over() || trial->to_move() != player)
      return Refusal{409, "the turn is over before \"" + engine::printable(action, 80) +
                              "\": the actions sent together are one turn's"};
    if (auto why = trial->apply(action)) return Refusal{422, *why};
  }
  return std::nullopt;
}

std::optional<Refusal> Matches::play(Match& match, int player, const std::string& action) {
  engine::AnyState& state = *match.state;
  if (auto refusal = not_now(state, over(match), open_seats(match), player)) return refusal;
  const std::string* console = state.console();
  const bool query = console && !state.is_action(action);
  // Each query is a step kept (its answer is in the program's output and
  // numbers its states): a game answers so many, no more.
  if (query && match.queries >= kMaxQueries && !replaying_)
    return Refusal{429, "this game has answered " + std::to_string(kMaxQueries) +
                            " queries, the most it answers: its state is on the page"};
  if (!persist(match, "play", player, action)) return Refusal{503, kCannotSave};
  if (query) {  // a query of the game's program (status)
    if (auto why = state.query(action)) {
      unpersist(match);
      return Refusal{422, *why};
    }
    ++match.queries;
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

void Matches::changed(Match& match) {
  ++match.version;
  match.touched = Clock::now();
  tick(match);
  if (!replaying_ && !match.finish_stored && over(match)) {
    match.finish_stored = store_->finish(match.id, step_ms_.value_or(now_ms()));
    if (match.finish_stored && match.rated) rate(match);
  }
  if (!replaying_) step_ms_.reset();
  queue_bot(match);
  if (listener_ && !replaying_) listener_(match.id);
}

// A seat as every view shows it: a person or a bot, and its account.
json Matches::seat_view(const Seat& seat) {
  json entry = {{"player", seat.player}, {"kind", seat.bot.empty() ? "human" : seat.bot}};
  if (!seat.account.empty()) {
    entry["account"] = seat.account;
    entry["rating"] = seat.rating;
    if (seat.bot_account) entry["bot_account"] = true;
  }
  return entry;
}

json Matches::view_of(const Match& match, int player) const {
  const engine::AnyState& state = *match.state;
  json log = json::array();
  const std::size_t shown = std::min(match.log.size(), kViewLog);
  const auto mine = static_cast<std::size_t>(player < 0 ? state.players() : player);
  for (std::size_t i = match.log.size() - shown; i < match.log.size(); ++i)
    log.push_back(match.log[i][mine]);
  json seats = json::array();
  for (const Seat& seat : match.seats) seats.push_back(seat_view(seat));
  json view = {{"id", match.id},
               {"game", match.info->name},
               {"player", player},
               {"players", state.players()},
               {"seats", seats},
               {"names", match.names},
               {"version", match.version},
               {"to_move", over(match) ? engine::kNoPlayer : state.to_move()},
               {"over", over(match)},
               // Once over, however it ended, nothing is hidden.
               {"observation", state.observation(over(match) ? engine::kEveryone : player)},
               {"view", state.view(over(match) ? engine::kEveryone : player)},
               {"legal", !over(match) && state.to_move() == player ? state.legal_actions()
                                                                   : std::vector<std::string>{}},
               {"moves", json::array()},
               {"last", last_move(match.log, mine)},
               {"log", log},
               {"log_from", match.log_dropped + match.log.size() - shown},
               {"can_undo", can_take_back(match, player)},
               {"previews", player >= 0 && can_preview(match)},
               {"rated", match.rated},
               {"chat", chat_json(match, player)}};
  if (const int open = open_seats(match)) {
    view["waiting_for"] = open;  // a seek: nobody plays before every seat is taken
    view["legal"] = json::array();
  } else if (!over(match) && state.to_move() == player) {
    for (const engine::MoveData& m : state.legal_moves()) view["moves"].push_back(move_json(m));
  }
  if (over(match)) {
    const engine::Returns r = returns(match);
    view["returns"] = std::vector<double>(r.begin(), r.begin() + state.players());
    view["result"] = result_of(match);
    view["ending"] = ending_json(match, player);
    static constexpr const char* kEndedBy[] = {"rules",     "resignation", "time",
                                               "agreement", "forfeit",     "aborted"};
    view["ended_by"] = kEndedBy[static_cast<int>(match.ended_by)];
    // The records to download: JSON, and the game's own format where it has one.
    view["records"] = has_sgf(match) ? json::array({"json", "sgf"}) : json::array({"json"});
  }
  if (match.draw_offer >= 0) view["draw_offer"] = match.draw_offer;
  if (match.clocks) {
    view["clocks"] = clocks_json(match);
    view["clock_runs"] = clock_runs(match) && !over(match);  // the player to move's
  }
  if (player >= 0) view["spectator"] = match.spectator;  // to share: it tells nothing secret
  // Whoever made a game of hidden things with a seed of their choosing
  // could know them: every seat is told.
  if (match.seed_chosen) view["seed_chosen"] = true;
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
    view["params"] = engine::ParamReader(match.params, match.info->params).filled();
  return view;
}

void Matches::drop_idle() {
  const auto now = Clock::now();
  std::erase_if(matches_, [&](const auto& entry) {
    const bool idle = now - entry.second->touched > limits_.idle;
    // Kept in memory only: gone (its memory is the point of dropping it).
    if (idle && !store_->lasting()) store_->remove_game(entry.first);
    return idle;
  });
  trim_finished();
  if (now - last_purge_ > std::chrono::minutes(1)) purge_finished();
}

// Finished games take none of the room of games in play: past max_games of
// them, the least recently touched leave memory (their records stay in the
// store, read back when asked; kept in memory only, they are gone).
void Matches::trim_finished() {
  std::vector<std::pair<Clock::time_point, std::string>> finished;
  for (const auto& [id, match] : matches_)
    if (over(*match)) finished.emplace_back(match->touched, id);
  if (finished.size() <= limits_.max_games) return;
  const auto excess = static_cast<std::ptrdiff_t>(finished.size() - limits_.max_games);
  std::nth_element(finished.begin(), finished.begin() + excess, finished.end());
  for (auto at = finished.begin(); at != finished.begin() + excess; ++at) {
    if (!store_->lasting()) store_->remove_game(at->second);
    matches_.erase(at->second);
  }
}

std::size_t Matches::in_play() const {
  return static_cast<std::size_t>(std::count_if(
      matches_.begin(), matches_.end(), [](const auto& entry) { return !over(*entry.second); }));
}

// The games in play one address or identity may have: as set, or an
// eighth of the server's.
std::size_t Matches::address_share() const {
  return limits_.games_per_address > 0 ? limits_.games_per_address
                                       : std::max<std::size_t>(1, limits_.max_games / 8);
}

// Why `address` (and the browser `identity`) may not start a game now, if
// it may not (under the games' lock): its games in play, counted in the
// store (through every server), its identity's, and its rate.
std::optional<Refusal> Matches::may_start(const std::string& address, const std::string& identity,
                                          const std::string& account) {
  const std::size_t share = address_share();
  const auto idle = std::chrono::duration_cast<std::chrono::milliseconds>(limits_.idle);
  const std::size_t mine = store_->in_play_by(address, now_ms() - idle.count());
  const std::string most = std::to_string(share);
  if (mine >= share)
    return Refusal{429, "your address has " + std::to_string(mine) +
                            " games in play, the most one "
                            "address may have (" +
                            most + "); finish or resign one first"};
  if (!identity.empty()) {
    // Games, not seats: a browser that holds both seats of a game at one
    // screen has one game in play.
    std::vector<std::string> games_held;
    for (const StoredHolding& h : store_->holdings_of(identity)) {
      const auto at = matches_.find(h.game_id);
      if (at != matches_.end() && !over(*at->second)) games_held.push_back(h.game_id);
    }
    std::sort(games_held.begin(), games_held.end());
    const auto held = static_cast<std::size_t>(std::unique(games_held.begin(), games_held.end()) -
                                               games_held.begin());
    if (held >= share)
      return Refusal{429, "this browser has " + std::to_string(held) +
                              " games in play, the most one may have (" + most +
                              "); finish or resign one first"};
  }
  // The rate: a bucket of games_per_minute, filled at that rate.
  if (!games_started_.take({"address " + address}, 1, Clock::now()))
    return Refusal{429, "your address has started " + std::to_string(limits_.games_per_minute) +
                            " games in the last minute, the most it may; wait a few seconds"};
  if (auto refusal = charge_storage_locked(address, account, kStoredGameBytes)) return refusal;
  return std::nullopt;
}

std::optional<Refusal> Matches::charge_storage(const std::string& address,
                                               const std::string& account, std::size_t bytes) {
  const std::lock_guard lock(mutex_);
  return charge_storage_locked(address, account, bytes);
}

std::optional<Refusal> Matches::charge_storage_locked(const std::string& address,
                                                      const std::string& account,
                                                      std::size_t bytes) {
  const auto now = Clock::now();
  const std::string address_key = "address " + LoginLimits::client_block(address);
  const std::string account_key = account.empty() ? "" : "account " + engine::lower_case(account);
  if (storage_.take({address_key, account_key}, static_cast<double>(bytes), now))
    return std::nullopt;
  const bool address_short = storage_.level(address_key, now) < static_cast<double>(bytes);
  return Refusal{429, std::string(address_short ? "your address" : "your account") +
                          " has used its share of this site's storage for today (" +
                          std::to_string(limits_.storage_kib_per_day) +
                          " KiB a day): it refills over the day; try again later"};
}

}  // namespace web
