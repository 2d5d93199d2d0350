// Sword and Shield's command stream, undo included. After every command each
// piece is in exactly one place, a refused command changed nothing, and undo
// restores the display before the last command.
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "games/sword-and-shield/session.hpp"
#include "invariant.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  sas::Session session;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::string line;
  std::vector<std::string> displays = {session.display()};
  int lines = 0;
  while (!session.finished() && std::getline(in, line) && ++lines < 300) {
    const std::string before = session.display();
    const std::string out = session.execute(line);
    FUZZ_CHECK(session.game().is_consistent());
    const bool refused = out.rfind("Error: ", 0) == 0;
    if (refused && out.find("taken back") == std::string::npos)
      FUZZ_CHECK(session.display() == before);
    if (refused || out.empty()) continue;
    if (line.find("undo") != std::string::npos) {
      if (displays.size() > 1) displays.pop_back();
      FUZZ_CHECK(session.display() == displays.back());
    } else {
      displays.push_back(session.display());
    }
  }
  return 0;
}
