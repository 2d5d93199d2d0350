#include "games/amazons/play.hpp"

#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

#include "engine/random.hpp"
#include "engine/words.hpp"
#include "games/amazons/ai.hpp"
#include "games/amazons/player.hpp"
#include "games/amazons/program.hpp"

namespace amazons {
namespace {

struct Seat {
  int id;
  bool human;
};

std::string square(Coord c) {
  return std::to_string(c.row + 1) + "," + std::to_string(c.col + 1);
}

std::optional<Coord> parse_square(std::string_view word, const Board& board) {
  const auto comma = word.find(',');
  if (comma == std::string_view::npos) return std::nullopt;
  const auto row = engine::parse_int(word.substr(0, comma));
  const auto col = engine::parse_int(word.substr(comma + 1));
  if (!row || !col) return std::nullopt;
  const Coord c{*row - 1, *col - 1};
  if (!board.contains(c)) return std::nullopt;
  return c;
}

std::string cell(const Field& f) {
  if (f.occupant == kObstacle) return " # ";
  if (f.occupant != kEmpty) return "[" + std::to_string(f.occupant) + "]";
  static const char kArtifacts[] = {' ', 'h', 'b', 's'};
  if (f.treasure == 0 && f.artifact == kNoArtifact) return " . ";
  return std::string(1, f.treasure ? static_cast<char>('0' + f.treasure) : ' ') +
         kArtifacts[f.artifact] + ' ';
}

std::string scores(const Board& board) {
  std::string out;
  for (const PlayerLine& p : board.players()) {
    out += "  [" + std::to_string(p.id) + "] " + p.name + ": " + std::to_string(p.score) + "\n";
  }
  return out;
}

class Play {
 public:
  Play(Board board, std::vector<Seat> seats, int amazons, const AiOptions& ai, std::istream& in,
       std::ostream& out)
      : board_(std::move(board)),
        seats_(std::move(seats)),
        amazons_(amazons),
        ai_(ai),
        rng_(ai.seed),
        in_(in),
        out_(out) {}

  int run() {
    out_ << "Squares are ROW,COL. Type help for the commands.\n";
    while (placement_round()) {
      if (quit_) return 0;
    }
    if (quit_) return 0;
    while (movement_round()) {
      if (quit_) return 0;
    }
    if (quit_) return 0;
    out_ << render(board_) << "No amazon can move: the game is over.\n" << scores(board_);
    long long best = -1;
    for (const PlayerLine& p : board_.players()) best = std::max(best, p.score);
    for (const PlayerLine& p : board_.players()) {
      if (p.score == best) out_ << p.name << " wins with " << p.score << " treasure.\n";
    }
    return 0;
  }

 private:
  const PlayerLine& line(int id) const { return *board_.player_by_id(id); }

  // One line of input for a human; nullopt at the end of input or on quit.
  std::optional<std::vector<std::string>> ask(const std::string& prompt) {
    while (true) {
      out_ << prompt << std::flush;
      std::string text;
      if (!std::getline(in_, text)) {
        quit_ = true;
        return std::nullopt;
      }
      const auto words = engine::split_words(text);
      if (words.empty()) continue;
      if (words[0] == "quit") {
        quit_ = true;
        return std::nullopt;
      }
      if (words[0] == "board") {
        out_ << render(board_) << scores(board_);
        continue;
      }
      if (words[0] == "help") {
        out_ << "  placement: ROW,COL      a move: FROM TO TARGET, e.g. 1,4 5,4 5,8\n"
                "  after a broken arrow no TARGET; after a horse, the next TO TARGET\n"
                "  board, help, quit\n";
        continue;
      }
      return std::vector<std::string>(words.begin(), words.end());
    }
  }

  bool placement_round() {
    bool placed = false;
    for (const Seat& seat : seats_) {
      if (static_cast<int>(amazons_of(board_, seat.id).size()) >= amazons_) continue;
      if (free_fields(board_).empty()) return false;
      placed = true;
      if (seat.human ? !human_places(seat.id) : !ai_places(seat.id)) return false;
    }
    return placed;
  }

  bool human_places(int id) {
    out_ << render(board_);
    while (true) {
      const auto words = ask(line(id).name + " [" + std::to_string(id) + "], place an amazon: ");
      if (!words) return false;
      const auto at = words->size() == 1 ? parse_square((*words)[0], board_) : std::nullopt;
      if (!at) {
        out_ << "Error: write the field as ROW,COL inside the board\n";
        continue;
      }
      if (auto e = place_amazon(board_, id, *at)) {
        out_ << "Error: " << *e << "\n";
        continue;
      }
      return true;
    }
  }

  bool ai_places(int id) {
    const auto at = choose_placement(board_, id, rng_);
    if (!at) return false;
    place_amazon(board_, id, *at);
    out_ << line(id).name << " places an amazon at " << square(*at) << "\n";
    return true;
  }

  bool movement_round() {
    bool moved = false;
    for (const Seat& seat : seats_) {
      if (!can_move(board_, seat.id)) {
        if (!amazons_of(board_, seat.id).empty())
          out_ << line(seat.id).name << " cannot move and is skipped.\n";
        continue;
      }
      moved = true;
      if (seat.human ? !human_moves(seat.id) : !ai_moves(seat.id)) return false;
    }
    return moved;
  }

  bool human_moves(int id) {
    out_ << render(board_) << scores(board_);
    std::optional<Coord> from;  // set while a horse gives the same amazon another move
    while (true) {
      const std::string prompt =
          line(id).name + " [" + std::to_string(id) + "], " +
          (from ? "the horse moves the amazon at " + square(*from) + " again, TO TARGET: "
                : "your move, FROM TO TARGET: ");
      const auto words = ask(prompt);
      if (!words) return false;
      std::vector<Coord> squares;
      bool ok = true;
      for (const std::string& w : *words) {
        const auto c = parse_square(w, board_);
        ok &= c.has_value();
        if (c) squares.push_back(*c);
      }
      const std::size_t first = from ? 0 : 1;
      if (!ok || squares.size() < first + 1 || squares.size() > first + 2) {
        out_ << "Error: write " << (from ? "TO TARGET" : "FROM TO TARGET")
             << " as ROW,COL fields inside the board\n";
        continue;
      }
      const Coord start = from ? *from : squares[0];
      Step step{squares[first], std::nullopt};
      if (squares.size() == first + 2) step.target = squares[first + 1];
      Artifact artifact = kNoArtifact;
      if (auto e = play_step(board_, id, start, step, &artifact)) {
        out_ << "Error: " << *e << "\n";
        continue;
      }
      if (artifact != kHorse || !has_queen_move(board_, step.to)) return true;
      out_ << render(board_);
      from = step.to;
    }
  }

  bool ai_moves(int id) {
    AiOptions options = ai_;
    options.start = std::chrono::steady_clock::now();
    options.seed = rng_.next();
    const auto turn = ai_turn(board_, id, options);
    if (!turn || play_turn(board_, id, *turn)) return false;
    out_ << line(id).name << " moves from " << square(turn->from);
    for (const Step& s : turn->steps) {
      out_ << " to " << square(s.to);
      if (s.target) out_ << ", shoots at " << square(*s.target);
    }
    out_ << "\n";
    return true;
  }

  Board board_;
  std::vector<Seat> seats_;
  int amazons_;
  AiOptions ai_;
  engine::Random rng_;
  std::istream& in_;
  std::ostream& out_;
  bool quit_ = false;
};

}  // namespace

std::string render(const Board& board) {
  std::string out = "    ";
  for (int col = 1; col <= board.cols(); ++col) {
    const std::string n = std::to_string(col);
    out += std::string(n.size() < 3 ? 3 - n.size() : 0, ' ') + n;
  }
  out += "\n";
  for (int row = 0; row < board.rows(); ++row) {
    const std::string n = std::to_string(row + 1);
    out += std::string(n.size() < 3 ? 3 - n.size() : 0, ' ') + n + " ";
    for (int col = 0; col < board.cols(); ++col) out += cell(board.at({row, col}));
    out += "\n";
  }
  return out +
         "  [N] amazon of player N, # arrow or spear, 1-5 treasure, h horse, b broken arrow, s "
         "spear\n";
}

int run_play(const std::vector<std::string>& args, std::istream& in, std::ostream& out) {
  std::optional<Board> board;
  std::vector<bool> humans;
  int amazons = 4;
  AiOptions ai;
  ai.seed = 1;
  for (const std::string& arg : args) {
    const auto eq = arg.find('=');
    const std::string key = eq == std::string::npos ? "" : arg.substr(0, eq);
    const std::string value = eq == std::string::npos ? arg : arg.substr(eq + 1);
    const auto number = engine::parse_int(value);
    if (key == "players") {
      std::stringstream list(value);
      std::string kind;
      humans.clear();
      while (std::getline(list, kind, ',')) {
        if (kind != "human" && kind != "ai") {
          std::cerr << "amazons: players= is a list of human and ai, not \"" << kind << "\"\n";
          return kInternal;
        }
        humans.push_back(kind == "human");
      }
      if (humans.empty() || humans.size() > kMaxPlayers) {
        std::cerr << "amazons: players= lists 1 to 8 players\n";
        return kInternal;
      }
    } else if (key == "amazons" && number && *number >= 1) {
      amazons = *number;
    } else if (key == "seed" && number && *number >= 0) {
      ai.seed = static_cast<std::uint64_t>(*number);
    } else if (key == "time" && number && *number >= 1) {
      ai.time_ms = *number;
    } else if (key == "nodes" && number && *number >= 1) {
      ai.nodes = *number;
    } else if (key.empty() && !board) {
      std::ifstream file(value, std::ios::binary);
      std::stringstream text;
      text << file.rdbuf();
      auto parsed = read_board(text.str());
      if (!file) {
        std::cerr << "amazons: " << value << ": cannot read the file\n";
        return kBadInput;
      }
      if (auto* e = std::get_if<FileError>(&parsed)) {
        std::cerr << "amazons: " << value << ": " << e->text() << "\n";
        return kBadInput;
      }
      board = std::get<Board>(std::move(parsed));
    } else {
      std::cerr << "amazons: bad parameter \"" << arg.substr(0, 40) << "\" for play\n";
      return kInternal;
    }
  }
  if (!board) board = standard_board();
  if (board->players().empty()) {
    const std::size_t count = humans.empty() ? 2 : humans.size();
    for (std::size_t i = 0; i < count; ++i) {
      const int id = static_cast<int>(i) + 1;
      board->players().push_back({"player" + std::to_string(id), id, 0});
    }
  }
  std::vector<Seat> seats;
  for (std::size_t i = 0; i < board->players().size(); ++i) {
    seats.push_back({board->players()[i].id, i < humans.size() ? humans[i] : humans.empty()});
  }
  return Play(std::move(*board), std::move(seats), amazons, ai, in, out).run();
}

}  // namespace amazons
