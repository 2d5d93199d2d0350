#include "grading/runs.hpp"

#include <unistd.h>

#include <algorithm>
#include <charconv>

#include "engine/files.hpp"
#include "engine/words.hpp"
#include "grading/build.hpp"
#include "sandbox/call.hpp"

namespace grading {

namespace fs = std::filesystem;

namespace {

// The words of NAME.args, if the test has one.
std::optional<std::vector<std::string>> args_of(const fs::path& file) {
  if (!fs::exists(file)) return std::nullopt;
  std::vector<std::string> args;
  const auto text = engine::read_text_file(file.string());
  if (const auto* words = std::get_if<std::string>(&text)) {
    for (const std::string_view w : engine::split_words(*words)) args.emplace_back(w);
  }
  return args;
}

// A test of either layout: the ETF courses' NAME.txt and NAME.expected.txt,
// or CS246's NAME.in and NAME.out (always on standard input).
std::optional<TestCase> test_of(const fs::path& dir, const std::string& file) {
  const bool etf = file.ends_with(".txt") && !file.ends_with(".expected.txt");
  if (!etf && !file.ends_with(".in")) return std::nullopt;
  TestCase t{
      file.substr(0, file.size() - (etf ? 4 : 3)), dir / file, std::nullopt, std::nullopt, {}};
  const fs::path expected = dir / (t.name + (etf ? ".expected.txt" : ".out"));
  if (fs::exists(expected)) t.expected = expected;
  t.args = args_of(dir / (t.name + ".args"));
  if (!etf && !t.args) t.args.emplace();
  t.hidden = fs::exists(dir / (t.name + ".hidden"));
  return t;
}

// NAME.weight's number, if the test has one: a positive number of points
// (the error, if the file holds anything else).
std::variant<double, std::string> weight_of(const fs::path& file) {
  if (!fs::exists(file)) return 1.0;
  const auto text = engine::read_text_file(file.string());
  const auto* words = std::get_if<std::string>(&text);
  const std::string_view word = words ? engine::trim(*words) : "";
  double weight = 0;
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), weight);
  if (word.empty() || error != std::errc() || end != word.data() + word.size() || !(weight > 0) ||
      weight > 1e6)
    return file.string() + ": a test's weight is a number of points above 0 (at most 1000000)";
  return weight;
}

bool is_test_companion(const std::string& file) {
  for (const char* ending : {".expected.txt", ".out", ".args", ".status", ".hidden", ".weight"})
    if (file.ends_with(ending)) return true;
  return false;
}

}  // namespace

std::variant<std::vector<TestCase>, std::string> find_tests(const fs::path& dir) {
  std::error_code error;
  if (!fs::is_directory(dir, error)) return "--tests " + dir.string() + ": no such folder";
  std::vector<TestCase> tests;
  std::vector<fs::path> others;
  for (const auto& entry : fs::directory_iterator(dir, error)) {
    if (!entry.is_regular_file()) continue;
    const std::string file = entry.path().filename().string();
    if (auto t = test_of(dir, file))
      tests.push_back(std::move(*t));
    else if (!is_test_companion(file))
      others.push_back(entry.path());
  }
  if (tests.empty()) return "--tests " + dir.string() + ": no test (NAME.txt or NAME.in) in it";
  for (TestCase& t : tests) {
    t.beside = others;
    auto weight = weight_of(dir / (t.name + ".weight"));
    if (const auto* why = std::get_if<std::string>(&weight)) return *why;
    t.weight = std::get<double>(weight);
  }
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
  const auto put = [&](const fs::path& from, const fs::path& to) {
    fs::copy_file(from, to, error);
    if (seat.confinement().user)
      (void)!::chown(to.c_str(), seat.confinement().user, seat.confinement().user);
  };
  for (const fs::path& file : t.beside) put(file, seat.path() / file.filename());
  put(t.input, seat.path() / "input.txt");
  std::vector<std::string> argv = {"/bin/sh", "-c",
                                   t.args ? "exec \"$@\" <input.txt >output.txt 2>error.txt"
                                          : "exec \"$@\" >output.txt 2>error.txt",
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
  run.error_tail = file_tail(seat.path() / "error.txt", kErrorTail);
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
