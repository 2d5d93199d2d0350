#include "tournament/tournament.hpp"

#include <iostream>
#include <optional>

#include "sandbox/call.hpp"
#include "tournament/options.hpp"
#include "tournament/play.hpp"
#include "tournament/runner.hpp"
#include "tournament/slurm.hpp"

namespace tournament {

int run_tournament(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                   TournamentResult* result) {
  if (!args.empty() && args[0] == "--merge") {
    if (args.size() != 2) {
      err << "gridgames tournament: --merge DIR, the folder of a tournament run with --slurm\n";
      return 2;
    }
    return merge(args[1]);
  }
  Options o;
  Slurm slurm;
  if (auto exit = read_options(args, o, slurm, out, err)) return *exit;
  if (!slurm.dir.empty()) return submit(o, slurm, args);
  Programs programs;
  if (!prepare_programs(o, programs, err)) return 2;
  // With programs' calls running, a signal stops them and the tournament
  // after its pairs in play, so that their folders are removed.
  std::optional<sandbox::StopCallsOnSignals> stop;
  if (programs.arena) stop.emplace();
  const int status = run_pairs(o, *games::find_game(o.game), programs, out, err, result);
  if (const int signal_number = stop ? stop->received() : 0) {
    err << "gridgames tournament: stopped by " << sandbox::signal_name(signal_number)
        << "; the pairs played are counted above"
        << (o.records.empty() ? "" : " and kept in " + o.records + " (--resume goes on)") << "\n";
    return 128 + signal_number;
  }
  return status;
}

int run_tournament(int argc, const char* const* argv) {
  return run_tournament({argv + 1, argv + argc}, std::cout, std::cerr, nullptr);
}

}  // namespace tournament
