// A seccomp filter for the sandbox's first process (sandbox/call.hpp) and
// everything it starts, as contest judges (isolate) and container runtimes
// (Docker's default profile) confine a run: an allow-list.
// - The calls a program needs (files in its folder, memory, threads,
//   processes, pipes, signals, clocks, polling, its own sockets) are allowed;
//   every other answers ENOSYS, so that a library falls back as it would on
//   an older kernel.
// - Sockets: only unix ones and, in the call's own empty network namespace,
//   internet ones (IPv4 and IPv6). vsock (the host's services beside the
//   machine), netlink, packet, bluetooth, alg and every other family answer
//   EAFNOSUPPORT; socketpair is unix only.
// - No new user namespace (unshare or clone with CLONE_NEWUSER; clone3,
//   whose flags a filter cannot read, answers ENOSYS and the C library
//   falls back to clone): a user namespace is how most of the kernel's
//   surface for an unprivileged process is reached.
// - Named refusals (EPERM, as Docker answers them): the kernel's keyrings
//   (a key outlives its process, and seat users are reused), io_uring (its
//   own path around this filter), eBPF, performance counters, userfaultfd,
//   mounting, other namespaces, modules, the clock, accounting, reboot,
//   tracing other processes, reading or writing their memory.
// - The sanitizer build (GRIDGAMES_SANITIZER_CALLS) adds what its runtime
//   needs in a list of its own: LeakSanitizer stops a program's threads
//   with ptrace at its exit.
#pragma once

namespace sandbox {

// Installs the filter on this thread and its descendants (after
// PR_SET_NO_NEW_PRIVS). False, with errno, if the kernel refused it.
bool confine_system_calls();

}  // namespace sandbox
