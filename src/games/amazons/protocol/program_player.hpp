// A tournament's `program:COMMAND` player of Amazons: each placement or
// turn is one call of COMMAND as the document's game master makes it
// (`COMMAND phase=placement amazons=N board.txt board.txt`, or
// `phase=movement`), in the seat's folder, confined (engine/call.hpp) and
// judged as the referee judges (player_call.hpp); what it played is then
// played out action by action. A call the judge refuses is the player's
// fault: the game is lost by crash, time or illegal action.
#pragma once

#include <memory>
#include <string>

#include "engine/players.hpp"
#include "sandbox/arena.hpp"

namespace amazons {

std::unique_ptr<engine::AnyBot> make_program_player(const std::string& command,
                                                    const sandbox::ProgramSeat& seat);

}  // namespace amazons
