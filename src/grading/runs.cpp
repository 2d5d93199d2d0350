#include "grading/runs.hpp"

#include <unistd.h>

#include <algorithm>

#include "engine/files.hpp"
#include "engine/words.hpp"
#include "sandbox/call.hpp"

namespace grading {

namespace fs = std::filesystem;

std::variant<std::vector<TestCase>, std::string> find_tests(const fs::path& dir) {
  std::error_code error;
  if (!fs::is_directory(dir, error)) return "--tests " + dir.string() + ": no such folder";
  std::vector<TestCase> tests;
  for (const auto& entry : fs::directory_iterator(dir, error)) {
    const std::string file = entry.path().filename().string();
    if (!entry.is_regular_file() || !file.ends_with(".txt") || file.ends_with(".expected.txt"))
      continue;
    TestCase t{file.substr(0, file.size() - 4), entry.path(), std::nullopt, std::nullopt};
    if (fs::exists(dir / (t.name + ".expected.txt"))) t.expected = dir / (t.name + ".expected.txt");
    if (fs::exists(dir / (t.name + ".args"))) {
      const auto text = engine::read_text_file((dir / (t.name + ".args")).string());
      if (const auto* words = std::get_if<std::string>(&text)) {
        t.args.emplace();
        for (const std::string_view w : engine::split_words(*words)) t.args->emplace_back(w);
      }
    }
    tests.push_back(std::move(t));
  }
  if (tests.empty()) return "--tests " + dir.string() + ": no test (NAME.txt) in it";
  std::sort(tests.begin(), tests.end(),
            [](const TestCase& a, const TestCase& b) { return a.name < b.name; });
  return tests;
}

Run run_on(const sandbox::SeatFolder& seat, const std::vector<std::string>& program,
           const TestCase& t, const sandbox::CallLimits& limits) {
  Run run;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(seat.path(), error))
    sandbox::CallArena::remove_folder(entry.path());
  fs::copy_file(t.input, seat.path() / "input.txt", error);
  if (seat.confinement().user)
    (void)!::chown((seat.path() / "input.txt").c_str(), seat.confinement().user,
                   seat.confinement().user);
  std::vector<std::string> argv = {"/bin/sh", "-c",
                                   t.args ? "exec \"$@\" <input.txt >output.txt 2>/dev/null"
                                          : "exec \"$@\" >output.txt 2>/dev/null",
                                   "sh"};
  argv.insert(argv.end(), program.begin(), program.end());
  if (t.args)
    argv.insert(argv.end(), t.args->begin(), t.args->end());
  else
    argv.insert(argv.end(), {"-b", "input.txt"});
  run.outcome = sandbox::run_call(argv, seat.path().string(), limits, seat.confinement());
  const auto kept = engine::read_untrusted_file((seat.path() / "output.txt").string(),
                                                static_cast<std::size_t>(limits.files_mib) << 20);
  if (const auto* text = std::get_if<std::string>(&kept)) run.output = *text;
  return run;
}

std::optional<std::pair<std::string, std::string>> fault(const Run& r,
                                                         const sandbox::CallLimits& limits) {
  using End = sandbox::CallOutcome::End;
  const std::string words = sandbox::describe_end(r.outcome, limits);
  switch (r.outcome.end) {
    case End::Exited:
      return std::nullopt;
    case End::TimedOut:
      return std::pair{"timeout", words};
    case End::OverMemory:
      return std::pair{"memory", words};
    case End::OverProcesses:
      return std::pair{"processes", words};
    case End::OverFolder:
    case End::OverFileSize:
      return std::pair{"output", words};
    case End::Signaled:
      return std::pair{"crash", words};
    case End::NotStarted:
      return std::pair{"not started", words};
    case End::Stopped:
      return std::pair{"stopped", words};
  }
  return std::nullopt;
}

}  // namespace grading
