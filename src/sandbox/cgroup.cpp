#include "sandbox/cgroup.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "engine/words.hpp"

namespace sandbox {
namespace {

namespace fs = std::filesystem;

// Where a hierarchy is mounted, and which of its paths is mounted there.
struct Mount {
  std::string point, root;
};

// The mounts of cgroup v1 hierarchies with `controller`, or of cgroup2
// when `controller` is empty.
std::optional<Mount> find_mount(const std::string& controller) {
  std::ifstream info("/proc/self/mountinfo");
  for (std::string line; std::getline(info, line);) {
    // ID PARENT DEV ROOT POINT OPTIONS [OPTIONAL...] - TYPE SOURCE SUPER
    const std::size_t dash = line.find(" - ");
    if (dash == std::string::npos) continue;
    std::istringstream head(line.substr(0, dash)), tail(line.substr(dash + 3));
    std::string id, parent, device, root, point, type, source, super;
    head >> id >> parent >> device >> root >> point;
    tail >> type >> source >> super;
    if (controller.empty() ? type != "cgroup2" : type != "cgroup") continue;
    if (!controller.empty()) {
      const auto options = engine::split_on(super, ',');
      if (std::find(options.begin(), options.end(), controller) == options.end()) continue;
    }
    return Mount{point, root};
  }
  return std::nullopt;
}

// This process's path in the hierarchy of `controller` (v1), or in the
// unified one (empty `controller`), from /proc/self/cgroup.
std::optional<std::string> own_path(const std::string& controller) {
  std::ifstream groups("/proc/self/cgroup");
  for (std::string line; std::getline(groups, line);) {
    const std::size_t first = line.find(':'), second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    const std::string hierarchy = line.substr(0, first);
    const auto controllers = engine::split_on(line.substr(first + 1, second - first - 1), ',');
    const bool match =
        controller.empty()
            ? hierarchy == "0" && controllers.size() == 1 && controllers[0].empty()
            : std::find(controllers.begin(), controllers.end(), controller) != controllers.end();
    if (match) return line.substr(second + 1);
  }
  return std::nullopt;
}

// The folder of this process's group in a hierarchy mounted at `m`.
std::optional<std::string> own_folder(const Mount& m, const std::string& path) {
  // A mount of a sub-tree (a container's view) shows the paths under its root.
  std::string relative = path;
  if (m.root != "/") {
    if (!relative.starts_with(m.root)) return std::nullopt;
    relative = relative.substr(m.root.size());
  }
  return (fs::path(m.point) / fs::path(relative).relative_path()).lexically_normal().string();
}

bool write_text(const std::string& file, const std::string& text) {
  const int fd = ::open(file.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  return ok;
}

std::string read_text(const std::string& file) {
  std::ifstream in(file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The number after `key` in a file of "key value" lines, or 0.
long long keyed_value(const std::string& file, const std::string& key) {
  std::ifstream in(file);
  std::string name;
  long long value = 0;
  while (in >> name >> value)
    if (name == key) return value;
  return 0;
}

long long number_in(const std::string& file) {
  std::ifstream in(file);
  long long value = 0;
  in >> value;
  return value;
}

std::vector<pid_t> pids_in(const std::string& folder) {
  std::ifstream in(folder + "/cgroup.procs");
  std::vector<pid_t> pids;
  for (long pid = 0; in >> pid;) pids.push_back(static_cast<pid_t>(pid));
  return pids;
}

// Kills every process in the group at `folder` (at once with cgroup v2's
// cgroup.kill, which a fork cannot outrun; one by one on v1) until it is
// empty, for a second at most; false if some are left.
bool kill_group(const std::string& folder) {
  write_text(folder + "/cgroup.kill", "1");
  auto pause = std::chrono::microseconds(100);
  for (auto waited = pause * 0; waited < std::chrono::seconds(1); waited += pause) {
    const std::vector<pid_t> pids = pids_in(folder);
    if (pids.empty()) return true;
    for (pid_t pid : pids) ::kill(pid, SIGKILL);
    std::this_thread::sleep_for(pause);
    pause = std::min<std::chrono::microseconds>(pause * 2, std::chrono::milliseconds(10));
  }
  return pids_in(folder).empty();
}

// The group at `folder` and every group under it, their processes killed,
// removed deepest first.
void kill_and_remove(const fs::path& folder) {
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(folder, error))
    if (entry.is_directory(error) && !entry.is_symlink(error)) kill_and_remove(entry.path());
  kill_group(folder.string());
  ::rmdir(folder.c_str());
}

// Removes the groups left by processes of ours that are gone (killed before
// they could remove them): gridgames-PID folders whose PID is not running,
// with whatever still runs in them (a player a killed referee left).
void remove_stale(const fs::path& base) {
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(base, error)) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with("gridgames-")) continue;
    const auto pid = engine::parse_int(name.substr(10));
    if (!pid || *pid <= 0 || ::kill(*pid, 0) == 0 || errno != ESRCH) continue;
    kill_and_remove(entry.path());
  }
}

// Makes the parent group of this process's calls under `base`.
std::optional<std::string> make_parent(const std::string& base) {
  remove_stale(base);
  const std::string parent = base + "/gridgames-" + std::to_string(::getpid());
  if (::mkdir(parent.c_str(), 0755) != 0 && errno != EEXIST) return std::nullopt;
  return parent;
}

std::variant<std::unique_ptr<CallGroups>, std::string> no_groups(const std::string& why) {
  return why;
}

}  // namespace

std::variant<std::unique_ptr<CallGroups>, std::string> CallGroups::open() {
  // cgroup v2: the memory and pids controllers offered to this process's group.
  if (const auto unified = find_mount(""); unified) {
    const auto path = own_path("");
    const auto base = path ? own_folder(*unified, *path) : std::nullopt;
    const std::string offered = base ? read_text(*base + "/cgroup.controllers") : "";
    const auto names = engine::split_words(offered);
    const auto has = [&](std::string_view c) {
      return std::find(names.begin(), names.end(), c) != names.end();
    };
    if (base && has("memory") && has("pids")) {
      // A group may hold processes or enable controllers for its children,
      // not both: this process moves to a leaf of its own first.
      const auto parent = make_parent(*base);
      if (!parent) return no_groups(*base + ": " + std::strerror(errno));
      const std::string self = *parent + "/referee", calls = *parent + "/calls";
      if ((::mkdir(self.c_str(), 0755) != 0 && errno != EEXIST) ||
          (::mkdir(calls.c_str(), 0755) != 0 && errno != EEXIST) ||
          !write_text(self + "/cgroup.procs", "0") ||
          (!write_text(*base + "/cgroup.subtree_control", "+memory +pids") &&
           read_text(*base + "/cgroup.subtree_control").find("pids") == std::string::npos) ||
          !write_text(*parent + "/cgroup.subtree_control", "+memory +pids") ||
          !write_text(calls + "/cgroup.subtree_control", "+memory +pids")) {
        return no_groups(*parent + ": cannot enable the memory and pids controllers (" +
                         std::strerror(errno) + ")");
      }
      return std::unique_ptr<CallGroups>(new CallGroups(2, {calls}));
    }
  }
  // cgroup v1: the memory and pids hierarchies.
  std::vector<std::string> parents;
  for (const std::string controller : {"memory", "pids"}) {
    const auto mount = find_mount(controller);
    const auto path = own_path(controller);
    if (!mount || !path)
      return no_groups("the machine mounts no cgroup v2 with memory and pids, nor a cgroup v1 " +
                       controller + " hierarchy");
    const auto base = own_folder(*mount, *path);
    const auto parent = base ? make_parent(*base) : std::nullopt;
    if (!parent) {
      for (const std::string& made : parents) ::rmdir(made.c_str());
      return no_groups("cannot make a control group in " + base.value_or(mount->point) + " (" +
                       std::strerror(errno) + ")");
    }
    parents.push_back(*parent);
  }
  return std::unique_ptr<CallGroups>(new CallGroups(1, parents));
}

CallGroups::~CallGroups() {
  for (const std::string& parent : parents_) {
    ::rmdir(parent.c_str());
    if (version_ == 2) {
      // The calls' parent, then this process's: it leaves its own leaf for
      // the group it came from.
      const fs::path top = fs::path(parent).parent_path();
      write_text(top.parent_path().string() + "/cgroup.procs", "0");
      ::rmdir((top / "referee").c_str());
      ::rmdir(top.c_str());
    }
  }
}

std::variant<std::unique_ptr<CallGroup>, std::string> CallGroups::make(long long memory_bytes,
                                                                       int tasks) const {
  static std::atomic<long long> next = 0;
  const std::string name = "/call-" + std::to_string(++next);
  std::vector<std::string> folders;
  std::vector<int> entries;
  const auto fail = [&](const std::string& what) {
    const std::string why = what + ": " + std::strerror(errno);
    for (int fd : entries) ::close(fd);
    for (const std::string& folder : folders) ::rmdir(folder.c_str());
    return std::variant<std::unique_ptr<CallGroup>, std::string>(why);
  };
  for (const std::string& parent : parents_) {
    const std::string folder = parent + name;
    if (::mkdir(folder.c_str(), 0755) != 0) return fail(folder);
    folders.push_back(folder);
  }
  const std::string bytes = std::to_string(memory_bytes), most = std::to_string(tasks);
  const bool limited = version_ == 2
                           ? write_text(folders[0] + "/memory.max", bytes) &&
                                 write_text(folders[0] + "/pids.max", most) &&
                                 // No swap, and one process over the limit ends them all.
                                 (!fs::exists(folders[0] + "/memory.swap.max") ||
                                  write_text(folders[0] + "/memory.swap.max", "0")) &&
                                 write_text(folders[0] + "/memory.oom.group", "1")
                           : write_text(folders[0] + "/memory.limit_in_bytes", bytes) &&
                                 // With swap accounting, memory and swap together (no swap).
                                 (!fs::exists(folders[0] + "/memory.memsw.limit_in_bytes") ||
                                  write_text(folders[0] + "/memory.memsw.limit_in_bytes", bytes)) &&
                                 write_text(folders[1] + "/pids.max", most);
  if (!limited) return fail("cannot set the limits of " + folders[0]);
  for (const std::string& folder : folders) {
    const int fd = ::open((folder + "/cgroup.procs").c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return fail(folder + "/cgroup.procs");
    entries.push_back(fd);
  }
  return std::make_unique<CallGroup>(version_, std::move(folders), std::move(entries));
}

bool CallGroup::enter() const noexcept {
  for (int fd : entries_)
    if (::write(fd, "0", 1) != 1) return false;
  return true;
}

GroupCounts CallGroup::counts() const {
  GroupCounts c;
  const std::string& memory = folders_[0];
  const std::string& pids = folders_.back();
  if (version_ == 2) {
    c.oom_kills = keyed_value(memory + "/memory.events", "oom_kill");
    c.peak_bytes = number_in(memory + "/memory.peak");
    if (c.peak_bytes == 0) c.peak_bytes = number_in(memory + "/memory.current");
  } else {
    c.oom_kills = keyed_value(memory + "/memory.oom_control", "oom_kill");
    c.peak_bytes = number_in(memory + "/memory.max_usage_in_bytes");
  }
  c.task_refusals = keyed_value(pids + "/pids.events", "max");
  return c;
}

std::vector<pid_t> CallGroup::tasks() const {
  return pids_in(folders_.back());
}

CallGroup::~CallGroup() {
  for (int fd : entries_) ::close(fd);
  // Whatever is left is killed (the sandbox's last processes are often
  // still leaving); a group is removed only once it is empty.
  for (const std::string& folder : folders_) kill_group(folder);
  for (const std::string& folder : folders_) ::rmdir(folder.c_str());
}

}  // namespace sandbox
