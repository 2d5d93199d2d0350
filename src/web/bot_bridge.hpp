// `gridgames bot --server URL --token T -- COMMAND...`: a bot account's
// bridge. It runs on the owner's machine, never on the server: it accepts
// the challenges made to the bot, asks the server for the engine
// protocol's request of each of its turns (docs/engine-protocol.md), runs
// COMMAND with it (a program of the protocol, there), and plays the answer.
// When the server cannot be reached it tries again until it can: a server
// restarted finds the bridge still there.
#pragma once

namespace web {

// argv[0] is "bot". Returns the exit code: 0 when stopped by a signal, 2
// for bad options or a token the server does not know.
int run_bot(int argc, char** argv);

}  // namespace web
