#include "engine/files.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>

namespace {

namespace fs = std::filesystem;
using engine::FileProblem;
using engine::OutputKind;

class SafeFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "files_test.XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    fs::permissions(dir_, fs::perms::owner_all);
    fs::remove_all(dir_);
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  void write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name), std::ios::binary) << text;
  }
  static std::string read(const std::string& p) {
    return std::get<std::string>(engine::read_text_file(p));
  }
  static mode_t mode(const std::string& p) {
    struct stat info {};
    EXPECT_EQ(::stat(p.c_str(), &info), 0);
    return info.st_mode & 07777;
  }
  // The names in the folder: no temporary file may be left behind.
  std::vector<std::string> names() const {
    std::vector<std::string> found;
    for (const auto& entry : fs::directory_iterator(dir_)) found.push_back(entry.path().filename());
    std::sort(found.begin(), found.end());
    return found;
  }
  static std::string problem(const std::variant<OutputKind, FileProblem>& result) {
    const auto* p = std::get_if<FileProblem>(&result);
    return p ? p->reason : "written";
  }

  fs::path dir_;
};

TEST_F(SafeFiles, ANewFileGetsTheUsualModeAndNothingElseIsLeft) {
  const mode_t mask = ::umask(022);
  EXPECT_EQ(std::get<OutputKind>(engine::write_file_safely(path("new.txt"), "abc")),
            OutputKind::RegularFile);
  ::umask(mask);
  EXPECT_EQ(read(path("new.txt")), "abc");
  EXPECT_EQ(mode(path("new.txt")), 0644u);
  EXPECT_EQ(names(), std::vector<std::string>{"new.txt"});
}

TEST_F(SafeFiles, AnExistingFileKeepsItsMode) {
  write("board.txt", "old");
  fs::permissions(path("board.txt"), fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_EQ(problem(engine::write_file_safely(path("board.txt"), "new")), "written");
  EXPECT_EQ(read(path("board.txt")), "new");
  EXPECT_EQ(mode(path("board.txt")), 0600u);
  EXPECT_EQ(names(), std::vector<std::string>{"board.txt"});
}

TEST_F(SafeFiles, ThroughASymlinkTheTargetIsUpdatedAndTheLinkKept) {
  fs::create_directory(dir_ / "real");
  write("real/board.txt", "old");
  fs::create_symlink(dir_ / "real" / "board.txt", dir_ / "link.txt");
  EXPECT_EQ(problem(engine::write_file_safely(path("link.txt"), "new")), "written");
  EXPECT_TRUE(fs::is_symlink(dir_ / "link.txt"));
  EXPECT_EQ(read(path("real/board.txt")), "new");
  fs::create_symlink(dir_ / "nowhere.txt", dir_ / "dangling.txt");
  EXPECT_EQ(problem(engine::write_file_safely(path("dangling.txt"), "x")),
            "is a symbolic link to nothing");
  EXPECT_FALSE(fs::exists(dir_ / "nowhere.txt"));
}

TEST_F(SafeFiles, AReadOnlyFileOrADirectoryIsRefusedAndUnchanged) {
  write("ro.txt", "keep");
  fs::permissions(path("ro.txt"), fs::perms::owner_read);
  EXPECT_EQ(problem(engine::write_file_safely(path("ro.txt"), "new")), "is read-only");
  EXPECT_EQ(read(path("ro.txt")), "keep");
  fs::create_directory(dir_ / "sub");
  EXPECT_EQ(problem(engine::write_file_safely(path("sub"), "new")), "is a directory");
  EXPECT_TRUE(fs::is_directory(dir_ / "sub"));
  EXPECT_EQ(names(), (std::vector<std::string>{"ro.txt", "sub"}));
}

TEST_F(SafeFiles, AnUncreatableFileLeavesNothing) {
  EXPECT_EQ(problem(engine::write_file_safely(path("no/such/dir.txt"), "x")),
            "cannot create a temporary file beside it: No such file or directory");
  EXPECT_TRUE(names().empty());
}

TEST_F(SafeFiles, ADeviceIsWrittenIntoNeverReplaced) {
  EXPECT_EQ(std::get<OutputKind>(engine::write_file_safely("/dev/null", "abc")),
            OutputKind::Device);
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
}

TEST_F(SafeFiles, AFifoIsWrittenIntoAndOneNobodyReadsIsAnErrorNotAHang) {
  ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0600), 0);
  EXPECT_EQ(problem(engine::write_file_safely(path("fifo"), "x")), "No such device or address");
  std::string got;
  std::thread reader([&] { got = read(path("fifo")); });
  // The reader opens the FIFO first; until then writing is refused, so retry.
  std::variant<OutputKind, FileProblem> result = FileProblem{};
  for (int i = 0; i < 1000 && std::holds_alternative<FileProblem>(result); ++i) {
    result = engine::write_file_safely(path("fifo"), "through");
    if (std::holds_alternative<FileProblem>(result))
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  reader.join();
  EXPECT_EQ(problem(result), "written");
  EXPECT_EQ(got, "through");
  EXPECT_TRUE(fs::is_fifo(dir_ / "fifo"));
}

TEST_F(SafeFiles, ReadingSaysWhatIsWrong) {
  EXPECT_EQ(std::get<FileProblem>(engine::read_text_file(path("none"))).reason, "no such file");
  EXPECT_EQ(std::get<FileProblem>(engine::read_text_file(dir_.string())).reason, "is a directory");
  write("a.txt", std::string(200000, 'x'));
  EXPECT_EQ(read(path("a.txt")).size(), 200000u);
}

TEST_F(SafeFiles, AnUntrustedFileIsARegularFileOfBoundedSize) {
  const auto reason = [](const std::variant<std::string, FileProblem>& r) {
    return std::holds_alternative<FileProblem>(r) ? std::get<FileProblem>(r).reason
                                                  : "read: " + std::get<std::string>(r);
  };
  write("board.txt", "3 3\n");
  EXPECT_EQ(reason(engine::read_untrusted_file(path("board.txt"), 4)), "read: 3 3\n");
  EXPECT_EQ(reason(engine::read_untrusted_file(path("board.txt"), 3)), "is over 3 bytes");
  fs::create_symlink(path("board.txt"), path("link"));
  EXPECT_EQ(reason(engine::read_untrusted_file(path("link"), 100)), "is a symbolic link");
  ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0600), 0);
  EXPECT_EQ(reason(engine::read_untrusted_file(path("fifo"), 100)), "is not a regular file");
  EXPECT_EQ(reason(engine::read_untrusted_file(dir_.string(), 100)), "is a directory");
  EXPECT_EQ(reason(engine::read_untrusted_file(path("none"), 100)), "no such file");
}

}  // namespace
