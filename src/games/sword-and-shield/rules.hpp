// Sword and Shield's rules (sword-and-shield.txt, CLARIFICATIONS.md §5):
// a 10 x 10 board with two faces, 24 pieces a side with swords and shields
// on their four sides, creation, moves that push whole lines, rotations,
// and the chain of reactions between facing sides. Plain values, no I/O.
//
// Rows and columns are 1-10. Yellow (player 0, lowercase, face '0' at (9,9))
// moves first; green (player 1, uppercase, face '1' at (2,2)).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/grid.hpp"

namespace sword_and_shield {

using engine::Coord;

inline constexpr int kSize = 10;
inline constexpr int kPiecesPerSide = 24;
inline constexpr int kPieces = 2 * kPiecesPerSide;
inline constexpr int kYellow = 0;
inline constexpr int kGreen = 1;

enum class Side : std::uint8_t { Nothing, Sword, Shield };

// Directions in clockwise order, as sides of a piece are listed.
// The four sides and moves: the engine's directions N, E, S, W.
using Dir = engine::Direction;
using engine::opposite;
using engine::step;
// The side index of a direction: 0 north, 1 east, 2 south, 3 west.
constexpr int side_index(Dir d) {
  return static_cast<int>(d) / 2;
}
std::optional<Dir> parse_move_direction(std::string_view word);  // up, right, down, left

// The sides of piece `index` (0-23) at orientation 0, north, east, south, west.
std::array<Side, 4> base_sides(int index);

// A square's content: empty, a face (of a player), or a piece id (0-47:
// yellow's are 0-23, green's 24-47).
inline constexpr std::int8_t kEmpty = -1;
inline constexpr std::int8_t kYellowFace = 48;
inline constexpr std::int8_t kGreenFace = 49;

int owner_of_piece(int piece);
char piece_letter(int piece);
std::optional<int> piece_of_letter(char letter);
std::string player_name(int player);  // "Yellow", "Green"

enum class Place : std::uint8_t { Unused, Board, Cemetery };
enum class Phase : std::uint8_t { Create, Act, Reaction, Over };

// Two adjacent things whose facing sides react; `first` is north or west of `second`.
struct Reaction {
  Coord first;
  Coord second;
  friend bool operator==(const Reaction&, const Reaction&) = default;
};

// Why the rules refuse a command; nothing changes then. The text layer words
// them (text::refusal_message).
enum class Refusal : std::uint8_t {
  GameOver,
  ChooseReactionFirst,
  ChooseReactionBeforePassing,
  CreateOrPassFirst,
  NotCreatePhase,
  NoSuchPiece,
  NotYours,
  NotOnBoard,
  AlreadyActed,
  AlreadyUsed,
  SameOrientation,
  NoReactionWaiting,
  NoSuchReaction,
};

// What a command's reactions did, for the text layer to tell
// (text::event_line). Pieces are ids (0-47), faces kYellowFace/kGreenFace.
struct Event {
  enum class Kind : std::uint8_t {
    SwordKills,    // `by`'s sword buried `piece`
    SwordsClash,   // two swords: `by` and `piece` both buried
    ShieldPushes,  // `piece`'s shield pushed `by` (and what is behind it) back
    FaceHit,       // `by`'s sword struck a face: `winner` wins
    Buried,        // `piece` was pushed off the board or onto a face's square
  };
  Kind kind = Kind::SwordKills;
  int by = -1;
  int piece = -1;
  int winner = -1;
};

class Position {
 public:
  Position();

  // For building positions: puts an unused piece on an empty square, with no reactions.
  void put(int piece, Coord square, int quarter_turns);

  // Commands; each returns why it cannot be done (nothing changed), or nullopt.
  // Pieces are ids 0-47 (piece_of_letter reads a letter); a reaction choice
  // is one of pending().
  std::optional<Refusal> create(int piece, int quarter_turns);
  std::optional<Refusal> move(int piece, Dir dir);
  std::optional<Refusal> rotate(int piece, int quarter_turns);
  std::optional<Refusal> pass();
  std::optional<Refusal> choose(const Reaction& choice);

  // What the reactions of the last command did, in order.
  const std::vector<Event>& events() const { return events_; }

  int turn() const { return turn_; }
  Phase phase() const { return phase_; }
  std::optional<int> winner() const { return winner_; }
  // Set when the create phase was skipped by itself (square taken, no piece left).
  bool creation_skipped() const { return creation_skipped_; }
  bool chain_without_end() const { return chain_without_end_; }
  const std::vector<Reaction>& pending() const { return pending_; }

  std::int8_t at(Coord c) const { return cells_[index(c)]; }
  Place place(int piece) const { return places_[static_cast<std::size_t>(piece)]; }
  int quarter_turns(int piece) const { return turns_[static_cast<std::size_t>(piece)]; }
  bool acted(int piece) const { return acted_[static_cast<std::size_t>(piece)]; }
  // The side `piece` shows toward `d` in its current orientation.
  Side side(int piece, Dir d) const;
  // The letter of what stands on a square ('0'/'1' for faces).
  char label(Coord c) const;
  // Where a piece (0-47) or a face (kYellowFace, kGreenFace) stands, if it does.
  std::optional<Coord> where(int content) const;

  static bool on_board(Coord c);  // inside 10 x 10 and not one of the six cut corners
  static Coord creation_square(int player);
  static Coord face_square(int player);

  // Every piece is in exactly one place (unused, on one square, or buried),
  // the faces are where they belong and the cut corners are empty.
  bool is_consistent() const;

  // Every reaction now possible, in reading order of the first square.
  std::vector<Reaction> reactions() const;
  // A compact key of the position, for finding chains that repeat.
  std::string key() const;

 private:
  static std::size_t index(Coord c) {
    return static_cast<std::size_t>((c.row - 1) * kSize + (c.col - 1));
  }
  // Why the player to move cannot move or turn the piece `letter` now, if so.
  std::optional<Refusal> own_piece_on_board(int piece) const;
  // A piece moved or turned: it has acted this turn, and reactions follow.
  void after_action(int piece);
  // Whether a piece can stand on `c`: on the board and not a face's square
  // (faces never move; for a piece their squares are off the board).
  bool is_open(Coord c) const;
  // Pushes the line of pieces from `from` one square toward `d`; a piece
  // pushed off the board or onto a face's square goes to the cemetery.
  void push(Coord from, Dir d);
  void bury(int piece);
  void apply(const Reaction& r);
  void resolve();  // runs the chain until none is left or a choice is needed
  void start_chain();
  // Records the position reached in this chain; false when it was reached before.
  bool remember_position();
  void start_turn();

  std::array<std::int8_t, kSize * kSize> cells_;
  std::array<Place, kPieces> places_;
  std::array<std::uint8_t, kPieces> turns_;
  std::array<bool, kPieces> acted_;
  int turn_ = kYellow;
  Phase phase_ = Phase::Create;
  bool creation_skipped_ = false;
  bool chain_without_end_ = false;
  std::vector<Reaction> pending_;
  std::vector<std::string> chain_positions_;
  std::optional<int> winner_;
  std::vector<Event> events_;
};

}  // namespace sword_and_shield
