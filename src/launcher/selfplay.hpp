// `gridgames selfplay GAME [OPTIONS]`: the match runner of the game contract.
#pragma once

namespace launcher {

// argv[0] is "selfplay". Returns the exit code.
int run_selfplay(int argc, const char* const* argv);

}  // namespace launcher
