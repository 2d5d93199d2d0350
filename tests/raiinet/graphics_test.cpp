// The window's picture, drawn with SDL's offscreen video driver: the colour
// at the centre of squares of known content, and repainting only what changed.
#include "games/raiinet/graphics.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

namespace raiinet {
namespace {

// A link's id from its letter.
LinkId L(char letter) {
  return *link_of_letter(letter);
}

LinkValue V(int s) {
  return {Kind::Virus, s};
}
LinkValue D(int s) {
  return {Kind::Data, s};
}

const Placement kFirst = {V(1), D(4), V(3), V(2), D(3), V(4), D(2), D(1)};
const Placement kSecond = {D(1), D(2), D(3), D(4), V(1), V(2), V(3), V(4)};
constexpr std::array<char, kCards> kCards5 = {'L', 'F', 'D', 'S', 'P'};

Rgb centre(const Window& w, int row, int col) {
  return w.pixel(col * kCellPixels + kCellPixels / 2,
                 kPanelPixels + row * kCellPixels + kCellPixels / 2);
}

class RaiinetGraphics : public ::testing::Test {
 protected:
  void SetUp() override { setenv("SDL_VIDEODRIVER", "offscreen", 1); }
};

TEST_F(RaiinetGraphics, SquaresShowTheirContentInColour) {
  std::string error;
  auto display = GraphicsDisplay::open(true, "", error);
  ASSERT_TRUE(display) << error;
  Position game(kFirst, kSecond, kCards5, kCards5);
  ASSERT_FALSE(game.use_ability(2, AbilityArgs{{}, {4, 4}, {}}));  // player 1's firewall at (4,4)
  ASSERT_FALSE(game.move(L('a'), Direction::S));
  display->update(game);
  const Window& first = *display->windows()[0];     // player 1's view
  const Window& second = *display->windows()[1];    // player 2's view
  EXPECT_EQ(centre(first, 0, 1), kDataColour);      // b: D4, player 1's own
  EXPECT_EQ(centre(first, 0, 2), kVirusColour);     // c: V3
  EXPECT_EQ(centre(first, 7, 0), kUnknownColour);   // A: not revealed to player 1
  EXPECT_EQ(centre(second, 7, 0), kDataColour);     // A: D1 for its owner
  EXPECT_EQ(centre(second, 0, 1), kUnknownColour);  // b, unknown to player 2
  EXPECT_EQ(centre(first, 4, 4), kFirewallColours[0]);
  EXPECT_EQ(centre(first, 0, 3), kServerPortColour);
  EXPECT_EQ(centre(first, 7, 4), kServerPortColour);
  EXPECT_EQ(centre(first, 3, 3), kSquareColour);
}

TEST_F(RaiinetGraphics, AFrozenLinkIsMarked) {
  std::string error;
  auto window = Window::open(0, error);
  ASSERT_TRUE(window) << error;
  Position game(kFirst, kSecond, kCards5, {'Z', 'F', 'D', 'S', 'P'});
  ASSERT_FALSE(game.move(L('a'), Direction::S));
  window->draw(game);
  const auto bar = [&](int row, int col) {
    return window->pixel(col * kCellPixels + kCellPixels / 2, kPanelPixels + row * kCellPixels + 5);
  };
  EXPECT_NE(bar(1, 0), (Rgb{150, 220, 255}));
  ASSERT_FALSE(game.use_ability(1, AbilityArgs{{L('a')}, {}, {}}));  // player 2 freezes a at (1,0)
  window->draw(game);
  EXPECT_EQ(bar(1, 0), (Rgb{150, 220, 255}));
}

TEST_F(RaiinetGraphics, OnlyWhatChangedIsRepainted) {
  std::string error;
  auto window = Window::open(-1, error);
  ASSERT_TRUE(window) << error;
  Position game(kFirst, kSecond, kCards5, kCards5);
  EXPECT_EQ(window->draw(game), kSize * kSize + 2);  // everything, the first time
  EXPECT_EQ(window->draw(game), 0);
  // Player 1 moves h down: two squares change; the view turns to player 2,
  // so every link of both players looks different (own links are shown).
  ASSERT_FALSE(game.move(L('h'), Direction::S));
  const int repainted = window->draw(game);
  EXPECT_GT(repainted, 2);
  EXPECT_LT(repainted, kSize * kSize);
  EXPECT_EQ(window->draw(game), 0);
}

TEST_F(RaiinetGraphics, SnapshotsArePngFiles) {
  std::string error;
  const std::string path = ::testing::TempDir() + "raiinet_snapshot.png";
  auto display = GraphicsDisplay::open(false, path, error);
  ASSERT_TRUE(display) << error;
  display->update(Position(kFirst, kSecond, kCards5, kCards5));
  FILE* file = std::fopen(path.c_str(), "rb");
  ASSERT_TRUE(file);
  unsigned char magic[8] = {};
  EXPECT_EQ(std::fread(magic, 1, 8, file), 8u);
  std::fclose(file);
  EXPECT_EQ(magic[1], 'P');
  EXPECT_EQ(magic[2], 'N');
  EXPECT_EQ(magic[3], 'G');
  std::remove(path.c_str());
}

}  // namespace
}  // namespace raiinet
