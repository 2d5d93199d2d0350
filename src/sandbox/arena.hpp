// Where others' programs play (the Amazons referee's players, a tournament's
// `program:` players): a temporary folder of the process with a folder for
// each seat, and how the calls made there are confined (sandbox/call.hpp).
//
// Run by root with the sandbox, everything the kernel can enforce is used:
// each call in control groups of its own (sandbox/cgroup.hpp: memory with
// shared memory, memfd and tmpfs pages, tasks with threads), each seat's
// folder a filesystem of fixed size (a tmpfs mounted in a mount namespace
// private to this process, so nothing of it shows outside or outlives it),
// and each seat a user of its own, leased from a range that no two arenas of
// the machine share at once. Where that cannot be had (not root, no control
// groups), the arena refuses unless the weaker, polled limits are accepted.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <variant>

#include "sandbox/call.hpp"
#include "sandbox/cgroup.hpp"

namespace sandbox {

// The users of the seats: ids kFirstSeatUser to kFirstSeatUser + kSeatUsers
// - 1, none of them a real user's, each leased while a file lock in
// kSeatUserLocks is held (the kernel drops it when the holder dies).
inline constexpr uid_t kFirstSeatUser = 2'000'000'000;
inline constexpr int kSeatUsers = 65'536;
inline constexpr const char* kSeatUserLocks = "/run/gridgames-users";
// A seat's folder holds --files MiB; its filesystem has this much more, so
// that the board of the next call always fits beside what a player may keep.
inline constexpr int kFolderSlackMib = 16;

// What an organiser asked of the confinement.
struct ConfinementRequest {
  bool sandbox = true;
  bool accept_polled = false;  // run even where the kernel cannot enforce the limits
  std::string log;             // the log the sandbox shows empty
};

// A seat's folder and user, removed (and its user freed) when this ends; a
// filesystem of its own is unmounted, its empty folder left for the arena
// to remove (CallArena::retire).
class SeatFolder {
 public:
  SeatFolder(std::filesystem::path folder, Confinement confinement, int lock)
      : folder_(std::move(folder)), confinement_(std::move(confinement)), lock_(lock) {}
  ~SeatFolder();
  SeatFolder(const SeatFolder&) = delete;
  SeatFolder& operator=(const SeatFolder&) = delete;

  const std::filesystem::path& path() const { return folder_; }
  // The arena's confinement with this seat's user.
  const Confinement& confinement() const { return confinement_; }

 private:
  std::filesystem::path folder_;
  Confinement confinement_;
  int lock_ = -1;  // the lease of its user
};

class CallArena {
 public:
  // "amazons-referee": /tmp/amazons-referee.XXXXXX. The arena, or why the
  // calls cannot be confined as asked.
  static std::variant<std::unique_ptr<CallArena>, std::string> open(
      const std::string& prefix, const ConfinementRequest& request, const CallLimits& limits);
  ~CallArena();
  CallArena(const CallArena&) = delete;
  CallArena& operator=(const CallArena&) = delete;

  const std::filesystem::path& path() const { return path_; }
  // The confinement every seat shares (its user aside).
  const Confinement& confinement() const { return confinement_; }
  // Which limits only polling enforces here, in words ("" when the kernel
  // enforces them all, or there is no sandbox), for standings and logs.
  const std::string& polled() const { return polled_; }

  // A new seat: `folder` (under path()) made for one player, with a user of
  // its own where root runs the players. Null, and why, if it cannot be made.
  std::variant<std::unique_ptr<SeatFolder>, std::string> seat(const std::filesystem::path& folder);
  // A folder under path() that seats are made in (passable, not listable).
  void make_folder(const std::filesystem::path& folder) const;

  // Whether a call runs in the sandbox here: if not, why, in words.
  std::optional<std::string> sandbox_problem();

  // Whether a seat's user can run `argv` (its program, and each file or
  // folder it names by an absolute path; the folders on the way are made
  // passable in the sandbox): if not, which to open, and why.
  std::optional<std::string> unreachable(const std::vector<std::string>& argv) const;

  // A folder under path() that the calls are done with (a game's): removed
  // now, or, where the seats are filesystems of their own, when the arena
  // ends: a sandbox that started meanwhile holds a copy of every seat's
  // mount, and bubblewrap fails if a folder on the way to one is gone.
  void retire(const std::filesystem::path& folder) const;
  // Removes a folder whatever a player did to it (folders it made
  // unreadable, a filesystem mounted on it).
  static void remove_folder(const std::filesystem::path& folder);

 private:
  CallArena() = default;
  int lease_user(uid_t& user);

  std::filesystem::path path_;
  Confinement confinement_;
  std::unique_ptr<CallGroups> groups_;
  CallLimits limits_;
  std::string polled_;
  std::mutex lease_mutex_;
  int next_user_ = 0;
};

// Where and how a program of someone else plays a seat: its own folder and
// confinement (made and removed by the caller, alive while the player is)
// and its limits.
struct ProgramSeat {
  const SeatFolder* seat = nullptr;
  CallLimits limits;
};

}  // namespace sandbox
