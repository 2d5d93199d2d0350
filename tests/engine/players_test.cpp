// A game clock's even share, and what a bot that knows nothing of its game
// is told to think under one.
#include "engine/players.hpp"

#include <gtest/gtest.h>

namespace {

TEST(SeatClock, TheEvenShareIsWhatIsLeftSharedOutAndTheIncrement) {
  EXPECT_EQ(engine::even_share_ms({3000, 100}, 30), 200);
  EXPECT_EQ(engine::even_share_ms({3000, 0}, 7), 428);
  EXPECT_EQ(engine::even_share_ms({3000, 0}, 0), 1500);  // no fewer than one decision: half
}

TEST(SeatClock, TheShareNeverTakesMoreThanHalfOfWhatIsLeftNorLessThanAMillisecond) {
  EXPECT_EQ(engine::even_share_ms({100, 1000}, 30), 50);
  EXPECT_EQ(engine::even_share_ms({1, 0}, 30), 1);
  EXPECT_EQ(engine::even_share_ms({0, 500}, 30), 1);
  EXPECT_EQ(engine::even_share_ms({-40, 500}, 30), 1);
}

// A bot that keeps the time it is told.
class Listener final : public engine::AnyBot {
 public:
  std::string choose(const engine::AnyState&) override { return ""; }
  void set_time_ms(int ms) override { told = ms; }
  int told = 0;
};

TEST(SeatClock, ABotThatKnowsNothingOfItsGameThinksAThirtiethOfWhatIsLeft) {
  Listener bot;
  bot.set_clock({60000, 500});
  EXPECT_EQ(bot.told, 2500);
}

}  // namespace
