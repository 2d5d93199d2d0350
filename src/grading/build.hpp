// A submission's sources built before it is graded (`gridgames grade
// --build CMD`): the sources copied into a seat of the sandbox, CMD run
// there by /bin/sh with the seat's limits (its own time limit) and its
// output kept as the build's log, then the folder it built copied where the
// tests' calls can run it (outside the arena, read-only to them).
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "sandbox/arena.hpp"

namespace grading {

struct Build {
  Build() = default;
  Build(const Build&) = delete;
  Build& operator=(const Build&) = delete;
  ~Build();  // the built copy goes

  std::filesystem::path folder;  // the built copy (empty when the build failed)
  std::string log;               // the last lines of the build's output
  std::string failure;           // why it failed, in words; empty when it built
};

// Builds the sources of `sources` with `command` in a seat named `seat`.
std::unique_ptr<Build> build_submission(sandbox::CallArena& arena,
                                        const std::filesystem::path& sources,
                                        const std::string& command,
                                        const sandbox::CallLimits& limits, const std::string& seat);

// The last `bytes` of a file, from a line's start ("" if it cannot be read).
std::string file_tail(const std::filesystem::path& file, std::size_t bytes);

}  // namespace grading
