// Random play: thousands of seeded games of random commands (legal moves and
// abilities with random targets). Every game ends with a winner and the
// display always shows the true counts.
#include <gtest/gtest.h>

#include "engine/random.hpp"
#include "games/raiinet/session.hpp"
#include "games/raiinet/setup.hpp"

namespace raiinet {
namespace {

void expect_display_is_true(const Session& s) {
  const Game& g = s.game();
  const std::string shown = s.board();
  for (int p = 0; p < 2; ++p) {
    int data = 0, viruses = 0;
    for (int q = 0; q < 2; ++q) {
      for (const Link& l : g.player(q).links) {
        if (l.downloaded_by != p) continue;
        (l.value.kind == Kind::Data ? data : viruses) += 1;
      }
    }
    const std::string line =
        "Player " + std::to_string(p + 1) + ":\nDownloaded: " + std::to_string(data) + "D, " +
        std::to_string(viruses) + "V\nAbilities: " + std::to_string(g.unused_cards(p)) + "\n";
    ASSERT_NE(shown.find(line), std::string::npos) << shown;
  }
}

std::string random_command(engine::Random& rng, const Game& g) {
  static const char* const kDirections[] = {"up", "down", "left", "right"};
  const auto letter_of = [&](int owner) {
    return std::string(1, letter(owner, static_cast<int>(rng.below(kLinks))));
  };
  if (rng.below(6) == 0) {
    std::string line = "ability " + std::to_string(rng.between(1, kCards));
    switch (rng.below(4)) {
      case 0:
        return line + " " + letter_of(static_cast<int>(rng.below(2)));
      case 1:
        return line + " " + std::to_string(rng.below(8)) + " " + std::to_string(rng.below(8));
      case 2:
        return line + " " + letter_of(g.current()) + " " + letter_of(g.current());
      default:
        return line + " " + letter_of(1 - g.current()) + " " + kDirections[rng.below(4)];
    }
  }
  // A legal move, chosen uniformly.
  std::vector<std::string> moves;
  for (const Link& l : g.player(g.current()).links) {
    if (!l.on_board() || l.frozen) continue;
    for (int d = 0; d < 4; ++d) {
      if (!g.check_step(l, static_cast<Direction>(d), l.boosted ? 2 : 1)) {
        moves.push_back("move " + std::string(1, letter(l.owner, l.index)) + " " + kDirections[d]);
      }
    }
  }
  if (moves.empty()) return "board";
  return moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
}

TEST(RaiinetRandomPlay, EveryGameEndsWithAWinnerAndTrueCounts) {
  engine::Random rng(2024);
  const std::string orders[] = {"LFDSP", "EZHPS", "LLEEZ", "HHZZF", "DDSSP"};
  int wins[2] = {0, 0};
  for (int game = 0; game < 2000; ++game) {
    const Placement first = random_placement(rng);
    const Placement second = random_placement(rng);
    const auto cards1 = std::get<0>(parse_ability_order(orders[rng.below(5)]));
    const auto cards2 = std::get<0>(parse_ability_order(orders[rng.below(5)]));
    Session s(Game(first, second, cards1, cards2));
    int commands = 0;
    while (!s.finished() && commands < 5000) {
      s.execute(random_command(rng, s.game()));
      ++commands;
      ASSERT_TRUE(s.game().is_consistent());
      if (commands % 7 == 0) expect_display_is_true(s);
    }
    ASSERT_TRUE(s.game().winner()) << "game " << game << " did not end";
    expect_display_is_true(s);
    ++wins[*s.game().winner()];
  }
  EXPECT_GT(wins[0], 400);
  EXPECT_GT(wins[1], 400);
}

}  // namespace
}  // namespace raiinet
