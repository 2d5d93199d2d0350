// Space Defender 2's transcripts: a fuzz input is a script, run to its end.
// After every command the board and the entity lists agree, and a refused
// command changed nothing in the game.
#include <cstdint>
#include <sstream>
#include <string>

#include "games/space-defender-2/session.hpp"
#include "games/space-defender-2/text.hpp"
#include "invariant.hpp"

namespace {

std::string snapshot(const sd2::Session& s) {
  if (!s.battle()) return "none";
  return sd2::text::starfighter_block(*s.battle()) + sd2::text::board(*s.battle(), false);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  sd2::Session session;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::string line;
  int lines = 0;
  while (std::getline(in, line) && ++lines < 400) {
    auto parsed = sd2::grammar().parse(line);
    if (!std::holds_alternative<engine::etf::Command>(parsed)) continue;
    const std::string before = snapshot(session);
    const std::string out = session.execute(std::get<engine::etf::Command>(parsed));
    FUZZ_CHECK(!out.empty());
    if (out.find(", error\n") != std::string::npos) FUZZ_CHECK(snapshot(session) == before);
    if (session.battle()) FUZZ_CHECK(session.battle()->is_consistent());
  }
  return 0;
}
