// The command-line options of calls of others' programs (sandbox/call.hpp),
// the same in every program that makes them: the Amazons referee's and
// `gridgames tournament`'s. Header-only: the programs link CLI11.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "sandbox/arena.hpp"

namespace sandbox {

// --limit (unless `time_limit` is false: a program with its own), --memory,
// --processes, --files, --no-sandbox and --polled-limits; `who` names the
// programs in the help ("the players").
inline void add_call_options(CLI::App& app, CallLimits& limits, ConfinementRequest& request,
                             const std::string& who, const std::string& unconfined,
                             bool time_limit = true) {
  if (time_limit)
    app.add_option("--limit", limits.time_ms, who + ": milliseconds allowed a call (2000)")
        ->check(CLI::Range(1, 3600000));
  app.add_option("--memory", limits.memory_mib,
                 who +
                     ": MiB of memory a call's processes may hold together, shared memory "
                     "and their folder's files included (1024)")
      ->check(CLI::Range(16, 1 << 20));
  app.add_option("--processes", limits.processes,
                 who + ": tasks (processes and threads) a call may have at once (64)")
      ->check(CLI::Range(1, 100000));
  app.add_option("--files", limits.files_mib,
                 who + ": MiB written in a file, and held in the folder (64)")
      ->check(CLI::Range(1, 1 << 20));
  app.add_flag(
      "!--no-sandbox", request.sandbox,
      "run " + who + " without the sandbox: they can read and write all " + unconfined + " can");
  app.add_flag("--polled-limits", request.accept_polled,
               "where the kernel cannot enforce the limits (not root, no control groups), run " +
                   who +
                   " with limits checked by polling, which shared memory, threads and "
                   "reserved blocks can pass");
}

}  // namespace sandbox
