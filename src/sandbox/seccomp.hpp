// A seccomp filter for the sandbox's first process (sandbox/call.hpp) and
// everything it starts, as container runtimes and contest judges confine a
// run:
// - no new user namespace (unshare or clone with CLONE_NEWUSER; clone3,
//   whose flags a filter cannot read, answers ENOSYS and the C library
//   falls back to clone): a user namespace is how most of the kernel's
//   surface for an unprivileged process is reached (mounting a tmpfs, for
//   one);
// - none of the calls that keep something beyond the run or reach past the
//   program: the kernel's keyrings (a key outlives its process, and seat
//   users are reused), io_uring (its own path around this filter), and
//   what Docker's default profile refuses a process without privileges
//   (eBPF, performance counters, userfaultfd, mounting, other namespaces,
//   modules, the clock, accounting, reboot...): each answers EPERM.
#pragma once

namespace sandbox {

// Installs the filter on this thread and its descendants (after
// PR_SET_NO_NEW_PRIVS). False, with errno, if the kernel refused it.
bool confine_system_calls();

}  // namespace sandbox
