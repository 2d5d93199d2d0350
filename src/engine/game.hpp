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
#pragma once

#include <algorithm>
#include <array>
#include <concepts>
#include <map>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
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

class AnyState;

// A state drawn among those a player cannot tell apart (OpenSpiel's
// resample_from_infostate), with the parameters it is a game of: they may
// differ from the real game's where the hidden things are set up by them
// (RAIInet's opponent's placement and cards).
struct World {
  Params params;
  std::unique_ptr<AnyState> state;
};

// A state as front ends see it when they pick a game at run time: actions as
// their texts. Refusals come back as values.
class AnyState {
 public:
  virtual ~AnyState() = default;
  virtual std::unique_ptr<AnyState> clone() const = 0;
  virtual int players() const = 0;
  virtual int to_move() const = 0;
  virtual bool over() const = 0;
  // Over because it reached its length limit (a game's `max_length`), not
  // by its rules' own end: what learning code calls truncated.
  virtual bool truncated() const = 0;
  virtual std::vector<std::string> legal_actions() const = 0;
  // How many legal actions there are, and applying the index-th of them (in
  // the order of legal_actions()) for its text, nothing if there is none:
  // an agent's loop (Python's) without the text of every action.
  virtual std::size_t legal_count() const { return legal_actions().size(); }
  virtual std::optional<std::string> apply_legal(std::size_t index) {
    const std::vector<std::string> legal = legal_actions();
    if (index >= legal.size() || apply(legal[index])) return std::nullopt;
    return legal[index];
  }
  // Whether the text names an action of this game, legal now or not.
  virtual bool is_action(std::string_view text) const = 0;
  // Applies the action of this text if it is legal now; else says why not.
  virtual std::optional<std::string> apply(std::string_view action) = 0;
  virtual Returns returns() const = 0;
  virtual std::string observation(int player) const = 0;
  virtual std::string serialize() const = 0;
  virtual bool equals(const AnyState& other) const = 0;
  // The text of a legal action as `viewer` may see it before it is applied
  // (a game with hidden information may keep part of it from the others).
  virtual std::string action_seen_by(std::string_view action, int viewer) const = 0;
  // Undo, for the games that have it: whether the last action can be taken
  // back, and taking it back.
  virtual bool can_undo() const = 0;
  virtual void undo() = 0;
  // Exactly what `player` may know, as a JSON document (Viewable).
  virtual nlohmann::json view(int player) const = 0;
  // What the last action did, as `player` may know it: a line each.
  virtual std::string events_text(int player) const = 0;
  // Once over: why, in the game's words (engine::Ending).
  virtual Ending ending() const = 0;
  // The games played by a program of their own (the ETF games): the end of
  // what the program printed (engine/etf.hpp keeps a bounded end, from a
  // line's start); null for the others. console_dropped(): the bytes
  // printed before it, no longer kept.
  virtual const std::string* console() const { return nullptr; }
  virtual std::size_t console_dropped() const { return 0; }
  // Those games: runs a command of the program that is not an action (a
  // query, such as `status`) for its output; nullopt when it ran, else why not.
  virtual std::optional<std::string> query(std::string_view text) {
    return "\"" + printable(text) + "\" is not an action of this game";
  }

  // The fixed action space (Encoded): its size; the ids of the legal
  // actions, in the order of legal_actions(); the id of an action's text
  // (legal now or not; nothing if it names none); the text of an id's
  // action here (nothing if no action of this state has it); and applying
  // the action of an id if it is legal, else why not.
  virtual int num_distinct_actions() const = 0;
  virtual void legal_ids(std::vector<int>& out) const = 0;
  virtual std::optional<int> id_of(std::string_view text) const = 0;
  virtual std::optional<std::string> text_of_id(int id) const = 0;
  virtual std::optional<std::string> apply_id(int id) {
    const auto text = text_of_id(id);
    if (!text) return "no action of this state has id " + std::to_string(id);
    return apply(*text);
  }
  // Applies the action of an id the caller has checked is among legal_ids()
  // of this state, without checking it again (the vector environment checks
  // a batch against its masks first).
  virtual void apply_legal_id(int id) { apply_id(id); }
  // A state `viewer` cannot tell from this one, drawn from `seed`: a game
  // with hidden things draws them anew (its world(viewer, rng)); nothing
  // for a game with nothing hidden from the viewer (this state is the only one).
  virtual std::optional<World> resampled(int viewer, std::uint64_t seed) const {
    (void)viewer;
    (void)seed;
    return std::nullopt;
  }
  // A game that draws from its own generator as it goes (the course
  // simulations): moves the generator `draws` draws on, as if drawn, so
  // that what follows is drawn afresh (a planner's other future); false,
  // changing nothing, for the others and once over.
  virtual bool skip_draws(std::uint64_t draws) {
    (void)draws;
    return false;
  }
  // Each player's observation as a tensor (Encoded).
  virtual std::vector<int> observation_shape() const = 0;
  virtual void observation_tensor(int player, std::span<float> out) const = 0;
  // Moves as data (Described): the legal ones, as their mover sees them, in
  // the order of legal_actions(); and the action of a text in this state as
  // `viewer` may see it (nothing if the text names no action).
  virtual std::vector<MoveData> legal_moves() const = 0;
  virtual std::optional<MoveData> describe(std::string_view text, int viewer) const = 0;
};

// An AnyState over a typed state of the game S, wherever the state lives.
template <Viewable S>
class TypedState : public AnyState {
 public:
  virtual const S& state() const = 0;

  int players() const override { return state().players(); }
  int to_move() const override { return state().to_move(); }
  bool over() const override { return state().over(); }
  bool truncated() const override {
    if constexpr (requires { state().truncated(); }) return state().truncated();
    return false;
  }
  std::vector<std::string> legal_actions() const override {
    std::vector<typename S::Action> actions;
    state().legal_actions(actions);
    std::vector<std::string> texts;
    texts.reserve(actions.size());
    for (const auto& a : actions) texts.push_back(state().action_text(a));
    return texts;
  }
  std::size_t legal_count() const override {
    thread_local std::vector<typename S::Action> actions;  // no allocation in a loop
    state().legal_actions(actions);
    return actions.size();
  }
  bool is_action(std::string_view text) const override {
    return state().parse_action(text).has_value();
  }
  Returns returns() const override { return state().returns(); }
  std::string observation(int player) const override { return state().observation(player); }
  // (The return type spelt through S: the JSON type need only be complete where
  // the template is used, so game.hpp includes only json_fwd.hpp.)
  auto view(int player) const -> decltype(std::declval<const S&>().view(player)) override {
    return state().view(player);
  }
  std::string events_text(int player) const override { return state().events_text(player); }
  Ending ending() const override { return state().ending(); }
  std::string serialize() const override { return state().serialize(); }
  bool equals(const AnyState& other) const override {
    const auto* same = dynamic_cast<const TypedState*>(&other);
    return same && same->state() == state();
  }
  std::string action_seen_by(std::string_view text, int viewer) const override {
    const auto action = state().parse_action(text);
    if (!action) return std::string(text);
    if constexpr (requires { state().action_seen_by(*action, viewer); }) {
      return state().action_seen_by(*action, viewer);
    } else {
      (void)viewer;
      return state().action_text(*action);
    }
  }
  bool can_undo() const override {
    if constexpr (requires { state().can_undo(); }) return state().can_undo();
    return false;
  }
  int num_distinct_actions() const override { return state().num_distinct_actions(); }
  void legal_ids(std::vector<int>& out) const override {
    // A game may make its ids directly (the hot path of the vector
    // environment), in legal_actions()'s order.
    if constexpr (requires { state().legal_ids(out); }) {
      state().legal_ids(out);
    } else {
      thread_local std::vector<typename S::Action> actions;
      state().legal_actions(actions);
      out.clear();
      for (const auto& a : actions) out.push_back(state().action_id(a));
    }
  }
  std::optional<int> id_of(std::string_view text) const override {
    const auto action = state().parse_action(text);
    if (!action) return std::nullopt;
    const int id = state().action_id(*action);
    if (id < 0 || id >= state().num_distinct_actions()) return std::nullopt;
    return id;
  }
  std::optional<std::string> text_of_id(int id) const override {
    if (id < 0 || id >= state().num_distinct_actions()) return std::nullopt;
    const auto action = state().action_of_id(id);
    if (!action) return std::nullopt;
    return state().action_text(*action);
  }
  std::vector<MoveData> legal_moves() const override {
    std::vector<typename S::Action> actions;
    state().legal_actions(actions);
    std::vector<MoveData> moves;
    moves.reserve(actions.size());
    for (const auto& a : actions) moves.push_back(state().describe(a, state().to_move()));
    return moves;
  }
  std::optional<MoveData> describe(std::string_view text, int viewer) const override {
    const auto action = state().parse_action(text);
    if (!action) return std::nullopt;
    return state().describe(*action, viewer);
  }
  std::vector<int> observation_shape() const override { return state().observation_shape(); }
  void observation_tensor(int player, std::span<float> out) const override {
    state().observation_tensor(player, out);
  }

 protected:
  // Why `text` is not a legal action now, or the action itself.
  std::variant<typename S::Action, std::string> legal_action(std::string_view text) const {
    if (state().over()) return std::string("the game is over");
    const auto action = state().parse_action(text);
    if (!action) return action.why();
    std::vector<typename S::Action> actions;
    state().legal_actions(actions);
    if (std::find(actions.begin(), actions.end(), *action) != actions.end()) return *action;
    if constexpr (requires { state().why_not(*action); }) {
      if (auto why = state().why_not(*action)) return *why;
    }
    return "\"" + state().action_text(*action) + "\" is not legal now";
  }
};

// A typed state held by value: the front ends' copy of a game.
template <Viewable S>
class StateOf final : public TypedState<S> {
 public:
  explicit StateOf(S state) : state_(std::move(state)) {}

  const S& state() const override { return state_; }
  std::unique_ptr<AnyState> clone() const override { return std::make_unique<StateOf>(state_); }
  std::optional<std::string> apply(std::string_view text) override {
    auto legal = this->legal_action(text);
    if (auto* why = std::get_if<std::string>(&legal)) return *why;
    state_.apply(std::get<typename S::Action>(legal));
    return std::nullopt;
  }
  std::optional<std::string> apply_legal(std::size_t index) override {
    thread_local std::vector<typename S::Action> actions;
    state_.legal_actions(actions);
    if (index >= actions.size()) return std::nullopt;
    std::string text = state_.action_text(actions[index]);
    state_.apply(actions[index]);
    return text;
  }
  // Without texts: the id's action, checked against the legal ones.
  std::optional<std::string> apply_id(int id) override {
    if (state_.over()) return std::string("the game is over");
    const auto action =
        id >= 0 && id < state_.num_distinct_actions() ? state_.action_of_id(id) : std::nullopt;
    if (!action) return "no action of this state has id " + std::to_string(id);
    bool legal = false;
    if constexpr (requires(std::vector<int> & ids) { state_.legal_ids(ids); }) {
      thread_local std::vector<int> ids;  // the game's own, quicker than its actions
      state_.legal_ids(ids);
      legal = std::find(ids.begin(), ids.end(), id) != ids.end();
    } else {
      thread_local std::vector<typename S::Action> actions;
      state_.legal_actions(actions);
      legal = std::find(actions.begin(), actions.end(), *action) != actions.end();
    }
    if (!legal) return this->apply(state_.action_text(*action));  // the game's own reason
    state_.apply(*action);
    return std::nullopt;
  }
  void apply_legal_id(int id) override { state_.apply(*state_.action_of_id(id)); }
  bool skip_draws(std::uint64_t draws) override {
    if constexpr (requires { state_.skip_draws(draws); }) {
      if (state_.over()) return false;
      state_.skip_draws(draws);
      return true;
    } else {
      return AnyState::skip_draws(draws);
    }
  }
  std::optional<World> resampled(int viewer, std::uint64_t seed) const override {
    if constexpr (requires(Random & rng) { state_.world(viewer, rng).params(); }) {
      Random rng(seed);
      S world = state_.world(viewer, rng);
      return World{world.params(), std::make_unique<StateOf>(std::move(world))};
    } else {
      return AnyState::resampled(viewer, seed);
    }
  }
  void undo() override {
    if constexpr (requires { state_.undo(); }) {
      if (state_.can_undo()) state_.undo();
    }
  }

 private:
  S state_;
};

// How a finished game ended: by its rules, or, for front ends that offer
// them, a resignation, a clock run out, a draw agreed, or a forfeit (an
// action the rules refuse, from a program or bot that must not make one).
// How a game ended: by its rules, or by a player (resigned, out of time, a
// draw agreed, a program's fault), or never begun (a seek cancelled before
// anyone joined it).
enum class EndedBy : std::uint8_t { Rules, Resignation, Time, Agreement, Forfeit, Aborted };

// One value a parameter may take, and its name for people.
struct ParamChoice {
  std::string value;
  std::string label;
};

// A parameter of a game: its name, its default and what it may be; for
// forms, its name for people and, when it takes one of a few values, those.
struct ParamSpec {
  std::string name;
  std::string default_value;
  std::string help;
  std::string label = {};
  std::vector<ParamChoice> choices = {};
  // It deals what is hidden, as a seed does (RAIInet's placements): a game
  // open to strangers may not name it (the web deals such games itself).
  bool deals = false;
};

// Reading parameters: each game's make() takes what it knows and refuses the
// rest, with messages that name the parameter and what it may be.
class ParamReader {
 public:
  ParamReader(const Params& params, const std::vector<ParamSpec>& specs)
      : params_(params), specs_(specs) {}

  // The value given, or the default.
  std::string text(std::string_view name) const;
  // An integer in [low, high]; on a bad value records the error.
  int integer(std::string_view name, int low, int high);
  // One of `choices`; returns its index.
  int choice(std::string_view name, const std::vector<std::string>& choices);
  // The first error, or a parameter no spec names.
  std::optional<std::string> error() const;
  // Every parameter of the specs, as given or by default.
  Params filled() const;

 private:
  const Params& params_;
  const std::vector<ParamSpec>& specs_;
  std::optional<std::string> error_;
};

// A state written as its game's parameters and the actions played since it
// was made: "key=value key=value" on the first line, then an action a line.
// Games whose chance comes from their own generator serialize this way, and
// deserialize by replaying.
struct History {
  Params params;
  std::vector<std::string> actions;
};
std::string history_text(const Params& params, const std::vector<std::string>& actions);
// A count written in decimal digits ("0", "1234"), if the text is one.
std::optional<std::uint64_t> parse_count(std::string_view text);
std::optional<History> parse_history(std::string_view text);

// Reads a state written by history_text: makes it from its parameters with
// `make` and replays the actions, each checked for legality; nothing when the
// text or any step fails. The deserialize of the games that serialize so.
template <Game S, typename Make>
std::optional<S> replay(std::string_view text, Make make) {
  const auto history = parse_history(text);
  if (!history) return std::nullopt;
  auto made = make(history->params);
  if (!std::holds_alternative<S>(made)) return std::nullopt;
  S state = std::get<S>(std::move(made));
  std::vector<typename S::Action> legal;
  for (const std::string& action_text : history->actions) {
    const auto action = state.parse_action(action_text);
    if (!action) return std::nullopt;
    state.legal_actions(legal);
    if (std::find(legal.begin(), legal.end(), *action) == legal.end()) return std::nullopt;
    state.apply(*action);
  }
  return state;
}

// The key under which a state's text keeps, beside its parameters, how many
// calls the course oracles' generator had made before the game (a game of an
// ETF program, which draws where the last game left the generator).
inline constexpr std::string_view kRngCalls = "rng_calls";

// replay() for such games: `make_after(params, calls)` makes the state with
// the generator `calls` calls on (0 when the text has no kRngCalls).
template <Game S, typename MakeAfter>
std::optional<S> replay_after_calls(std::string_view text, MakeAfter make_after) {
  return replay<S>(text, [&](Params params) -> std::variant<S, std::string> {
    std::uint64_t calls = 0;
    if (const auto given = params.find(kRngCalls); given != params.end()) {
      const auto n = parse_count(given->second);
      if (!n) return std::string(kRngCalls) + " is a count of calls";
      calls = *n;
      params.erase(given);
    }
    return make_after(params, calls);
  });
}

}  // namespace engine
