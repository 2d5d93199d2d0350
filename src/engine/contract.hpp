// The game contract: what every game's state offers to algorithms (search,
// the match runner, the random-simulation test) and to front ends. Modelled
// on OpenSpiel's State (../shared/design/examples.md).
//
// A state is a copyable value with ==. It says how many players there are and
// who is to move (kNoPlayer once the game is over); it lists the legal actions
// as small values, each with a text form that round-trips
// (parse_action(action_text(a)) == a), and a text that names none gets the
// reason (engine::Parsed); it applies an action; it gives each
// player's result, and each player's observation: exactly what that player
// may know, as text; observation(kNoPlayer), and the views and events below
// for kNoPlayer, are what a spectator may know: what is public. serialize() and deserialize() turn
// a state into a string and back. Chance stays inside each game's own seeded generator, so a state
// and its history replay exactly. States are made by each game's
// `make(const Params&)`, which checks the parameters and explains a bad one.
// A game with a length limit (`max_length`) says, with truncated(), when it
// ended there rather than by its own rules (AnyState::truncated()).
//
// Example, a game of taking 1 or 2 from a pile, the last to take winning:
//
//   struct Nim {
//     using Action = int;
//     int pile = 7, mover = 0;
//     int players() const { return 2; }
//     int to_move() const { return pile ? mover : engine::kNoPlayer; }
//     bool over() const { return pile == 0; }
//     void legal_actions(std::vector<int>& out) const { ... 1 and 2 while they fit ... }
//     void apply(int take) { pile -= take; mover = 1 - mover; }
//     engine::Returns returns() const { ... 1 for the player who took the last ... }
//     ... action_text, parse_action, observation, serialize, deserialize, == ...
//   };
//   static_assert(engine::Game<Nim>);
//
// This header holds the contract itself: the concepts a game's state meets
// and the values they speak of. Beside it: engine/any_state.hpp (a state
// behind one interface, for front ends that pick a game at run time),
// engine/params.hpp (a game's parameters) and engine/history.hpp (a state
// written as its parameters and actions); engine/game.hpp includes all four.
#pragma once

#include <algorithm>
#include <array>
#include <concepts>
#include <cstdint>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/grid.hpp"
#include "engine/random.hpp"
#include "engine/words.hpp"

namespace engine {

inline constexpr int kNoPlayer = -1;
// A viewer who may know everything: a finished game is shown so, every
// hidden piece and card revealed (its replay too). Games with nothing
// hidden show it as to anyone.
inline constexpr int kEveryone = -2;
inline constexpr int kMaxPlayers = 8;

// One result per player (the first players() entries count), in one
// convention across the project, OpenSpiel's: a game of two or more
// players is zero-sum. Of two: +1 a win, -1 a loss, 0 a draw. Of N: the
// winners share the win, and a player whose share is s returns
// (N s - 1) / (N - 1): a sole winner +1, each of the others -1 / (N - 1)
// (returns_of_shares). A game of one returns its own result: 1 its goal
// reached and 0 not, or its score. Search wants values in [0, 1]: it reads
// the shares back (win_shares); tournament standings count the shares as
// points (1, 1/2, 0).
using Returns = std::array<double, kMaxPlayers>;

// A game's parameters by name, as text; each game reads and checks its own.
using Params = std::map<std::string, std::string, std::less<>>;

// What a game's parse_action makes of a text: the action it names (legal
// now or not), or why the text names none, in words that say what is wrong
// and how to write it ("write a move as: move <link> <up|down|left|right>").
// A game's parse_action is the only reader of its action texts: terminal
// sessions, the web and the tests all go through it. Reads as an optional.
template <typename Action>
class Parsed {
 public:
  Parsed(Action action) : action_(std::move(action)) {}  // NOLINT: an action is a parse
  static Parsed refused(std::string why) {
    Parsed parsed;
    parsed.why_ = std::move(why);
    return parsed;
  }

  bool has_value() const { return action_.has_value(); }
  explicit operator bool() const { return has_value(); }
  const Action& operator*() const { return *action_; }
  const Action* operator->() const { return &*action_; }
  const Action& value() const { return action_.value(); }
  // Why the text names no action (empty when it names one).
  const std::string& why() const { return why_; }

 private:
  Parsed() = default;
  std::optional<Action> action_;
  std::string why_;
};

// What search needs: who moves, the legal actions, applying one, the result.
template <typename S>
concept Playable = std::copyable<S> && std::equality_comparable<typename S::Action> &&
    requires(const S& state, S& mutable_state, const typename S::Action& action,
             std::vector<typename S::Action>& actions) {
  { state.players() } -> std::same_as<int>;
  { state.to_move() } -> std::same_as<int>;  // kNoPlayer once over
  { state.over() } -> std::same_as<bool>;
  // Clears `actions`, then lists the legal ones (none once over).
  state.legal_actions(actions);
  mutable_state.apply(action);
  { state.returns() } -> std::same_as<Returns>;
};

// The whole contract: also ==, the texts of actions, each player's
// observation and the state string.
template <typename S>
concept Game = Playable<S> && std::equality_comparable<S> &&
    requires(const S& state, const typename S::Action& action, std::string_view text, int player) {
  { state.action_text(action) } -> std::same_as<std::string>;
  { state.parse_action(text) } -> std::same_as<Parsed<typename S::Action>>;
  { state.observation(player) } -> std::same_as<std::string>;
  { state.serialize() } -> std::same_as<std::string>;
  { S::deserialize(text) } -> std::same_as<std::optional<S>>;
};

// What learning code needs (OpenSpiel's NumDistinctActions and
// ObservationTensor): a fixed action space, every action of the game (with
// these parameters) with an id in [0, num_distinct_actions()), the same id
// in every state, read back by action_of_id (the action an id names here,
// legal now or not; nothing when no action of this state has it, as an id
// of a kind the state cannot take); and each player's observation as a
// tensor of numbers in [0, 1] of a fixed shape, holding exactly what the
// player may know (kNoPlayer: what is public). Each game documents its
// encoding and its planes (docs/python.md).
template <typename S>
concept Encoded = requires(const S& state, const typename S::Action& action, int id, int player,
                           std::span<float> out) {
  { state.num_distinct_actions() } -> std::same_as<int>;
  // -1 for an action no id names (a text that names a card there is not).
  { state.action_id(action) } -> std::same_as<int>;
  { state.action_of_id(id) } -> std::same_as<std::optional<typename S::Action>>;
  { state.observation_shape() } -> std::same_as<std::vector<int>>;
  // Writes every element of `out` (of the shape's size).
  state.observation_tensor(player, out);
};

// A move as data, for front ends that know no game's syntax: its id (the
// fixed action space's), its text, the squares it involves in order (the
// piece's from and to, then a target; row and column from 0; none for a
// move with no square on the board, as a pass), the piece, link or card it
// uses, a label in words for people, and its notation (the game's own
// where players have one, else its text). As `viewer` may know it: a
// hidden card is not named to the others.
struct MoveData {
  int id = -1;
  std::string action;
  std::vector<Coord> squares;
  std::string piece;
  std::string label;
  std::string notation;
  friend bool operator==(const MoveData&, const MoveData&) = default;
};

template <typename S>
concept Described = requires(const S& state, const typename S::Action& action, int viewer) {
  // The action as data, in this state (where it is legal, or was).
  { state.describe(action, viewer) } -> std::same_as<MoveData>;
};

// The number of elements of a tensor of `shape`.
inline std::size_t tensor_size(const std::vector<int>& shape) {
  std::size_t size = 1;
  for (int d : shape) size *= static_cast<std::size_t>(d);
  return size;
}

// Where a player's planes go in `viewer`'s observation tensor: the viewer's
// own first ("mine"), then the others in turn order after it ("theirs"), so
// a learner needs no plane saying whose side it is on; a spectator
// (kNoPlayer) sees the seats in their order.
inline int seat_plane(int owner, int viewer, int players) {
  return viewer < 0 ? owner : (owner - viewer + players) % players;
}

// How a finished game ended, for people: why, in the game's words ("White
// has no legal move", "Player 2 downloaded four viruses", "the Starfighter
// was destroyed"), and in a game of one whether its player reached the
// game's goal (won) or not (lost). Who won a game of several is in its
// returns.
struct Ending {
  std::string reason;
  bool goal_reached = false;
};

// What front ends need beside the contract: each player's view as a JSON
// document (the board's squares with typed contents, each player's
// counters, who is to move, the last action's squares and the events of the
// last action this player saw; a schema per game in docs/views.md), and
// what the last action did in words, as that player may know it (a line
// each; the terminal programs print the same lines).
template <typename S>
concept Viewable = Game<S> && Encoded<S> && Described<S> && requires(const S& state, int player) {
  // (decltype: the JSON type need not be complete where the concept is checked.)
  requires std::same_as<decltype(state.view(player)), nlohmann::json>;
  { state.events_text(player) } -> std::same_as<std::string>;
  { state.ending() } -> std::same_as<Ending>;  // asked once over
};

// The returns of a game of `players` from each player's share of the win
// (the shares adding up to 1): zero-sum, as Returns says. Alone, the share.
inline Returns returns_of_shares(const Returns& shares, int players) {
  if (players < 2) return shares;
  Returns r{};
  const double n = players;
  for (std::size_t p = 0; p < static_cast<std::size_t>(players); ++p)
    r[p] = (n * shares[p] - 1.0) / (n - 1.0);
  return r;
}

// Back from returns to each player's share of the win, in [0, 1]: 1 a sole
// win, 0 a loss, 1/2 a draw of two; what search and standings count.
inline Returns win_shares(const Returns& returns, int players) {
  if (players < 2) return returns;
  Returns s{};
  const double n = players;
  for (std::size_t p = 0; p < static_cast<std::size_t>(players); ++p)
    s[p] = ((n - 1.0) * returns[p] + 1.0) / n;
  return s;
}

// The returns of a two-player game: +1 for the winner and -1 for the
// loser, or 0 each for a draw.
inline Returns two_player_returns(std::optional<int> winner) {
  Returns r{};
  if (winner) {
    r[static_cast<std::size_t>(*winner)] = 1.0;
    r[static_cast<std::size_t>(1 - *winner)] = -1.0;
  }
  return r;
}

// The returns of a two-player game adjudicated by player 0's lead (a count
// such as pieces or downloads, player 0's less player 1's): the one ahead
// wins, level is a draw.
inline Returns returns_by_lead(int lead) {
  return two_player_returns(lead > 0   ? std::optional<int>(0)
                            : lead < 0 ? std::optional<int>(1)
                                       : std::nullopt);
}

// A random legal action for playouts: the game's own random_action(rng) when
// it has one (a fast path that need not list every action; the game says how
// it draws), else one of legal_actions() uniformly.
template <Playable S>
typename S::Action random_action(S& state, Random& rng, std::vector<typename S::Action>& scratch) {
  if constexpr (requires { state.random_action(rng); }) {
    return state.random_action(rng);
  } else {
    state.legal_actions(scratch);
    return scratch[rng.below(static_cast<std::uint32_t>(scratch.size()))];
  }
}

// Plays up to `actions` actions, each uniformly among the legal ones (fewer
// when the game ends first): positions for tests and benchmarks.
template <Playable S>
void play_random_actions(S& state, int actions, Random& rng) {
  std::vector<typename S::Action> legal;
  for (int i = 0; i < actions && !state.over(); ++i) {
    state.legal_actions(legal);
    state.apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
  }
}

// How a game ended: by its rules, or by a player (resigned, out of time, a
// draw agreed, a program's fault: an action the rules refuse, from a program
// or bot that must not make one), or never begun (a seek cancelled before
// anyone joined it).
enum class EndedBy : std::uint8_t { Rules, Resignation, Time, Agreement, Forfeit, Aborted };

}  // namespace engine
