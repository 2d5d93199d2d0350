#include "grading/boards.hpp"

#include <vector>

#include "engine/files.hpp"
#include "engine/words.hpp"

namespace grading {
namespace {

std::string after(const std::string& command) {
  return command.empty() ? "at the start" : "after `" + command + "`";
}

std::string player(int number) {
  return "player " + std::to_string(number);
}

// The positions of an ETF transcript, each after the command echoed
// ("->command") before the output that draws it.
games::BoardRun transcript_positions(const games::BoardRules& rules, std::string_view transcript) {
  games::BoardRun run;
  std::string command, segment;
  const auto flush = [&] {
    for (std::string& board : rules.read_boards(segment))
      if (run.positions.empty() || run.positions.back().second != board)
        run.positions.emplace_back(command, std::move(board));
    segment.clear();
  };
  for (const std::string_view line : engine::split_lines(transcript)) {
    if (line.starts_with("->")) {
      flush();
      command = std::string(line.substr(2));
    }
    segment.append(line).append("\n");
  }
  flush();
  return run;
}

// Whether the winner the program names is ours; if not, why.
std::string winner_problem(const games::BoardRules& rules, const games::BoardRun& ours,
                           std::string_view output) {
  if (!rules.read_winner) return "";
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

// The rows (from 1) in which two positions differ, in words ("rows 3 and
// 8 differ"), or "" when they have not the same number of rows.
std::string rows_differing(const std::string& a, const std::string& b) {
  const auto rows_a = engine::split_on(a, '/'), rows_b = engine::split_on(b, '/');
  if (rows_a.size() != rows_b.size()) return "";
  std::vector<std::string> rows;
  for (std::size_t r = 0; r < rows_a.size(); ++r)
    if (rows_a[r] != rows_b[r]) rows.push_back(std::to_string(r + 1));
  if (rows.empty()) return "";
  std::string list = rows.front();
  for (std::size_t i = 1; i < rows.size(); ++i)
    list += (i + 1 == rows.size() ? " and " : ", ") + rows[i];
  return " (row" + std::string(rows.size() > 1 ? "s " : " ") + list +
         (rows.size() > 1 ? " differ)" : " differs)");
}

}  // namespace

// Our positions on the test: our rules' replay, or the expected transcript's.
games::BoardRun our_positions(const games::BoardRules& rules, const TestCase& test,
                              std::string_view expected) {
  if (!rules.replay) return transcript_positions(rules, expected);
  const auto input = engine::read_text_file(test.input.string());
  if (const auto* problem = std::get_if<engine::FileProblem>(&input))
    return {{}, std::nullopt, test.input.string() + ": " + problem->reason, ""};
  return rules.replay(test.args.value_or(std::vector<std::string>{}), std::get<std::string>(input),
                      test.input.parent_path().string());
}

BoardVerdict compare_boards(const games::BoardRules& rules, const TestCase& test,
                            std::string_view output, std::string_view expected) {
  const games::BoardRun ours = our_positions(rules, test, expected);
  if (!ours.problem.empty()) return {"no expected output", ours.problem};
  std::vector<std::string> theirs;
  for (std::string& board : rules.read_boards(output))
    if (theirs.empty() || theirs.back() != board) theirs.push_back(std::move(board));
  if (theirs.empty() && ours.positions.size() > 0)
    return {"differ",
            std::string("it draws no board (the specification's display: ") + rules.display + ")"};
  if (ours.positions.empty())
    return theirs.empty() ? BoardVerdict{"pass", ""}
                          : BoardVerdict{"differ",
                                         "it draws a board where the expected output "
                                         "draws none: " +
                                             theirs.front()};
  const std::string reached = rules.replay ? "our rules reach" : "the expected output shows";
  std::size_t at = 0;  // our position its last board was
  for (std::size_t shown = 0; shown < theirs.size(); ++shown) {
    std::size_t found = at;
    while (found < ours.positions.size() && ours.positions[found].second != theirs[shown]) ++found;
    if (found < ours.positions.size()) {
      at = found;
      continue;
    }
    const std::size_t next = at + 1 < ours.positions.size() ? at + 1 : at;
    return {"differ", "its board " + std::to_string(shown + 1) + " is no position " + reached +
                          " " + after(ours.positions[at].first) + " or later: expected " +
                          ours.positions[next].second + " (" + after(ours.positions[next].first) +
                          "), got " + theirs[shown] +
                          rows_differing(ours.positions[next].second, theirs[shown])};
  }
  if (std::string why = winner_problem(rules, ours, output); !why.empty()) return {"differ", why};
  return {"pass", ""};
}

}  // namespace grading
