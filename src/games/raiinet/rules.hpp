// RAIInet's rules (raiinet.txt, CLARIFICATIONS.md §3): an 8 x 8 board, two
// players of eight links each, server ports, firewalls, battles, downloads
// and the ability cards. Plain values, no I/O.
//
// Rows 0-7 from the top, columns 0-7. Player 0 ("Player 1", links a-h) starts
// on row 0 and downloads off the bottom edge; player 1 ("Player 2", links
// A-H) starts on row 7 and downloads off the top edge.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/grid.hpp"

namespace raiinet {

using engine::Coord;

inline constexpr int kSize = 8;
inline constexpr int kLinks = 8;
inline constexpr int kCards = 5;
inline constexpr int kToWin = 4;

enum class Kind { Data, Virus };

struct LinkValue {
  Kind kind = Kind::Data;
  int strength = 1;
  friend bool operator==(const LinkValue&, const LinkValue&) = default;
};

// The eight links of a player, for a, b, ... h (or A ... H).
using Placement = std::array<LinkValue, kLinks>;

struct Link {
  int owner = 0;
  int index = 0;
  LinkValue value;
  Coord at;
  bool revealed = false;  // known to the opponent
  bool boosted = false;
  bool downloaded = false;
  int downloaded_by = -1;
  bool frozen = false;  // may not move on its owner's next turn
  bool on_board() const { return !downloaded; }
};

char letter(int owner, int index);

// A link's id in the rules: owner * 8 + index (player 1's a-h are 0-7,
// player 2's A-H 8-15). The text layer reads and writes the letters.
using LinkId = int;
inline constexpr LinkId kNoLink = -1;
inline constexpr LinkId link_id(int owner, int index) {
  return owner * kLinks + index;
}
std::optional<LinkId> link_of_letter(char c);
char link_letter(LinkId id);
std::string value_text(const LinkValue& value);  // "V3", "D1"

// Absolute directions: the engine's N (up, toward row 0), S, W and E.
using engine::Direction;
using engine::step;
std::optional<Direction> parse_direction(std::string_view word);  // up, down, left, right
std::string_view direction_word(Direction direction);

// What happened in a command, for the text layer to tell (text::event_line).
// `link` and `other` are link ids; values are as they are now.
struct Event {
  enum class Kind : std::uint8_t {
    Battle,          // link attacked other; `player` owns the winner
    Downloaded,      // player downloaded link, `how` says how
    FirewallTrips,   // link ran into player's firewall and is revealed
    Boosted,         // link boosted
    FirewallPlaced,  // a firewall at `at`
    Scanned,         // link scanned
    Polarized,       // link polarized
    Exchanged,       // link and other swapped squares
    Frozen,          // link frozen
    Hijacked,        // link moved by its opponent toward `direction`
    Passed,          // player had no legal move and passed
  };
  enum class How : std::uint8_t { Edge, ServerPort, Firewall, Battle, Ability };
  Kind kind = Kind::Battle;
  LinkId link = kNoLink;
  LinkId other = kNoLink;
  int player = 0;
  How how = How::Edge;
  Coord at{};
  Direction direction = Direction::N;
};

struct Card {
  char ability;  // its letter, as in -ability1
  bool used = false;
};

struct PlayerState {
  std::array<Link, kLinks> links;
  std::array<Card, kCards> cards;
  int data = 0;     // data this player has downloaded
  int viruses = 0;  // viruses this player has downloaded
};

class Position;

// Why the rules refuse a move or an ability; nothing changes then. The text
// layer words them (text::refusal_message).
enum class Why : std::uint8_t {
  GameOver,
  NoSuchLink,
  NotYourLink,
  NotOpponentsLink,
  LinkFrozen,
  LinkDownloaded,
  LinkNotOnBoard,
  OffWrongEdge,
  OwnLinkThere,
  OwnServerPort,
  NoSuchCard,
  AbilityUsedThisTurn,
  CardUsed,
  AlreadyBoosted,
  SquareOffBoard,
  FirewallSquareTaken,
  SameLinks,
  AlreadyFrozen,
  OwnerCouldNotMove,  // hijack: `inner` says why
};

struct Refusal {
  Why why = Why::GameOver;
  LinkId link = kNoLink;      // the link named, if any
  int card = 0;               // the card named, if any
  Why inner = Why::GameOver;  // for OwnerCouldNotMove
  friend bool operator==(const Refusal&, const Refusal&) = default;
};

// What an ability needs from the command line.
enum class Needs { Link, Square, TwoLinks, LinkAndDirection };

struct AbilityArgs {
  std::vector<LinkId> links;
  Coord square;
  Direction direction = Direction::N;
};

// One ability card kind. Adding an ability is one new entry in abilities.cpp;
// nothing in movement or battle changes.
struct AbilitySpec {
  char letter;
  std::string_view name;
  Needs needs;
  // Applies the ability for the current player; returns why it cannot, if so.
  std::optional<Refusal> (*apply)(Position& game, const AbilityArgs& args);
};

const std::vector<AbilitySpec>& abilities();
const AbilitySpec* find_ability(char letter);

class Position {
 public:
  Position(const Placement& first, const Placement& second, const std::array<char, kCards>& cards1,
           const std::array<char, kCards>& cards2);

  int current() const { return current_; }
  std::optional<int> winner() const { return winner_; }
  const PlayerState& player(int p) const { return players_[static_cast<std::size_t>(p)]; }
  bool ability_used_this_turn() const { return ability_used_this_turn_; }
  int unused_cards(int p) const;

  // The link of `letter` (a-h or A-H), if the letter names one.
  const Link* link(LinkId id) const;
  Link* link(LinkId id);
  // A letter is the text layer's: link_of_letter reads it.
  const Link* link(char) const = delete;
  Link* link(char) = delete;
  // What stands on a square: a link (owner, index), a firewall, a server port.
  const Link* link_at(Coord at) const;
  std::optional<int> firewall_at(Coord at) const;
  std::optional<int> server_port_owner(Coord at) const;
  static bool on_board(Coord at) {
    return at.row >= 0 && at.row < kSize && at.col >= 0 && at.col < kSize;
  }

  // What the last command (move, ability, pass) did, in order.
  const std::vector<Event>& events() const { return events_; }

  // The current player's move of their link; nullopt when done, else why not.
  std::optional<Refusal> move(LinkId link, Direction direction);
  std::optional<Refusal> move(char, Direction) = delete;
  std::optional<Refusal> use_ability(int card, const AbilityArgs& args);
  bool has_legal_move(int p) const;
  // The counts kept agree with the links: what each player downloaded, by
  // kind (for tests and fuzzing).
  bool is_consistent() const;
  // Ends the turn of a player who cannot move.
  void pass();
  // A player who has no legal move passes, and then their opponent too if
  // stuck likewise (at most both once); returns who passed, in order.
  std::vector<int> pass_stuck_players();

  // For abilities: record what one did.
  void record(const Event& event) { events_.push_back(event); }
  // For abilities: the link moved one square as its owner would move it.
  std::optional<Refusal> check_step(const Link& link, Direction direction, int squares) const;
  void perform_step(Link& link, Direction direction, int squares);
  void download(Link& link, int by, Event::How how = Event::How::Ability);
  void place_firewall(Coord at, int owner);
  Link& mutable_link(int owner, int index) {
    return players_[static_cast<std::size_t>(owner)].links[static_cast<std::size_t>(index)];
  }
  Card& mutable_card(int owner, int card) {
    return players_[static_cast<std::size_t>(owner)].cards[static_cast<std::size_t>(card)];
  }

 private:
  void end_turn();
  void check_winner(int by);
  static LinkId id_of(const Link& l) { return link_id(l.owner, l.index); }

  std::array<PlayerState, 2> players_;
  std::array<std::array<int, kSize>, kSize> firewalls_;  // owner + 1, or 0
  int current_ = 0;
  bool ability_used_this_turn_ = false;
  std::optional<int> winner_;
  std::vector<Event> events_;
};

}  // namespace raiinet
