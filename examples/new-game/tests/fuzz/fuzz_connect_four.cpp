// Connect Four's command stream, undo included. After every command the
// rules' invariants hold, a refused command changed nothing, and undo
// restores the display before the last drop.
// fuzz-links: connect_four_session
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "engine/words.hpp"
#include "games/connect-four/session.hpp"
#include "invariant.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  connect_four::Session session;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::string line;
  std::vector<std::string> displays = {session.display()};
  int lines = 0;
  while (!session.finished() && std::getline(in, line) && ++lines < 300) {
    const std::string before = session.display();
    const std::string out = session.execute(line);
    FUZZ_CHECK(!session.state().check_invariants());
    const auto words = engine::split_words(line);
    const bool refused = out.rfind("Error: ", 0) == 0;
    const bool shows = words.size() == 1 && (words[0] == "help" || words[0] == "board");
    if (refused || shows) FUZZ_CHECK(session.display() == before);
    if (refused || shows || out.empty()) continue;
    if (words.size() == 1 && words[0] == "undo") {
      displays.pop_back();
      FUZZ_CHECK(session.display() == displays.back());
    } else {
      displays.push_back(session.display());
    }
  }
  return 0;
}
