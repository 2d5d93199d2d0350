#include "games/amazons/program.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <iostream>

#include "engine/files.hpp"
#include "engine/random.hpp"
#include "engine/words.hpp"
#include "games/amazons/ai.hpp"
#include "games/amazons/anticheat.hpp"

namespace amazons {
namespace {

const char* const kUsage =
    "usage: amazons name [player=NAME]\n"
    "       amazons phase=placement amazons=N IN OUT [OPTIONS]\n"
    "       amazons phase=movement IN OUT [OPTIONS]\n"
    "       amazons play [BOARD] [players=human,ai,...] [amazons=N] [OPTIONS]\n"
    "       amazons referee ...   (amazons referee --help)\n"
    "options: player=NAME seed=N strict=1 time=MS nodes=N rules=extended|standard\n"
    "         ai=strong|uct|greedy|random\n";

struct Request {
  std::string phase;
  int amazons = -1;
  std::string in;
  std::string out;
  std::string name = kProgramName;
  bool strict = false;
  AiOptions ai;
};

int usage_error(const std::string& message) {
  std::cerr << "amazons: " << message << "\n" << kUsage;
  return kInternal;
}

// Reads and checks a board file; on failure prints why and returns nothing.
std::optional<Board> load(const std::string& path) {
  auto text = engine::read_text_file(path);
  if (auto* problem = std::get_if<engine::FileProblem>(&text)) {
    std::cerr << "amazons: " << path << ": " << problem->reason << "\n";
    return std::nullopt;
  }
  auto parsed = read_board(std::get<std::string>(text));
  if (auto* e = std::get_if<FileError>(&parsed)) {
    std::cerr << "amazons: " << path << ": " << e->text() << "\n";
    return std::nullopt;
  }
  return std::get<Board>(std::move(parsed));
}

// The anti-cheating memo, beside OUT as the user named it: only where OUT is
// (or will be) a regular file, never beside a device.
std::optional<std::string> memo_path(const Request& r) {
  struct stat info {};
  if (::stat(r.out.c_str(), &info) == 0 ? !S_ISREG(info.st_mode) : errno != ENOENT)
    return std::nullopt;
  return r.out + "." + r.name + ".last";
}

void remember(const Request& r, const std::string& board_text) {
  // Best effort: only the anti-cheat check of the next call needs it.
  if (const auto memo = memo_path(r)) engine::write_file_safely(*memo, board_text);
}

// Compares the board read with what this player wrote last time.
bool passes_anticheat(const Request& r, const Board& board, int self_id) {
  const auto memo = memo_path(r);
  if (!memo) return true;
  const auto text = engine::read_text_file(*memo);
  if (!std::holds_alternative<std::string>(text)) return true;
  const auto parsed = read_board(std::get<std::string>(text));
  if (!std::holds_alternative<Board>(parsed)) return true;
  const auto findings = find_cheats(std::get<Board>(parsed), board, self_id);
  for (const std::string& f : findings)
    std::cerr << "amazons: anti-cheat: " << r.in << ": " << f << "\n";
  return findings.empty() || !r.strict;
}

int save(const Request& r, const Board& board) {
  const std::string text = write_board(board);
  const auto written = engine::write_file_safely(r.out, text);
  if (const auto* problem = std::get_if<engine::FileProblem>(&written)) {
    std::cerr << "amazons: " << r.out << ": " << problem->reason << "; nothing was written\n";
    return kInternal;
  }
  if (std::get<engine::OutputKind>(written) == engine::OutputKind::RegularFile) remember(r, text);
  return kMoved;
}

// Without a move the board is not written, but what was read is remembered,
// so that the next check compares with the board as it is now.
int no_move(const Request& r, const Board& board) {
  remember(r, write_board(board));
  return kNoMove;
}

int place(const Request& r, Board board) {
  const PlayerLine* self = board.player_by_name(r.name);
  int id = 0;
  if (self) {
    id = self->id;
    if (!passes_anticheat(r, board, id)) return kBadInput;
  } else {
    const auto free = board.free_id();
    if (!free) {
      std::cerr << "amazons: " << r.in
                << ": eight players have lines already; there is no id left\n";
      return kBadInput;
    }
    id = *free;
  }
  if (static_cast<int>(amazons_of(board, id).size()) >= r.amazons) {
    return self ? no_move(r, board) : kNoMove;
  }
  const auto at = ai_placement(board, id, r.ai);
  if (!at) return self ? no_move(r, board) : kNoMove;
  if (!self) board.players().push_back({r.name, id, 0});
  if (place_amazon(board, id, *at)) return kInternal;
  return save(r, board);
}

int move(const Request& r, Board board) {
  const PlayerLine* self = board.player_by_name(r.name);
  if (!self) return kNoMove;
  const int id = self->id;
  if (!passes_anticheat(r, board, id)) return kBadInput;
  const auto turn = ai_turn(board, id, r.ai);
  if (!turn) return no_move(r, board);
  if (auto e = play_turn(board, id, *turn)) {
    std::cerr << "amazons: internal error: an illegal turn was chosen: " << *e << "\n";
    return kInternal;
  }
  return save(r, board);
}

std::optional<Request> parse(const std::vector<std::string>& args, int& status) {
  Request r;
  std::vector<std::string> files;
  status = kInternal;
  for (const std::string& arg : args) {
    const auto eq = arg.find('=');
    if (eq == std::string::npos) {
      files.push_back(arg);
      continue;
    }
    const std::string key = arg.substr(0, eq);
    const std::string value = arg.substr(eq + 1);
    const auto number = engine::parse_int(value);
    if (key == "phase" && (value == "placement" || value == "movement")) {
      r.phase = value;
    } else if (key == "amazons" && number && *number >= 0) {
      r.amazons = *number;
    } else if (key == "player" && !value.empty() && value.size() <= kMaxNameLength &&
               value.find_first_of(" \t\"'") == std::string::npos) {
      r.name = value;
    } else if (key == "seed" && number && *number >= 0) {
      r.ai.seed = static_cast<std::uint64_t>(*number);
    } else if (key == "strict" && (value == "0" || value == "1")) {
      r.strict = value == "1";
    } else if (key == "time" && number && *number >= 1) {
      r.ai.time_ms = *number;
    } else if (key == "nodes" && number && *number >= 1) {
      r.ai.nodes = *number;
    } else if (key == "rules" && (value == "extended" || value == "standard")) {
      r.ai.rules = value == "standard" ? RuleSet::Standard : RuleSet::Extended;
    } else if (key == "ai" && parse_brain(value)) {
      r.ai.brain = *parse_brain(value);
    } else {
      usage_error("bad parameter \"" + arg.substr(0, 40) + "\"");
      return std::nullopt;
    }
  }
  if (r.phase.empty()) {
    usage_error("phase=placement or phase=movement is needed");
    return std::nullopt;
  }
  if (r.phase == "placement" && r.amazons < 0) {
    usage_error("phase=placement needs amazons=N");
    return std::nullopt;
  }
  if (files.size() != 2) {
    usage_error("an input and an output board file are needed");
    return std::nullopt;
  }
  r.in = files[0];
  r.out = files[1];
  return r;
}

}  // namespace

int run_program(const std::vector<std::string>& args) {
  for (const std::string& arg : args) {
    if (arg != "name") continue;
    std::string name = kProgramName;
    for (const std::string& other : args) {
      if (other.starts_with("player=") && other.size() > 7 && other.size() <= 7 + kMaxNameLength)
        name = other.substr(7);
    }
    std::cout << name << "\n";
    return kMoved;
  }
  int status = kInternal;
  const auto request = parse(args, status);
  if (!request) return status;
  auto board = load(request->in);
  if (!board) return kBadInput;
  return request->phase == "placement" ? place(*request, std::move(*board))
                                       : move(*request, std::move(*board));
}

}  // namespace amazons
