#include "grading/grade.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <thread>

#include "engine/files.hpp"
#include "engine/words.hpp"
#include "games/registry.hpp"
#include "grading/reports.hpp"
#include "sandbox/call_options.hpp"

namespace grading {
namespace {

namespace fs = std::filesystem;

struct Options {
  std::string game, tests, program, json, junit, gradescope, html;
  double time_limit_s = 10;
  int jobs = 1;
  CompareOptions compare;
  sandbox::CallLimits limits;
  sandbox::ConfinementRequest confine;
};

// A test of the course's layout: NAME.txt, the expected NAME.expected.txt
// beside it (or none: our program's output is expected), and NAME.args for
// a program run with arguments and the test as its standard input.
struct TestCase {
  std::string name;
  fs::path input;
  std::optional<fs::path> expected;
  std::optional<std::vector<std::string>> args;
};

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

// What one run of a program on a test gave.
struct Run {
  sandbox::CallOutcome outcome;
  std::string output;
};

// Runs `program` on the test in the job's seat, emptied first (a seat a
// job, not a test: making and unmounting a seat's filesystem while another
// sandbox starts can fail it): ETF programs as `PROGRAM -b input.txt`, with
// NAME.args as `PROGRAM ARGS < input.txt`; its standard output kept in a
// file of its folder (bounded by --files).
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

// The verdict of a run that did not end by itself, or none.
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

// What grading every test needs: the arena, both programs, the options.
struct Context {
  sandbox::CallArena& arena;
  std::vector<std::string> program;  // the graded program's command line
  std::vector<std::string> ours;     // our program, for tests without an expected file
  const Options& options;
};

TestResult grade_one(const Context& c, const sandbox::SeatFolder& seat, const TestCase& t) {
  TestResult result{t.name, "pass", "", std::nullopt, 0};
  std::string expected;
  if (t.expected) {
    const auto text = engine::read_text_file(t.expected->string());
    if (const auto* problem = std::get_if<engine::FileProblem>(&text)) {
      result.verdict = "no expected output";
      result.detail = t.expected->string() + ": " + problem->reason;
      return result;
    }
    expected = std::get<std::string>(text);
  } else {
    const Run ours = run_on(seat, c.ours, t, c.options.limits);
    if (const auto bad = fault(ours, c.options.limits)) {
      result.verdict = "no expected output";
      result.detail = "our program: " + bad->second;
      return result;
    }
    expected = ours.output;
  }
  const Run run = run_on(seat, c.program, t, c.options.limits);
  result.ms = run.outcome.ms;
  if (const auto bad = fault(run, c.options.limits)) {
    result.verdict = bad->first;
    result.detail = bad->second;
  } else if ((result.difference = first_difference(expected, run.output, c.options.compare))) {
    result.verdict = "differ";
  }
  return result;
}

// Every test, `jobs` at once; the results in the tests' order.
std::vector<TestResult> grade_all(const Context& c, const std::vector<TestCase>& tests) {
  std::vector<TestResult> results(tests.size());
  std::atomic<std::size_t> next = 0;
  const auto work = [&](int job) {
    auto made = c.arena.seat(c.arena.path() / ("job-" + std::to_string(job)));
    const auto* seat = std::get_if<std::unique_ptr<sandbox::SeatFolder>>(&made);
    for (std::size_t i; (i = next++) < tests.size() && !sandbox::calls_stopped();) {
      results[i] = seat ? grade_one(c, **seat, tests[i])
                        : TestResult{tests[i].name, "not started", std::get<std::string>(made),
                                     std::nullopt, 0};
    }
  };
  std::vector<std::thread> jobs;
  for (int j = 1; j < c.options.jobs; ++j) jobs.emplace_back(work, j + 1);
  work(1);
  for (std::thread& job : jobs) job.join();
  return results;
}

void add_options(CLI::App& app, Options& o) {
  app.add_option("game", o.game, "the game whose program is graded")->required();
  app.add_option("--tests", o.tests,
                 "the folder of tests: NAME.txt, with NAME.expected.txt beside it (else our "
                 "program's output is expected) and NAME.args for a program run with arguments")
      ->required();
  app.add_option("--program", o.program,
                 "the program graded, as a command (run as PROGRAM -b NAME.txt, or PROGRAM ARGS "
                 "< NAME.txt)")
      ->required();
  app.add_option("--time-limit", o.time_limit_s, "seconds a test may take (10)")
      ->check(CLI::Range(0.001, 3600.0));
  app.add_option("--jobs", o.jobs, "tests run at once (1)")->check(CLI::Range(1, 256));
  app.add_flag("--ignore-trailing-space", o.compare.ignore_trailing_space,
               "overlook spaces and tabs at the ends of lines");
  app.add_flag("--ignore-line-ends", o.compare.ignore_line_ends,
               "overlook \\r\\n against \\n, and a missing last newline");
  app.add_option("--json", o.json, "write the results as JSON to FILE");
  app.add_option("--junit", o.junit, "write the results as JUnit XML to FILE");
  app.add_option("--gradescope", o.gradescope, "write Gradescope's results.json to FILE");
  app.add_option("--html", o.html, "write a web page of the results to FILE");
  sandbox::add_call_options(app, o.limits, o.confine, "the graded programs", "you", false);
}

// The reports asked for, each written whole or not at all; false if one
// could not be.
bool write_reports(const Options& o, const Report& report, std::ostream& err) {
  const std::pair<const std::string*, std::string (*)(const Report&)> files[] = {
      {&o.json, &json_report},
      {&o.junit, &junit_report},
      {&o.gradescope, &gradescope_report},
      {&o.html, &html_report}};
  bool written = true;
  for (const auto& [path, make] : files) {
    if (path->empty()) continue;
    const auto wrote = engine::write_file_safely(*path, make(report));
    if (const auto* problem = std::get_if<engine::FileProblem>(&wrote)) {
      err << "gridgames grade: " << *path << ": " << problem->reason << "\n";
      written = false;
    }
  }
  return written;
}

fs::path our_program(const std::string& game) {
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  return (error ? fs::current_path() : self.parent_path()) / game;
}

}  // namespace

int run_grade(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  Options o;
  CLI::App app{
      "Runs a program on every test of a folder, each confined and limited, and "
      "compares its output with the expected one line by line (docs/grading.md).",
      "gridgames grade"};
  add_options(app, o);
  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    app.parse(reversed);
  } catch (const CLI::ParseError& e) {
    return app.exit(e, out, err) == 0 ? 0 : 2;
  }
  const auto usage = [&err](const std::string& why) {
    err << "gridgames grade: " << why << "\n";
    return 2;
  };
  if (!games::find_game(o.game)) return usage("no game \"" + engine::printable(o.game, 40) + "\"");
  auto found = find_tests(o.tests);
  if (auto* why = std::get_if<std::string>(&found)) return usage(*why);
  const auto tests = std::get<std::vector<TestCase>>(std::move(found));
  o.limits.time_ms = static_cast<int>(std::lround(o.time_limit_s * 1000));
  sandbox::become_subreaper();
  auto opened = sandbox::CallArena::open("gridgames-grade", o.confine, o.limits);
  if (auto* why = std::get_if<std::string>(&opened)) return usage(*why);
  auto& arena = *std::get<std::unique_ptr<sandbox::CallArena>>(opened);
  const Context c{arena, sandbox::command_line(o.program),
                  sandbox::command_line(our_program(o.game).string()), o};
  if (const auto why = arena.unreachable(c.program)) return usage(*why);
  if (const auto problem = arena.sandbox_problem())
    return usage("the sandbox cannot start: " + *problem +
                 "\nGive --no-sandbox to run the program unconfined (it can then read and "
                 "write all you can)");
  sandbox::StopCallsOnSignals stop;
  const Report report{o.game, o.program, grade_all(c, tests)};
  print_summary(report, out);
  if (!write_reports(o, report, err)) return 2;
  return report.passed() == static_cast<int>(report.tests.size()) ? 0 : 1;
}

int run_grade(int argc, const char* const* argv) {
  return run_grade(std::vector<std::string>(argv + 1, argv + argc), std::cout, std::cerr);
}

}  // namespace grading
