// One call of a player program we did not write (the Amazons referee's, a
// tournament's `program:` player): run in its own folder, in a sandbox
// (bubblewrap) where only that folder can be written and nothing of the
// host's environment, temporary folders or sockets is seen, with limits on
// time, memory, tasks and file size (the kernel's, sandbox/cgroup.hpp, where
// the arena has them, sandbox/arena.hpp); its output kept to a bounded head;
// and nothing of it left running afterwards.
#pragma once

#include <signal.h>
#include <sys/types.h>

#include <atomic>
#include <filesystem>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace sandbox {

struct CallLimits {
  int time_ms = 2000;
  int memory_mib = 1024;  // the memory charged to all its processes together
  int processes = 64;     // tasks at once: processes and their threads
  int files_mib = 64;     // each file it writes, and its folder in all
};

class CallGroups;

// How calls are confined (sandbox/arena.hpp sets it up). Without a sandbox a
// call runs as the referee's user, in its folder, with the same limits, but
// can reach every file the referee can.
struct Confinement {
  bool sandbox = true;
  // The sandbox's first process (gridgames-call-init): opened outside and
  // started from its descriptor, so that its path, its folder and the
  // programs beside it are not in the sandbox.
  std::string init;
  std::string hidden;  // a folder the sandbox shows empty (all the games' folders)
  std::string log;     // a file the sandbox shows empty (the referee's log)
  // Control groups that the kernel enforces the memory and task limits in;
  // null: the limits are polled from what the processes report.
  const CallGroups* groups = nullptr;
  bool seat_users = false;    // root runs each seat as a user of its own
  bool fixed_folder = false;  // each seat's folder is a filesystem of fixed size
  uid_t user = 0;             // this seat's user (seat_users), else the referee's own
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
    OverFileSize,  // killed by SIGXFSZ when a file of its folder reached the limit
    Stopped,       // the referee was told to stop
  };
  End end = End::NotStarted;
  int code = 0;  // the exit code (Exited) or the signal (Signaled)
  long long ms = 0;
  std::string output;  // the head of its standard output and error
  bool output_cut = false;
  long long peak_kib = 0;  // the most memory charged to it (polled: resident at a check)
  int leftovers = 0;       // its processes still running when it ended, killed then
  std::string why_not_started;
};

inline constexpr std::size_t kOutputHead = 4096;
// A call's folder may hold at most this many files and folders.
inline constexpr int kMaxFolderEntries = 10000;

// Makes this process the reaper of every orphan among its descendants, so
// that a player's process that left its group can still be found and ended.
void become_subreaper();

// Kills every process of `user` (a seat's) until none is left, for a second
// at most: what a referee killed with -9 left running, swept before the
// user is given to a seat again.
void end_processes_of(uid_t user);

// Runs `argv` (argv[0] found on PATH unless it has a '/') in `folder` with
// standard input from the file `input` (opened before the sandbox is
// entered), or from /dev/null when it is empty. When it ends, breaks a limit, or the referee
// stops, everything it started is killed: in the sandbox, its whole process
// namespace; without, its process group and every orphan left behind that is
// not in the group of a call still running beside it.
CallOutcome run_call(const std::vector<std::string>& argv, const std::string& folder,
                     const CallLimits& limits, const Confinement& confinement,
                     const std::string& input = "");

// Ends every call running now and refuses new ones (from a signal handler's
// thread: the referee is stopping).
void stop_all_calls();
bool calls_stopped();

// The first process in the sandbox (`PROGRAM --call-init USER FOLDER
// ARGV...`): becomes USER (a uid, or "-" to stay who it is), forbids
// privileges and user namespaces to itself and what it starts, enters
// FOLDER, runs ARGV there, waits for it,
// kills and counts whatever else is left, and writes "status LEFTOVERS" (or
// "errno" if ARGV could not start) to descriptor 3.
int run_call_init(const std::vector<std::string>& init_args);
// The descriptor run_call_init reports on.
inline constexpr int kCallReportFd = 3;
// The descriptor the sandbox starts run_call_init from (/proc/self/fd/4): it
// closes it first.
inline constexpr int kCallInitFd = 4;

// "SIGSEGV" for 11, and so on.
std::string signal_name(int signal_number);

// How a call that did not end normally ended, in words ("out of time: no
// answer within 2000 ms", "crashed: killed by SIGSEGV (signal 11)"); empty
// when it exited 0 or 1, the exits of the players' protocol.
std::string describe_end(const CallOutcome& outcome, const CallLimits& limits);

// A program's command line (words as a shell splits them, without quoting),
// its own path made absolute: calls run in their folder.
std::vector<std::string> command_line(const std::string& program);

// What a call of `argv` is shown read-only in the sandbox, canonical,
// without duplicates, for each argument that is an absolute path to an
// existing file (argv[0], the program, among them): the folder it is in
// (or itself, a folder), or only the file where the call's user could not
// enter that folder.
std::vector<std::string> program_paths(const std::vector<std::string>& argv, const Confinement& c);

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

}  // namespace sandbox
