// A seccomp filter for the sandbox's first process (engine/call.hpp) and
// everything it starts: no new user namespace (unshare or clone with
// CLONE_NEWUSER; clone3, whose flags a filter cannot read, answers ENOSYS
// and the C library falls back to clone), as container runtimes forbid it:
// a user namespace is how most of the kernel's surface for an unprivileged
// process is reached (mounting a tmpfs, for one).
#pragma once

namespace engine {

// Installs the filter on this thread and its descendants (after
// PR_SET_NO_NEW_PRIVS). False, with errno, if the kernel refused it.
bool forbid_user_namespaces();

}  // namespace engine
