// This project's own programs and Python package where a confined call
// could see them: a program judged against our oracle (a student's
// SimOdyssey, a tournament's player) must not find the oracle and run it.
// The sandbox shows the system's folders (sandbox/call.cpp), and an
// installation in /usr/local or /usr is inside them.
#pragma once

#include <string>
#include <vector>

namespace sandbox {

// The system a program needs, shown read-only in the sandbox: its
// executables, libraries and configuration. Nothing else of the host is in
// the sandbox (no /home, /root, /srv, /opt, /var, /tmp, /run, /sys...), so
// none of its sockets or private files is reached.
inline constexpr const char* kSystemFolders[] = {"/usr",   "/bin",   "/sbin",   "/lib",
                                                 "/lib32", "/lib64", "/libx32", "/etc"};

// Whether `path` is one of kSystemFolders or inside one.
bool in_system_folders(const std::string& path);

struct ProjectFiles {
  std::vector<std::string> programs;  // files, each shown empty in the sandbox
  std::vector<std::string> folders;   // folders, each shown empty
};

// Where the project's programs (every program it installs, and the
// sandbox's first process) and its Python package are in the system's
// folders: the usual prefixes (/, /usr, /usr/local) and the one this
// program runs from, each path canonical. `named`: the canonical paths a
// call's command names itself (an installed `amazons` as a player), left
// shown.
ProjectFiles project_files_in_system(const std::vector<std::string>& named);

// The names of the project's programs (from the build).
const std::vector<std::string>& project_program_names();

}  // namespace sandbox
