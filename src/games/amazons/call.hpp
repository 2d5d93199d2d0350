// One call of a player program the referee did not write: run in its game's
// folder, in a process group of its own, with a time limit; its output kept
// to a bounded head; and nothing of it left running afterwards.
#pragma once

#include <string>
#include <vector>

namespace amazons {

struct CallOutcome {
  enum class End { Exited, Signaled, TimedOut, NotStarted };
  End end = End::NotStarted;
  int code = 0;  // the exit code (Exited) or the signal (Signaled)
  long long ms = 0;
  std::string output;  // the head of its standard output and error
  bool output_cut = false;
};

inline constexpr std::size_t kOutputHead = 4096;

// Makes this process the reaper of every orphan among its descendants, so
// that a player's process that left its group can still be found and ended.
void become_subreaper();

// Runs `argv` (argv[0] found on PATH unless it has a '/') in `folder` with
// standard input from /dev/null. When it ends, or `limit_ms` passes, its
// whole process group is killed, and so is every orphan left behind that
// is not in the group of a call still running beside it (a process that
// left its group on purpose is ended as soon as any call ends).
CallOutcome run_call(const std::vector<std::string>& argv, const std::string& folder, int limit_ms);

// "SIGSEGV" for 11, and so on.
std::string signal_name(int signal_number);

}  // namespace amazons
