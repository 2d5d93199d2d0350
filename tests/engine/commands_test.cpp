#include "engine/commands.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace {

namespace fs = std::filesystem;

// A batch file of `text` in a folder of its own, removed at the end.
class BatchFile : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "commands_test.XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& text) const {
    const std::string path = (dir_ / "moves.txt").string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  fs::path dir_;
};

engine::CommandInput open(const std::string& file, bool strict) {
  auto opened = engine::CommandInput::open("game", file, strict);
  EXPECT_TRUE(std::holds_alternative<engine::CommandInput>(opened));
  return std::move(std::get<engine::CommandInput>(opened));
}

TEST_F(BatchFile, EchoesEachCommandAndEndsWithTheFile) {
  engine::CommandInput input = open(write("move a up\npass\n"), false);
  EXPECT_TRUE(input.batch());
  EXPECT_FALSE(input.interactive());
  std::string line;
  testing::internal::CaptureStdout();
  ASSERT_TRUE(input.next(line));
  EXPECT_EQ(line, "move a up");
  ASSERT_TRUE(input.next(line));
  EXPECT_EQ(line, "pass");
  EXPECT_FALSE(input.next(line));
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "> move a up\n> pass\n");
}

TEST_F(BatchFile, ARefusalMakesTheStatusOneAndGoesOnUnlessStrict) {
  const std::string file = write("a\nb\nc\n");
  engine::CommandInput lenient = open(file, false);
  std::string line;
  testing::internal::CaptureStdout();
  lenient.next(line);
  EXPECT_TRUE(lenient.go_on_after(false));
  EXPECT_EQ(lenient.status(), 0);
  lenient.next(line);
  testing::internal::CaptureStderr();
  EXPECT_TRUE(lenient.go_on_after(true));
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  lenient.next(line);
  EXPECT_TRUE(lenient.go_on_after(false));
  EXPECT_EQ(lenient.status(), 1);  // a refusal anywhere in a script

  engine::CommandInput strict = open(file, true);
  strict.next(line);
  EXPECT_TRUE(strict.go_on_after(false));
  strict.next(line);
  testing::internal::CaptureStderr();
  EXPECT_FALSE(strict.go_on_after(true));
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "game: --strict: " + file + " line 2 (b) was refused; the run stops there\n");
  testing::internal::GetCapturedStdout();
}

TEST_F(BatchFile, LinesReadElsewhereAreCountedToo) {
  engine::CommandInput input = open("", true);  // standard input, not read here
  EXPECT_FALSE(input.batch());
  input.took("board");
  input.took("move x up");
  testing::internal::CaptureStderr();
  EXPECT_FALSE(input.go_on_after(true));
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "game: --strict: standard input line 2 (move x up) was refused; the run stops there\n");
}

TEST_F(BatchFile, AFileThatCannotBeReadIsNamedWithTheReason) {
  auto opened = engine::CommandInput::open("game", (dir_ / "none.txt").string(), false);
  ASSERT_TRUE(std::holds_alternative<std::string>(opened));
  EXPECT_EQ(std::get<std::string>(opened), (dir_ / "none.txt").string() + ": no such file");
  opened = engine::CommandInput::open("game", dir_.string(), false);
  ASSERT_TRUE(std::holds_alternative<std::string>(opened));
  EXPECT_EQ(std::get<std::string>(opened), dir_.string() + ": is a directory");
}

}  // namespace
