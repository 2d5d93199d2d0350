// `gridgames bot --server URL --token T -- COMMAND...`: a bot account's
// bridge. It runs on the owner's machine, never on the server: it accepts
// the challenges made to the bot, asks the server for the engine
// protocol's request of each of its turns (docs/engine-protocol.md), runs
// COMMAND with it (a program of the protocol, there), and plays the answer.
// When the server cannot be reached it tries again until it can: a server
// restarted finds the bridge still there. It plays several games' turns
// at once (--at-once), each in a thread of its own.
#pragma once

#include <nlohmann/json.hpp>

namespace web {

// How long the bridge lets its program think on an engine protocol's
// request: the move's time it suggests (`clock.move_ms`, 2 s without one),
// or under a game clock twice that, never past what the clock has left
// (`clock.remaining_ms`); each game's turn has a thread of its own, so a
// long think in one never holds up another.
int decision_limit_ms(const nlohmann::json& request);

// argv[0] is "bot". Returns the exit code: 0 when stopped by a signal, 2
// for bad options or a token the server does not know.
int run_bot(int argc, char** argv);

}  // namespace web
