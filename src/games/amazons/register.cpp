// Amazons in the registry: its AI (ai.hpp) plans a whole turn and plays it
// out action by action; uct and random as every game.
#include <deque>

#include "games/amazons/ai/ai.hpp"
#include "games/amazons/ai/clock.hpp"
#include "games/amazons/protocol/program_player.hpp"
#include "games/amazons/sgf.hpp"
#include "games/amazons/state.hpp"
#include "games/registry_entry.hpp"

namespace games {
namespace {

// The Amazons AI (ai.hpp): it plans a whole turn, or a placement, at the
// start of it and plays it out action by action; under a game clock it
// spends what ai/clock.hpp's `use` gives a turn.
class AmazonsAi final : public Bot<amazons::State> {
 public:
  AmazonsAi(const SelfplayOptions& options, std::uint64_t seed, amazons::TimeUse use)
      : options_(options), seed_(seed), use_(use) {}
  std::size_t choose(const amazons::State& state,
                     const std::vector<amazons::State::Action>& legal) override {
    if (plan_.empty()) plan(state);
    const auto next = plan_.empty() ? legal.front() : plan_.front();
    if (!plan_.empty()) plan_.pop_front();
    const auto at = std::find(legal.begin(), legal.end(), next);
    if (at == legal.end()) {  // not the state it planned for: start again
      plan_.clear();
      return 0;
    }
    return static_cast<std::size_t>(at - legal.begin());
  }
  void set_time_ms(int ms) override {
    if (options_.time_ms > 0) options_.time_ms = ms;
    clock_.reset();
  }
  void set_clock(const engine::SeatClock& clock) override {
    if (options_.time_ms > 0) clock_ = clock;
  }

 private:
  using Action = amazons::State::Action;

  void plan(const amazons::State& state) {
    const amazons::Board& board = state.board();
    const int id = board.players()[static_cast<std::size_t>(state.to_move())].id;
    amazons::AiOptions ai;
    ai.rules = state.rules();  // the classic game is won by the last to move, not by treasure
    ai.seed = seed_ + static_cast<std::uint64_t>(++decisions_);
    ai.start = std::chrono::steady_clock::now();
    if (clock_) {
      ai.time_ms = amazons::turn_time_ms(board, *clock_, use_);
    } else if (options_.time_ms > 0) {
      ai.time_ms = options_.time_ms;
    } else {
      ai.nodes = options_.nodes > 0 ? options_.nodes : 200;
    }
    if (state.placing()) {
      if (const auto at = amazons::ai_placement(board, id, ai))
        plan_.push_back(state.placement_at(*at));
      return;
    }
    if (const auto turn = amazons::ai_turn(board, id, ai)) {
      const auto actions = state.actions_of(*turn);
      plan_.assign(actions.begin(), actions.end());
    }
  }

  SelfplayOptions options_;
  std::uint64_t seed_;
  amazons::TimeUse use_;
  std::optional<engine::SeatClock> clock_;  // under a game clock: what it had at the last call
  int decisions_ = 0;
  std::deque<Action> plan_;
};

std::unique_ptr<Bot<amazons::State>> amazons_bot(std::string_view name, const SelfplayOptions& o,
                                                 std::uint64_t seed) {
  // Under a clock `ai` spends more while the position is open (match E:
  // +102 Elo against the even share at 6 s a game, docs/computer-players.md).
  if (name == "ai") return std::make_unique<AmazonsAi>(o, seed, amazons::TimeUse::Open);
  // For comparison: the even share of a clock.
  if (name == "ai-even") return std::make_unique<AmazonsAi>(o, seed, amazons::TimeUse::Even);
  return generic_bot<amazons::State>(name, o, seed);
}

// rows x cols, as given or by default (10 x 10).
std::size_t fields(const engine::Params& params) {
  const auto side = [&](const char* name) -> std::size_t {
    const auto at = params.find(name);
    const auto n = at == params.end() ? std::optional(10) : engine::parse_int(at->second);
    return n && *n > 0 ? static_cast<std::size_t>(*n) : 0;
  };
  return side("rows") * side("cols");
}

}  // namespace

GameInfo register_amazons() {
  GameInfo game = info<amazons::State, &amazons_bot>(
      "amazons", "Amazons", "queens, arrows, treasures and artifacts for 1-8 players",
      {"random", "uct", "ai", "ai-even"},
      {{{{"rows", "7"}, {"cols", "6"}, {"players", "3"}, {"amazons", "2"}, {"artifacts", "30"}},
        20,
        200},
       {{{"rules", "standard"}}, 5, 400},
       {{{"rows", "70"}, {"cols", "3"}, {"amazons", "1"}}, 2, 2000}});
  game.fields = &fields;
  game.sgf = &amazons::sgf_record;
  game.make_program = &amazons::make_program_player;
  game.quick = {{{"rules", "standard"}}, "ai"};  // the classic game, against the strongest
  return game;
}

}  // namespace games
