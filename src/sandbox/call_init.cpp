// The sandbox's first process (run_call_init, sandbox/call.hpp): it takes the
// seat, starts the program, reaps everything under it and reports how the
// program ended.
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "sandbox/call.hpp"
#include "sandbox/processes.hpp"
#include "sandbox/seccomp.hpp"

namespace sandbox {
namespace {

// The sandbox's first process takes on its seat: root's sandbox starts it
// as root, so it becomes the seat's user first (init_args[0], "-" for
// none); then no privileges gained by running anything, no user namespace
// made (the kernel's surface they open), nothing in the sandbox may trace
// or signal it; and it enters the seat's folder (init_args[1]). A failure
// is reported and ends it.
void take_seat(const std::vector<std::string>& init_args) {
  if (init_args[0] != "-") {
    char* end = nullptr;
    errno = 0;
    const unsigned long number = std::strtoul(init_args[0].c_str(), &end, 10);
    const auto user = static_cast<uid_t>(number);
    if (*end != '\0' || errno != 0 || user == 0 || number != user || ::setgroups(0, nullptr) != 0 ||
        ::setgid(user) != 0 || ::setuid(user) != 0) {
      ::dprintf(kCallReportFd, "errno %d\n", errno ? errno : EINVAL);
      ::_exit(0);
    }
  }
  if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || !confine_system_calls() ||
      ::chdir(init_args[1].c_str()) != 0) {
    ::dprintf(kCallReportFd, "errno %d\n", errno ? errno : EPERM);
    ::_exit(0);
  }
  ::prctl(PR_SET_DUMPABLE, 0);
  ::fcntl(kCallReportFd, F_SETFD, FD_CLOEXEC);
}

// Orphans come to us: reaped until the program `pid` itself ends; its wait
// status. If the referee goes first (killed: the report's reader is
// closed), everything ends now, this process last, which ends its process
// namespace: the signal bubblewrap's --die-with-parent would send cannot
// reach a process of another user.
int reap_until_ended(pid_t pid, int children) {
  int status = 0;
  for (bool ended = false; !ended;) {
    pollfd watched[2] = {{children, POLLIN, 0}, {kCallReportFd, 0, 0}};
    if (::poll(watched, 2, children < 0 ? 100 : -1) < 0 && errno != EINTR) break;
    if (watched[1].revents & (POLLERR | POLLHUP | POLLNVAL)) {
      ::kill(-1, SIGKILL);
      ::_exit(0);
    }
    signalfd_siginfo info{};
    if (watched[0].revents & POLLIN) (void)!::read(children, &info, sizeof info);
    int any = 0;
    for (pid_t done; (done = ::waitpid(-1, &any, WNOHANG)) > 0;) {
      if (done != pid) continue;
      status = any;
      ended = true;
    }
  }
  return status;
}

// Everything left in the sandbox killed and reaped, the program's status
// and how many processes it left reported; the end of the sandbox.
[[noreturn]] void end_sandbox(int status) {
  int leftovers = 0;
  const pid_t self = ::getpid();
  for_each_process([&](pid_t other, const ProcInfo&) { leftovers += other != self; });
  ::kill(-1, SIGKILL);
  while (::waitpid(-1, nullptr, 0) > 0 || errno == EINTR) {
  }
  ::dprintf(kCallReportFd, "status %d leftovers %d\n", status, leftovers);
  // _exit: no exit handlers (a sanitizer's leak check) in the sandbox.
  ::_exit(0);
}

}  // namespace

int run_call_init(const std::vector<std::string>& init_args) {
  // The descriptor this program was started from (kCallInitFd), and any
  // other past the report's, goes before anything of the call runs.
  ::close_range(kCallInitFd, ~0U, 0);
  if (init_args.size() < 3) return 126;
  take_seat(init_args);
  const std::vector<std::string> argv(init_args.begin() + 2, init_args.end());
  std::vector<std::string> copies = argv;
  std::vector<char*> args;
  for (std::string& a : copies) args.push_back(a.data());
  args.push_back(nullptr);
  int started[2];
  if (argv.empty() || ::pipe2(started, O_CLOEXEC) != 0) return 126;
  // Children's ends come through a signalfd, beside the report's pipe.
  sigset_t child;
  sigemptyset(&child);
  sigaddset(&child, SIGCHLD);
  ::sigprocmask(SIG_BLOCK, &child, nullptr);
  const int children = ::signalfd(-1, &child, SFD_CLOEXEC);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::sigprocmask(SIG_UNBLOCK, &child, nullptr);
    ::execvp(args[0], args.data());
    const int error = errno;
    (void)!::write(started[1], &error, sizeof error);
    ::_exit(127);
  }
  ::close(started[1]);
  int error = 0;
  if (pid < 0 || ::read(started[0], &error, sizeof error) == sizeof error) {
    if (pid > 0) ::waitpid(pid, nullptr, 0);
    ::dprintf(kCallReportFd, "errno %d\n", pid < 0 ? errno : error);
    ::_exit(0);
  }
  end_sandbox(reap_until_ended(pid, children));
}

}  // namespace sandbox
