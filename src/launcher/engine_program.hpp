// `gridgames engine GAME BOT`: one of our bots as a program of the engine
// protocol (engine/protocol.hpp, docs/engine-protocol.md), for a tournament
// or `gridgames bot` (a bot account online) to run like anyone's program.
#pragma once

namespace launcher {

// argv[0] is "engine". Reads one request on standard input, prints the
// bot's action; exits 0, or 2 (with the reason on standard error) when the
// request or the arguments cannot be played.
int run_engine(int argc, const char* const* argv);

}  // namespace launcher
