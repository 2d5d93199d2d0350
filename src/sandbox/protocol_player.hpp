// A seat played by a program of the engine protocol (engine/protocol.hpp,
// docs/engine-protocol.md), of any game: each decision a call in the seat's
// folder and sandbox (sandbox/call.hpp), the request on its standard input
// (a file beside the seat's folder, which the program never sees), the
// action the first line of its output. A call that breaks a limit, runs
// out of time, exits otherwise than 0 or answers nothing is the seat's
// fault; an answer the rules refuse is the caller's to judge.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/players.hpp"
#include "sandbox/arena.hpp"

namespace sandbox {

// `moves`: the game's actions so far, kept by the caller as it plays them
// (alive while the player is); `game` and `params`: what the game was made
// of. Null when `command` has no words.
std::unique_ptr<engine::AnyBot> make_protocol_player(const std::string& command,
                                                     const ProgramSeat& seat, std::string game,
                                                     engine::Params params,
                                                     const std::vector<std::string>* moves);

}  // namespace sandbox
