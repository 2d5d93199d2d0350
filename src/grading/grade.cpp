#include "grading/grade.hpp"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <set>
#include <thread>

#include "engine/files.hpp"
#include "engine/random.hpp"
#include "engine/words.hpp"
#include "games/registry.hpp"
#include "grading/boards.hpp"
#include "grading/build.hpp"
#include "grading/checker.hpp"
#include "grading/coverage.hpp"
#include "grading/random_boards.hpp"
#include "grading/random_scripts.hpp"
#include "grading/reports.hpp"
#include "grading/runs.hpp"
#include "sandbox/call_options.hpp"

namespace grading {
namespace {

namespace fs = std::filesystem;

struct Options {
  std::string game, tests, program, json, junit, gradescope, html;
  std::string submissions, csv, reports;  // a class
  int random = 0;                         // random scripts, instead of tests
  std::uint64_t seed = 1;
  int actions = 30;
  std::string save;
  std::string coverage;  // with --random: the oracle's transcripts whose messages are counted
  std::string compare_mode = "exact";  // exact, lines (lines_comparison) or board
  bool compare_given = false;          // --compare given (not the default)
  std::string checker;                 // or a course's own checker judges the outputs
  std::string build;                   // the command that builds a submission's sources
  double build_time_s = 300;
  double time_limit_s = 10;
  int jobs = 1;
  CompareOptions compare;
  sandbox::CallLimits limits;
  sandbox::ConfinementRequest confine;
};

// What grading every test needs: the arena, the tests, the options, and
// (--compare board) the game's boards.
struct Context {
  sandbox::CallArena& arena;
  const std::vector<TestCase>& tests;
  const Options& options;
  const games::BoardRules* board = nullptr;
};

// Calls `grade(seat, i)` for every test i, `--jobs` at once, each job in a
// seat of its own.
template <typename Grade>
void for_each_test(const Context& c, const std::string& job_prefix, Grade grade) {
  std::atomic<std::size_t> next = 0;
  const auto work = [&](int job) {
    auto made = c.arena.seat(c.arena.path() / (job_prefix + std::to_string(job)));
    const auto* seat = std::get_if<std::unique_ptr<sandbox::SeatFolder>>(&made);
    for (std::size_t i; (i = next++) < c.tests.size() && !sandbox::calls_stopped();)
      grade(seat ? seat->get() : nullptr, i);
  };
  std::vector<std::thread> jobs;
  for (int j = 1; j < c.options.jobs; ++j) jobs.emplace_back(work, j + 1);
  work(1);
  for (std::thread& job : jobs) job.join();
}

// Each test's expected output: its file's, or our program's (run once, for
// every program graded); else why there is none.
struct Expected {
  std::string text;
  std::string problem;
};

std::vector<Expected> expected_outputs(const Context& c, const std::vector<std::string>& ours) {
  std::vector<Expected> expected(c.tests.size());
  if (c.options.compare_mode == "board" && c.board->replay)
    return expected;  // our rules replay each test instead
  for_each_test(c, "ours-", [&](const sandbox::SeatFolder* seat, std::size_t i) {
    const TestCase& t = c.tests[i];
    if (t.expected) {
      const auto text = engine::read_text_file(t.expected->string());
      if (const auto* problem = std::get_if<engine::FileProblem>(&text))
        expected[i].problem = t.expected->string() + ": " + problem->reason;
      else
        expected[i].text = std::get<std::string>(text);
      return;
    }
    if (!seat) return void(expected[i].problem = "our program: no seat in the sandbox");
    const Run run = run_on(*seat, ours, t, c.options.limits);
    if (const auto bad = fault(run, c.options.limits))
      expected[i].problem = "our program: " + bad->second;
    else
      expected[i].text = run.output;
  });
  return expected;
}

// A test's result with its verdict, before anything is run.
TestResult result_of(const TestCase& t, const std::string& verdict, const std::string& detail) {
  TestResult result;
  result.name = t.name;
  result.verdict = verdict;
  result.detail = detail;
  result.hidden = t.hidden;
  result.weight = t.weight;
  return result;
}

TestResult grade_one(const Context& c, const sandbox::SeatFolder* seat,
                     const std::vector<std::string>& program, const TestCase& t,
                     const Expected& expected) {
  TestResult result = result_of(t, "pass", "");
  if (!expected.problem.empty()) {
    result.verdict = "no expected output";
    result.detail = expected.problem;
    return result;
  }
  if (!seat) {
    result.verdict = "not started";
    result.detail = "no seat in the sandbox";
    return result;
  }
  const Run run = run_on(*seat, program, t, c.options.limits);
  result.ms = run.outcome.ms;
  result.error_tail = run.error_tail;
  if (run.outcome.end == sandbox::CallOutcome::End::Exited) result.exit_code = run.outcome.code;
  if (const auto bad = fault(run, c.options.limits)) {
    result.verdict = bad->first;
    result.detail = bad->second;
  } else if (c.options.compare_mode == "board") {
    const BoardVerdict judged = compare_boards(*c.board, t, run.output, expected.text);
    result.verdict = judged.verdict;
    result.detail = judged.detail;
  } else if (!c.options.checker.empty()) {
    const CheckerVerdict judged = run_checker(*seat, sandbox::command_line(c.options.checker),
                                              expected.text, c.options.limits);
    result.verdict = judged.verdict;
    result.detail = judged.detail;
  } else if ((result.difference = first_difference(expected.text, run.output, c.options.compare))) {
    result.verdict = "differ";
  }
  return result;
}

// One program on every test; the results in the tests' order.
std::vector<TestResult> grade_program(const Context& c, const std::vector<std::string>& program,
                                      const std::vector<Expected>& expected) {
  std::vector<TestResult> results(c.tests.size());
  for_each_test(c, "job-", [&](const sandbox::SeatFolder* seat, std::size_t i) {
    results[i] = grade_one(c, seat, program, c.tests[i], expected[i]);
  });
  return results;
}

// A class's submissions: each subfolder of `dir` with the program named as
// the game's, by name.
std::vector<fs::path> submissions_in(const fs::path& dir) {
  std::vector<fs::path> found;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(dir, error))
    if (entry.is_directory()) found.push_back(entry.path());
  std::sort(found.begin(), found.end());
  return found;
}

// Every test with one verdict (a submission that was not built, or has no
// program).
std::vector<TestResult> every_test(const Context& c, const std::string& verdict,
                                   const std::string& detail) {
  std::vector<TestResult> results;
  for (const TestCase& t : c.tests) results.push_back(result_of(t, verdict, detail));
  return results;
}

// A submission's command graded: built first with --build (in a copy of
// the folder of its program; every test "build failed" when that fails),
// every test "not started" when its program is not there to run.
Report grade_submission(const Context& c, const std::string& command,
                        const std::vector<Expected>& expected, const std::string& seat) {
  Report report{c.options.game, command, {}};
  std::vector<std::string> argv = sandbox::command_line(command);
  std::unique_ptr<Build> built;
  if (!c.options.build.empty() && !argv.empty()) {
    const fs::path sources = fs::path(argv[0]).parent_path();
    sandbox::CallLimits limits = c.options.limits;
    limits.time_ms = static_cast<int>(std::lround(c.options.build_time_s * 1000));
    built = build_submission(c.arena, sources, c.options.build, limits, seat);
    if (!built->failure.empty()) {
      report.tests = every_test(c, "build failed", built->failure);
      for (TestResult& t : report.tests) t.error_tail = built->log;
      return report;
    }
    for (std::string& arg : argv)
      if (arg.starts_with(sources.string() + "/"))
        arg = (built->folder / arg.substr(sources.string().size() + 1)).string();
  }
  if (argv.empty() || ::access(argv[0].c_str(), X_OK) != 0 || fs::is_directory(argv[0])) {
    report.tests = every_test(
        c, "not started",
        "no program " + (argv.empty() ? command : argv[0]) + (built ? " after the build" : ""));
    return report;
  }
  if (auto why = c.arena.unreachable(argv)) {
    report.tests = every_test(c, "not started", *why);
    return report;
  }
  report.tests = grade_program(c, argv, expected);
  return report;
}

// Every submission graded, its report written to --reports; a line each.
std::vector<Report> grade_class(const Context& c, const std::vector<Expected>& expected,
                                std::ostream& out) {
  std::vector<Report> reports;
  for (const fs::path& folder : submissions_in(c.options.submissions)) {
    const fs::path program = folder / c.options.game;
    Report report =
        grade_submission(c, program.string(), expected, "build-" + folder.filename().string());
    report.program = program.string();
    print_submission(folder.filename().string(), report, out);
    reports.push_back(std::move(report));
  }
  return reports;
}

void add_options(CLI::App& app, Options& o) {
  app.add_option("game", o.game, "the game whose program is graded")->required();
  app.add_option("--tests", o.tests,
                 "the folder of tests: NAME.txt with NAME.expected.txt (ETF), or NAME.in with "
                 "NAME.out (CS246); our program's output where a test has no expected file; "
                 "NAME.args: the program's arguments, the test its standard input");
  app.add_option("--program", o.program,
                 "the program graded, as a command (run as PROGRAM -b NAME.txt, or PROGRAM ARGS "
                 "< NAME.txt)");
  app.add_option("--submissions", o.submissions,
                 "a class: each subfolder's program named as the game's, graded in turn");
  app.add_option("--csv", o.csv, "with --submissions: a row a submission to FILE");
  app.add_option("--reports", o.reports,
                 "with --submissions: SUBMISSION.json and SUBMISSION.html in folder DIR");
  app.add_option("--random", o.random,
                 "instead of --tests: N random scripts of the game through the program and ours, "
                 "each on which they differ shrunk to a shortest that still does (RAIInet, Sword "
                 "and Shield: tests of the specification's game, the program judged by position)")
      ->check(CLI::Range(1, 1000000));
  app.add_option(
      "--seed", o.seed,
      "with --random: the scripts' seed (without it, one drawn from the system's "
      "random source, so that no program knows the scripts beforehand; said after them)");
  app.add_option("--actions", o.actions, "with --random: the most actions a script (30)")
      ->check(CLI::Range(1, 10000));
  app.add_option("--save", o.save,
                 "with --random: each distinct shrunk script saved in DIR as a test, with our "
                 "output as its expected output (RAIInet: with its arguments and link files)");
  app.add_option("--coverage", o.coverage,
                 "with --random (an ETF game): how many of the distinct messages of the expected "
                 "outputs in DIR (the oracle's transcripts) our program's output on the scripts "
                 "reaches, said after them with those it never reaches");
  app.add_option("--build", o.build,
                 "build each submission first: CMD run by /bin/sh in the sandbox, in a copy of "
                 "the folder of its program (a failed build is every test's verdict, with its "
                 "log); the program is then the one it built");
  app.add_option("--build-time", o.build_time_s, "seconds a build may take (300)")
      ->check(CLI::Range(0.001, 36000.0));
  app.add_option("--time-limit", o.time_limit_s, "seconds a test may take (10)")
      ->check(CLI::Range(0.001, 3600.0));
  app.add_option("--jobs", o.jobs, "tests run at once (1)")->check(CLI::Range(1, 256));
  app.add_option("--compare", o.compare_mode,
                 "exact (the default: as the courses compare); lines: overlooking terminal "
                 "colours, trailing spaces, line ends and blank lines; board: the positions the "
                 "program draws and the winner it names against our rules' (RAIInet, Sword and "
                 "Shield), or the boards of the expected output (the ETF games)")
      ->check(CLI::IsMember({"exact", "lines", "board"}));
  app.add_option("--checker", o.checker,
                 "a course's own checker judges each output instead, called as Kattis's and "
                 "DOMjudge's output validators: CHECKER INPUT ANSWER FEEDBACK_DIR < OUTPUT, exit "
                 "42 accepts, 43 rejects");
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

// The options, checked; an exit status when there is nothing to grade
// (--help, or a usage error already said).
std::optional<int> read_options(const std::vector<std::string>& args, Options& o, std::ostream& out,
                                std::ostream& err) {
  CLI::App app{
      "Runs a program (or each program of a class) on every test of a folder, each confined "
      "and limited, and compares its output with the expected one line by line "
      "(docs/grading.md).",
      "gridgames grade"};
  add_options(app, o);
  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    app.parse(reversed);
  } catch (const CLI::ParseError& e) {
    return app.exit(e, out, err) == 0 ? 0 : 2;
  }
  o.limits.time_ms = static_cast<int>(std::lround(o.time_limit_s * 1000));
  if (app.count("--seed") == 0) o.seed = engine::system_seed();
  if (o.compare_mode == "lines") o.compare = lines_comparison();
  o.compare_given = app.count("--compare") > 0;
  return std::nullopt;
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

// The script as a test file, and what a program prints on it.
struct ScriptRun {
  std::optional<Run> ours, theirs;
};

ScriptRun run_script(const Context& c, const sandbox::SeatFolder& seat,
                     const std::vector<std::string>& program, const std::vector<std::string>& ours,
                     const std::vector<std::string>& lines) {
  const fs::path file = c.arena.path() / "script.txt";
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  (void)engine::write_file_safely(file.string(), text);
  const TestCase t{"script", file, std::nullopt, std::nullopt, {}};
  return {run_on(seat, ours, t, c.options.limits), run_on(seat, program, t, c.options.limits)};
}

// Whether the program differs from ours on the script: a fault of its own,
// or another output (a script that faults ours is none of its concern).
bool differs(const Context& c, const ScriptRun& r) {
  if (fault(*r.ours, c.options.limits)) return false;
  return fault(*r.theirs, c.options.limits) ||
         first_difference(r.ours->output, r.theirs->output, c.options.compare);
}

// The first job's seat, where --random runs its scripts one at a time.
std::unique_ptr<sandbox::SeatFolder> first_seat(const Context& c) {
  auto made = c.arena.seat(c.arena.path() / "job-1");
  if (auto* why = std::get_if<std::string>(&made)) throw std::runtime_error(*why);
  return std::move(std::get<std::unique_ptr<sandbox::SeatFolder>>(made));
}

// The expected outputs of the tests in `dir` (none when it holds none).
std::vector<std::string> oracle_outputs(const std::string& dir) {
  std::vector<std::string> outputs;
  const auto found = find_tests(dir);
  if (const auto* tests = std::get_if<std::vector<TestCase>>(&found))
    for (const TestCase& t : *tests) {
      if (!t.expected) continue;
      auto text = engine::read_text_file(t.expected->string());
      if (auto* output = std::get_if<std::string>(&text)) outputs.push_back(std::move(*output));
    }
  return outputs;
}

// The share of the oracle's messages reached, and the first of those missed.
void say_coverage(const MessageCoverage& coverage, const std::string& dir, std::ostream& out) {
  const std::size_t total = coverage.total();
  out << "The scripts reach " << coverage.reached() << " of the " << total
      << " distinct messages of the expected outputs in " << dir << " ("
      << (total ? 100 * coverage.reached() / total : 0) << "%)";
  const auto missed = coverage.missed();
  out << (missed.empty() ? ".\n" : "; never reached:\n");
  constexpr std::size_t kShown = 20;
  for (std::size_t i = 0; i < missed.size() && i < kShown; ++i) out << "  " << missed[i] << "\n";
  if (missed.size() > kShown) out << "  (and " << missed.size() - kShown << " more)\n";
}

// N random scripts through the program and ours; each on which they
// differ shrunk, said, and saved as a test. 0 when none differs, 2 when
// a script could not be saved.
int grade_random(const Context& c, const games::GameInfo& game,
                 const std::vector<std::string>& program, const std::vector<std::string>& ours,
                 std::ostream& out, std::ostream& err) {
  const Options& o = c.options;
  const auto held = first_seat(c);
  const sandbox::SeatFolder& seat = *held;
  int found = 0;
  bool unsaved = false;
  std::set<std::vector<std::string>> saved;  // one test a shrunk script
  std::optional<MessageCoverage> coverage;
  if (!o.coverage.empty()) coverage.emplace(oracle_outputs(o.coverage));
  for (int i = 1; i <= o.random && !sandbox::calls_stopped(); ++i) {
    const auto script =
        random_script(game, o.seed * 1000003ULL + static_cast<std::uint64_t>(i), o.actions);
    const auto still = [&](const std::vector<std::string>& lines) {
      return differs(c, run_script(c, seat, program, ours, lines));
    };
    const ScriptRun whole = run_script(c, seat, program, ours, script);
    if (coverage) coverage->reach(whole.ours->output);
    if (!differs(c, whole)) continue;
    const auto shrunk = shrink(script, still);
    const ScriptRun r = run_script(c, seat, program, ours, shrunk);
    const std::string name = "random-" + std::to_string(o.seed) + "-" + std::to_string(i);
    TestResult t;
    t.name = name;
    t.verdict = "differ";
    t.difference = first_difference(r.ours->output, r.theirs->output, o.compare);
    if (const auto bad = fault(*r.theirs, o.limits)) {
      t.verdict = bad->first;
      t.detail = bad->second;
      t.difference.reset();
    }
    out << "DIFFER " << name << ": " << script.size() << " commands shrunk to " << shrunk.size()
        << ": " << failure_line(t) << "\n";
    ++found;
    if (o.save.empty() || !saved.insert(shrunk).second) continue;
    std::string text;
    for (const std::string& line : shrunk) text += line + "\n";
    std::error_code error;
    fs::create_directories(o.save, error);
    for (const auto& [file, content] :
         {std::pair{name + ".txt", text}, std::pair{name + ".expected.txt", r.ours->output}}) {
      const std::string path = (fs::path(o.save) / file).string();
      const auto wrote = engine::write_file_safely(path, content);
      if (const auto* problem = std::get_if<engine::FileProblem>(&wrote)) {
        err << "gridgames grade: " << path << ": " << problem->reason << "\n";
        unsaved = true;
      }
    }
  }
  out << found << " of " << o.random << " random scripts differ (" << o.game << ", " << o.program
      << "; seed " << o.seed << ")\n";
  if (coverage) say_coverage(*coverage, o.coverage, out);
  if (unsaved) return 2;
  return found == 0 ? 0 : 1;
}

// --random for a game judged by position: in the first job's seat.
int grade_random_boards(const Context& c, const games::BoardRules& rules, std::ostream& out,
                        std::ostream& err) {
  const Options& o = c.options;
  const RandomBoards r{o.random, o.seed, o.actions, o.save, o.limits};
  return grading::grade_random_boards(rules, o.game, sandbox::command_line(o.program),
                                      *first_seat(c), c.arena.path() / "drawn", r, out, err);
}

// A class's files: the CSV, and a JSON and a page a submission in --reports.
bool write_class_reports(const Options& o, const std::vector<Report>& reports,
                         const std::vector<TestCase>& tests, std::ostream& err) {
  bool written = true;
  const auto write = [&](const std::string& path, const std::string& text) {
    const auto wrote = engine::write_file_safely(path, text);
    if (const auto* problem = std::get_if<engine::FileProblem>(&wrote)) {
      err << "gridgames grade: " << path << ": " << problem->reason << "\n";
      written = false;
    }
  };
  if (!o.csv.empty()) {
    std::vector<std::string> names;
    for (const TestCase& t : tests) names.push_back(t.name);
    write(o.csv, class_csv(reports, names));
  }
  if (o.reports.empty()) return written;
  std::error_code error;
  fs::create_directories(o.reports, error);
  for (const Report& r : reports) {
    const std::string name = fs::path(r.program).parent_path().filename().string();
    write((fs::path(o.reports) / (name + ".json")).string(), json_report(r));
    write((fs::path(o.reports) / (name + ".html")).string(), html_report(r));
  }
  return written;
}

// Why the options cannot be graded as given, if they cannot.
std::optional<std::string> unusable(const Options& o) {
  if (!games::find_game(o.game)) return "no game \"" + engine::printable(o.game, 40) + "\"";
  if (o.program.empty() == o.submissions.empty())
    return "give either --program (one program) or --submissions (a class)";
  if (o.tests.empty() == (o.random == 0)) return "give either --tests DIR or --random N";
  if (o.random && !o.submissions.empty()) return "--random grades one --program";
  if (!o.coverage.empty() && !o.random) return "--coverage goes with --random";
  std::error_code error;
  if (!o.submissions.empty() && !fs::is_directory(o.submissions, error))
    return "--submissions " + o.submissions + ": no such folder";
  return std::nullopt;
}

// The arena's problem for these programs, if the sandbox cannot run them.
std::optional<std::string> arena_problem(sandbox::CallArena& arena, const Options& o) {
  // (A graded program that is missing or unreachable scores 0, its reports
  // written; only --random needs one to start.)
  if (o.random) {
    const auto argv = sandbox::command_line(o.program);
    if (argv.empty() || ::access(argv[0].c_str(), X_OK) != 0 || fs::is_directory(argv[0]))
      return "--program " + engine::printable(o.program, 80) + ": no program to run there";
    if (auto why = arena.unreachable(argv)) return why;
  }
  if (const auto problem = arena.sandbox_problem())
    return "the sandbox cannot start: " + *problem +
           "\nGive --no-sandbox to run the programs unconfined (they can then read and write "
           "all you can)";
  return std::nullopt;
}

}  // namespace

int run_grade(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  Options o;
  if (const auto done = read_options(args, o, out, err)) return *done;
  const auto usage = [&err](const std::string& why) {
    err << "gridgames grade: " << why << "\n";
    return 2;
  };
  if (const auto why = unusable(o)) return usage(*why);
  const games::GameInfo& game = *games::find_game(o.game);
  if (o.compare_mode == "board" && !game.board)
    return usage("--compare board: " + o.game +
                 "'s specification fixes no board display the grader reads (RAIInet's, Sword and "
                 "Shield's and the ETF games' do)");
  if (o.compare_mode == "board" && !o.checker.empty())
    return usage("--compare board and --checker are two ways to judge: give one");
  const bool random_boards = o.random && game.board && game.board->random_test;
  if (random_boards && o.compare_given && o.compare_mode != "board")
    return usage(o.game + "'s random tests are judged by position (--compare board)");
  if (random_boards && !o.coverage.empty())
    return usage("--coverage counts an ETF oracle's messages; " + o.game +
                 "'s random tests are judged by position");
  if (!o.coverage.empty() && oracle_outputs(o.coverage).empty())
    return usage("--coverage " + engine::printable(o.coverage, 80) +
                 ": no tests with expected outputs there");
  if (o.random && !random_boards && o.compare_mode == "board")
    return usage("--compare board: " + o.game +
                 "'s random scripts are compared with our program's output");
  if (o.random && !random_boards && !game.commands)
    return usage(o.game +
                 " has no command scripts to draw (--random takes an ETF game, RAIInet or Sword "
                 "and Shield)");
  auto found = o.random ? std::variant<std::vector<TestCase>, std::string>{} : find_tests(o.tests);
  if (auto* why = std::get_if<std::string>(&found)) return usage(*why);
  const auto tests = std::get<std::vector<TestCase>>(std::move(found));
  sandbox::become_subreaper();
  auto opened = sandbox::CallArena::open("gridgames-grade", o.confine, o.limits);
  if (auto* why = std::get_if<std::string>(&opened)) return usage(*why);
  auto& arena = *std::get<std::unique_ptr<sandbox::CallArena>>(opened);
  if (const auto why = arena_problem(arena, o)) return usage(*why);
  sandbox::StopCallsOnSignals stop;
  const Context c{arena, tests, o, game.board};
  const auto ours = sandbox::command_line(our_program(o.game).string());
  if (random_boards) return grade_random_boards(c, *game.board, out, err);
  if (o.random) return grade_random(c, game, sandbox::command_line(o.program), ours, out, err);
  const auto expected = expected_outputs(c, ours);
  if (!o.submissions.empty()) {
    const std::vector<Report> reports = grade_class(c, expected, out);
    if (!write_class_reports(o, reports, tests, err)) return 2;
    const bool all = std::all_of(reports.begin(), reports.end(), [](const Report& r) {
      return r.passed() == static_cast<int>(r.tests.size());
    });
    return all ? 0 : 1;
  }
  const Report report = grade_submission(c, o.program, expected, "build");
  print_summary(report, out);
  if (!write_reports(o, report, err)) return 2;
  return report.passed() == static_cast<int>(report.tests.size()) ? 0 : 1;
}

int run_grade(int argc, const char* const* argv) {
  return run_grade(std::vector<std::string>(argv + 1, argv + argc), std::cout, std::cerr);
}

}  // namespace grading
