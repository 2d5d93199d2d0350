// Sword and Shield's command stream, undo included. After every command each
// piece is in exactly one place, a refused command changed nothing, and undo
// restores the display before the last command.
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "games/sword-and-shield/session.hpp"
#include "invariant.hpp"

namespace {

void check_pieces(const sas::Game& g) {
  std::array<int, sas::kPieces> on_board{};
  for (int row = 1; row <= sas::kSize; ++row) {
    for (int col = 1; col <= sas::kSize; ++col) {
      const auto content = g.at({row, col});
      if (content >= 0 && content < sas::kPieces) ++on_board[static_cast<std::size_t>(content)];
      if (!sas::Game::on_board({row, col})) FUZZ_CHECK(content == sas::kEmpty);
    }
  }
  for (int p = 0; p < sas::kPieces; ++p) {
    FUZZ_CHECK(on_board[static_cast<std::size_t>(p)] == (g.place(p) == sas::Place::Board ? 1 : 0));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  sas::Session session;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::string line;
  std::vector<std::string> displays = {session.display()};
  int lines = 0;
  while (!session.finished() && std::getline(in, line) && ++lines < 300) {
    const std::string before = session.display();
    const std::string out = session.execute(line);
    check_pieces(session.game());
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
