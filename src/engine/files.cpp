#include "engine/files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace engine {
namespace {

FileProblem problem_of(int error) {
  if (error == ENOENT) return {"no such file"};
  if (error == EISDIR) return {"is a directory"};
  return {std::strerror(error)};
}

// The temporary file being written, removed by the handlers below if the
// program is stopped while it exists.
char pending_temporary[4096] = "";

extern "C" void remove_pending_temporary(int signal_number) {
  if (pending_temporary[0] != '\0') ::unlink(pending_temporary);
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);
}

constexpr int kCleanupSignals[] = {SIGTERM, SIGINT, SIGHUP};

// Installs the handlers for as long as it lives.
class TemporaryGuard {
 public:
  explicit TemporaryGuard(const std::string& path) {
    std::strncpy(pending_temporary, path.c_str(), sizeof pending_temporary - 1);
    for (int s : kCleanupSignals) old_[index(s)] = std::signal(s, remove_pending_temporary);
  }
  ~TemporaryGuard() {
    for (int s : kCleanupSignals) std::signal(s, old_[index(s)]);
    pending_temporary[0] = '\0';
  }
  TemporaryGuard(const TemporaryGuard&) = delete;
  TemporaryGuard& operator=(const TemporaryGuard&) = delete;

 private:
  static std::size_t index(int s) { return s == SIGTERM ? 0 : s == SIGINT ? 1 : 2; }
  void (*old_[3])(int) = {};
};

bool write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// Whether the user may write an existing file. Root may write anything, but a
// file without any write permission is read-only on purpose: it is refused.
bool may_write(const std::string& path, const struct stat& info) {
  if (::geteuid() == 0) return (info.st_mode & 0222) != 0;
  return ::access(path.c_str(), W_OK) == 0;
}

std::variant<OutputKind, FileProblem> write_into(const std::string& path, std::string_view text) {
  // O_NONBLOCK: a FIFO nobody reads is an error, not a hang.
  const int fd = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return problem_of(errno);
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  const bool written = write_all(fd, text);
  const int error = errno;
  ::close(fd);
  if (!written) return problem_of(error);
  return OutputKind::Device;
}

std::string directory_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string name_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

mode_t new_file_mode() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

// Replaces the regular file `path` (or creates it) through a temporary file.
std::variant<OutputKind, FileProblem> replace(const std::string& path, std::string_view text,
                                              const struct stat* existing) {
  std::string temporary = directory_of(path) + "/." + name_of(path) + ".XXXXXX";
  const int fd = ::mkstemp(temporary.data());
  if (fd < 0) {
    return FileProblem{"cannot create a temporary file beside it: " +
                       std::string(std::strerror(errno))};
  }
  TemporaryGuard guard(temporary);
  ::fcntl(fd, F_SETFD, FD_CLOEXEC);
  bool ok = ::fchmod(fd, existing ? existing->st_mode & 07777 : new_file_mode()) == 0;
  if (ok && existing && ::geteuid() == 0)
    ok = ::fchown(fd, existing->st_uid, existing->st_gid) == 0;
  ok = ok && write_all(fd, text) && ::fsync(fd) == 0;
  int error = errno;
  ok = ::close(fd) == 0 && ok;
  if (ok && ::rename(temporary.c_str(), path.c_str()) != 0) {
    ok = false;
    error = errno;
  }
  if (!ok) {
    ::unlink(temporary.c_str());
    return problem_of(error);
  }
  return OutputKind::RegularFile;
}

// The rest of an open file, at most `max_bytes`; closes it.
std::variant<std::string, FileProblem> read_to_end(int fd, std::size_t max_bytes) {
  struct stat info {};
  if (::fstat(fd, &info) == 0 && S_ISDIR(info.st_mode)) {
    ::close(fd);
    return FileProblem{"is a directory"};
  }
  std::string text;
  if (S_ISREG(info.st_mode) && info.st_size > 0)
    text.reserve(std::min(max_bytes, static_cast<std::size_t>(info.st_size)));
  char buffer[1 << 16];
  while (true) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int error = errno;
      ::close(fd);
      return problem_of(error);
    }
    if (n == 0) break;
    if (text.size() + static_cast<std::size_t>(n) > max_bytes) {
      ::close(fd);
      return FileProblem{"is over " + std::to_string(max_bytes) + " bytes"};
    }
    text.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return text;
}

}  // namespace

std::variant<std::string, FileProblem> read_text_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) return problem_of(errno);
  return read_to_end(fd, std::string().max_size());
}

std::variant<std::string, FileProblem> read_untrusted_file(const std::string& path,
                                                           std::size_t max_bytes) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0) return errno == ELOOP ? FileProblem{"is a symbolic link"} : problem_of(errno);
  struct stat info {};
  if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    ::close(fd);
    return FileProblem{S_ISDIR(info.st_mode) ? "is a directory" : "is not a regular file"};
  }
  return read_to_end(fd, max_bytes);
}

std::variant<OutputKind, FileProblem> write_file_safely(const std::string& path,
                                                        std::string_view text) {
  std::string target = path;
  struct stat info {};
  if (::lstat(path.c_str(), &info) == 0 && S_ISLNK(info.st_mode)) {
    const std::unique_ptr<char, decltype(&std::free)> real(::realpath(path.c_str(), nullptr),
                                                           &std::free);
    if (!real) return FileProblem{"is a symbolic link to nothing"};
    target = real.get();
  }
  if (::stat(target.c_str(), &info) != 0) {
    if (errno != ENOENT) return problem_of(errno);
    return replace(target, text, nullptr);
  }
  if (S_ISDIR(info.st_mode)) return FileProblem{"is a directory"};
  if (S_ISCHR(info.st_mode) || S_ISBLK(info.st_mode) || S_ISFIFO(info.st_mode)) {
    return write_into(target, text);
  }
  if (!S_ISREG(info.st_mode)) return FileProblem{"is not a regular file"};
  if (!may_write(target, info)) return FileProblem{"is read-only"};
  return replace(target, text, &info);
}

}  // namespace engine
