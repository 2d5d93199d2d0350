// web::Matches: how games end besides the rules (resignation, a draw agreed,
// a forfeit), undo, and rematches.
#include <algorithm>
#include <sstream>

#include "web/accounts.hpp"
#include "web/matches.hpp"
#include "web/matches_shared.hpp"
#include "web/ratings.hpp"

namespace web {
namespace {

using nlohmann::json;

std::string result_text(const engine::Returns& r, const std::vector<std::string>& names) {
  const int n = static_cast<int>(names.size());
  if (n == 1) {  // its score, as people write numbers: 2, not 2.000000
    std::ostringstream score;
    score << r[0];
    return "the game is over: score " + score.str();
  }
  const double best = *std::max_element(r.begin(), r.begin() + n);
  std::vector<int> winners;
  for (int p = 0; p < n; ++p) {
    if (r[static_cast<std::size_t>(p)] == best) winners.push_back(p);
  }
  if (static_cast<int>(winners.size()) == n) return "the game is over: a draw";
  std::string text = "the game is over: ";
  for (std::size_t i = 0; i < winners.size(); ++i)
    text += (i ? " and " : "") + names[static_cast<std::size_t>(winners[i])];
  return text + (winners.size() == 1 ? " wins" : " share the win");
}

}  // namespace

std::string Matches::result_of(const Match& match) {
  const std::string text = result_text(returns(match), match.names);
  return match.ended_how.empty() ? text : match.ended_how + "; " + text;
}

// How the game ended for `player` (a spectator: as the public sees it):
// {"outcome": "won" | "lost" | "draw", "reason"}, the reason in the game's
// words when its rules ended it. A spectator's outcome is "draw" or, for
// the others, "over" with the winners in "winners".
json Matches::ending_json(const Match& match, int player) {
  const int n = match.state->players();
  const engine::Returns r = returns(match);
  const double best = *std::max_element(r.begin(), r.begin() + n);
  std::vector<int> winners;
  for (int p = 0; p < n; ++p)
    if (r[static_cast<std::size_t>(p)] == best) winners.push_back(p);
  const auto someone = [&](int p) {
    return p == player ? std::string("you") : match.names[static_cast<std::size_t>(p)];
  };
  std::string reason;
  switch (match.ended_by) {
    case engine::EndedBy::Rules:
      reason = match.state->ending().reason;
      break;
    case engine::EndedBy::Resignation:
      reason = someone(match.ended_loser) + " resigned";
      break;
    case engine::EndedBy::Time:
      reason = someone(match.ended_loser) + " ran out of time";
      break;
    case engine::EndedBy::Agreement:
      reason = "a draw agreed";
      break;
    default:
      reason = match.ended_how;
  }
  std::string outcome;
  if (match.ended_by == engine::EndedBy::Aborted) {
    outcome = "aborted";
  } else if (n == 1) {
    outcome = match.ended_by == engine::EndedBy::Rules && match.state->ending().goal_reached
                  ? "won"
                  : "lost";
  } else if (static_cast<int>(winners.size()) == n) {
    outcome = "draw";
  } else if (player < 0) {
    outcome = "over";
  } else {
    outcome = r[static_cast<std::size_t>(player)] == best ? "won" : "lost";
  }
  json ending = {{"outcome", outcome}, {"reason", reason}};
  if (n > 1 && match.ended_by != engine::EndedBy::Aborted) ending["winners"] = winners;
  return ending;
}

bool Matches::over(const Match& match) {
  return match.ended || match.state->over();
}

engine::Returns Matches::returns(const Match& match) {
  return match.ended ? *match.ended : match.state->returns();
}

std::optional<Refusal> Matches::give_up(Match& match, int player) {
  if (over(match)) return Refusal{409, "the game is over"};
  // (Steps of older versions, which allowed it, are taken as they were.)
  if (open_seats(match) > 0 && !replaying_)
    return Refusal{409, "the game waits for an opponent: cancel the seek instead"};
  if (!persist(match, "resign", player, "")) return Refusal{503, kCannotSave};
  match.draw_offer = -1;
  lose(match, player, "resigned", engine::EndedBy::Resignation);
  return std::nullopt;
}

// Ends the game with `loser` losing and every other player sharing the win
// (engine::Returns: of two, +1 and -1).
void Matches::lose(Match& match, int loser, const std::string& how, engine::EndedBy by) {
  const int n = match.state->players();
  engine::Returns shares{};
  for (int p = 0; p < n; ++p)
    shares[static_cast<std::size_t>(p)] = p == loser ? 0.0 : 1.0 / std::max(1, n - 1);
  match.ended = engine::returns_of_shares(shares, n);
  match.ended_how = match.names[static_cast<std::size_t>(loser)] + " " + how;
  match.ended_loser = loser;
  match.ended_by = by;
  changed(match);
}

std::optional<Refusal> Matches::offer_draw(Match& match, int player) {
  if (over(match)) return Refusal{409, "the game is over"};
  if (open_seats(match) > 0 && !replaying_) return Refusal{409, "the game waits for an opponent"};
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

Answer<json> Matches::undo(const std::string& id, const std::string& token) {
  return seat_step(id, token, &Matches::take_back);
}

Answer<json> Matches::resign(const std::string& id, const std::string& token) {
  return seat_step(id, token, &Matches::give_up);
}

Answer<json> Matches::draw(const std::string& id, const std::string& token) {
  return seat_step(id, token, &Matches::offer_draw);
}

std::optional<Refusal> Matches::decline_draw(Match& match, int player) {
  if (over(match)) return Refusal{409, "the game is over"};
  if (match.draw_offer < 0 || match.draw_offer == player)
    return Refusal{409, "there is no draw offer of the other player's to decline"};
  if (!persist(match, "decline", player, "")) return Refusal{503, kCannotSave};
  match.draw_offer = -1;
  changed(match);
  return std::nullopt;
}

std::optional<Refusal> Matches::abort_seek(Match& match, int player) {
  if (over(match)) return Refusal{409, "the game is over"};
  if (open_seats(match) == 0)
    return Refusal{409, "only a seek nobody has joined can be cancelled: resign instead"};
  if (!persist(match, "cancel", player, "")) return Refusal{503, kCannotSave};
  match.ended = engine::Returns{};
  match.ended_how = "the seek was cancelled before anyone joined";
  match.ended_by = engine::EndedBy::Aborted;
  changed(match);
  return std::nullopt;
}

Answer<json> Matches::cancel(const std::string& id, const std::string& token) {
  return seat_step(id, token, &Matches::abort_seek);
}

Answer<json> Matches::decline(const std::string& id, const std::string& token) {
  return seat_step(id, token, &Matches::decline_draw);
}

Answer<json> Matches::rematch(const std::string& id, const std::string& token,
                              const std::string& address) {
  json request;
  {
    const std::lock_guard lock(mutex_);
    int player = 0;
    auto found = find_seat(id, token, player);
    if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
    Match& match = *std::get<Match*>(found);
    if (!match.rematch_id.empty()) return view_of(match, player);
    if (!over(match)) return Refusal{409, "a rematch comes when the game is over"};
    // The same game, each seat one place on, a new deal (a new seed).
    json params = match.params;
    for (const engine::ParamSpec& p : match.info->params)
      if (p.deals) params.erase(p.name);
    json seats = json::array();
    const int n = match.state->players();
    for (int p = 0; p < n; ++p) {
      const Seat& was = match.seats[static_cast<std::size_t>((p + n - 1) % n)];
      seats.push_back(was.bot.empty() ? "human" : was.bot);
    }
    request = {{"game", match.info->name}, {"params", params}, {"seats", seats}};
  }
  auto made = create(request, address);
  if (auto* refusal = std::get_if<Refusal>(&made)) return *refusal;
  const json& created = std::get<json>(made);
  const std::lock_guard lock(mutex_);
  return retried(id, [&]() -> Answer<json> {
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
  });
}

// Whether `player` may take back the last action: its own, in a game with
// undo (Sword and Shield); or, in a game with nothing hidden and no chance,
// an action of a turn still under way (Amazons' move before its shot), so
// that taking it back tells nothing and draws nothing again.
bool Matches::can_take_back(const Match& match, int player) {
  if (over(match) || player < 0) return false;
  if (match.state->can_undo()) return !match.movers.empty() && match.movers.back() == player;
  return !match.info->facts.hidden && !match.info->facts.chance && !match.actions.empty() &&
         match.actions.back().first == player && match.state->to_move() == player;
}

std::optional<Refusal> Matches::take_back(Match& match, int player) {
  if (over(match)) return Refusal{409, "the game is over; a finished game cannot be undone"};
  if (!can_take_back(match, player)) {
    if (!match.actions.empty() && match.actions.back().first != player)
      return Refusal{409, "only the player who made the last action can take it back"};
    return Refusal{409, "there is nothing to take back"};
  }
  if (!persist(match, "undo", player, "")) return Refusal{503, kCannotSave};
  if (match.state->can_undo()) {
    match.state->undo();
    match.movers.pop_back();
  } else {  // the turn's first step taken back: the game again without it
    auto made = match.info->make(match.params);
    auto& state = std::get<std::unique_ptr<engine::AnyState>>(made);
    for (std::size_t i = 0; i + 1 < match.actions.size(); ++i)
      state->apply(match.actions[i].second);
    match.state = std::move(state);
  }
  if (!match.actions.empty()) match.actions.pop_back();
  const json entry = {{"player", player}, {"action", "undo"}, {"events", json::array()}};
  log_entry(match, std::vector<json>(static_cast<std::size_t>(match.state->players()) + 1, entry));
  changed(match);
  return std::nullopt;
}

// A rated game of two accounts ended: both ratings updated (once: by the
// server that took its last step), and shown on its seats.
// A rated game that ends counts once both sides have played (lichess's
// rule: one that ends before is aborted, its ratings left as they were),
// between two people's accounts, never one person's two.
void Matches::rate(Match& match) {
  Seat& first = match.seats[0];
  Seat& second = match.seats[1];
  if (first.account.empty() || second.account.empty()) return;
  if (same_owner(first.account, second.account)) return;
  bool played[2] = {false, false};
  for (const auto& [player, action] : match.actions)
    if (player == 0 || player == 1) played[player] = true;
  if (!played[0] || !played[1]) return;
  const engine::Returns r = returns(match);
  rate_game(*store_, rating_pool(*match.info, match.params),
            {account_key(first.account), account_key(second.account)},
            {first.account, second.account}, (r[0] + 1.0) / 2.0);
  for (Seat& seat : match.seats) note_rating(match, seat);
}

void Matches::note_rating(const Match& match, Seat& seat) {
  if (seat.account.empty()) return;
  const PlayerRating rated = rating_of(*store_, rating_pool(*match.info, match.params),
                                       account_key(seat.account), seat.account);
  seat.rating = std::lround(rated.rating.rating);
}

}  // namespace web
