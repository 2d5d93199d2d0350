// SimOdyssey's transcripts: a fuzz input is a script, run to its end. After
// every command the galaxy is consistent, and a refused command changed nothing.
#include <cstdint>
#include <sstream>
#include <string>

#include "games/simodyssey/session.hpp"
#include "invariant.hpp"

namespace {

std::string snapshot(const simodyssey::Session& s) {
  if (!s.galaxy()) return "none";
  std::string out;
  for (const auto& [id, e] : s.galaxy()->entities()) {
    out += std::to_string(id) + ":" + std::to_string(e.location.sector.row) +
           std::to_string(e.location.sector.col) + std::to_string(e.location.quadrant) +
           std::to_string(e.fuel) + std::to_string(e.turns_left) + (e.landed ? "L" : "") +
           (e.attached ? "A" : "") + (e.visited ? "V" : "") + ";";
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  simodyssey::Session session;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::string line;
  int lines = 0;
  while (std::getline(in, line) && ++lines < 400) {
    auto parsed = simodyssey::grammar().parse(line);
    if (!std::holds_alternative<engine::etf::Command>(parsed)) continue;
    const std::string before = snapshot(session);
    const std::string out = session.execute(std::get<engine::etf::Command>(parsed));
    FUZZ_CHECK(!out.empty());
    if (out.find(", error\n") != std::string::npos) FUZZ_CHECK(snapshot(session) == before);
    if (session.galaxy()) FUZZ_CHECK(session.galaxy()->is_consistent());
  }
  return 0;
}
