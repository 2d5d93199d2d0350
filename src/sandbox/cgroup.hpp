// Control groups for calls of others' programs: limits the kernel itself
// enforces, on every page charged to a call (shared memory, memfd and tmpfs
// pages included, which are no process's resident memory) and on its tasks
// (threads included, which are not processes), as contest judges confine a
// run. cgroup v2 where the machine mounts it with the memory and pids
// controllers, else v1's memory and pids hierarchies.
#pragma once

#include <sys/types.h>

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace sandbox {

// What the kernel counted of one call's group.
struct GroupCounts {
  long long peak_bytes = 0;     // the most memory charged to it at once
  long long oom_kills = 0;      // processes the kernel killed for its memory limit
  long long task_refusals = 0;  // forks and threads refused for its task limit
};

class CallGroup;

// The groups of this process's calls: a parent group of its own in each
// hierarchy (gridgames-PID, under the process's own groups), removed when
// this ends; the parents of processes that died without removing theirs are
// removed on the way.
class CallGroups {
 public:
  // The calls' groups, or why the machine gives none this process may make.
  static std::variant<std::unique_ptr<CallGroups>, std::string> open();
  ~CallGroups();
  CallGroups(const CallGroups&) = delete;
  CallGroups& operator=(const CallGroups&) = delete;

  int version() const { return version_; }
  // A new group for one call: at most `memory_bytes` charged (no swap) and
  // `tasks` tasks at once. Null, and why, when it cannot be made.
  std::variant<std::unique_ptr<CallGroup>, std::string> make(long long memory_bytes,
                                                             int tasks) const;

 private:
  CallGroups(int version, std::vector<std::string> parents)
      : version_(version), parents_(std::move(parents)) {}
  int version_ = 1;
  std::vector<std::string> parents_;  // v1: the memory and pids parents; v2: one
};

// One call's group, removed when this ends (after killing what is left in
// it).
class CallGroup {
 public:
  CallGroup(int version, std::vector<std::string> folders, std::vector<int> entries)
      : version_(version), folders_(std::move(folders)), entries_(std::move(entries)) {}
  ~CallGroup();
  CallGroup(const CallGroup&) = delete;
  CallGroup& operator=(const CallGroup&) = delete;

  // In a child after fork: moves the calling process into the group (only
  // async-signal-safe calls). False if the kernel refused.
  bool enter() const noexcept;
  GroupCounts counts() const;
  // The tasks in it now.
  std::vector<pid_t> tasks() const;

 private:
  int version_;
  std::vector<std::string> folders_;  // v1: memory, then pids; v2: one
  std::vector<int> entries_;          // their cgroup.procs, open for writing
};

}  // namespace sandbox
