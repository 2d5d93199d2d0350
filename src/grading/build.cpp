#include "grading/build.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

#include "sandbox/call.hpp"

namespace grading {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kLogTail = 4096;
constexpr auto kCopy = fs::copy_options::recursive | fs::copy_options::skip_symlinks;

// Gives every file and folder under `folder` to `user` (a seat's), so that
// the build may write beside its sources.
void give(const fs::path& folder, uid_t user) {
  if (user == 0) return;
  std::error_code error;
  (void)!::chown(folder.c_str(), user, user);
  for (fs::recursive_directory_iterator it(folder, error), end; !error && it != end;
       it.increment(error))
    (void)!::lchown(it->path().c_str(), user, user);
}

// What the tests' calls (another seat's user each) need of the built copy:
// every folder passable and readable, every file readable, executables
// kept so.
void open_to_all(const fs::path& folder) {
  std::error_code error;
  fs::permissions(folder,
                  fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                      fs::perms::others_read | fs::perms::others_exec,
                  error);
  for (fs::recursive_directory_iterator it(folder, error), end; !error && it != end;
       it.increment(error)) {
    const auto add = it->is_directory(error)
                         ? fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                               fs::perms::others_read | fs::perms::others_exec
                         : fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read;
    fs::permissions(it->path(), add, fs::perm_options::add, error);
  }
}

}  // namespace

Build::~Build() {
  std::error_code error;
  if (!folder.empty()) fs::remove_all(folder, error);
}

std::string file_tail(const fs::path& file, std::size_t bytes) {
  std::error_code error;
  const auto size = fs::file_size(file, error);
  if (error || size == 0) return "";
  std::ifstream in(file, std::ios::binary);
  const auto from = size > bytes ? size - bytes : 0;
  in.seekg(static_cast<std::streamoff>(from));
  std::string tail(static_cast<std::size_t>(size - from), '\0');
  in.read(tail.data(), static_cast<std::streamsize>(tail.size()));
  tail.resize(static_cast<std::size_t>(in.gcount()));
  if (from > 0) {
    const std::size_t line = tail.find('\n');
    tail = line == std::string::npos ? "" : tail.substr(line + 1);
  }
  return tail;
}

std::unique_ptr<Build> build_submission(sandbox::CallArena& arena, const fs::path& sources,
                                        const std::string& command,
                                        const sandbox::CallLimits& limits,
                                        const std::string& seat) {
  auto build = std::make_unique<Build>();
  auto made = arena.seat(arena.path() / seat);
  if (const auto* why = std::get_if<std::string>(&made)) {
    build->failure = "no seat to build in: " + *why;
    return build;
  }
  const auto& folder = *std::get<std::unique_ptr<sandbox::SeatFolder>>(made);
  std::error_code error;
  fs::copy(sources, folder.path(), kCopy, error);
  if (error) {
    build->failure = "its sources could not be copied: " + error.message();
    return build;
  }
  give(folder.path(), folder.confinement().user);
  const sandbox::CallOutcome r =
      sandbox::run_call({"/bin/sh", "-c", "exec >build.log 2>&1\n" + command},
                        folder.path().string(), limits, folder.confinement());
  build->log = file_tail(folder.path() / "build.log", kLogTail);
  if (r.end != sandbox::CallOutcome::End::Exited || r.code != 0) {
    build->failure = "the build failed: " + (r.end == sandbox::CallOutcome::End::Exited
                                                 ? "exit " + std::to_string(r.code)
                                                 : sandbox::describe_end(r, limits));
    return build;
  }
  std::string copy = (fs::temp_directory_path() / "gridgames-built.XXXXXX").string();
  if (!::mkdtemp(copy.data())) {
    build->failure = "no folder for the built program in " + fs::temp_directory_path().string();
    return build;
  }
  build->folder = copy;
  fs::copy(folder.path(), build->folder, kCopy, error);
  open_to_all(build->folder);
  return build;
}

}  // namespace grading
