#include "games/amazons/call.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <mutex>
#include <set>

namespace amazons {
namespace {

using Clock = std::chrono::steady_clock;

// The process groups of the calls running now. Forking and the hunt for
// orphans hold the lock, so that no call is mistaken for an orphan.
std::mutex calls_mutex;
std::set<pid_t> running_groups;

// The parent and process group of `pid`, from /proc/PID/stat.
bool parent_and_group(pid_t pid, pid_t& parent, pid_t& group) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  if (!std::getline(stat, text)) return false;
  const std::size_t close = text.rfind(')');
  if (close == std::string::npos) return false;
  char state = 0;
  int ppid = 0, pgrp = 0;
  if (std::sscanf(text.c_str() + close + 1, " %c %d %d", &state, &ppid, &pgrp) != 3) return false;
  parent = ppid;
  group = pgrp;
  return true;
}

// Kills and reaps this process's children that belong to no running call:
// what a finished call left behind and that was handed to us as its reaper.
void end_orphans() {
  const pid_t self = ::getpid();
  for (int round = 0; round < 50; ++round) {
    std::vector<pid_t> orphans;
    {
      std::lock_guard lock(calls_mutex);
      DIR* proc = ::opendir("/proc");
      if (!proc) return;
      while (const dirent* entry = ::readdir(proc)) {
        char* end = nullptr;
        const long pid = std::strtol(entry->d_name, &end, 10);
        pid_t parent = 0, group = 0;
        if (*end != '\0' || pid <= 0 || !parent_and_group(static_cast<pid_t>(pid), parent, group))
          continue;
        if (parent == self && !running_groups.contains(group))
          orphans.push_back(static_cast<pid_t>(pid));
      }
      ::closedir(proc);
      for (pid_t pid : orphans) ::kill(pid, SIGKILL);
    }
    if (orphans.empty()) return;
    for (pid_t pid : orphans) ::waitpid(pid, nullptr, 0);
  }
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

}  // namespace

void become_subreaper() {
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);
}

std::string signal_name(int signal_number) {
  const char* name = sigabbrev_np(signal_number);
  return name ? std::string("SIG") + name : "signal " + std::to_string(signal_number);
}

CallOutcome run_call(const std::vector<std::string>& argv, const std::string& folder,
                     int limit_ms) {
  CallOutcome outcome;
  std::vector<char*> args;
  std::vector<std::string> copies = argv;
  for (std::string& a : copies) args.push_back(a.data());
  args.push_back(nullptr);
  int pipe_fds[2], exec_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) return outcome;
  if (::pipe2(exec_fds, O_CLOEXEC) != 0) {
    ::close(pipe_fds[0]);
    ::close(pipe_fds[1]);
    return outcome;
  }
  const auto start = Clock::now();
  pid_t pid = -1;
  {
    std::lock_guard lock(calls_mutex);
    pid = ::fork();
    if (pid == 0) {
      // Only async-signal-safe calls until exec: other threads may hold locks.
      ::setpgid(0, 0);
      const int null = ::open("/dev/null", O_RDONLY);
      if (null < 0 || ::dup2(null, STDIN_FILENO) < 0 || ::dup2(pipe_fds[1], STDOUT_FILENO) < 0 ||
          ::dup2(pipe_fds[1], STDERR_FILENO) < 0 || ::chdir(folder.c_str()) != 0) {
        ::_exit(126);
      }
      ::execvp(args[0], args.data());
      // Tell the parent that it never started (the pipe closes on exec).
      const char failed = 1;
      (void)!::write(exec_fds[1], &failed, 1);
      ::_exit(127);
    }
    if (pid > 0) {
      ::setpgid(pid, pid);  // also here: the child may not have run yet
      running_groups.insert(pid);
    }
  }
  ::close(pipe_fds[1]);
  ::close(exec_fds[1]);
  char failed = 0;
  const bool not_started = pid > 0 && ::read(exec_fds[0], &failed, 1) == 1;
  ::close(exec_fds[0]);
  if (pid < 0 || not_started) {
    if (pid > 0) {
      ::waitpid(pid, nullptr, 0);
      std::lock_guard lock(calls_mutex);
      running_groups.erase(pid);
    }
    ::close(pipe_fds[0]);
    return outcome;
  }
  ::fcntl(pipe_fds[0], F_SETFL, O_NONBLOCK);
  const auto deadline = start + std::chrono::milliseconds(limit_ms);
  bool pipe_open = true;
  int status = 0;
  while (true) {
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    const auto now = Clock::now();
    if (now >= deadline) {
      outcome.end = CallOutcome::End::TimedOut;
      break;
    }
    // Wait for output or for a few milliseconds, whichever comes first.
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count();
    pollfd watch{pipe_fds[0], POLLIN, 0};
    if (pipe_open) {
      ::poll(&watch, 1, static_cast<int>(std::min<long long>(left, 2)));
      if (drain(pipe_fds[0], outcome.output, outcome.output_cut)) pipe_open = false;
    } else {
      ::usleep(500);
    }
  }
  outcome.ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
  // The whole group goes, whatever it left running.
  ::kill(-pid, SIGKILL);
  if (outcome.end == CallOutcome::End::TimedOut) ::waitpid(pid, &status, 0);
  {
    std::lock_guard lock(calls_mutex);
    running_groups.erase(pid);
  }
  drain(pipe_fds[0], outcome.output, outcome.output_cut);
  ::close(pipe_fds[0]);
  end_orphans();
  if (outcome.end != CallOutcome::End::TimedOut) {
    if (WIFEXITED(status)) {
      outcome.end = CallOutcome::End::Exited;
      outcome.code = WEXITSTATUS(status);
    } else {
      outcome.end = CallOutcome::End::Signaled;
      outcome.code = WTERMSIG(status);
    }
  }
  return outcome;
}

}  // namespace amazons
