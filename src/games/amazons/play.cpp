#include "games/amazons/play.hpp"

#include <algorithm>
#include <cctype>
#include <iostream>
#include <optional>

#include "engine/files.hpp"
#include "engine/random.hpp"
#include "engine/words.hpp"
#include "games/amazons/ai.hpp"
#include "games/amazons/parameters.hpp"
#include "games/amazons/player.hpp"
#include "games/amazons/program.hpp"

namespace amazons {
namespace {

// A bad command line of play (not the tournament protocol): exit 2.
constexpr int kBadUsage = 2;

struct Seat {
  int id;
  bool human;
};

// A field typed as ROW,COL, or what is wrong with it.
std::variant<Coord, std::string> read_field(std::string_view word, const Board& board) {
  return amazons::read_field(word, board.rows(), board.cols());
}

// Every word a field, or the first problem.
std::variant<std::vector<Coord>, std::string> read_fields(const std::vector<std::string>& words,
                                                          const Board& board) {
  std::vector<Coord> fields;
  for (const std::string& w : words) {
    auto f = read_field(w, board);
    if (auto* problem = std::get_if<std::string>(&f)) return *problem;
    fields.push_back(std::get<Coord>(f));
  }
  return fields;
}

std::string lowercase(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// The classic game: two players, no treasure or artifacts.
bool is_classic(const Board& board) {
  return board.players().size() == 2 &&
         std::all_of(board.fields().begin(), board.fields().end(),
                     [](const Field& f) { return f.treasure == 0 && f.artifact == kNoArtifact; });
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
        classic_(ai.rules == RuleSet::Standard),
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
    if (classic_) return 0;  // movement_round said who lost
    out_ << render(board_) << "No amazon can move: the game is over.\n" << scores(board_);
    out_ << result_line() << "\n";
    return 0;
  }

 private:
  const PlayerLine& line(int id) const { return *board_.player_by_id(id); }

  // "ann wins with 7 treasure." or "ann and bob tie with 7 treasure."
  std::string result_line() const {
    long long best = -1;
    for (const PlayerLine& p : board_.players()) best = std::max(best, p.score);
    std::vector<std::string> best_names;
    for (const PlayerLine& p : board_.players()) {
      if (p.score == best) best_names.push_back(p.name);
    }
    std::string names;
    for (std::size_t i = 0; i < best_names.size(); ++i) {
      names += (i == 0 ? "" : i + 1 == best_names.size() ? " and " : ", ") + best_names[i];
    }
    return names + (best_names.size() == 1 ? " wins" : " tie") + " with " + std::to_string(best) +
           " treasure.";
  }

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
      const std::string command = words.size() == 1 ? lowercase(std::string(words[0])) : "";
      if (command == "quit") {
        quit_ = true;
        return std::nullopt;
      }
      if (command == "board") {
        out_ << render(board_) << scores(board_);
        continue;
      }
      if (command == "help") {
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
      if (words->size() != 1) {
        out_ << "Error: write one field, ROW,COL (help lists the commands)\n";
        continue;
      }
      auto field = read_field((*words)[0], board_);
      if (const auto* problem = std::get_if<std::string>(&field)) {
        out_ << "Error: " << *problem << "\n";
        continue;
      }
      const Coord* at = &std::get<Coord>(field);
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
    out_ << line(id).name << " places an amazon at " << field_text(*at) << "\n";
    return true;
  }

  bool movement_round() {
    bool moved = false;
    for (const Seat& seat : seats_) {
      if (classic_ && !can_move(board_, seat.id)) {
        // The classic game: who cannot move loses.
        const int other = seats_[0].id == seat.id ? seats_[1].id : seats_[0].id;
        out_ << render(board_) << line(seat.id).name
             << " cannot move and loses: " << line(other).name << " wins.\n";
        return false;
      }
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
          (from ? "the horse moves the amazon at " + field_text(*from) + " again, TO TARGET: "
                : "your move, FROM TO TARGET: ");
      const auto words = ask(prompt);
      if (!words) return false;
      const std::size_t first = from ? 0 : 1;
      const std::string form = from ? "TO TARGET" : "FROM TO TARGET";
      if (words->size() < first + 1 || words->size() > first + 2) {
        out_ << "Error: write " << form << " (" << first + 1 << " or " << first + 2
             << " fields, not " << words->size() << "; help lists the commands)\n";
        continue;
      }
      auto fields = read_fields(*words, board_);
      if (const auto* problem = std::get_if<std::string>(&fields)) {
        out_ << "Error: " << *problem << "\n";
        continue;
      }
      const auto& squares = std::get<std::vector<Coord>>(fields);
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
    out_ << line(id).name << " moves from " << field_text(turn->from);
    for (const Step& s : turn->steps) {
      out_ << " to " << field_text(s.to);
      if (s.target) out_ << ", shoots at " << field_text(*s.target);
    }
    out_ << "\n";
    return true;
  }

  Board board_;
  std::vector<Seat> seats_;
  int amazons_;
  AiOptions ai_;
  bool classic_;
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
  auto read = read_parameters(args, ParameterUse::Play);
  if (const auto* error = std::get_if<std::string>(&read)) {
    std::cerr << "amazons: " << *error << "\n" << kAmazonsUsage;
    return kBadUsage;
  }
  Parameters& p = std::get<Parameters>(read);
  if (p.files.size() > 1) {
    std::cerr << "amazons: play takes one board file, not " << p.files.size() << "\n";
    return kBadUsage;
  }
  Board board = standard_board();
  if (!p.files.empty()) {
    auto text = engine::read_text_file(p.files[0]);
    if (const auto* problem = std::get_if<engine::FileProblem>(&text)) {
      std::cerr << "amazons: " << p.files[0] << ": " << problem->reason << "\n";
      return kBadInput;
    }
    auto parsed = read_board(std::get<std::string>(text));
    if (auto* e = std::get_if<FileError>(&parsed)) {
      std::cerr << "amazons: " << p.files[0] << ": " << e->text() << "\n";
      return kBadInput;
    }
    board = std::get<Board>(std::move(parsed));
  }
  const bool classic = p.ai.rules == RuleSet::Standard;
  if (board.players().empty()) {
    const std::size_t count = p.humans.empty() ? 2 : p.humans.size();
    for (std::size_t i = 0; i < count; ++i) {
      const int id = static_cast<int>(i) + 1;
      board.players().push_back({"player" + std::to_string(id), id, 0});
    }
  }
  if (classic && !is_classic(board)) {
    std::cerr << "amazons: rules=standard is the classic game: two players and a board without "
                 "treasure or artifacts\n";
    return kBadUsage;
  }
  std::vector<Seat> seats;
  for (std::size_t i = 0; i < board.players().size(); ++i) {
    seats.push_back({board.players()[i].id, i < p.humans.size() ? p.humans[i] : p.humans.empty()});
  }
  if (!p.seed_given) p.ai.seed = 1;
  const int amazons = p.amazons > 0 ? p.amazons : 4;
  return Play(std::move(board), std::move(seats), amazons, p.ai, in, out).run();
}

}  // namespace amazons
