#include "games/amazons/protocol/program.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <iostream>

#include "engine/files.hpp"
#include "engine/random.hpp"
#include "games/amazons/ai/ai.hpp"
#include "games/amazons/parameters.hpp"
#include "games/amazons/protocol/anticheat.hpp"

namespace amazons {
namespace {

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
  std::cerr << "amazons: " << message << "\n" << kAmazonsUsage;
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

std::optional<Request> parse(const std::vector<std::string>& args) {
  auto read = read_parameters(args, ParameterUse::Program);
  if (auto* error = std::get_if<std::string>(&read)) {
    usage_error(*error);
    return std::nullopt;
  }
  Parameters& p = std::get<Parameters>(read);
  if (p.phase.empty()) {
    usage_error("phase=placement or phase=movement is needed");
    return std::nullopt;
  }
  if (p.phase == "placement" && p.amazons < 0) {
    usage_error("phase=placement needs amazons=N");
    return std::nullopt;
  }
  if (p.files.size() != 2) {
    usage_error("an input and an output board file are needed");
    return std::nullopt;
  }
  Request r;
  r.phase = p.phase;
  r.amazons = p.amazons;
  r.in = p.files[0];
  r.out = p.files[1];
  if (p.player) r.name = *p.player;
  r.strict = p.strict;
  r.ai = p.ai;
  return r;
}

}  // namespace

int run_program(const std::vector<std::string>& args) {
  if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
    std::cout << kAmazonsUsage;
    return kMoved;
  }
  if (args.size() == 1 && args[0] == "--version") {
    std::cout << "amazons (gridgames) 1.0\n";
    return kMoved;
  }
  if (std::find(args.begin(), args.end(), "name") != args.end()) {
    std::vector<std::string> rest;
    for (const std::string& a : args) {
      if (a != "name") rest.push_back(a);
    }
    const auto read = read_parameters(rest, ParameterUse::Program);
    if (const auto* error = std::get_if<std::string>(&read)) return usage_error(*error);
    const auto& p = std::get<Parameters>(read);
    std::cout << p.player.value_or(kProgramName) << "\n";
    return kMoved;
  }
  const auto request = parse(args);
  if (!request) return kInternal;
  auto board = load(request->in);
  if (!board) return kBadInput;
  return request->phase == "placement" ? place(*request, std::move(*board))
                                       : move(*request, std::move(*board));
}

}  // namespace amazons
