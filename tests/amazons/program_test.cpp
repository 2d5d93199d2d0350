#include "games/amazons/protocol/program.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "games/amazons/board.hpp"
#include "games/amazons/protocol/verify.hpp"

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
}

TEST_F(AmazonsProgram, OutputsOfEveryKindAreWrittenSafely) {
  namespace fs = std::filesystem;
  const std::string board = "1 3\n001 000 000\nann 1 0\n";
  write("b.txt", board);
  const auto move_to = [&](const std::string& out) {
    return run_program({"phase=movement", path("b.txt"), out, "player=ann", "nodes=20"});
  };
  // A device is written into: it stays a device and no memo goes beside it.
  EXPECT_EQ(move_to("/dev/null"), kMoved);
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
  EXPECT_FALSE(fs::exists("/dev/null.ann.last"));
  // Through a symlink the target is updated, the link kept, the memo beside the link.
  fs::create_directory(dir_ / "elsewhere");
  write("elsewhere/target.txt", board);
  fs::create_symlink(dir_ / "elsewhere" / "target.txt", dir_ / "link.txt");
  EXPECT_EQ(move_to(path("link.txt")), kMoved);
  EXPECT_TRUE(fs::is_symlink(dir_ / "link.txt"));
  EXPECT_NE(read("elsewhere/target.txt"), board);
  EXPECT_TRUE(fs::exists(dir_ / "link.txt.ann.last"));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_ / "elsewhere"), {}), 1);
  // A board of mode 0600 stays 0600.
  write("private.txt", board);
  fs::permissions(path("private.txt"), fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_EQ(move_to(path("private.txt")), kMoved);
  EXPECT_EQ(fs::status(path("private.txt")).permissions(),
            fs::perms::owner_read | fs::perms::owner_write);
  // A read-only output or a directory: exit 3, nothing changes.
  write("ro.txt", "keep");
  fs::permissions(path("ro.txt"), fs::perms::owner_read);
  EXPECT_EQ(move_to(path("ro.txt")), kInternal);
  EXPECT_EQ(read("ro.txt"), "keep");
  EXPECT_EQ(move_to(dir_.string()), kInternal);
  EXPECT_TRUE(fs::is_directory(dir_));
  // A directory as input is a bad input file.
  EXPECT_EQ(run_program({"phase=movement", dir_.string(), path("o.txt")}), kBadInput);
  for (const auto& entry : fs::directory_iterator(dir_)) {
    EXPECT_EQ(entry.path().filename().string().find(".XXXXXX"), std::string::npos);
    EXPECT_NE(entry.path().filename().string().front(), '.') << entry.path();
  }
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
