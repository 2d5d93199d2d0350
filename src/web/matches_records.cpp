// web::Matches: games kept in the store and brought back, replays, records
// and SGF.
#include <algorithm>

#include "engine/files.hpp"
#include "engine/words.hpp"
#include "web/matches.hpp"
#include "web/matches_shared.hpp"

namespace web {
namespace {

using nlohmann::json;

using Clock = std::chrono::steady_clock;

}  // namespace

// Writes a step of the game before it is taken; false if it cannot be: the
// store failed, or another server wrote a step of that number first (then
// `raced_` names the game, to be taken up to date and the request tried
// again).
bool Matches::persist(Match& match, const char* kind, int player, const std::string& text) {
  if (replaying_) return true;
  step_ms_ = now_ms();
  const Written written =
      store_->add_step(match.id, {match.next_seq, kind, player, text, *step_ms_});
  if (written != Written::Kept) {
    step_ms_.reset();
    if (written == Written::Taken) raced_ = match.id;
    return false;
  }
  ++match.next_seq;
  match.last_step_ms = *step_ms_;
  return true;
}

// Takes back the step just written: it changed nothing. Its number is not
// used again: another server may have read the step already, and taken it
// (refused, as here) without a change.
void Matches::unpersist(Match& match) {
  if (replaying_) return;
  step_ms_.reset();
  store_->remove_step(match.id, match.next_seq - 1);
}

// Runs `op`, a request that writes steps of the game `id`. With a shared
// store, the game is first taken up to date (the request may answer what
// another server's watcher showed a moment ago, before its news came), and
// `op` runs again, at most twice, when another server wrote a step of the
// game first: with that step taken.
Answer<json> Matches::retried(const std::string& id, const std::function<Answer<json>()>& op) {
  if (store_->shared()) {
    const auto at = matches_.find(id);
    if (at != matches_.end()) catch_up(*at->second);
  }
  for (int attempt = 0;; ++attempt) {
    raced_.clear();
    Answer<json> answer = op();
    if (raced_.empty()) return answer;
    const auto at = matches_.find(raced_);
    if (at != matches_.end()) catch_up(*at->second);
    if (attempt == 2) return answer;
  }
}

// Takes the steps other servers wrote of the game since this one's last:
// whether there were any. Its watchers here are told once.
bool Matches::catch_up(Match& match) {
  const std::vector<StoredStep> steps = store_->steps_from(match.id, match.next_seq);
  if (steps.empty()) return false;
  replaying_ = true;
  for (const StoredStep& step : steps) take_stored(match, step);
  replaying_ = false;
  step_ms_.reset();
  match.finish_stored = match.finish_stored || over(match);  // the writer's to store
  await_bot(match);
  if (listener_) listener_(match.id);
  return true;
}

// News from the store: another server wrote steps of the game `id` (or of
// any game, when `id` is empty). Games not in memory here are read when
// asked for.
void Matches::news(const std::string& id) {
  const std::lock_guard lock(mutex_);
  if (id.empty()) {
    for (auto& [ignored, match] : matches_) catch_up(*match);
    return;
  }
  const auto at = matches_.find(id);
  if (at != matches_.end()) catch_up(*at->second);
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
  std::vector<std::string> kinds, tokens, accounts;
  std::vector<bool> bot_accounts;
  for (const json& seat : seats) {
    accounts.push_back(seat.value("account", ""));
    bot_accounts.push_back(seat.value("bot_account", false));
    kinds.push_back(seat.contains("bot") ? seat.value("bot", "") : "human");
    tokens.push_back(seat.value("token", ""));
  }
  auto made = make_match(*info, filled, kinds, tokens);
  if (auto* refusal = std::get_if<Refusal>(&made)) return *refusal;
  auto match = std::get<std::unique_ptr<Match>>(std::move(made));
  for (std::size_t i = 0; i < accounts.size() && i < match->seats.size(); ++i) {
    match->seats[i].account = accounts[i];
    match->seats[i].bot_account = bot_accounts[i];
    note_rating(*match, match->seats[i]);
  }
  match->id = stored.id;
  match->address = stored.address;
  match->touched = Clock::now();
  const json options = json::parse(stored.options, nullptr, false);
  if (options.is_object()) {
    match->spectator = options.value("spectator", "");
    if (options.contains("clock")) start_clocks(*match, options["clock"]);
    match->seek = options.value("seek", false);
    match->rated = options.value("rated", false) == true;
    if (options.value("opponent", json()).is_string()) match->opponent = options["opponent"];
    match->seed_chosen = options.value("seed_chosen", false);
    for (Seat& seat : match->seats) seat.open = match->seek && seat.player > 0;
  }
  match->last_step_ms = match->created_ms = stored.created_ms;
  replaying_ = true;
  step_ms_ = stored.created_ms;
  changed(*match);  // as when it was created
  for (const StoredStep& step : stored.steps) take_stored(*match, step);
  replaying_ = false;
  step_ms_.reset();
  match->finish_stored = stored.finished_ms.has_value();
  // A game of an earlier version ended without its end written: its last step's.
  if (over(*match) && !match->finish_stored)
    match->finish_stored = store_->finish(
        match->id, stored.steps.empty() ? stored.created_ms : stored.steps.back().at_ms);
  // The time the server was down is nobody's: the clock runs again from
  // now. A game other servers share was not down: its clock ran on.
  if (match->clocks && !store_->shared()) match->clocks->since_ms = now_ms();
  return match;
}

// Takes a step again as it was taken (while replaying: nothing written).
void Matches::take_stored(Match& match, const StoredStep& step) {
  match.next_seq = step.seq + 1;
  match.last_step_ms = step.at_ms;
  if (step.player < 0 || step.player >= match.state->players()) return;
  step_ms_ = step.at_ms;
  if (step.kind == "timeout") flag(match);
  if (step.kind == "join") {
    // Its text: the account that joined, {"account", "bot"} (or nothing).
    const json joiner = json::parse(step.text, nullptr, false);
    if (joiner.is_object())
      claim(match, step.player, joiner.value("account", ""), joiner.value("bot", false));
    else
      claim(match, step.player);
  }
  if (step.kind == "play") play(match, step.player, step.text);
  if (step.kind == "undo") take_back(match, step.player);
  if (step.kind == "resign") give_up(match, step.player);
  if (step.kind == "draw") offer_draw(match, step.player);
  if (step.kind == "decline") decline_draw(match, step.player);
  if (step.kind == "cancel") abort_seek(match, step.player);
  if (step.kind == "rematch") note_rematch(match, step.text);
  if (step.kind.starts_with("chat") || step.kind == "mute")
    hear(match, step.kind, step.player, step.text, step.at_ms);
}

// The store's most recent games, as they were (at construction).
void Matches::restore_recent() {
  for (const StoredGame& stored : store_->recent(limits_.max_games)) {
    auto restored = restore(stored);
    if (auto* match = std::get_if<std::unique_ptr<Match>>(&restored))
      matches_[stored.id] = std::move(*match);
  }
  for (auto& [id, match] : matches_) await_bot(*match);
}

Answer<json> Matches::replay(const std::string& id, std::size_t step) {
  std::unique_ptr<engine::AnyState> state;
  std::vector<std::pair<int, std::string>> actions;
  std::vector<std::string> names;
  {
    const std::lock_guard lock(mutex_);
    auto found = find_finished(id);
    if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
    const Match& match = *std::get<Match*>(found);
    auto made = match.info->make(match.params);
    if (auto* error = std::get_if<std::string>(&made)) return Refusal{500, *error};
    state = std::get<std::unique_ptr<engine::AnyState>>(std::move(made));
    actions = match.actions;
    names = match.names;
  }
  // Taken again outside the lock: the game is over, nothing changes it.
  // Every action described as it was played, the position kept at `step`.
  step = std::min(step, actions.size());
  json moves = json::array();
  json answer = {{"step", step}, {"steps", actions.size()}, {"names", names}};
  for (std::size_t i = 0; i <= actions.size(); ++i) {
    if (i == step) {
      answer["view"] = state->view(engine::kEveryone);
      answer["observation"] = state->observation(engine::kEveryone);
    }
    if (i == actions.size()) break;
    const auto described = state->describe(actions[i].second, engine::kEveryone);
    const json move = described ? move_json(*described) : json(nullptr);
    moves.push_back({{"player", actions[i].first},
                     {"label", described ? described->label : actions[i].second},
                     {"move", move}});
    if (i + 1 == step) {
      answer["action"] = {
          {"player", actions[i].first}, {"action", actions[i].second}, {"move", move}};
    }
    state->apply(actions[i].second);
  }
  answer["moves"] = std::move(moves);
  return answer;
}

Answer<json> Matches::guide(const std::string& id) {
  const std::lock_guard lock(mutex_);
  auto found = find_any(id);
  if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
  return std::get<Match*>(found)->state->guide();
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
              {"game", match.info->name},
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
    match.sgf = match.info->sgf && match.info
                                       ->sgf(match.params, actions, returns(match), match.ended_by,
                                             engine::utc_date(match.created_ms))
                                       .has_value();
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
                       ? match.info->sgf(match.params, actions, returns(match), match.ended_by,
                                         engine::utc_date(match.created_ms))
                       : std::nullopt;
  if (!sgf) return Refusal{404, "this game has no SGF record (only classic Amazons has)"};
  return *sgf;
}

// Removes the games that ended more than keep_finished ago (a hundred at a
// time), each record first written to export_finished when asked; a game
// whose record cannot be written stays.
void Matches::purge_finished() {
  last_purge_ = Clock::now();
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

}  // namespace web
