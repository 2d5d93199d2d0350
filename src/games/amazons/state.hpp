// Amazons under the game contract (engine/contract.hpp), on the plain board, so
// any board the reader accepts: 1-8 players, a placement phase, then turns
// split into actions: a move of an amazon, then its shot (an arrow, or a
// spear thrown), and again a move and a shot of the same amazon when it
// collected a horse. A broken arrow ends the step without a shot.
//
// Extended rules: a player who cannot move is skipped, the game ends when
// nobody can move, the most treasure wins (equal best scores share).
// Standard rules (the classic game): two players, no treasure or artifacts,
// the player to move who cannot move loses; on 10 x 10 with four amazons it
// starts from the classic position.
#pragma once

#include <cstdint>
#include <variant>

#include "engine/game.hpp"
#include "games/amazons/board.hpp"
#include "games/amazons/lines/fast_game.hpp"
#include "games/amazons/rules.hpp"

namespace amazons {

class State {
 public:
  struct Action {
    enum class Kind : std::uint8_t { Place, Move, Shoot };
    Kind kind = Kind::Place;
    std::int32_t from = 0;  // Move: the amazon's field (row * cols + col)
    std::int32_t to = 0;    // the field placed on, moved to or shot at
    friend bool operator==(const Action&, const Action&) = default;
  };

  static const std::vector<engine::ParamSpec>& param_specs();
  static std::variant<State, std::string> make(const engine::Params& params);
  // A game on `board` (read from a file: its player lines are the players,
  // in order), each placing up to `amazons`, then moving; the player to
  // move is the first with amazons left to place, else the first who can
  // move.
  static State of_board(Board board, int amazons, RuleSet rules);

  int players() const { return static_cast<int>(board_.players().size()); }
  int to_move() const { return over_ ? engine::kNoPlayer : to_move_; }
  bool over() const { return over_; }
  void legal_actions(std::vector<Action>& out) const;
  void apply(const Action& action);
  engine::Returns returns() const;
  // "place 3,4", "move 1,4 5,4", "shoot 5,8" (rows and columns from 1).
  std::string action_text(const Action& action) const;
  engine::Parsed<Action> parse_action(std::string_view text) const;
  // Why the rules refuse `action` now, in words, if they do.
  std::optional<std::string> why_not(const Action& action) const;
  // Nothing is hidden: the board file, and what is awaited.
  std::string observation(int player) const;
  // The structured view (docs/views.md) and what the last action did in
  // words (view.cpp): moves, shots, treasure and artifacts collected,
  // players skipped.
  nlohmann::json view(int player) const;
  std::string events_text(int player) const;
  // Beside the board on a page (guide.cpp): the phase's hint and each
  // player's amazons and score; and how to play, with the legend.
  nlohmann::json panel(int player) const;
  nlohmann::json guide() const;
  // Once over: why, in words (engine::Ending).
  engine::Ending ending() const;
  std::string serialize() const;
  static std::optional<State> deserialize(std::string_view text);

  // The fixed action space and the observation tensor (engine::Encoded,
  // encoding.cpp; docs/python.md). With N fields and L the longer side:
  // a placement is its field (0 to N-1); a move N + from x 8(L-1) + the
  // direction (N, NE, E, ... clockwise) x (L-1) + the distance - 1; a shot
  // N + 8N(L-1) + its field. A board with more actions than an int numbers
  // (past about 645 x 645) has none: -1 actions, every action's id -1.
  int num_distinct_actions() const;
  int action_id(const Action& action) const;
  // The legal actions' ids, in legal_actions()'s order, made directly.
  void legal_ids(std::vector<int>& out) const;
  std::optional<Action> action_of_id(int id) const;
  // [3P + 9, rows, cols] for P players: each player's amazons, whose turn
  // it is, each player's score; arrows, treasure, the three artifacts, the
  // amazon that shoots (and whether a spear), the amazon that moves again,
  // the placement phase. Nothing is hidden: every player sees the same.
  std::vector<int> observation_shape() const;
  void observation_tensor(int player, std::span<float> out) const;
  // An action as data (engine::Described, moves.cpp): its squares (placed
  // on; from, to; shooter, target), in the classic game the players'
  // notation (columns a..., rank 1 the first player's side, the board's
  // row 1: d1-d7 for a move, /g7 for its shot, so a turn reads d1-d7/g7),
  // in the extended game its text.
  engine::MoveData describe(const Action& action, int viewer) const;
  // A field as the game's players name it: in the classic game its
  // notation ("d1"), in the extended game ROW,COL ("1,4").
  std::string square_name(Coord c) const;
  // The field of a name in the classic game's notation, if it is one here.
  std::optional<Coord> square_named(std::string_view name) const;

  // The game's own invariants after an action; the first that fails, if any
  // (the random-simulation test and the match runner check it every step).
  std::optional<std::string> check_invariants() const;

  const Board& board() const { return board_; }
  RuleSet rules() const { return rules_; }
  // How many amazons each player places.
  int amazons() const { return amazons_; }
  // A whole turn as the actions that play it: a move, then its shot (none
  // after a broken arrow), for each of its steps.
  std::vector<Action> actions_of(const Turn& turn) const;
  Action placement_at(Coord at) const { return {Action::Kind::Place, 0, field(at)}; }
  bool placing() const { return placing_; }
  // The amazon whose shot is awaited, if one is.
  std::optional<Coord> awaited_shot() const {
    return shooter_ >= 0 ? std::optional<Coord>(coord(shooter_)) : std::nullopt;
  }
  // The amazon a horse lets move again, if one does.
  std::optional<Coord> moving_again() const {
    return continuing_ >= 0 ? std::optional<Coord>(coord(continuing_)) : std::nullopt;
  }
  // The same game: the board and what is awaited (not what the last action
  // was, which a state read back does not know).
  friend bool operator==(const State& a, const State& b) {
    return a.board_ == b.board_ && a.rules_ == b.rules_ && a.amazons_ == b.amazons_ &&
           a.to_move_ == b.to_move_ && a.placing_ == b.placing_ && a.shooter_ == b.shooter_ &&
           a.spear_ == b.spear_ && a.horse_ == b.horse_ && a.continuing_ == b.continuing_ &&
           a.over_ == b.over_;
  }

 private:
  int id_of(int player) const { return board_.players()[static_cast<std::size_t>(player)].id; }
  Coord coord(std::int32_t field) const { return {field / board_.cols(), field % board_.cols()}; }
  std::int32_t field(Coord c) const { return c.row * board_.cols() + c.col; }
  void end_turn();
  void next_placement();
  std::string over_text() const;
  // A player as people call it: "Player 2" for the line "player2" the game
  // names it by default, else the name its line holds.
  std::string who(int player) const;

  Board board_;
  RuleSet rules_ = RuleSet::Extended;
  int amazons_ = 4;  // per player, in the placement phase
  int to_move_ = 0;  // a player index, 0 for the first player line
  bool placing_ = true;
  std::int32_t shooter_ = -1;     // the amazon that must shoot now, if any
  bool spear_ = false;            // and its shot is a spear
  bool horse_ = false;            // after the shot, the same amazon moves again
  std::int32_t continuing_ = -1;  // the amazon a horse lets move again, if any
  bool over_ = false;

  // What the last action did, for the view and the events.
  struct Last {
    bool any = false;
    Action action;
    int player = 0;             // who played it
    std::uint8_t treasure = 0;  // a move: the treasure collected
    std::uint8_t artifact = 0;  // a move: the artifact landed on
    std::uint8_t skipped = 0;   // players who could not move after it, a bit each
    bool spear = false;         // a shot: the spear thrown
    std::int32_t turn_from = -1, turn_to = -1, turn_arrow = -1;  // the turn's squares so far
  };
  Last last_;
};

static_assert(engine::Viewable<State>);

}  // namespace amazons
