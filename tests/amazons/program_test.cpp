#include "games/amazons/program.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "games/amazons/board.hpp"
#include "games/amazons/verify.hpp"

namespace amazons {
namespace {

class AmazonsProgram : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("amazons_test_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
            "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string path(const char* name) const { return (dir_ / name).string(); }
  void write(const char* name, const std::string& text) const {
    std::ofstream(path(name), std::ios::binary) << text;
  }
  std::string read(const char* name) const {
    std::ifstream file(path(name), std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
  }

  std::filesystem::path dir_;
};

TEST_F(AmazonsProgram, PlacementAddsItsLineWithTheNextFreeIdAndPlacesOneAmazon) {
  write("b.txt", "2 3\n100 000 000\n000 000 002\nbob 2 4\n");
  EXPECT_EQ(
      run_program({"phase=placement", "amazons=1", path("b.txt"), path("b.txt"), "player=ann"}),
      kMoved);
  const Board before = std::get<Board>(read_board("2 3\n100 000 000\n000 000 002\nbob 2 4\n"));
  const Board after = std::get<Board>(read_board(read("b.txt")));
  EXPECT_EQ(after.player_by_name("ann")->id, 1);
  EXPECT_EQ(after.player_by_name("ann")->score, 0);
  EXPECT_FALSE(check_placement(before, after, 1));
  // All placed: exit 1 and the file stays as it is.
  const std::string placed = read("b.txt");
  EXPECT_EQ(
      run_program({"phase=placement", "amazons=1", path("b.txt"), path("b.txt"), "player=ann"}),
      kNoMove);
  EXPECT_EQ(read("b.txt"), placed);
}

TEST_F(AmazonsProgram, MovementChangesOnlyItsOwnScore) {
  const std::string start = "2 3\n001 300 000\n000 000 002\nann 1 0\nbob 2 4\n";
  write("in.txt", start);
  EXPECT_EQ(run_program({"phase=movement", path("in.txt"), path("out.txt"), "player=ann", "seed=3",
                         "nodes=50"}),
            kMoved);
  EXPECT_EQ(read("in.txt"), start);
  const Board after = std::get<Board>(read_board(read("out.txt")));
  EXPECT_FALSE(check_turn(std::get<Board>(read_board(start)), after, 1));
  EXPECT_EQ(after.player_by_name("ann")->score, 3);  // it takes the treasure
  EXPECT_EQ(after.player_by_name("bob")->score, 4);
}

TEST_F(AmazonsProgram, NoLineOrNoMoveMeansExitOne) {
  write("b.txt", "1 2\n001 009\nann 1 0\n");
  EXPECT_EQ(run_program({"phase=movement", path("b.txt"), path("o.txt"), "player=ann", "nodes=50"}),
            kNoMove);
  EXPECT_EQ(run_program({"phase=movement", path("b.txt"), path("o.txt"), "player=zed"}), kNoMove);
  EXPECT_FALSE(std::filesystem::exists(path("o.txt")));
}

TEST_F(AmazonsProgram, BadInputIsExitTwoAndBadUsageExitThree) {
  write("bad.txt", "2 2\n000 000\n000 700\n");
  write("out.txt", "untouched");
  EXPECT_EQ(run_program({"phase=movement", path("bad.txt"), path("out.txt")}), kBadInput);
  EXPECT_EQ(run_program({"phase=movement", path("missing.txt"), path("out.txt")}), kBadInput);
  EXPECT_EQ(read("out.txt"), "untouched");
  EXPECT_EQ(run_program({"phase=sideways", path("bad.txt"), path("out.txt")}), kInternal);
  EXPECT_EQ(run_program({"phase=placement", path("bad.txt"), path("out.txt")}), kInternal);
  EXPECT_EQ(run_program({"phase=movement", path("bad.txt")}), kInternal);
}

TEST_F(AmazonsProgram, AnUnwritableOutputLeavesNoHalfWrittenFile) {
  write("b.txt", "1 3\n001 000 000\nann 1 0\n");
  const std::string out = (dir_ / "no-such-dir" / "out.txt").string();
  EXPECT_EQ(run_program({"phase=movement", path("b.txt"), out, "player=ann", "nodes=50"}),
            kInternal);
  EXPECT_FALSE(std::filesystem::exists(out));
  EXPECT_FALSE(write_atomically(out, "x"));
}

TEST_F(AmazonsProgram, StrictAntiCheatRefusesABoardNoLegalTurnsExplain) {
  write("b.txt", "1 4\n001 000 000 002\nann 1 0\nbob 2 0\n");
  ASSERT_EQ(run_program({"phase=movement", path("b.txt"), path("b.txt"), "player=ann", "nodes=50"}),
            kMoved);
  std::string text = read("b.txt");
  // Somebody gives ann's opponent ten points out of nowhere.
  const auto at = text.find("bob 2 0");
  text.replace(at, 7, "bob 2 10");
  write("b.txt", text);
  EXPECT_EQ(run_program({"phase=movement", path("b.txt"), path("b.txt"), "player=ann", "strict=1"}),
            kBadInput);
  EXPECT_EQ(read("b.txt"), text);
}

}  // namespace
}  // namespace amazons
