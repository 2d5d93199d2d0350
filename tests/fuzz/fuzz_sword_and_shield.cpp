// Sword and Shield's command stream, undo included. After every command each
// piece is in exactly one place, a refused command changed nothing, and undo
// restores the display before the last command.
// fuzz-links: sword_and_shield_session
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "engine/words.hpp"
#include "games/sword-and-shield/session.hpp"
#include "invariant.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  sword_and_shield::Session session;
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
    // help and board only show: undo takes back the command before them.
    const auto words = engine::split_words(line);
    const auto only = [&](const char* command) { return words.size() == 1 && words[0] == command; };
    if (only("help") || only("board")) FUZZ_CHECK(session.display() == before);
    if (refused || out.empty() || only("help") || only("board")) continue;
    if (only("undo")) {
      if (displays.size() > 1) displays.pop_back();
      FUZZ_CHECK(session.display() == displays.back());
    } else {
      displays.push_back(session.display());
    }
  }
  return 0;
}
