#include "sandbox/arena.hpp"

#include <fcntl.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include "engine/words.hpp"

namespace sandbox {
namespace {

namespace fs = std::filesystem;

// This thread, and the threads it starts from now on, get a mount namespace
// of their own: the seats' filesystems are mounted there only, seen by no
// other process, and gone with this one however it ends.
bool private_mounts() {
  return ::unshare(CLONE_NEWNS) == 0 &&
         ::mount(nullptr, "/", nullptr, MS_REC | MS_SLAVE, nullptr) == 0;
}

// The folder of the user leases, made by root for root alone; nullopt if
// another user could have made or changed it.
bool lock_folder_ok() {
  if (::mkdir(kSeatUserLocks, 0700) != 0 && errno != EEXIST) return false;
  struct stat info {};
  return ::lstat(kSeatUserLocks, &info) == 0 && S_ISDIR(info.st_mode) && info.st_uid == 0 &&
         (info.st_mode & 0077) == 0;
}

std::string mib_text(long long mib) {
  return std::to_string(mib) + "m";
}

// The sandbox's first process: the small program made for it beside this
// one (a build's bin/) or where it is installed (libexec/gridgames/), else
// this program itself, which answers --call-init too.
std::string call_init_program() {
  constexpr const char* kName = "gridgames-call-init";
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  const fs::path beside = self.parent_path() / kName;
  const fs::path installed = self.parent_path().parent_path() / "libexec" / "gridgames" / kName;
  for (const fs::path& helper : {beside, installed})
    if (fs::is_regular_file(helper, error) && ::access(helper.c_str(), X_OK) == 0)
      return helper.string();
  return self.string();
}

// The file in an arena's folder that names the process it is of.
constexpr const char* kOwnerFile = "referee.pid";

// Removes the arenas in `temporary` (a referee's, a tournament's: folders
// of this user with an owner file) whose process is gone: one killed with
// -9 could not remove its own.
void remove_abandoned(const fs::path& temporary) {
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(temporary, error)) {
    if (!entry.is_directory(error) || entry.is_symlink(error)) continue;
    struct stat info {};
    if (::lstat(entry.path().c_str(), &info) != 0 || info.st_uid != ::geteuid()) continue;
    long pid = 0;
    if (!(std::ifstream(entry.path() / kOwnerFile) >> pid) || pid <= 0) continue;
    if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)
      CallArena::remove_folder(entry.path());
  }
}

}  // namespace

std::variant<std::unique_ptr<CallArena>, std::string> CallArena::open(
    const std::string& prefix, const ConfinementRequest& request, const CallLimits& limits) {
  std::unique_ptr<CallArena> arena(new CallArena());
  arena->limits_ = limits;
  remove_abandoned(fs::temp_directory_path());
  std::string base = (fs::temp_directory_path() / (prefix + ".XXXXXX")).string();
  if (!::mkdtemp(base.data()))
    return "cannot make a folder for the players in " + fs::temp_directory_path().string();
  arena->path_ = base;
  std::ofstream(arena->path_ / kOwnerFile) << ::getpid() << "\n";
  Confinement& c = arena->confinement_;
  std::error_code error;
  c.sandbox = request.sandbox;
  c.init = call_init_program();
  c.hidden = base;
  c.log = request.log;
  const bool root = ::geteuid() == 0;
  std::vector<std::string> polled;
  auto groups = CallGroups::open();
  if (auto* made = std::get_if<std::unique_ptr<CallGroups>>(&groups)) {
    arena->groups_ = std::move(*made);
    c.groups = arena->groups_.get();
  } else {
    polled.push_back("memory and processes (" + std::get<std::string>(groups) + ")");
  }
  if (request.sandbox) {
    if (root && lock_folder_ok()) {
      c.seat_users = true;
    } else {
      polled.push_back(root ? std::string("users (") + kSeatUserLocks + " is not root's alone)"
                            : "users (the players run as you: only root can give each its own)");
    }
    c.fixed_folder = root && private_mounts();
    if (!c.fixed_folder)
      polled.push_back(root ? "folders (no mount namespace of its own: " +
                                  std::string(std::strerror(errno)) + ")"
                            : "folders (only root can give each a filesystem of its own)");
  }
  for (const std::string& p : polled) arena->polled_ += (arena->polled_.empty() ? "" : "; ") + p;
  if (request.sandbox && !arena->polled_.empty() && !request.accept_polled)
    return "the kernel cannot enforce every limit here: " + arena->polled_ +
           ".\nRun as root on a machine with control groups (cgroup v2, or v1's memory and "
           "pids), or give --polled-limits to accept limits checked by polling, which shared "
           "memory, threads and reserved blocks can pass";
  arena->make_folder(arena->path_);
  return arena;
}

CallArena::~CallArena() {
  remove_folder(path_);
}

void CallArena::make_folder(const fs::path& folder) const {
  std::error_code error;
  fs::create_directories(folder, error);
  if (confinement_.seat_users) ::chmod(folder.c_str(), 0711);
}

int CallArena::lease_user(uid_t& user) {
  std::lock_guard lock(lease_mutex_);
  for (int tried = 0; tried < kSeatUsers; ++tried) {
    const int n = (next_user_ + tried) % kSeatUsers;
    const std::string file = std::string(kSeatUserLocks) + "/" + std::to_string(n);
    const int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) continue;
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) {
      next_user_ = n + 1;
      user = kFirstSeatUser + static_cast<uid_t>(n);
      // Whatever a killed referee left running as this user goes first.
      end_processes_of(user);
      return fd;
    }
    ::close(fd);
  }
  return -1;
}

std::variant<std::unique_ptr<SeatFolder>, std::string> CallArena::seat(const fs::path& folder) {
  Confinement c = confinement_;
  int lock = -1;
  if (c.seat_users) {
    lock = lease_user(c.user);
    if (lock < 0) return std::string("every seat user is taken (") + kSeatUserLocks + ")";
  }
  make_folder(folder.parent_path());
  std::error_code error;
  fs::create_directory(folder, error);
  auto seat = std::make_unique<SeatFolder>(folder, c, lock);
  if (error) return folder.string() + ": " + error.message();
  if (c.fixed_folder) {
    const std::string options = "size=" + mib_text(limits_.files_mib + kFolderSlackMib) +
                                ",nr_inodes=" + std::to_string(kMaxFolderEntries + 16) +
                                ",mode=0700,uid=" + std::to_string(c.user) +
                                ",gid=" + std::to_string(c.user);
    if (::mount("gridgames-seat", folder.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, options.c_str()) !=
        0)
      return folder.string() + ": cannot mount its filesystem: " + std::strerror(errno);
  } else {
    ::chmod(folder.c_str(), 0700);
    if (c.user) (void)!::chown(folder.c_str(), c.user, c.user);
  }
  return seat;
}

std::optional<std::string> CallArena::unreachable(const std::vector<std::string>& argv) const {
  if (!confinement_.sandbox || !confinement_.seat_users) return std::nullopt;
  for (std::size_t i = 0; i < argv.size(); ++i) {
    const fs::path file = argv[i];
    struct stat info {};
    if (!file.is_absolute() || ::stat(file.c_str(), &info) != 0) continue;
    // The program runs (a script is read too), a file is read, a folder entered.
    mode_t needed = S_IROTH;
    if (S_ISDIR(info.st_mode)) {
      needed = S_IXOTH;
    } else if (i == 0) {
      needed = S_IXOTH;
      char start[2] = {};
      std::ifstream(file, std::ios::binary).read(start, 2);
      if (start[0] == '#' && start[1] == '!') needed |= S_IROTH;
    }
    if ((info.st_mode & needed) == needed) continue;
    const std::string what = S_ISDIR(info.st_mode) ? "enter" : i == 0 ? "run" : "read";
    std::string mode = (needed & S_IROTH) ? "r" : "";
    if (needed & S_IXOTH) mode += "x";
    return file.string() + ": the players run as users of their own, who may not " + what +
           " it (chmod o+" + mode + " " + file.string() + ")";
  }
  return std::nullopt;
}

std::optional<std::string> CallArena::sandbox_problem() {
  if (!confinement_.sandbox) return std::nullopt;
  auto made = seat(path_ / "sandbox-check");
  if (auto* why = std::get_if<std::string>(&made)) return *why;
  const auto& check = std::get<std::unique_ptr<SeatFolder>>(made);
  const CallOutcome r = run_call({"true"}, check->path().string(), limits_, check->confinement());
  if (r.end == CallOutcome::End::Exited && r.code == 0) return std::nullopt;
  if (r.end == CallOutcome::End::NotStarted && r.output.empty() &&
      r.why_not_started == std::strerror(ENOENT))
    return "bubblewrap (bwrap) is not installed (Debian's package bubblewrap)";
  std::string why = r.output.substr(0, r.output.find('\n'));
  if (why.empty()) why = describe_end(r, limits_);
  if (why.empty()) why = "a test call exited " + std::to_string(r.code);
  return "bubblewrap: " + engine::printable(why, 200);
}

void CallArena::retire(const fs::path& folder) const {
  if (!confinement_.fixed_folder) remove_folder(folder);
}

void CallArena::remove_folder(const fs::path& folder) {
  if (folder.empty()) return;
  std::error_code error;
  // A seat's own filesystem (and whatever is mounted under the arena).
  for (int tries = 0; tries < 16 && ::umount2(folder.c_str(), MNT_DETACH) == 0; ++tries) {
  }
  fs::remove_all(folder, error);
  if (!error) return;
  for (fs::recursive_directory_iterator it(folder, error), end; !error && it != end;
       it.increment(error)) {
    if (it->is_directory(error) && !it->is_symlink(error)) {
      ::umount2(it->path().c_str(), MNT_DETACH);
      fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, error);
    }
  }
  fs::permissions(folder, fs::perms::owner_all, fs::perm_options::add, error);
  fs::remove_all(folder, error);
}

SeatFolder::~SeatFolder() {
  if (confinement_.fixed_folder) {
    ::umount2(folder_.c_str(), MNT_DETACH);
  } else {
    CallArena::remove_folder(folder_);
  }
  if (lock_ >= 0) ::close(lock_);
}

}  // namespace sandbox
