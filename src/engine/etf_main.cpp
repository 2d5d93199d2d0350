// ETF's command-line modes, as etf_cmd_line_root_interface.e defines them:
// the same messages, the same chunks of 100 lines for `-b IN OUT`, the same
// windows for `-w` and `-l`. Ours beside them: no arguments starts -i,
// --help/-h and --version, exit codes, and a clear message for a directory.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>

#include "engine/etf.hpp"
#include "engine/version.hpp"

namespace engine::etf {
namespace {

constexpr const char* kEtfVersion = "1.14 (2019-10-12)";
constexpr int kChunkLines = 100;
constexpr int kRejected = 1;
constexpr int kUsageError = 2;

std::string program_name(const char* argv0) {
  const std::string_view path = argv0 ? argv0 : "etf";
  const std::size_t slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

std::string usage(const std::string& cmd) {
  const std::string t = "\t" + cmd;
  return "The executable " + cmd + " may be invoked as: \n" + t + " -help \n" + t + " -version \n" +
         t + " -i \n" + t + " -b     input.txt [output.txt] \n" + t +
         " -w m n input.txt [output.txt] \n" + t +
         " -l     input.txt [output.txt] \n"
         "where \n"
         " ====================================\n"
         "  Option \n"
         "    -g  gui mode: run the ETF project as a GUI \n"
         "\n"
         "    -i  interactive mode: read the event trace from console \n"
         "\n"
         "    -b  batch mode: read the event trace from file 'input.txt' \n"
         "        Note. An output file is specified to log results of a large input file. \n"
         "\n"
         "    -w  window mode: same as batch mode, except that only results of the \n"
         "        m^th to (n-1)^th input commands, when m > 0 and n > 0, are logged into the "
         "output file. \n"
         "        Use negative numbers -1, -2, etc., to denote the last, 2nd last, etc, input "
         "commands. \n"
         "        Constraints: 1. if m <= 0, then n <= 0 \n"
         "                     2. if m >  0, then n >  0 \n"
         "                     3. m <= n \n"
         "        Note. A window with valid start 'm' and end 'n' has the log: \n"
         "              S_m C_m S_m+1 C_m+1 ... S_n Cn S_n+1 \n"
         "              where S_i and S_i+1, m <= i <= n, denote the starting and resulting "
         "states of command C_i \n"
         "        Note. When m = n, only the starting state of the input command denoted by 'm' "
         "is logged. \n"
         "        Examples. Use '1   1' as the window to log the initial state. \n"
         "                  Use '1   2' as the window to log the 1st command and its starting "
         "and resulting states. \n"
         "                  Use '2   2' as the window to log the starting state of the 2st "
         "command. \n"
         "                  Use '-1 -1' as the window to log the resulting state of the 2nd "
         "last command. \n"
         "                  Use '-1  0' as the window to log the last command and its starting "
         "and resulting states. \n"
         "                  Use '0   0' as the window to log the final state. \n"
         "                  Use 'm   _' (m > 0) as the window to log the m^th to the last "
         "commands. \n"
         "                  Use 'm   _' (m < 0) as the window to log the m^th last to the last "
         "commands. \n"
         "\n"
         "    -l last mode: a special case of the -w mode with the window specified as '-1 0' "
         "or '-1 _'. \n"
         " ====================================";
}

// Ours (--help, -h), beside ETF's own -help.
std::string gnu_usage(const std::string& cmd) {
  return "Usage: " + cmd + " [-b IN [OUT] | -w M N IN [OUT] | -l IN [OUT] | -i]\n" +
         "Runs ETF commands as the course's reference program does: a file of them, checked\n"
         "whole before any runs, or one line at a time at the \"->\" prompt. With no option,\n"
         "-i.\n"
         "\n"
         "Options:\n"
         "  -b IN [OUT]         check the whole file IN, then run it and print the\n"
         "                      transcript (into OUT, which must not exist, in chunks of 100\n"
         "                      commands)\n"
         "  -w M N IN [OUT]     the same, but only the window [M, N) of commands, with the\n"
         "                      states around it\n"
         "  -l IN [OUT]         only the last command, with the states around it\n"
         "  -i                  interactive: a line at a time; man lists the commands, quit\n"
         "                      ends\n"
         "      --strict        with any mode, the first command the game refuses ends the\n"
         "                      run with exit 1, naming its file and line\n"
         "  -help               ETF's own usage, with every mode's details\n"
         "  -version            ETF's version\n"
         "  -h, --help          show this help and exit\n"
         "      --version       show the version and exit\n";
}

std::string error(const std::string& message, const std::string& cmd) {
  return message + "\nRun '" + cmd + " -help' to see more details";
}

std::string wrong_arguments(std::string_view flag) {
  return "Error: wrong number of arguments for the '" + std::string(flag) + "' mode";
}

// ETF_FILE_UTILITY: the lines of a file, or why it cannot be read.
struct InputFile {
  std::string path;
  std::vector<std::string> lines;
  std::vector<int> numbers;  // each line's number in the file, from 1
  std::string error;

  explicit InputFile(const std::string& file_path) : path(file_path) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
      error = "error: '" + path + "' does not exist";
    } else if (S_ISDIR(info.st_mode)) {
      error = "error: '" + path + "' is a directory";
    } else if (::access(path.c_str(), R_OK) != 0) {
      error = "error: '" + path + "' is not readable";
    } else {
      std::ifstream file(path, std::ios::binary);
      if (!file) {
        error = "error: '" + path + "' is not readable";
        return;
      }
      for (std::string line; std::getline(file, line);) {
        lines.push_back(std::move(line));
        numbers.push_back(static_cast<int>(lines.size()));
      }
    }
  }

  // remove_comment_lines: lines that start with "--" after leading
  // whitespace, and lines of whitespace only.
  void remove_comment_lines() {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string& line = lines[i];
      const auto first = std::find_if(line.begin(), line.end(), [](char c) {
        return std::isspace(static_cast<unsigned char>(c)) == 0;
      });
      if (first == line.end() || std::string_view(&*first, line.end() - first).starts_with("--"))
        continue;
      if (kept != i) {  // (a string moved onto itself would be left empty)
        lines[kept] = std::move(lines[i]);
        numbers[kept] = numbers[i];
      }
      ++kept;
    }
    lines.resize(kept);
    numbers.resize(kept);
  }

  // "FILE line N": where kept line `index` (from 0) is in the file.
  std::string where(std::size_t index) const {
    return path + " line " + std::to_string(index < numbers.size() ? numbers[index] : 0);
  }

  static std::string join(std::vector<std::string>::const_iterator first,
                          std::vector<std::string>::const_iterator last) {
    std::string text;
    for (auto it = first; it != last; ++it) text += *it + "\n";
    return text;
  }
};

bool exists(const std::string& path) {
  struct stat info {};
  return ::lstat(path.c_str(), &info) == 0;
}

// The integers ETF's STRING.is_integer accepts: an optional sign and digits.
std::optional<int> window_bound(std::string_view text) {
  if (text.starts_with('+')) text.remove_prefix(1);
  int value = 0;
  const auto [end, status] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || status != std::errc{} || end != text.data() + text.size())
    return std::nullopt;
  return value;
}

// ETF_SOFTWARE_OPERATION with the model it drives: runs accepted texts and
// logs them as ETF does.
// Where the line of a command is, for --strict's message: "FILE line N"
// from the command's line in the text it was checked in.
using Where = std::function<std::string(int line)>;

class Operation {
 public:
  Operation(const Grammar& grammar, Session& session)
      : grammar_(grammar), session_(session), state_(session.welcome()) {}

  // --strict: the first command the game refuses (its output says "error")
  // stops the run; nothing runs after it.
  void set_strict(bool strict) { strict_ = strict; }
  // Why the run stopped (--strict), if it did.
  const std::optional<std::string>& stopped() const { return stopped_; }

  // exec: the log of `text` (the initial state first while `is_init`), or
  // its error message and a new line.
  std::string exec(std::string_view text, const Where& where) {
    if (stopped_) return "";
    auto checked = grammar_.check(text);
    if (auto* failure = std::get_if<InputError>(&checked)) {
      rejected_ = true;
      return failure->message + "\n";
    }
    std::string log = is_init_ ? state_ : "";
    for (const Command& command : std::get<std::vector<Command>>(checked)) {
      state_ = session_.execute(command);
      log += "->" + command.text() + "\n" + state_;
      if (stop_if_refused(command, where)) break;
    }
    is_init_ = false;
    return log;
  }

  // exec_without_log; returns the error message of a rejected text, if any.
  std::optional<std::string> run(std::string_view text, const Where& where) {
    if (stopped_) return std::nullopt;
    auto checked = grammar_.check(text);
    if (auto* failure = std::get_if<InputError>(&checked)) {
      rejected_ = true;
      return failure->message;
    }
    for (const Command& command : std::get<std::vector<Command>>(checked)) {
      state_ = session_.execute(command);
      if (stop_if_refused(command, where)) break;
    }
    is_init_ = false;
    return std::nullopt;
  }

  const std::string& model_state() const { return state_; }
  bool rejected() const { return rejected_; }

 private:
  bool stop_if_refused(const Command& command, const Where& where) {
    if (!strict_ || state_.find(", error\n") == std::string::npos) return false;
    stopped_ = where(command.line) + ": " + command.text() + " was refused";
    return true;
  }

  const Grammar& grammar_;
  Session& session_;
  std::string state_;
  bool is_init_ = true;
  bool rejected_ = false;
  bool strict_ = false;
  std::optional<std::string> stopped_;
};

void interactive(Operation& operation, const Grammar& grammar, std::istream& in,
                 std::ostream& out) {
  out << operation.model_state();
  std::string line;
  for (int number = 1; out << "->" << std::flush, std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line == "quit") return;
    if (line == "man") {
      out << grammar.man_page() << "\n";
    } else if (auto failure = operation.run(
                   line, [&](int) { return "standard input line " + std::to_string(number); })) {
      out << *failure << "\n";
    } else {
      out << operation.model_state();
      if (operation.stopped()) return;
    }
  }
  out << "\n";
}

// -b IN OUT: the file in chunks of 100 lines, each checked and run on its
// own, the logs appended to OUT.
void batch_to_file(Operation& operation, const InputFile& input, std::ofstream& file) {
  const auto& lines = input.lines;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = std::min(start + kChunkLines, lines.size());
    file << operation.exec(InputFile::join(lines.begin() + static_cast<std::ptrdiff_t>(start),
                                           lines.begin() + static_cast<std::ptrdiff_t>(end)),
                           [&](int line) { return input.where(start + line - 1); })
         << std::flush;
    // ETF runs the last, partial chunk even when it is empty.
    if (end - start < kChunkLines) return;
    start = end;
  }
}

struct Window {
  int start = 0;
  int end = 0;
  bool unbounded = false;
  bool last = false;  // -l
};

// validate_window_spec: the error, or none.
std::string check_window(std::string_view start, std::string_view end, Window& window,
                         const std::string& cmd) {
  const std::optional<int> first = window_bound(start);
  if (!first) return error("Error: the start of window is not a valid integer", cmd);
  window.start = *first;
  if (end == "_") {
    window.unbounded = true;
  } else if (const std::optional<int> last = window_bound(end)) {
    window.end = *last;
  } else {
    return error("Error: the end of window is neither a valid integer nor '_'", cmd);
  }
  if (!window.unbounded && window.start > window.end) {
    return error("Error: a window [start, end) should be such that start <= end", cmd);
  }
  if (window.start <= 0 && window.end > 0) {
    return error(
        "Error: when the start of a window is non-positive, its end must be a non-positive "
        "number",
        cmd);
  }
  return "";
}

// handle_window_mode: each line runs on its own; the log of the lines in
// [start, end) is printed, preceded by the state before the window.
void window_mode(Operation& operation, const InputFile& input, Window window, std::ostream& out) {
  const int count = static_cast<int>(input.lines.size());
  if (window.last) {
    window.start = count;
    window.end = count + 1;
  } else {
    if (window.start <= 0) window.start += count + 1;
    if (window.unbounded) {
      window.end = count + 1;
    } else if (window.end <= 0) {
      window.end += count + 1;
    }
  }
  std::string context;
  for (int k = 1; k <= count && k <= window.end; ++k) {
    const std::string chunk = input.lines[static_cast<std::size_t>(k - 1)] + "\n";
    const Where where = [&](int) { return input.where(static_cast<std::size_t>(k - 1)); };
    if (k == window.start - 1) {
      // The state after this command is the context of the window.
      const std::string log = operation.exec(chunk, where);
      const std::size_t arrow = log.find("->");
      context = arrow == std::string::npos ? log : log.substr(log.find('\n', arrow) + 1);
    } else if (k == window.start && k == window.end) {
      out << (window.start > 1 ? context : operation.model_state());
    } else if (window.start <= k && k < window.end) {
      const std::string log = operation.exec(chunk, where);
      if (k == window.start && window.start > 1) out << context;
      out << log;
    } else {
      operation.run(chunk, where);
    }
  }
  if (window.start == count + 1 && window.end == count + 1) out << context;
}

// Prints ETF's message the way ETF does: with a final new line.
void print(std::ostream& out, const std::string& message) {
  if (message.empty()) return;
  out << message;
  if (message.back() != '\n') out << "\n";
}

class Main {
 public:
  Main(int argc, const char* const* argv, const Grammar& grammar, Session& session,
       std::istream& in, std::ostream& out)
      : args_(argv, argv + argc),
        cmd_(program_name(argc > 0 ? argv[0] : nullptr)),
        grammar_(grammar),
        operation_(grammar, session),
        in_(in),
        out_(out) {}

  int run() {
    // --strict, ours, anywhere after the program's name.
    const auto strict = std::find(args_.begin() + (args_.empty() ? 0 : 1), args_.end(), "--strict");
    if (strict != args_.end()) {
      args_.erase(strict);
      operation_.set_strict(true);
    }
    const int code = dispatch();
    if (const auto& stopped = operation_.stopped()) {
      print(out_, cmd_ + ": --strict: " + *stopped + "; the run stops there");
      return kRejected;
    }
    return code;
  }

 private:
  int dispatch() {
    const std::size_t count = args_.empty() ? 0 : args_.size() - 1;
    if (count == 0) return interactive_mode();
    const std::string flag = args_[1];
    if (flag == "--help" || flag == "-h") return finish(gnu_usage(cmd_), 0);
    if (flag == "--version") return finish(cmd_ + " (gridgames) " + kVersion, 0);
    if (flag == "-help") return count == 1 ? finish(usage(cmd_), 0) : wrong_count(flag);
    if (flag == "-version") {
      return count == 1
                 ? finish(std::string("Eiffel Testing Framework (ETF) Version: ") + kEtfVersion, 0)
                 : wrong_count(flag);
    }
    if (flag == "-g") {
      return finish(error("Error: the '-g' mode (a GUI) is not available in this program", cmd_),
                    kUsageError);
    }
    if (flag == "-i") return count == 1 ? interactive_mode() : wrong_count(flag);
    if (flag == "-b") return batch_mode(count);
    if (flag == "-w" || flag == "-l") return window_mode_of(flag, count);
    return finish(error("Error: '" + flag + "' is not a valid mode", cmd_), kUsageError);
  }

  int finish(const std::string& message, int code) {
    print(out_, message);
    return code;
  }
  int wrong_count(const std::string& flag) {
    return finish(error(wrong_arguments(flag), cmd_), kUsageError);
  }
  int status() const { return operation_.rejected() ? kRejected : 0; }

  int interactive_mode() {
    interactive(operation_, grammar_, in_, out_);
    return 0;
  }

  int batch_mode(std::size_t count) {
    if (count != 2 && count != 3) return wrong_count("-b");
    InputFile input(args_[2]);
    if (!input.error.empty()) return finish(input.error, kUsageError);
    input.remove_comment_lines();
    if (count == 2) {
      print(out_, operation_.exec(InputFile::join(input.lines.begin(), input.lines.end()),
                                  [&](int line) { return input.where(line - 1); }));
      return status();
    }
    const std::string& output = args_[3];
    if (exists(output))
      return finish("Error: output file " + output + " already exists!", kUsageError);
    std::ofstream file = open_output(output);
    if (!file) return finish("error: cannot write '" + output + "'", kUsageError);
    batch_to_file(operation_, input, file);
    return status();
  }

  int window_mode_of(const std::string& flag, std::size_t count) {
    const bool w = flag == "-w";
    if (w ? (count != 4 && count != 5) : (count != 2 && count != 3)) return wrong_count(flag);
    Window window;
    window.last = !w;
    if (w) {
      if (std::string problem = check_window(args_[2], args_[3], window, cmd_); !problem.empty())
        return finish(problem, kUsageError);
    }
    const std::size_t input_at = w ? 4 : 2;
    InputFile input(args_[input_at]);
    if (!input.error.empty()) return finish(input.error, kUsageError);
    input.remove_comment_lines();
    if (count == input_at) {
      window_mode(operation_, input, window, out_);
      return status();
    }
    const std::string& output = args_[input_at + 1];
    if (exists(output))
      return finish("Error: output file " + output + " already exists!", kUsageError);
    std::ofstream file = open_output(output);
    if (!file) return finish("error: cannot write '" + output + "'", kUsageError);
    window_mode(operation_, input, window, file);
    return status();
  }

  static std::ofstream open_output(const std::string& path) {
    return std::ofstream(path, std::ios::binary | std::ios::app);
  }

  std::vector<std::string> args_;
  std::string cmd_;
  const Grammar& grammar_;
  Operation operation_;
  std::istream& in_;
  std::ostream& out_;
};

}  // namespace

int run_main(int argc, const char* const* argv, const Grammar& grammar, Session& session,
             std::istream& in, std::ostream& out) {
  return Main(argc, argv, grammar, session, in, out).run();
}

int run_main(int argc, const char* const* argv, const Grammar& grammar, Session& session) {
  return run_main(argc, argv, grammar, session, std::cin, std::cout);
}

}  // namespace engine::etf
