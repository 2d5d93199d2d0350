#include "grading/random_boards.hpp"

#include <filesystem>
#include <optional>
#include <ostream>
#include <set>
#include <utility>

#include "engine/files.hpp"
#include "grading/boards.hpp"
#include "grading/random_scripts.hpp"
#include "grading/reports.hpp"
#include "grading/runs.hpp"

namespace grading {
namespace {

namespace fs = std::filesystem;

// A drawn test with these commands, as files of `folder` named after the
// test (NAME.txt, NAME.args, NAME-FILE for each of its files, the
// arguments naming them so): what --tests reads back.
struct TestFiles {
  TestCase test;
  std::string input;                                       // NAME.txt's text
  std::vector<std::pair<std::string, std::string>> files;  // path, content
};

TestFiles test_files(const fs::path& folder, const std::string& name, const games::RandomTest& t,
                     const std::vector<std::string>& commands) {
  TestFiles out;
  out.test.name = name;
  out.test.input = folder / (name + ".txt");
  out.test.args = t.args;
  for (const auto& [file, content] : t.files) {
    const std::string renamed = name + "-" + file;
    for (std::string& arg : *out.test.args)
      if (arg == file) arg = renamed;
    out.test.beside.push_back(folder / renamed);
    out.files.emplace_back((folder / renamed).string(), content);
  }
  std::string args;
  for (const std::string& line : commands) out.input += line + "\n";
  for (const std::string& arg : *out.test.args) args += (args.empty() ? "" : " ") + arg;
  out.files.emplace_back(out.test.input.string(), out.input);
  out.files.emplace_back((folder / (name + ".args")).string(), args + "\n");
  return out;
}

// Writes every file; the first that could not be written, if one.
std::optional<std::string> write_all(const TestFiles& t) {
  std::error_code error;
  fs::create_directories(t.test.input.parent_path(), error);
  for (const auto& [path, content] : t.files) {
    const auto wrote = engine::write_file_safely(path, content);
    if (const auto* problem = std::get_if<engine::FileProblem>(&wrote))
      return path + ": " + problem->reason;
  }
  return std::nullopt;
}

struct Judge {
  const games::BoardRules& rules;
  const std::vector<std::string>& program;
  const sandbox::SeatFolder& seat;
  const fs::path& scratch;
  const sandbox::CallLimits& limits;

  // The program's verdict and its words on `commands` of `drawn`, when it
  // fails them; none when it passes, or when our rules refuse a command
  // (a game the specification does not fix).
  std::optional<std::pair<std::string, std::string>> failure(
      const games::RandomTest& drawn, const std::vector<std::string>& commands) const {
    const TestFiles t = test_files(scratch, "drawn", drawn, commands);
    if (write_all(t)) return std::nullopt;
    const games::BoardRun ours = rules.replay(*t.test.args, t.input, scratch.string());
    if (!ours.problem.empty() || !ours.refused.empty()) return std::nullopt;
    const Run run = run_on(seat, program, t.test, limits);
    if (auto bad = fault(run, limits)) return bad;
    BoardVerdict judged = compare_boards(rules, t.test, run.output);
    if (judged.verdict == "pass") return std::nullopt;
    return std::pair{std::move(judged.verdict), std::move(judged.detail)};
  }
};

}  // namespace

int grade_random_boards(const games::BoardRules& rules, const std::string& game,
                        const std::vector<std::string>& program, const sandbox::SeatFolder& seat,
                        const fs::path& scratch, const RandomBoards& r, std::ostream& out,
                        std::ostream& err) {
  const Judge judge{rules, program, seat, scratch, r.limits};
  int found = 0;
  bool unsaved = false;
  std::set<std::pair<std::vector<std::string>, std::vector<std::string>>> saved;
  for (int i = 1; i <= r.count && !sandbox::calls_stopped(); ++i) {
    const games::RandomTest drawn =
        rules.random_test(r.seed * 1000003ULL + static_cast<std::uint64_t>(i), r.most_actions);
    const auto fails = [&](const std::vector<std::string>& lines) {
      return judge.failure(drawn, lines).has_value();
    };
    if (!fails(drawn.commands)) continue;
    const std::vector<std::string> shrunk = shrink(drawn.commands, fails);
    const auto why = judge.failure(drawn, shrunk);
    TestResult t;
    t.name = "random-" + std::to_string(r.seed) + "-" + std::to_string(i);
    t.verdict = why ? why->first : "differ";
    t.detail = why ? why->second : "it failed once, and passed when run again";
    out << "DIFFER " << t.name << ": " << drawn.commands.size() << " commands shrunk to "
        << shrunk.size() << ": " << failure_line(t) << "\n";
    ++found;
    if (r.save.empty() || !saved.insert({drawn.args, shrunk}).second) continue;
    if (const auto problem = write_all(test_files(r.save, t.name, drawn, shrunk))) {
      err << "gridgames grade: " << *problem << "\n";
      unsaved = true;
    }
  }
  std::string command;
  for (const std::string& word : program) command += (command.empty() ? "" : " ") + word;
  out << found << " of " << r.count << " random scripts differ (" << game << " by position, "
      << command << "; seed " << r.seed << ")\n";
  if (unsaved) return 2;
  return found == 0 ? 0 : 1;
}

}  // namespace grading
