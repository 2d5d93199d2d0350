#include "sandbox/call.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "engine/words.hpp"
#include "sandbox/cgroup.hpp"
#include "sandbox/processes.hpp"
#include "sandbox/project_files.hpp"
#include "sandbox/seccomp.hpp"

namespace sandbox {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// The process groups of the calls running now. Forking and the hunt for
// orphans hold the lock, so that no call is mistaken for an orphan.
std::mutex calls_mutex;
std::set<pid_t> running_groups;
std::atomic<bool> stopping = false;

constexpr auto kUsageEvery = std::chrono::milliseconds(10);
constexpr auto kFolderEvery = std::chrono::milliseconds(100);

// Kills and reaps this process's children that belong to no running call:
// what a finished call left behind and that was handed to us as its reaper.
// Returns how many there were.
int end_orphans() {
  const pid_t self = ::getpid();
  int ended = 0;
  for (int round = 0; round < 50; ++round) {
    std::vector<pid_t> orphans;
    {
      std::lock_guard lock(calls_mutex);
      for_each_process([&](pid_t pid, const ProcInfo& info) {
        if (info.parent == self && !running_groups.contains(info.group)) orphans.push_back(pid);
      });
      for (pid_t pid : orphans) ::kill(pid, SIGKILL);
    }
    if (orphans.empty()) break;
    for (pid_t pid : orphans) ::waitpid(pid, nullptr, 0);
    ended += static_cast<int>(orphans.size());
  }
  return ended;
}

// Kills the processes of group `group` and returns how many were running.
int end_group(pid_t group) {
  int running = 0;
  for_each_process([&](pid_t, const ProcInfo& info) { running += info.group == group; });
  ::kill(-group, SIGKILL);
  return running;
}

// A file descriptor, closed when it goes.
class Descriptor {
 public:
  Descriptor() = default;
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() { reset(); }
  void reset(int fd = -1) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = fd;
  }
  int get() const { return fd_; }

 private:
  int fd_ = -1;
};

struct FolderUsage {
  long long bytes = 0;
  int entries = 0;
};

// What a call's folder holds, counted up to one entry past the limit.
FolderUsage folder_usage(const std::string& folder) {
  FolderUsage usage;
  std::error_code error;
  for (fs::recursive_directory_iterator it(folder, error), end; !error && it != end;
       it.increment(error)) {
    if (++usage.entries > kMaxFolderEntries) break;
    const auto status = it->symlink_status(error);
    if (!error && fs::is_regular_file(status)) usage.bytes += it->file_size(error);
    error.clear();
  }
  return usage;
}

void keep_head(std::string& head, bool& cut, const char* data, std::size_t n) {
  const std::size_t room = kOutputHead - std::min(kOutputHead, head.size());
  head.append(data, std::min(room, n));
  cut = cut || n > room;
}

// Reads what is in the pipe now; true at its end.
bool drain(int fd, std::string& head, bool& cut) {
  char buffer[65536];
  while (true) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) {
      keep_head(head, cut, buffer, static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    return n == 0;  // end of file
  }
}

// Whether the call's user can pass through `folder` (a seat's user owns
// nothing outside its folder; without seat users the call is the referee).
bool call_can_search(const fs::path& folder, const Confinement& c) {
  if (!c.seat_users) return ::access(folder.c_str(), X_OK) == 0;
  struct stat info {};
  return ::stat(folder.c_str(), &info) == 0 && (info.st_mode & S_IXOTH);
}

// Whether `path` is `folder` or inside it.
bool inside(const std::string& path, const std::string& folder) {
  return path == folder || path.starts_with(folder + "/");
}

// The system's folders, read-only, and over them this project's programs
// and Python package shown empty, where an installation put them there
// (sandbox/project_files.hpp), but for the files the call's own command
// names.
void show_system(std::vector<std::string>& command, const std::vector<std::string>& argv) {
  for (const char* system : kSystemFolders) {
    std::error_code error;
    const auto status = fs::symlink_status(system, error);
    if (fs::is_symlink(status)) {  // /bin -> usr/bin where /usr is merged
      command.insert(command.end(),
                     {"--symlink", fs::read_symlink(system, error).string(), system});
    } else if (fs::is_directory(status)) {
      command.insert(command.end(), {"--ro-bind", system, system});
    }
  }
  std::vector<std::string> named;
  for (const std::string& arg : argv) {
    std::error_code error;
    if (fs::path(arg).is_absolute()) named.push_back(fs::canonical(arg, error).string());
  }
  const ProjectFiles hidden = project_files_in_system(named);
  for (const std::string& program : hidden.programs)
    command.insert(command.end(), {"--ro-bind", "/dev/null", program});
  for (const std::string& folder : hidden.folders)
    command.insert(command.end(), {"--tmpfs", folder, "--remount-ro", folder});
}

// The command that runs `argv` in the sandbox: an empty root (read-only)
// with the system's folders (kSystemFolders) and the program's own files
// read-only, `folder` alone writable; no network, its own processes, IPC
// and host name; no control groups or other seats in sight; the sandbox's
// first process started from its descriptor (kCallInitFd), so that nothing
// of where it lives, nor any program of this project, is in sight.
//
// Run by root, bubblewrap mounts as root (so that it reaches programs in
// folders no seat user could pass: the way to each is made in the empty
// root, passable) without a user namespace, and the first process becomes
// the seat's user before anything of the program runs: a user namespace
// made by root would map the sandbox's user to root. Run by another user,
// a user namespace of its own makes the mounts possible, and none can be
// made inside it.
std::vector<std::string> sandboxed(const std::vector<std::string>& argv, const std::string& folder,
                                   const Confinement& c) {
  std::vector<std::string> command = {"bwrap", "--die-with-parent", "--new-session"};
  if (c.seat_users) {
    command.insert(command.end(), {"--unshare-ipc", "--unshare-pid", "--unshare-net",
                                   "--unshare-uts", "--unshare-cgroup-try", "--cap-drop", "ALL",
                                   "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"});
  } else {
    command.insert(command.end(),
                   {"--unshare-all", "--unshare-user", "--disable-userns", "--cap-drop", "ALL"});
  }
  command.push_back("--as-pid-1");
  show_system(command, argv);
  command.insert(command.end(), {"--dev", "/dev", "--proc", "/proc", "--dir", "/tmp"});
  // The way to each path shown is made in the empty root, passable
  // (bubblewrap would copy the modes of the host's folders on the way,
  // which the call's user may not pass: a program under /root runs).
  std::set<std::string> made;
  const auto make_way = [&](const std::string& f) {
    fs::path way = "/";
    for (const fs::path& part : fs::path(f).parent_path().relative_path()) {
      way /= part;
      if (!in_system_folders(way.string()) && made.insert(way.string()).second)
        command.insert(command.end(), {"--perms", "0755", "--dir", way.string()});
    }
  };
  const std::vector<std::string> shown = program_paths(argv, c);
  for (const std::string& f : shown) {
    if (in_system_folders(f) || inside(f, c.hidden)) continue;
    make_way(f);
    command.insert(command.end(), {"--ro-bind", f, f});
  }
  // The referee's log, where a program's folder shown holds it, shows empty.
  const bool log_shown = std::any_of(shown.begin(), shown.end(), [&](const std::string& f) {
    return !in_system_folders(f) && inside(c.log, f);
  });
  if (!c.log.empty() && log_shown && fs::exists(c.log))
    command.insert(command.end(), {"--ro-bind", "/dev/null", c.log});
  make_way(folder);
  command.insert(command.end(), {"--bind", folder, folder});
  // The first process enters the folder once it is the seat's user: the
  // folder is the user's alone.
  command.insert(command.end(), {"--remount-ro", "/", "--remount-ro", "/dev", "--",
                                 "/proc/self/fd/" + std::to_string(kCallInitFd), "--call-init",
                                 c.seat_users ? std::to_string(c.user) : "-", folder});
  command.insert(command.end(), argv.begin(), argv.end());
  return command;
}

// The environment of a call: what the players' protocol needs, nothing of
// the referee's own.
std::vector<std::string> call_environment(const std::string& folder) {
  const char* path = std::getenv("PATH");
  const char* lang = std::getenv("LANG");
  return {std::string("PATH=") + (path && *path ? path : "/usr/local/bin:/usr/bin:/bin"),
          std::string("LANG=") + (lang && *lang ? lang : "C.UTF-8"), "HOME=" + folder,
          "TMPDIR=" + folder};
}

// "errno N" on `fd`, with async-signal-safe calls only.
void report_errno(int fd, int error) {
  char text[32] = "errno ";
  char digits[12];
  int n = 0;
  do {
    digits[n++] = static_cast<char>('0' + error % 10);
    error /= 10;
  } while (error > 0 && n < 11);
  std::size_t at = 6;
  while (n > 0) text[at++] = digits[--n];
  text[at++] = '\n';
  (void)!::write(fd, text, at);
}

// Puts `report` on kCallReportFd and `init` on kCallInitFd, open across
// exec (by way of descriptors above both, so that neither overwrites the
// other). Async-signal-safe.
bool place_sandbox_descriptors(int report, int init) {
  const int high_report = ::fcntl(report, F_DUPFD_CLOEXEC, 10);
  const int high_init = ::fcntl(init, F_DUPFD_CLOEXEC, 10);
  return high_report >= 0 && high_init >= 0 && ::dup2(high_report, kCallReportFd) >= 0 &&
         ::dup2(high_init, kCallInitFd) >= 0;
}

// In the child, before exec: only async-signal-safe calls (other threads
// may hold locks).
[[noreturn]] void start_child(char* const* args, char* const* environment, const char* folder,
                              const char* input, int output, int report, int init,
                              const CallLimits& limits, const Confinement& confinement,
                              const CallGroup* group) {
  ::setpgid(0, 0);
  // The group is entered first, through its own descriptors, before the
  // dup2s below may put another file on their numbers (another thread's
  // calls open and close descriptors meanwhile, so any number can be one):
  // a write to the first process's descriptor failed with EBADF.
  if (group && !group->enter()) {
    report_errno(report, errno);
    ::_exit(126);
  }
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  // The same for the call's own descriptors: above every number dup2 fills.
  output = ::fcntl(output, F_DUPFD_CLOEXEC, 10);
  report = ::fcntl(report, F_DUPFD_CLOEXEC, 10);
  if (output < 0 || report < 0) ::_exit(126);
  const rlim_t file_bytes = static_cast<rlim_t>(limits.files_mib) << 20;
  const rlimit file_size{file_bytes, file_bytes}, no_core{0, 0};
  ::setrlimit(RLIMIT_FSIZE, &file_size);
  ::setrlimit(RLIMIT_CORE, &no_core);
  const int in = ::open(*input ? input : "/dev/null", O_RDONLY | O_CLOEXEC);
  if (in < 0 || ::dup2(in, STDIN_FILENO) < 0 || ::dup2(output, STDOUT_FILENO) < 0 ||
      ::dup2(output, STDERR_FILENO) < 0 || ::chdir(folder) != 0) {
    ::_exit(126);
  }
  // The sandbox's first process reports on kCallReportFd; without a sandbox
  // the pipe closes on exec and only says why exec failed.
  if (confinement.sandbox) {
    if (!place_sandbox_descriptors(report, init)) ::_exit(126);
    report = kCallReportFd;
  }
  ::execvpe(args[0], args, environment);
  report_errno(report, errno);
  ::_exit(127);
}

// What the sandbox's first process reported, if it did.
void read_report(int fd, CallOutcome& outcome) {
  char text[128] = {};
  ssize_t n = 0;
  for (std::size_t got = 0; got < sizeof text - 1;) {
    n = ::read(fd, text + got, sizeof text - 1 - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  int status = 0, leftovers = 0, error = 0;
  if (std::sscanf(text, "status %d leftovers %d", &status, &leftovers) == 2) {
    outcome.leftovers = leftovers;
    outcome.end = WIFEXITED(status) ? CallOutcome::End::Exited : CallOutcome::End::Signaled;
    outcome.code = WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status);
  } else if (std::sscanf(text, "errno %d", &error) == 1) {
    outcome.end = CallOutcome::End::NotStarted;
    outcome.why_not_started = std::strerror(error);
  }
}

// Whether a file in `folder` reached `bytes` (what RLIMIT_FSIZE stops).
bool file_reached(const std::string& folder, long long bytes) {
  std::error_code error;
  int seen = 0;
  for (fs::recursive_directory_iterator it(folder, error), end;
       !error && it != end && ++seen <= kMaxFolderEntries + 16; it.increment(error)) {
    const auto status = it->symlink_status(error);
    if (!error && fs::is_regular_file(status) &&
        static_cast<long long>(it->file_size(error)) >= bytes)
      return true;
    error.clear();
  }
  return false;
}

class Call {
 public:
  Call(const CallLimits& limits, const Confinement& confinement, const std::string& folder,
       const std::string& input)
      : limits_(limits), confinement_(confinement), folder_(folder), input_(input) {}
  Call(const Call&) = delete;
  Call& operator=(const Call&) = delete;

  CallOutcome run(const std::vector<std::string>& argv) {
    if (confinement_.sandbox && !open_init()) return outcome_;
    if (confinement_.groups && !make_group()) return outcome_;
    std::vector<std::string> command =
        confinement_.sandbox ? sandboxed(argv, folder_, confinement_) : argv;
    std::vector<std::string> environment = call_environment(folder_);
    std::vector<char*> args, env;
    for (std::string& a : command) args.push_back(a.data());
    args.push_back(nullptr);
    for (std::string& e : environment) env.push_back(e.data());
    env.push_back(nullptr);
    int output[2], report[2];
    if (::pipe2(output, O_CLOEXEC) != 0) return outcome_;
    if (::pipe2(report, O_CLOEXEC) != 0) {
      close_both(output);
      return outcome_;
    }
    start_ = Clock::now();
    {
      std::lock_guard lock(calls_mutex);
      if (stopping) {
        outcome_.end = CallOutcome::End::Stopped;
      } else {
        pid_ = ::fork();
        if (pid_ == 0) {
          start_child(args.data(), env.data(), folder_.c_str(), input_.c_str(), output[1],
                      report[1], init_.get(), limits_, confinement_, group_.get());
        }
        if (pid_ > 0) {
          ::setpgid(pid_, pid_);  // also here: the child may not have run yet
          running_groups.insert(pid_);
        }
      }
    }
    ::close(output[1]);
    ::close(report[1]);
    init_.reset();
    if (pid_ > 0) watch(output[0]);
    ::close(output[0]);
    if (pid_ > 0) finish(report[0]);
    ::close(report[0]);
    group_.reset();
    return outcome_;
  }

 private:
  static void close_both(int fds[2]) {
    ::close(fds[0]);
    ::close(fds[1]);
  }

  // The sandbox's first process, opened here: the sandbox starts it from
  // this descriptor and never shows where it lives.
  bool open_init() {
    init_.reset(::open(confinement_.init.c_str(), O_RDONLY | O_CLOEXEC));
    if (init_.get() >= 0) return true;
    outcome_.why_not_started = "cannot open the sandbox's first process " + confinement_.init +
                               ": " + std::strerror(errno);
    return false;
  }

  // The call's control group; the sandbox's own two tasks (bubblewrap and
  // the first process) are not the program's.
  bool make_group() {
    const int own = confinement_.sandbox ? 2 : 0;
    auto made = confinement_.groups->make(static_cast<long long>(limits_.memory_mib) << 20,
                                          limits_.processes + own);
    if (auto* group = std::get_if<std::unique_ptr<CallGroup>>(&made)) {
      group_ = std::move(*group);
      return true;
    }
    outcome_.why_not_started = "no control group: " + std::get<std::string>(made);
    return false;
  }

  // Waits for the call to end, keeping the head of its output, and ends it
  // at the first limit it breaks.
  void watch(int output) {
    ::fcntl(output, F_SETFL, O_NONBLOCK);
    const auto deadline = start_ + std::chrono::milliseconds(limits_.time_ms);
    auto next_usage = start_, next_folder = start_ + kFolderEvery;
    bool pipe_open = true;
    while (true) {
      if (::waitpid(pid_, &status_, WNOHANG) == pid_) {
        exited_ = true;
        break;
      }
      const auto now = Clock::now();
      if (now >= deadline) {
        outcome_.end = CallOutcome::End::TimedOut;
        break;
      }
      if (stopping) {
        outcome_.end = CallOutcome::End::Stopped;
        break;
      }
      if (now >= next_usage && over_usage()) break;
      if (now >= next_folder && over_folder()) break;
      next_usage = now >= next_usage ? now + kUsageEvery : next_usage;
      next_folder = now >= next_folder ? now + kFolderEvery : next_folder;
      // Wait for output or for a few milliseconds, whichever comes first.
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now);
      if (pipe_open) {
        pollfd ready{output, POLLIN, 0};
        ::poll(&ready, 1, static_cast<int>(std::min<long long>(left.count(), 2)));
        if (drain(output, outcome_.output, outcome_.output_cut)) pipe_open = false;
      } else {
        ::usleep(500);
      }
    }
    outcome_.ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
    drain(output, outcome_.output, outcome_.output_cut);
  }

  // In control groups, the kernel's counts: a process it killed for the
  // memory limit, a task it refused; else what the processes report.
  bool over_usage() {
    if (group_) {
      const GroupCounts counts = group_->counts();
      outcome_.peak_kib = std::max(outcome_.peak_kib, counts.peak_bytes / 1024);
      if (counts.oom_kills > 0) {
        outcome_.end = CallOutcome::End::OverMemory;
        return true;
      }
      if (counts.task_refusals > 0) {
        outcome_.end = CallOutcome::End::OverProcesses;
        return true;
      }
      return false;
    }
    const Usage usage = tree_usage(pid_, confinement_.sandbox ? 2 : 0);
    outcome_.peak_kib = std::max(outcome_.peak_kib, usage.kib);
    if (usage.kib > static_cast<long long>(limits_.memory_mib) * 1024) {
      outcome_.end = CallOutcome::End::OverMemory;
      return true;
    }
    if (usage.processes > limits_.processes) {
      outcome_.end = CallOutcome::End::OverProcesses;
      return true;
    }
    return false;
  }

  // What the folder holds: on a filesystem of its own, what the filesystem
  // says it holds (reserved blocks included); else its files' sizes.
  bool over_folder() {
    FolderUsage usage;
    struct statvfs fs {};
    if (confinement_.fixed_folder && ::statvfs(folder_.c_str(), &fs) == 0) {
      usage.bytes = static_cast<long long>(fs.f_blocks - fs.f_bfree) * fs.f_frsize;
      usage.entries = static_cast<int>(fs.f_files - fs.f_ffree) - 1;  // its root aside
    } else {
      usage = folder_usage(folder_);
    }
    const long long file_limit = static_cast<long long>(limits_.files_mib) << 20;
    if (usage.entries <= kMaxFolderEntries && usage.bytes <= file_limit) return false;
    // A file stopped at the file size limit fills the folder with the board
    // beside it before the kernel's SIGXFSZ ends the writer: that limit is
    // the one it broke, whichever check sees it first.
    outcome_.end = file_reached(folder_, file_limit) ? CallOutcome::End::OverFileSize
                                                     : CallOutcome::End::OverFolder;
    return true;
  }

  // Everything the call started goes, whatever it left running.
  void finish(int report) {
    // In the sandbox, killing bwrap ends its namespace (its first process
    // counts what it kills when the program ends by itself); without, the group.
    if (confinement_.sandbox && !exited_)
      outcome_.leftovers = std::max(0, tree_usage(pid_, 2).processes - 1);
    const int running = end_group(pid_) - (exited_ ? 0 : 1);
    if (!exited_) ::waitpid(pid_, &status_, 0);
    {
      std::lock_guard lock(calls_mutex);
      running_groups.erase(pid_);
    }
    const int orphans = end_orphans();
    if (outcome_.end == CallOutcome::End::NotStarted && exited_) classify(report);
    if (!confinement_.sandbox) outcome_.leftovers = std::max(0, running) + orphans;
    // The kernel may have ended the call for its memory before a check saw it.
    if (group_ && outcome_.end != CallOutcome::End::TimedOut &&
        outcome_.end != CallOutcome::End::Stopped)
      over_usage();
    if (outcome_.end == CallOutcome::End::Exited) over_folder();
    if (outcome_.end == CallOutcome::End::Signaled && outcome_.code == SIGXFSZ &&
        file_reached(folder_, static_cast<long long>(limits_.files_mib) << 20)) {
      outcome_.end = CallOutcome::End::OverFileSize;
    }
  }

  // How a call that ended by itself ended.
  void classify(int report) {
    read_report(report, outcome_);
    if (outcome_.end != CallOutcome::End::NotStarted || !outcome_.why_not_started.empty()) return;
    if (confinement_.sandbox) {
      outcome_.why_not_started = "the sandbox did not start";
      return;
    }
    outcome_.end = WIFEXITED(status_) ? CallOutcome::End::Exited : CallOutcome::End::Signaled;
    outcome_.code = WIFEXITED(status_) ? WEXITSTATUS(status_) : WTERMSIG(status_);
  }

  const CallLimits& limits_;
  const Confinement& confinement_;
  const std::string& folder_;
  const std::string& input_;  // the file that is its standard input, or ""
  CallOutcome outcome_;
  std::unique_ptr<CallGroup> group_;
  Descriptor init_;  // the sandbox's first process, open until the call is started
  Clock::time_point start_;
  pid_t pid_ = -1;
  int status_ = 0;
  bool exited_ = false;
};

}  // namespace

// Every process of `user` (a seat's), killed until none is left, for a
// second at most: what a referee killed with -9 left of a call.
void end_processes_of(uid_t user) {
  for (int round = 0; round < 100; ++round) {
    bool any = false;
    for_each_process([&](pid_t pid, const ProcInfo&) {
      struct stat info {};
      const std::string folder = "/proc/" + std::to_string(pid);
      if (::stat(folder.c_str(), &info) == 0 && info.st_uid == user) {
        ::kill(pid, SIGKILL);
        any = true;
      }
    });
    if (!any) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

void become_subreaper() {
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);
}

std::string signal_name(int signal_number) {
  const char* name = sigabbrev_np(signal_number);
  return name ? std::string("SIG") + name : "signal " + std::to_string(signal_number);
}

CallOutcome run_call(const std::vector<std::string>& argv, const std::string& folder,
                     const CallLimits& limits, const Confinement& confinement,
                     const std::string& input) {
  return Call(limits, confinement, folder, input).run(argv);
}

void stop_all_calls() {
  std::lock_guard lock(calls_mutex);
  stopping = true;
  for (pid_t group : running_groups) ::kill(-group, SIGKILL);
}

bool calls_stopped() {
  return stopping;
}

std::string describe_end(const CallOutcome& r, const CallLimits& limits) {
  switch (r.end) {
    case CallOutcome::End::TimedOut:
      return "out of time: no answer within " + std::to_string(limits.time_ms) + " ms";
    case CallOutcome::End::OverMemory:
      return "exceeded the memory limit of " + std::to_string(limits.memory_mib) + " MiB";
    case CallOutcome::End::OverProcesses:
      return "exceeded the limit of " + std::to_string(limits.processes) +
             " tasks (processes and threads)";
    case CallOutcome::End::OverFolder:
      return "filled its folder beyond the limit of " + std::to_string(limits.files_mib) +
             " MiB or " + std::to_string(kMaxFolderEntries) + " files";
    case CallOutcome::End::OverFileSize:
      return "exceeded the file size limit of " + std::to_string(limits.files_mib) + " MiB";
    case CallOutcome::End::Signaled:
      return "crashed: killed by " + signal_name(r.code) + " (signal " + std::to_string(r.code) +
             ")";
    case CallOutcome::End::NotStarted:
      return "the program could not be started: " + r.why_not_started;
    case CallOutcome::End::Stopped:
      return "stopped with the referee";
    case CallOutcome::End::Exited:
      return r.code == 0 || r.code == 1 ? "" : "wrong exit code " + std::to_string(r.code);
  }
  return "";
}

std::vector<std::string> command_line(const std::string& program) {
  std::vector<std::string> argv;
  for (std::string_view w : engine::split_words(program)) argv.emplace_back(w);
  if (!argv.empty() && argv[0].find('/') != std::string::npos)
    argv[0] = fs::absolute(argv[0]).lexically_normal().string();
  return argv;
}

std::vector<std::string> program_paths(const std::vector<std::string>& argv, const Confinement& c) {
  std::vector<std::string> paths;
  for (const std::string& arg : argv) {
    const fs::path path = arg;
    std::error_code error;
    if (!path.is_absolute() || !fs::exists(path, error)) continue;
    const fs::path real = fs::canonical(path, error);
    if (error) continue;
    fs::path shown = fs::is_directory(real, error) ? real : real.parent_path();
    if (shown != real && !call_can_search(shown, c)) shown = real;
    if (shown != shown.root_path() &&
        std::find(paths.begin(), paths.end(), shown.string()) == paths.end())
      paths.push_back(shown.string());
  }
  return paths;
}

StopCallsOnSignals::StopCallsOnSignals() {
  sigemptyset(&signals_);
  for (int signal_number : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&signals_, signal_number);
  ::pthread_sigmask(SIG_BLOCK, &signals_, &old_);
  watcher_ = std::thread([this] {
    const timespec tick{0, 50'000'000};
    while (!done_) {
      const int got = ::sigtimedwait(&signals_, nullptr, &tick);
      if (got > 0) {
        received_ = got;
        stop_all_calls();
        return;
      }
    }
  });
}

StopCallsOnSignals::~StopCallsOnSignals() {
  done_ = true;
  watcher_.join();
  ::pthread_sigmask(SIG_SETMASK, &old_, nullptr);
}

}  // namespace sandbox
