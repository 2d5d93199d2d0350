// RAIInet: the fuzz input's first line is a placement file for player 1, the
// second an ability order, the rest a command stream (sequence files are
// refused here: the fuzzer must not read the disk). The readers never crash;
// an accepted placement holds every link once; after every command the
// display shows the true counts, and a refused command changed nothing.
// fuzz-links: raiinet_session
#include <cstdint>
#include <sstream>
#include <string>

#include "games/raiinet/session.hpp"
#include "games/raiinet/setup.hpp"
#include "games/raiinet/text.hpp"
#include "invariant.hpp"

namespace {

const raiinet::Placement kDefault =
    std::get<raiinet::Placement>(raiinet::parse_placement("V1 V2 V3 V4 D1 D2 D3 D4"));

void check_display(const raiinet::Session& s) {
  const raiinet::Position& g = s.game();
  const std::string shown = raiinet::text::display(g, g.current());
  for (int p = 0; p < 2; ++p) {
    int data = 0, viruses = 0;
    for (int q = 0; q < 2; ++q) {
      for (const raiinet::Link& l : g.player(q).links) {
        if (l.downloaded_by == p) (l.value.kind == raiinet::Kind::Data ? data : viruses) += 1;
      }
    }
    const std::string line =
        "Player " + std::to_string(p + 1) + ":\nDownloaded: " + std::to_string(data) + "D, " +
        std::to_string(viruses) + "V\nAbilities: " + std::to_string(g.unused_cards(p)) + "\n";
    FUZZ_CHECK(shown.find(line) != std::string::npos);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::string placement_text, order_text;
  std::getline(in, placement_text);
  std::getline(in, order_text);
  raiinet::Placement first = kDefault;
  auto placement = raiinet::parse_placement(placement_text);
  if (auto* p = std::get_if<raiinet::Placement>(&placement)) {
    int strength_sum = 0, viruses = 0;
    for (const auto& v : *p) {
      strength_sum += v.strength;
      viruses += v.kind == raiinet::Kind::Virus;
    }
    FUZZ_CHECK(strength_sum == 20 && viruses == 4);
    first = *p;
  }
  std::array<char, raiinet::kCards> cards = {'L', 'F', 'D', 'S', 'P'};
  auto order = raiinet::parse_ability_order(order_text);
  if (auto* o = std::get_if<std::array<char, raiinet::kCards>>(&order)) cards = *o;
  raiinet::Session session(raiinet::Position(first, kDefault, cards, {'E', 'Z', 'H', 'P', 'S'}));
  std::string line;
  int lines = 0;
  while (!session.finished() && std::getline(in, line) && ++lines < 400) {
    if (line.find("sequence") != std::string::npos) continue;
    const std::string before =
        raiinet::text::display(session.game(), 0) + raiinet::text::display(session.game(), 1);
    const std::string out = session.execute(line);
    if (out.rfind("Error: ", 0) == 0) {
      FUZZ_CHECK(raiinet::text::display(session.game(), 0) +
                     raiinet::text::display(session.game(), 1) ==
                 before);
    }
    FUZZ_CHECK(session.game().is_consistent());
    check_display(session);
  }
  return 0;
}
