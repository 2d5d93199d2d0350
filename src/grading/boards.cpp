#include "grading/boards.hpp"

#include <vector>

#include "engine/files.hpp"

namespace grading {
namespace {

std::string after(const std::string& command) {
  return command.empty() ? "at the start" : "after `" + command + "`";
}

std::string player(int number) {
  return "player " + std::to_string(number);
}

// Whether the winner the program names is ours; if not, why.
std::string winner_problem(const games::BoardRules& rules, const games::BoardRun& ours,
                           std::string_view output) {
  const auto theirs = rules.read_winner(output);
  if (ours.winner && !theirs)
    return "it names no winner; by our rules " + player(*ours.winner) + " wins";
  if (ours.winner && *theirs != *ours.winner)
    return "it names " + player(*theirs) + " the winner; by our rules " + player(*ours.winner) +
           " wins";
  if (!ours.winner && theirs)
    return "it names " + player(*theirs) + " the winner; by our rules nobody has won";
  return "";
}

}  // namespace

BoardVerdict compare_boards(const games::BoardRules& rules, const TestCase& test,
                            std::string_view output) {
  const auto input = engine::read_text_file(test.input.string());
  if (const auto* problem = std::get_if<engine::FileProblem>(&input))
    return {"no expected output", test.input.string() + ": " + problem->reason};
  const games::BoardRun ours =
      rules.replay(test.args.value_or(std::vector<std::string>{}), std::get<std::string>(input),
                   test.input.parent_path().string());
  if (!ours.problem.empty()) return {"no expected output", ours.problem};
  std::vector<std::string> theirs;
  for (std::string& board : rules.read_boards(output))
    if (theirs.empty() || theirs.back() != board) theirs.push_back(std::move(board));
  if (theirs.empty() && ours.positions.size() > 0)
    return {"differ", "it draws no board (the specification's display: eight rows of eight)"};
  std::size_t at = 0;  // our position its last board was
  for (std::size_t shown = 0; shown < theirs.size(); ++shown) {
    std::size_t found = at;
    while (found < ours.positions.size() && ours.positions[found].second != theirs[shown]) ++found;
    if (found < ours.positions.size()) {
      at = found;
      continue;
    }
    const std::size_t next = at + 1 < ours.positions.size() ? at + 1 : at;
    return {"differ", "its board " + std::to_string(shown + 1) +
                          " is no position our rules reach " + after(ours.positions[at].first) +
                          " or later: expected " + ours.positions[next].second + " (" +
                          after(ours.positions[next].first) + "), got " + theirs[shown]};
  }
  if (std::string why = winner_problem(rules, ours, output); !why.empty()) return {"differ", why};
  return {"pass", ""};
}

}  // namespace grading
