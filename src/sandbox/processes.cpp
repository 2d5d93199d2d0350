#include "sandbox/processes.hpp"

#include <unistd.h>

#include <cstdio>
#include <fstream>

namespace sandbox {

std::optional<ProcInfo> proc_info(const std::string& pid) {
  std::ifstream stat("/proc/" + pid + "/stat");
  std::string text;
  if (!std::getline(stat, text)) return std::nullopt;
  const std::size_t close = text.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  ProcInfo info;
  int ppid = 0, pgrp = 0;
  if (std::sscanf(text.c_str() + close + 1, " %c %d %d", &info.state, &ppid, &pgrp) != 3)
    return std::nullopt;
  info.parent = ppid;
  info.group = pgrp;
  return info;
}

void children_of(pid_t pid, std::vector<pid_t>& out) {
  const std::string tasks = "/proc/" + std::to_string(pid) + "/task";
  DIR* dir = ::opendir(tasks.c_str());
  if (!dir) return;
  while (const dirent* entry = ::readdir(dir)) {
    if (entry->d_name[0] == '.') continue;
    std::ifstream children(tasks + "/" + entry->d_name + "/children");
    for (long child = 0; children >> child;) out.push_back(static_cast<pid_t>(child));
  }
  ::closedir(dir);
}

long long resident_kib(pid_t pid) {
  std::ifstream statm("/proc/" + std::to_string(pid) + "/statm");
  long long size = 0, resident = 0;
  if (!(statm >> size >> resident)) return 0;
  static const long long page_kib = ::sysconf(_SC_PAGESIZE) / 1024;
  return resident * page_kib;
}

Usage tree_usage(pid_t root, int skip) {
  Usage usage;
  std::vector<std::pair<pid_t, int>> stack = {{root, 0}};
  std::vector<pid_t> children;
  while (!stack.empty() && usage.processes <= 100000) {
    const auto [pid, depth] = stack.back();
    stack.pop_back();
    if (depth >= skip) {
      usage.kib += resident_kib(pid);
      ++usage.processes;
    }
    children.clear();
    children_of(pid, children);
    for (pid_t child : children) stack.emplace_back(child, depth + 1);
  }
  return usage;
}

}  // namespace sandbox
