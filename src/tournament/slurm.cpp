#include "tournament/slurm.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "tournament/runner.hpp"

namespace tournament {

namespace {

using nlohmann::json;

// A shell word: 'text', its quotes written '\''.
std::string quoted(const std::string& text) {
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Runs a program (found on PATH) with these arguments; its exit code, or
// -1 if it cannot be started.
int run_program(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawnp(&pid, args[0], nullptr, nullptr, args.data(), environ) != 0) return -1;
  int status = 0;
  if (waitpid(pid, &status, 0) < 0) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

int submit(const Options& o, const Slurm& slurm, std::vector<std::string> args) {
  const auto fail = [](const std::string& why) {
    std::cerr << "gridgames tournament: " << why << "\n";
    return 2;
  };
  std::error_code error;
  const std::filesystem::path dir = std::filesystem::absolute(slurm.dir, error);
  if (std::filesystem::exists(dir) && !std::filesystem::is_empty(dir, error))
    return fail("--slurm " + slurm.dir + ": the folder is not empty (a tournament is there?)");
  std::filesystem::create_directories(dir, error);
  if (error) return fail("--slurm " + slurm.dir + ": " + error.message());
  // The arguments of the tasks and of --merge: these, without Slurm's.
  for (const char* option : {"--slurm", "--slurm-tasks"}) {
    const auto at = std::find(args.begin(), args.end(), option);
    if (at != args.end()) args.erase(at, std::min(at + 2, args.end()));
  }
  std::erase(args, "--wait");
  // Every task deals from the one seed (drawn here when none was given).
  if (o.seed_drawn) args.insert(args.end(), {"--seed", std::to_string(o.seed)});
  const int pairs =
      static_cast<int>(o.players.size() * (o.players.size() - 1) / 2) * std::max(1, o.games / 2);
  const int tasks = std::min(
      slurm.tasks,
      o.gauntlet ? static_cast<int>(o.players.size() - 1) * std::max(1, o.games / 2) : pairs);
  const std::string program = std::filesystem::read_symlink("/proc/self/exe", error).string();
  std::ofstream((dir / "tournament.json").string())
      << json{{"args", args}, {"tasks", tasks}}.dump() << "\n";
  std::string line = "exec " + quoted(program) + " tournament";
  for (const std::string& a : args) line += " " + quoted(a);
  line += " --slice \"$SLURM_ARRAY_TASK_ID/" + std::to_string(tasks) + "\" --records " +
          quoted((dir / "records-").string()) + "\"$SLURM_ARRAY_TASK_ID.jsonl\"";
  std::ofstream((dir / "job.sh").string())
      << "#!/bin/sh\n# A slice of a gridgames tournament (gridgames tournament --merge "
      << dir.string() << " gives the standings).\n"
      << line << "\n";
  if (error) return fail(error.message());
  std::vector<std::string> sbatch = {"sbatch",
                                     "--parsable",
                                     "--job-name=gridgames-tournament",
                                     "--array=0-" + std::to_string(tasks - 1),
                                     "--output=" + (dir / "task-%a.out").string(),
                                     (dir / "job.sh").string()};
  if (slurm.wait) sbatch.insert(sbatch.begin() + 1, "--wait");
  std::cout << "submitting " << tasks << " tasks to Slurm; the job's id:\n" << std::flush;
  const int status = run_program(sbatch);
  if (status < 0) return fail("sbatch cannot be run: is Slurm installed (Debian's slurm-wlm)?");
  if (status != 0) return fail("sbatch failed (exit " + std::to_string(status) + ")");
  if (!slurm.wait) {
    std::cout << "when it is done: gridgames tournament --merge " << dir.string() << "\n";
    return 0;
  }
  return merge(dir.string());
}

int merge(const std::string& dir) {
  std::ifstream in(std::filesystem::path(dir) / "tournament.json");
  const json saved = json::parse(in, nullptr, false);
  if (!saved.is_object() || !saved.value("args", json()).is_array()) {
    std::cerr << "gridgames tournament: " << dir
              << " is not the folder of a tournament run with --slurm (no tournament.json)\n";
    return 2;
  }
  Options o;
  Slurm none;
  if (auto exit = read_options(saved["args"].get<std::vector<std::string>>(), o, none))
    return *exit;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with("records-") && name.ends_with(".jsonl"))
      o.merge.push_back(entry.path().string());
  }
  std::sort(o.merge.begin(), o.merge.end());
  const int tasks = saved.value("tasks", 0);
  if (static_cast<int>(o.merge.size()) != tasks)
    std::cout << "(" << o.merge.size() << " of " << tasks << " tasks have records so far)\n";
  if (o.merge.empty()) return 1;
  const Programs none_played;
  return run_pairs(o, *games::find_game(o.game), none_played, std::cout, std::cerr, nullptr);
}

}  // namespace tournament
