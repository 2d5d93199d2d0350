// Random play: thousands of seeded random commands. After each, every piece
// is in exactly one place (unused, board or cemetery), and undo restores the
// previous display exactly.
#include <gtest/gtest.h>

#include "engine/random.hpp"
#include "games/sword-and-shield/session.hpp"

namespace sas {
namespace {

void expect_each_piece_in_one_place(const Game& g) {
  ASSERT_TRUE(g.is_consistent());
}

std::string random_command(engine::Random& rng, const Game& g) {
  static const char* const kMoves[] = {"up", "right", "down", "left"};
  const char base = g.turn() == kYellow ? 'a' : 'A';
  const std::string letter(1, static_cast<char>(base + rng.below(kPiecesPerSide)));
  switch (rng.below(10)) {
    case 0:
      return "create " + letter + " " + std::to_string(90 * rng.below(4));
    case 1:
    case 2:
    case 3: {
      // Prefer pieces on the board.
      std::vector<char> mine;
      for (int p = 0; p < kPieces; ++p) {
        if (owner_of_piece(p) == g.turn() && g.place(p) == Place::Board)
          mine.push_back(piece_letter(p));
      }
      const std::string who =
          mine.empty() ? letter
                       : std::string(1, mine[rng.below(static_cast<std::uint32_t>(mine.size()))]);
      return "move " + who + " " + kMoves[rng.below(4)];
    }
    case 4:
      return "rotate " + letter + " " + std::to_string(rng.between(1, 4));
    case 5:
    case 6:
      if (!g.pending().empty()) {
        const Reaction& r = g.pending()[rng.below(static_cast<std::uint32_t>(g.pending().size()))];
        return std::string(1, g.label(r.first)) + " " + g.label(r.second);
      }
      return "pass";
    case 7:
      return "undo";
    default:
      return "pass";
  }
}

TEST(SwordAndShieldRandomPlay, PiecesStayWholeAndUndoRestoresEveryDisplay) {
  engine::Random rng(99);
  int games = 0, wins = 0, commands = 0;
  while (commands < 30000) {
    Session s;
    ++games;
    for (int i = 0; i < 400 && !s.game().winner(); ++i, ++commands) {
      const std::string before = s.display();
      const std::string command = random_command(rng, s.game());
      const std::string out = s.execute(command);
      expect_each_piece_in_one_place(s.game());
      if (command == "undo" || out.rfind("Error", 0) == 0) continue;
      const std::string after = s.display();
      ASSERT_EQ(s.execute("undo"), before) << command;
      ASSERT_EQ(s.execute(command), out) << "replaying " << command;
      ASSERT_EQ(s.display(), after);
    }
    wins += s.game().winner().has_value();
  }
  EXPECT_GT(games, 50);
  EXPECT_GT(wins, 0);
}

}  // namespace
}  // namespace sas
