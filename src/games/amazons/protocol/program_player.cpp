#include "games/amazons/protocol/program_player.hpp"

#include <algorithm>
#include <deque>
#include <filesystem>
#include <nlohmann/json.hpp>  // the views of TypedState<State>

#include "engine/files.hpp"
#include "games/amazons/protocol/player_call.hpp"
#include "games/amazons/state.hpp"
#include "sandbox/call.hpp"

namespace amazons {
namespace {

class ProgramPlayer final : public engine::AnyBot {
 public:
  ProgramPlayer(const std::string& command, const sandbox::ProgramSeat& seat)
      : command_(command), argv_(sandbox::command_line(command)), seat_(seat) {}

  std::string choose(const engine::AnyState& any) override {
    const State& state = dynamic_cast<const engine::TypedState<State>&>(any).state();
    if (plan_.empty() && !fault_) call(state);
    if (plan_.empty()) return "";
    const State::Action next = plan_.front();
    plan_.pop_front();
    return state.action_text(next);
  }
  void set_time_ms(int) override {}
  // The file protocol has no word for a clock: the call is cut at what it
  // has left.
  void set_clock(const engine::SeatClock& clock) override {
    seat_.limits.time_ms = std::max(1, clock.remaining_ms);
  }
  std::optional<engine::Fault> fault() const override { return fault_; }

 private:
  void fail(std::string kind, std::string detail) {
    fault_ = engine::Fault{std::move(kind), std::move(detail)};
  }

  void call(const State& state) {
    if (name_.empty()) {
      auto answer = ask_name(argv_, *seat_.seat, seat_.limits);
      if (answer.index() == 1)
        return fail("crash", "\"" + command_ + " name\": " + std::get<1>(answer));
      name_ = std::get<0>(answer);
    }
    const Board before = board_for_player(
        state.board(), state.board().players()[static_cast<std::size_t>(state.to_move())].id,
        name_);
    std::vector<std::string> argv = argv_;
    argv.push_back(state.placing() ? "phase=placement" : "phase=movement");
    if (state.placing()) argv.push_back("amazons=" + std::to_string(state.amazons()));
    argv.insert(argv.end(), {"board.txt", "board.txt"});
    const std::filesystem::path& folder = seat_.seat->path();
    const std::filesystem::path file = folder / "board.txt";
    sandbox::CallOutcome r;
    if (put_board(file, write_board(before), seat_.seat->confinement())) {
      r = sandbox::run_call(argv, folder.string(), seat_.limits, seat_.seat->confinement());
    } else {
      r.why_not_started = "the board file could not be written in " + folder.string();
    }
    const auto left =
        engine::read_untrusted_file(file.string(), max_board_text(before.rows(), before.cols()));
    int id = before.players()[static_cast<std::size_t>(state.to_move())].id;
    const Judgement j = Judge(seat_.limits, state.amazons(), before, id, state.placing())(r, left);
    switch (j.fault) {
      case Judgement::Fault::Crash:
        return fail("crash", j.why);
      case Judgement::Fault::Time:
        return fail("time", j.why);
      case Judgement::Fault::Illegal:
        return fail("illegal action", j.why);
      case Judgement::Fault::None:
        break;
    }
    if (j.placed) {
      plan_.push_back(state.placement_at(*j.placed));
    } else if (j.turn) {
      const auto actions = state.actions_of(*j.turn);
      plan_.assign(actions.begin(), actions.end());
    } else if (!j.moved) {
      // The rules give a player the move only when it has one.
      fail("illegal action", "exit 1 (no move) while a move was possible");
    } else {
      fail("illegal action", "its turn could not be verified: " + j.verdict);
    }
  }

  std::string command_;
  std::vector<std::string> argv_;
  sandbox::ProgramSeat seat_;
  std::string name_;  // as the program answers `COMMAND name`
  std::deque<State::Action> plan_;
  std::optional<engine::Fault> fault_;
};

}  // namespace

std::unique_ptr<engine::AnyBot> make_program_player(const std::string& command,
                                                    const sandbox::ProgramSeat& seat) {
  if (sandbox::command_line(command).empty()) return nullptr;
  return std::make_unique<ProgramPlayer>(command, seat);
}

}  // namespace amazons
