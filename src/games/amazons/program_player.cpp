#include "games/amazons/program_player.hpp"

#include <deque>
#include <filesystem>
#include <nlohmann/json.hpp>  // the views of TypedState<State>

#include "engine/call.hpp"
#include "engine/files.hpp"
#include "games/amazons/player_call.hpp"
#include "games/amazons/state.hpp"

namespace amazons {
namespace {

class ProgramPlayer final : public games::AnyBot {
 public:
  ProgramPlayer(const std::string& command, const games::ProgramSeat& seat)
      : command_(command), argv_(command_line(command)), seat_(seat) {}

  std::string choose(const engine::AnyState& any) override {
    const State& state = dynamic_cast<const engine::TypedState<State>&>(any).state();
    if (plan_.empty() && !fault_) call(state);
    if (plan_.empty()) return "";
    const State::Action next = plan_.front();
    plan_.pop_front();
    return state.action_text(next);
  }
  void set_time_ms(int) override {}
  std::optional<games::Fault> fault() const override { return fault_; }

 private:
  void fail(std::string kind, std::string detail) {
    fault_ = games::Fault{std::move(kind), std::move(detail)};
  }

  // The board the program is given: its own line under its own name, the
  // others' under names that are not.
  Board board_for(const State& state) const {
    Board board = state.board();
    int other = 0;
    for (std::size_t p = 0; p < board.players().size(); ++p) {
      std::string& line_name = board.players()[p].name;
      if (static_cast<int>(p) == state.to_move()) {
        line_name = name_;
      } else if (line_name == name_) {
        line_name = "opponent" + std::to_string(++other);
      }
    }
    return board;
  }

  void call(const State& state) {
    if (name_.empty()) {
      auto answer = ask_name(argv_, seat_.folder, seat_.limits, seat_.confinement);
      if (answer.index() == 1)
        return fail("crash", "\"" + command_ + " name\": " + std::get<1>(answer));
      name_ = std::get<0>(answer);
    }
    const Board before = board_for(state);
    std::vector<std::string> argv = argv_;
    argv.push_back(state.placing() ? "phase=placement" : "phase=movement");
    if (state.placing()) argv.push_back("amazons=" + std::to_string(state.amazons()));
    argv.insert(argv.end(), {"board.txt", "board.txt"});
    const std::filesystem::path file = std::filesystem::path(seat_.folder) / "board.txt";
    engine::CallOutcome r;
    if (put_board(file, write_board(before), seat_.confinement)) {
      r = engine::run_call(argv, seat_.folder, seat_.limits, seat_.confinement);
    } else {
      r.why_not_started = "the board file could not be written in " + seat_.folder;
    }
    const auto left = engine::read_untrusted_file(file.string(), kMaxBoardBytes);
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
  games::ProgramSeat seat_;
  std::string name_;  // as the program answers `COMMAND name`
  std::deque<State::Action> plan_;
  std::optional<games::Fault> fault_;
};

}  // namespace

std::unique_ptr<games::AnyBot> make_program_player(const std::string& command,
                                                   const games::ProgramSeat& seat) {
  if (command_line(command).empty()) return nullptr;
  return std::make_unique<ProgramPlayer>(command, seat);
}

}  // namespace amazons
