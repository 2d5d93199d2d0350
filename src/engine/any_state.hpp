// The game contract at run time: one interface (AnyState) over any game's
// state, for front ends that pick a game by name (the web, the launcher,
// Python, the tournament), actions as their texts or ids, refusals as
// values; TypedState and StateOf put a game's typed state behind it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/contract.hpp"

namespace engine {

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
  // How to play and the legend of the board's marks, for a page
  // (engine/panel.hpp; docs/views.md); null for a game without one.
  virtual nlohmann::json guide() const = 0;
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
  auto guide() const -> decltype(std::declval<const S&>().view(0)) override {
    if constexpr (requires { state().guide(); }) {
      return state().guide();
    } else {
      return {};
    }
  }
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

}  // namespace engine
