// The amazons command line: a fuzz input is a list of arguments, one a line,
// run in a scratch folder holding a valid board "board.txt" and a broken one
// "bad.txt". Arguments that could reach outside the folder are dropped. The
// exit code is always 0-3, and a board file the program refused or failed on
// is left as it was.
// fuzz-links: amazons_programs
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "games/amazons/protocol/program.hpp"
#include "invariant.hpp"

namespace {

const char* const kBoard =
    "4 4\n001 000 300 000\n000 010 000 020\n000 000 030 000\n002 000 000 000\nann 1 0\nbob 2 3\n";

std::string slurp(const char* path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

struct Scratch {
  Scratch() {
    dir = std::filesystem::temp_directory_path() / ("amazons_cli_fuzz_" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    std::filesystem::current_path(dir);
  }
  ~Scratch() {  // runs when the fuzzer exits normally: leave nothing in the temporary folder
    std::error_code ignored;
    std::filesystem::current_path(std::filesystem::temp_directory_path(), ignored);
    std::filesystem::remove_all(dir, ignored);
  }
  std::filesystem::path dir;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static Scratch scratch;
  for (const auto& entry : std::filesystem::directory_iterator(scratch.dir))
    std::filesystem::remove_all(entry);
  std::ofstream("board.txt", std::ios::binary) << kBoard;
  std::ofstream("bad.txt", std::ios::binary) << "4 4\n001 000\n";
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::vector<std::string> args;
  std::string arg;
  while (std::getline(in, arg) && args.size() < 12) {
    if (arg.find('/') != std::string::npos || arg.starts_with(".") || arg == "play") continue;
    args.push_back(arg);
  }
  args.push_back("nodes=16");  // a bounded search: the fuzzer runs many calls a second
  std::ostringstream silenced;
  auto* old_out = std::cout.rdbuf(silenced.rdbuf());
  auto* old_err = std::cerr.rdbuf(silenced.rdbuf());
  const int code = amazons::run_program(args);
  std::cout.rdbuf(old_out);
  std::cerr.rdbuf(old_err);
  FUZZ_CHECK(code >= 0 && code <= 3);
  if (code != 0) FUZZ_CHECK(slurp("board.txt") == kBoard);
  FUZZ_CHECK(slurp("bad.txt") == "4 4\n001 000\n");
  return 0;
}
