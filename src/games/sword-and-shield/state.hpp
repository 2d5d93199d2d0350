// Sword and Shield under the game contract (engine/contract.hpp): two players,
// yellow (0) and green (1). The actions are a creation, a move, a rotation,
// a pass, and the choice of a reaction when several are possible. An action
// is legal only if the chain of reactions it leads to can end (for some
// choices along it), so players of the contract never loop. The text program
// takes any action the rules allow: there a choice that leads into a chain
// without end takes the whole chain back, to before the action that began
// it, and apply() does the same. Undo is a capability
// of the state, not an action. A game that has not ended after `max_length`
// actions is adjudicated (truncated()).
#pragma once

#include <variant>

#include "engine/game.hpp"
#include "games/sword-and-shield/rules.hpp"

namespace sword_and_shield {

class State {
 public:
  struct Action {
    enum class Kind : std::uint8_t { Create, Move, Rotate, Pass, React };
    Kind kind = Kind::Pass;
    char first = 0;   // the piece (React: the first of the pair)
    char second = 0;  // React: the second of the pair
    int value = 0;    // Create, Rotate: quarter turns; Move: the Dir
    friend bool operator==(const Action&, const Action&) = default;
  };

  static const std::vector<engine::ParamSpec>& param_specs();
  static std::variant<State, std::string> make(const engine::Params& params);
  explicit State(Position game = Position(), int max_length = 1000)
      : game_(std::move(game)), chain_start_(game_), max_length_(max_length) {}

  // This game with the length left, and no undo: apply() then keeps no
  // snapshots, which search copies (the AI's) do not need.
  State for_search() const {
    State lean(game_, max_length_ - length());
    lean.keeps_undo_ = false;
    return lean;
  }

  int players() const { return 2; }
  int to_move() const { return over() ? engine::kNoPlayer : game_.turn(); }
  bool over() const { return game_.winner().has_value() || length() >= max_length_; }
  void legal_actions(std::vector<Action>& out) const;
  void apply(const Action& action);
  engine::Returns returns() const;
  std::string action_text(const Action& action) const;  // as typed: "move a up"
  // The only reader of action texts (the program's session uses it too):
  // the action, or what is wrong with the text. Beside action_text's forms
  // it reads rotations as angles and, while a reaction is awaited, a bare
  // pair of letters ("a B", "aB").
  engine::Parsed<Action> parse_action(std::string_view text) const;
  // Why the rules refuse `action` now, in words, if they do.
  std::optional<std::string> why_not(const Action& action) const;
  std::string observation(int player) const;  // the display: nothing is hidden
  // The structured view (docs/views.md) and what the last action did in
  // words (view.cpp); the same for both players.
  nlohmann::json view(int player) const;
  // Beside the board on a page (guide.cpp): the phase, the unused and
  // buried pieces; and how to play, with the legend.
  nlohmann::json panel(int player) const;
  nlohmann::json guide() const;
  std::string events_text(int player) const;
  // Once over: why, in words (engine::Ending).
  engine::Ending ending() const;
  std::string serialize() const;
  static std::optional<State> deserialize(std::string_view text);

  // The fixed action space and the observation tensor (engine::Encoded,
  // encoding.cpp; docs/python.md), pieces numbered a-x 0-23, A-X 24-47:
  // create is piece x 4 + quarter turns; move 192 + piece x 4 + direction
  // (up, right, down, left); rotate 384 + piece x 4 + orientation - 1; pass
  // 576; a reaction 577 + its northern or western square (row x 10 + column,
  // from 0) x 2 + 1 when the other square is below (0: to the right).
  int num_distinct_actions() const { return 777; }
  int action_id(const Action& action) const;
  std::optional<Action> action_of_id(int id) const;
  // [30, 10, 10]: each side's pieces and, for each of the four sides of a
  // piece, a sword or a shield there; the faces; the phase (create, act,
  // reaction), whose turn, unused and buried pieces, the squares of the
  // reactions waiting. Nothing is hidden.
  std::vector<int> observation_shape() const { return {30, kSize, kSize}; }
  void observation_tensor(int player, std::span<float> out) const;
  // An action as data (engine::Described, moves.cpp): a creation's square,
  // a move's from and to, a rotation's square, a reaction's two squares
  // (row and column from 0).
  engine::MoveData describe(const Action& action, int viewer) const;
  // Where the piece or face of `label` stands (rows and columns from 1).
  std::optional<Coord> square_of(char label) const;

  // Whether the game ended at the length limit: then the side with more
  // pieces out of the cemetery wins (returns()), or it is a draw.
  bool truncated() const { return !game_.winner() && length() >= max_length_; }

  // A game that is over is a record: nothing takes it back.
  bool can_undo() const { return !over() && !undone_.empty(); }
  void undo();
  // The pending reaction between the things labelled `a` and `b` (either order).
  static std::optional<Reaction> find_reaction(const Position& game, char a, char b);
  // Why the rules refuse `action` in `game`, if they do.
  static std::optional<Refusal> refusal(const Position& game, const Action& action);
  // Whether the last apply() led into reactions without end and was taken
  // back, with the choices since the action that began the chain.
  bool taken_back() const { return taken_back_; }

  // The game's own invariants after an action; the first that fails, if any
  // (and that undoing the last action and playing it again comes back here;
  // the random-simulation test and the match runner check it every step).
  std::optional<std::string> check_invariants() const;

  int length() const { return static_cast<int>(history_.size()); }
  const Position& game() const { return game_; }
  friend bool operator==(const State& a, const State& b) {
    return a.max_length_ == b.max_length_ && a.history_ == b.history_;
  }

 private:
  // Applies `action` to `game` as the rules do; why not, when they refuse it.
  static std::optional<Refusal> perform(Position& game, const Action& action);
  // Whether `action` is legal and its chain of reactions can end.
  bool acceptable(const Action& action) const;
  // The last action and its squares, from the snapshot before it.
  nlohmann::json last_action_json() const;

  struct Snapshot {
    Position game;
    Position chain_start;
    std::size_t chain_start_index;
  };

  Position game_;
  Position chain_start_;               // the game before the action that began the current chain
  std::size_t chain_start_index_ = 0;  // and that action's place in the history
  bool taken_back_ = false;
  bool keeps_undo_ = true;
  int max_length_;
  std::vector<Action> history_;
  std::vector<Snapshot> undone_;
};

static_assert(engine::Viewable<State>);

// The material of `player`: its pieces not in the cemetery less the
// opponent's.
int material(const Position& game, int player);

}  // namespace sword_and_shield
