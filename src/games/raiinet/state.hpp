// RAIInet under the game contract (engine/contract.hpp): two players; the links
// placed from `seed` (as the program places them without -link1/-link2), the
// ability cards from `ability1` and `ability2`. The actions are a move of a
// link and every use of an ability card with its targets. A player who
// cannot move passes (the rules' own forced pass); when neither can move the
// game is a draw, and after `max_length` actions it is adjudicated (as
// Sword and Shield's is): more data downloaded wins, with as many fewer
// viruses, else a draw. A player's observation is
// the display that player sees: the opponent's unrevealed links never show.
#pragma once

#include <variant>

#include "engine/game.hpp"
#include "engine/random.hpp"
#include "games/raiinet/rules.hpp"

namespace raiinet {

class State {
 public:
  struct Action {
    bool ability = false;
    int card = 0;  // 1-5, for an ability
    char link = 0;
    char other_link = 0;  // the second link of an exchange
    Direction direction = Direction::N;
    Coord square{};  // a firewall's square
    friend bool operator==(const Action&, const Action&) = default;
  };

  static const std::vector<engine::ParamSpec>& param_specs();
  static std::variant<State, std::string> make(const engine::Params& params);
  // The state of a game the program plays (its session's), from placements
  // the program made or read.
  static State of_game(Position game, int max_length = 1000) {
    return State({}, std::move(game), max_length);
  }

  int players() const { return 2; }
  int to_move() const { return over() ? engine::kNoPlayer : game_.current(); }
  bool over() const { return game_.winner().has_value() || stuck_ || length() >= max_length_; }
  void legal_actions(std::vector<Action>& out) const;
  void apply(const Action& action);
  engine::Returns returns() const;
  // Whether the game ended at the length limit (returns() adjudicates it).
  bool truncated() const { return !game_.winner() && !stuck_ && length() >= max_length_; }
  // As typed at the program: "move a up", "ability 3 B", "ability 2 4 5".
  std::string action_text(const Action& action) const;
  // The only reader of those texts (the program's session uses it too): the
  // action, or what is wrong with the text ("write a move as: ...").
  engine::Parsed<Action> parse_action(std::string_view text) const;
  // Why the rules refuse `action` now, in words, if they do.
  std::optional<std::string> why_not(const Action& action) const;
  // The opponent sees that an ability was used, not which card it was: a
  // card's number would tell which of the player's abilities is left.
  std::string action_seen_by(const Action& action, int viewer) const;
  std::string observation(int player) const;
  // The structured view (docs/views.md) and what the last action did in
  // words, each as `player` may know it (view.cpp).
  nlohmann::json view(int player) const;
  std::string events_text(int player) const;
  // Beside the board on a page (guide.cpp): data and viruses downloaded,
  // the seat's cards; and how to play, with the legend.
  nlohmann::json panel(int player) const;
  nlohmann::json guide() const;
  // Once over: why, in words (engine::Ending).
  engine::Ending ending() const;
  std::string serialize() const;
  static std::optional<State> deserialize(std::string_view text);

  // The fixed action space and the observation tensor (engine::Encoded,
  // encoding.cpp; docs/python.md). A move is link x 4 + its direction (up,
  // right, down, left), the links a-h 0-7 and A-H 8-15; the use of card C
  // (1-5) is 64 + (C - 1) x 256 + its target: a link, a square (row x 8 +
  // column), two links (first x 16 + second), or a link and a direction
  // (link x 4 + direction), as the card's ability needs (the mover's cards).
  int num_distinct_actions() const { return 64 + kCards * 256; }
  int action_id(const Action& action) const;
  std::optional<Action> action_of_id(int id) const;
  // [32, 8, 8]: for each player's links where they stand, their values as
  // far as the viewer knows them, and whether revealed, boosted, frozen;
  // firewalls and server ports; whose turn, downloads and abilities left;
  // the viewer's own cards. An opponent's unrevealed link is only "a link".
  std::vector<int> observation_shape() const { return {32, kSize, kSize}; }
  void observation_tensor(int player, std::span<float> out) const;
  // An action as data (engine::Described, moves.cpp): a move's link and
  // squares (the one it leaves, and the one it reaches: none off the far
  // edge, a download), a card's ability and targets; to the opponent an
  // ability is only "an ability" (which card tells what is left).
  engine::MoveData describe(const Action& action, int viewer) const;

  // The game's own invariants after an action; the first that fails, if any
  // (and that the opponent's and a spectator's observation, view and events
  // do not change when two of a player's unrevealed links exchange what they
  // are; the random-simulation test and the match runner check it every step).
  std::optional<std::string> check_invariants() const;

  // A state that `viewer` cannot tell from this one, for search by
  // determinization: the opponent's links the viewer has not seen revealed
  // get values drawn from those the viewer has not seen (of the eight every
  // player starts with: D1-D4, V1-V4), and the opponent's unused cards
  // abilities drawn from all. Drawn from what the viewer may know only, so
  // the same whatever the hidden truth. No history: the length left is kept.
  State resampled(int viewer, engine::Random& rng) const;
  // The same, as a whole game (OpenSpiel's resample_from_infostate): the
  // same parameters but the opponent's placement and ability order
  // (`links1`/`links2`, `ability1`/`ability2`), its links whose values the
  // viewer does not know placed anew (the values left, uniformly) and its
  // unused cards drawn anew (at most two of a kind), the same actions
  // replayed: a state with its history, serialized and compared as any.
  // This state itself once over (nothing is hidden then).
  State world(int viewer, engine::Random& rng) const;
  // The antithetic world of a resampled one: the opponent's links the viewer
  // has not seen revealed, data and viruses paired at random, exchange what
  // they are, so that over the two worlds each such link is data as often as
  // a virus (as far as the values left allow). A search's mean over worlds
  // then does not follow the luck of a few draws.
  State antithetic(int viewer, engine::Random& rng) const;
  // For playouts: a move of a random link of the player's in a random
  // direction (no abilities), found by trying; any legal action if none is.
  Action random_action(engine::Random& rng) const;

  int length() const { return static_cast<int>(history_.size()); }
  const engine::Params& params() const { return params_; }
  const Position& game() const { return game_; }
  friend bool operator==(const State& a, const State& b) {
    return a.params_ == b.params_ && a.history_ == b.history_;
  }

 private:
  State(engine::Params params, Position game, int max_length)
      : params_(std::move(params)), game_(std::move(game)), max_length_(max_length) {}
  // Applies `action` to `game` as the rules do; why not, when they refuse it.
  static std::optional<Refusal> perform(Position& game, const Action& action);
  // The text of an action whose card (if an ability) needs `needs`.
  static std::string text_of(const Action& action, Needs needs);
  // Records the action about to be applied, for the view's last action.
  void remember(const Action& action);
  nlohmann::json last_json(int viewer) const;

  engine::Params params_;
  Position game_;
  int max_length_;
  bool stuck_ = false;
  std::vector<Action> history_;
  // The last action's player, its link's squares (a move), its card's kind.
  int last_player_ = 0;
  Coord last_from_{-1, -1};
  Coord last_to_{-1, -1};
  Needs last_needs_ = Needs::Link;
};

static_assert(engine::Viewable<State>);

}  // namespace raiinet
