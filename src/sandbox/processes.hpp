// What /proc says of processes: their state, parent and group, their
// children, and the memory and the number of the processes of a tree. For
// the confined calls (call.cpp) and the sandbox's first process
// (call_init.cpp).
#pragma once

#include <dirent.h>
#include <sys/types.h>

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

namespace sandbox {

struct ProcInfo {
  char state = 0;
  pid_t parent = 0;
  pid_t group = 0;
};

// From /proc/PID/stat (of the /proc this process sees).
std::optional<ProcInfo> proc_info(const std::string& pid);

// Every process /proc shows, with what it says of each (zombies left out).
template <typename Visit>
void for_each_process(Visit visit) {
  DIR* proc = ::opendir("/proc");
  if (!proc) return;
  while (const dirent* entry = ::readdir(proc)) {
    char* end = nullptr;
    const long pid = std::strtol(entry->d_name, &end, 10);
    if (*end != '\0' || pid <= 0) continue;
    const auto info = proc_info(entry->d_name);
    if (info && info->state != 'Z') visit(static_cast<pid_t>(pid), *info);
  }
  ::closedir(proc);
}

// The children of `pid`, of all its threads.
void children_of(pid_t pid, std::vector<pid_t>& out);

// The resident memory of `pid`, in KiB (0 if it is gone).
long long resident_kib(pid_t pid);

struct Usage {
  long long kib = 0;
  int processes = 0;
};

// The memory and the processes of the tree under `root`, its first `skip`
// levels (the sandbox's own processes) left out.
Usage tree_usage(pid_t root, int skip);

}  // namespace sandbox
