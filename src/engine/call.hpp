// One call of a player program we did not write (the Amazons referee's, a
// tournament's `program:` player): run in its own folder, in a sandbox (bubblewrap) where only that
// folder can be written, with limits on time, memory, processes and file size; its output kept to a
// bounded head; and nothing of it left running afterwards.
#pragma once

#include <signal.h>

#include <atomic>
#include <filesystem>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace engine {

struct CallLimits {
  int time_ms = 2000;
  int memory_mib = 1024;  // the resident memory of all its processes together
  int processes = 64;     // processes at once
  int files_mib = 64;     // each file it writes, and its folder in all
};

// How calls are confined. Without a sandbox a call runs as the referee's
// user, in its folder, with the same limits, but can reach every file the
// referee can.
struct Confinement {
  bool sandbox = true;
  std::string init;        // this program's path: it serves as the sandbox's first process
  std::string hidden;      // a folder the sandbox shows empty (all the games' folders)
  std::string log;         // a file the sandbox shows empty (the referee's log)
  bool as_nobody = false;  // root runs its players as nobody (uid 65534)
};

struct CallOutcome {
  enum class End {
    Exited,
    Signaled,
    TimedOut,
    NotStarted,
    OverMemory,
    OverProcesses,
    OverFolder,
    Stopped,  // the referee was told to stop
  };
  End end = End::NotStarted;
  int code = 0;  // the exit code (Exited) or the signal (Signaled)
  long long ms = 0;
  std::string output;  // the head of its standard output and error
  bool output_cut = false;
  long long peak_kib = 0;  // the most resident memory its processes held at a check
  int leftovers = 0;       // its processes still running when it ended, killed then
  std::string why_not_started;
};

inline constexpr std::size_t kOutputHead = 4096;
// A call's folder may hold at most this many files and folders.
inline constexpr int kMaxFolderEntries = 10000;
inline constexpr int kNobody = 65534;

// Makes this process the reaper of every orphan among its descendants, so
// that a player's process that left its group can still be found and ended.
void become_subreaper();

// Runs `argv` (argv[0] found on PATH unless it has a '/') in `folder` with
// standard input from /dev/null. When it ends, breaks a limit, or the referee
// stops, everything it started is killed: in the sandbox, its whole process
// namespace; without, its process group and every orphan left behind that is
// not in the group of a call still running beside it.
CallOutcome run_call(const std::vector<std::string>& argv, const std::string& folder,
                     const CallLimits& limits, const Confinement& confinement);

// Ends every call running now and refuses new ones (from a signal handler's
// thread: the referee is stopping).
void stop_all_calls();
bool calls_stopped();

// The first process in the sandbox (`PROGRAM --call-init ARGV...`): runs
// ARGV, waits for it, kills and counts whatever else is left, and writes
// "status LEFTOVERS" (or "errno" if ARGV could not start) to descriptor 3.
int run_call_init(const std::vector<std::string>& argv);

// "SIGSEGV" for 11, and so on.
std::string signal_name(int signal_number);

// How a call that did not end normally ended, in words ("out of time: no
// answer within 2000 ms", "crashed: killed by SIGSEGV (signal 11)"); empty
// when it exited 0 or 1, the exits of the players' protocol.
std::string describe_end(const CallOutcome& outcome, const CallLimits& limits);

// Whether a call in the sandbox runs in `folder` (made here): if not, why.
std::optional<std::string> sandbox_problem(const std::string& folder, const CallLimits& limits,
                                           const Confinement& c);

// While it lives, SIGINT, SIGTERM and SIGHUP stop the calls (stop_all_calls)
// instead of the process, so that it can clean up and leave: a thread waits
// for them.
class StopCallsOnSignals {
 public:
  StopCallsOnSignals();
  ~StopCallsOnSignals();
  StopCallsOnSignals(const StopCallsOnSignals&) = delete;
  StopCallsOnSignals& operator=(const StopCallsOnSignals&) = delete;
  // The signal received, or 0.
  int received() const { return received_; }

 private:
  sigset_t signals_{}, old_{};
  std::atomic<bool> done_ = false;
  std::atomic<int> received_ = 0;
  std::thread watcher_;
};

// The calls' folders: a temporary folder of this process, removed on every
// way out but a signal that kills it.
class CallArena {
 public:
  explicit CallArena(const std::string& prefix);  // "amazons-referee": /tmp/amazons-referee.XXXXXX
  ~CallArena() { remove_folder(path_); }
  CallArena(const CallArena&) = delete;
  CallArena& operator=(const CallArena&) = delete;
  bool ok() const { return !path_.empty(); }
  const std::filesystem::path& path() const { return path_; }

  // A folder that the players' user can pass through (but not list), or,
  // for a player, own.
  static void make(const std::filesystem::path& folder, const Confinement& c, bool for_player);
  // Removes a folder whatever a player did to it (folders it made
  // unreadable included).
  static void remove_folder(const std::filesystem::path& folder);

 private:
  std::filesystem::path path_;
};

}  // namespace engine
