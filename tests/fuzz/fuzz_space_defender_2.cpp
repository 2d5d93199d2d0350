// Space Defender 2's transcripts: a fuzz input is a script, run to its end.
// After every command the board and the entity lists agree, and a refused
// command changed nothing in the game.
// fuzz-links: space_defender_2_session
#include <cstdint>
#include <string>

#include "etf_script.hpp"
#include "games/space-defender-2/session.hpp"
#include "games/space-defender-2/text.hpp"

namespace {

std::string snapshot(const space_defender_2::Session& s) {
  if (!s.battle()) return "none";
  return space_defender_2::text::starfighter_block(*s.battle()) +
         space_defender_2::text::board(*s.battle(), false);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  run_etf_script<space_defender_2::Session>(data, size, space_defender_2::grammar(), snapshot,
                                            [](const space_defender_2::Session& s) {
                                              if (s.battle())
                                                FUZZ_CHECK(s.battle()->is_consistent());
                                            });
  return 0;
}
