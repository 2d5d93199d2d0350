// Reading and writing the files a user names, safely: what the programs
// read and write are other people's files, and a mistake must cost nothing.
#pragma once

#include <string>
#include <string_view>
#include <variant>

namespace engine {

// Why a file could not be read or written, ready to print after its name:
// "no such file", "is a directory", "permission denied".
struct FileProblem {
  std::string reason;
};

// The whole file. A directory, a missing or an unreadable file says so.
std::variant<std::string, FileProblem> read_text_file(const std::string& path);

// A file another program left for us: only a regular file (not a symbolic
// link, FIFO or device, which could point anywhere or block), of at most
// `max_bytes` bytes.
std::variant<std::string, FileProblem> read_untrusted_file(const std::string& path,
                                                           std::size_t max_bytes);

// What `write_file_safely` found at the path: a regular file (or nothing
// yet), or a device or FIFO that is written into.
enum class OutputKind { RegularFile, Device };

// Writes `text` to `path` so that a failure changes nothing and every kind of
// path keeps what it is:
//  - a regular file (or none yet) is replaced through a temporary file with
//    an unpredictable name, created exclusively beside it, and a rename; an
//    existing file keeps its mode (and, for root, its owner);
//  - through a symbolic link, the file it points to is updated and the link
//    kept;
//  - a device or FIFO is written into, never renamed over;
//  - a directory, or a file the user may not write (read-only files are
//    refused even to root), is refused.
// The temporary file is removed on every path, errors and SIGTERM, SIGINT and
// SIGHUP included. Returns the problem, or the kind of file written.
std::variant<OutputKind, FileProblem> write_file_safely(const std::string& path,
                                                        std::string_view text);

}  // namespace engine
