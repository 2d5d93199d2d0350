// SimOdyssey's transcripts: a fuzz input is a script, run to its end. After
// every command the game's invariants hold, and a refused command changed nothing.
// fuzz-links: simodyssey_session
#include <cstdint>
#include <string>

#include "etf_script.hpp"
#include "games/simodyssey/session.hpp"

namespace {

std::string snapshot(const simodyssey::Session& s) {
  if (!s.state()) return "none";
  std::string out;
  for (const auto& [id, e] : s.state()->galaxy().entities()) {
    out += std::to_string(id) + ":" + std::to_string(e.location.sector.row) +
           std::to_string(e.location.sector.col) + std::to_string(e.location.quadrant) +
           std::to_string(e.fuel) + std::to_string(e.turns_left) + (e.landed ? "L" : "") +
           (e.attached ? "A" : "") + (e.visited ? "V" : "") + ";";
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  run_etf_script<simodyssey::Session>(data, size, simodyssey::grammar(), snapshot,
                                      [](const simodyssey::Session& s) {
                                        if (s.state()) FUZZ_CHECK(!s.state()->check_invariants());
                                      });
  return 0;
}
