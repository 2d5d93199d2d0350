#pragma once
// gridgames tournament: bots of a game of two in a round robin, in pairs
// of games with the seats swapped, with Elo, pair statistics and an SPRT.

namespace launcher {

int run_tournament(int argc, const char* const* argv);

}  // namespace launcher
