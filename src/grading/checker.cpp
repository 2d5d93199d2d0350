#include "grading/checker.hpp"

#include <unistd.h>

#include <filesystem>

#include "engine/files.hpp"
#include "engine/words.hpp"
#include "grading/build.hpp"
#include "sandbox/call.hpp"

namespace grading {

namespace fs = std::filesystem;

namespace {

// The first line of the checker's message (feedback/judgemessage.txt).
std::string judge_message(const fs::path& folder) {
  const std::string text = file_tail(folder / "feedback" / "judgemessage.txt", 4096);
  const auto lines = engine::split_lines(text);
  return lines.empty() ? "" : engine::printable(lines.front(), 300);
}

}  // namespace

CheckerVerdict run_checker(const sandbox::SeatFolder& seat, const std::vector<std::string>& checker,
                           const std::string& expected, const sandbox::CallLimits& limits) {
  const fs::path folder = seat.path();
  std::error_code error;
  // Whatever the program left under these names goes first.
  fs::remove_all(folder / "answer.txt", error);
  fs::remove_all(folder / "feedback", error);
  const auto wrote = engine::write_file_safely((folder / "answer.txt").string(), expected);
  fs::create_directory(folder / "feedback", error);
  if (std::holds_alternative<engine::FileProblem>(wrote) || error)
    return {"checker failed", "the expected output could not be put beside the output"};
  const uid_t user = seat.confinement().user;
  if (user) {
    (void)!::chown((folder / "answer.txt").c_str(), user, user);
    (void)!::chown((folder / "feedback").c_str(), user, user);
  }
  std::vector<std::string> argv = {"/bin/sh", "-c", "exec \"$@\" <output.txt", "sh"};
  argv.insert(argv.end(), checker.begin(), checker.end());
  argv.insert(argv.end(), {"input.txt", "answer.txt", "feedback/"});
  const sandbox::CallOutcome r =
      sandbox::run_call(argv, folder.string(), limits, seat.confinement());
  const std::string message = judge_message(folder);
  if (r.end == sandbox::CallOutcome::End::Exited && r.code == kCheckerAccepts) return {"pass", ""};
  if (r.end == sandbox::CallOutcome::End::Exited && r.code == kCheckerRejects)
    return {"differ", message.empty() ? "the checker rejected the output" : message};
  const std::string how = r.end == sandbox::CallOutcome::End::Exited
                              ? "exited " + std::to_string(r.code)
                              : sandbox::describe_end(r, limits);
  return {"checker failed", "the checker " + how + " (42 accepts, 43 rejects)" +
                                (message.empty() ? "" : ": " + message)};
}

}  // namespace grading
