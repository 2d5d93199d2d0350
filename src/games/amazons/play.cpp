#include "games/amazons/play.hpp"

#include <algorithm>
#include <iostream>
#include <optional>

#include "engine/files.hpp"
#include "engine/random.hpp"
#include "engine/words.hpp"
#include "games/amazons/ai/ai.hpp"
#include "games/amazons/ai/player.hpp"
#include "games/amazons/parameters.hpp"
#include "games/amazons/protocol/program.hpp"
#include "games/amazons/state.hpp"

namespace amazons {
namespace {

// A bad command line of play (not the tournament protocol): exit 2.
constexpr int kBadUsage = 2;

// The marks of a classic turn, d1-d7/g7, read as spaces between its squares.
bool is_turn_mark(char c) {
  return c == '-' || c == '/';
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

// The game at the terminal: a text layer over the contract's state. A
// person's entry (a placement, or a whole turn FROM TO TARGET) is read into
// the state's actions, which say why they are refused; the computer's turn
// is its actions too; after each action the state's events are printed.
class Play {
 public:
  Play(State state, std::vector<bool> humans, const AiOptions& ai, bool strict, std::istream& in,
       std::ostream& out)
      : state_(std::move(state)),
        humans_(std::move(humans)),
        ai_(ai),
        strict_(strict),
        rng_(ai.seed),
        in_(in),
        out_(out) {}

  int run() {
    if (classic()) {
      out_ << "Squares are a1 to " << state_.square_name({board().rows() - 1, board().cols() - 1})
           << ", rank 1 at the bottom.\nA turn is FROM-TO/TARGET, e.g. " << example_turn()
           << ". Type help for the commands.\n";
    } else {
      out_ << "Squares are ROW,COL. Type help for the commands.\n";
    }
    while (!state_.over() && !quit_) {
      const int player = state_.to_move();
      if (humans_[static_cast<std::size_t>(player)]) {
        state_.placing() ? human_places(player) : human_moves(player);
      } else {
        state_.placing() ? ai_places(player) : ai_moves(player);
      }
    }
    if (stopped_) return 1;
    if (quit_) return 0;
    out_ << render(board(), state_.rules());
    if (!classic()) out_ << standings() << result_line() << "\n";
    return 0;
  }

 private:
  using Action = State::Action;
  const Board& board() const { return state_.board(); }
  const PlayerLine& line(int player) const {
    return board().players()[static_cast<std::size_t>(player)];
  }
  std::string who(int player) const {
    return line(player).name + " [" + std::to_string(line(player).id) + "]";
  }
  std::int32_t field(Coord c) const { return c.row * board().cols() + c.col; }
  // The classic game is played in its players' notation (d1-d7/g7).
  bool classic() const { return state_.rules() == RuleSet::Standard; }
  // The players' treasure; the classic game has none.
  std::string standings() const { return classic() ? "" : scores(board()); }
  std::string example_turn() const {
    return board().rows() >= 7 && board().cols() >= 7 ? "d1-d7/g7" : "a1-a2/b2";
  }

  // A square as typed: ROW,COL, in the classic game its name; or what is
  // wrong with it.
  std::variant<Coord, std::string> read_square(const std::string& word) const {
    if (!classic()) return read_field(word, board().rows(), board().cols());
    if (const auto c = state_.square_named(engine::lower_case(word))) return *c;
    return "\"" + engine::printable(word, 20) + "\" is not a square here: write its column a-" +
           state_.square_name({0, board().cols() - 1}).substr(0, 1) + " and rank 1-" +
           std::to_string(board().rows()) + ", e.g. a1";
  }

  // Every word a square, or the first problem.
  std::variant<std::vector<Coord>, std::string> read_squares(
      const std::vector<std::string>& words) const {
    std::vector<Coord> squares;
    for (const std::string& w : words) {
      auto c = read_square(w);
      if (auto* problem = std::get_if<std::string>(&c)) return *problem;
      squares.push_back(std::get<Coord>(c));
    }
    return squares;
  }

  // "ann wins with 7 treasure." or "ann and bob tie with 7 treasure."
  std::string result_line() const {
    long long best = -1;
    for (const PlayerLine& p : board().players()) best = std::max(best, p.score);
    std::vector<std::string> best_names;
    for (const PlayerLine& p : board().players()) {
      if (p.score == best) best_names.push_back(p.name);
    }
    std::string names;
    for (std::size_t i = 0; i < best_names.size(); ++i) {
      names += (i == 0 ? "" : i + 1 == best_names.size() ? " and " : ", ") + best_names[i];
    }
    return names + (best_names.size() == 1 ? " wins" : " tie") + " with " + std::to_string(best) +
           " treasure.";
  }

  // One line of input for a person; nullopt at the end of input or on quit.
  std::optional<std::vector<std::string>> ask(const std::string& prompt) {
    while (true) {
      out_ << prompt << std::flush;
      std::string text;
      if (!std::getline(in_, text)) {
        quit_ = true;
        return std::nullopt;
      }
      ++lines_;
      entry_ = text;
      if (classic()) std::replace_if(text.begin(), text.end(), is_turn_mark, ' ');
      const auto words = engine::split_words(text);
      if (words.empty()) continue;
      const std::string command =
          words.size() == 1 ? engine::lower_case(std::string(words[0])) : "";
      if (command == "quit") {
        quit_ = true;
        return std::nullopt;
      }
      if (command == "board") {
        out_ << render(board(), state_.rules()) << standings();
        continue;
      }
      if (command == "help") {
        out_ << (classic() ? "  placement: a square, e.g. d1\n  a turn: FROM-TO/TARGET, e.g. " +
                                 example_turn() + ", or FROM TO TARGET\n"
                           : std::string("  placement: ROW,COL      a move: FROM TO TARGET, e.g. "
                                         "1,4 5,4 5,8\n"
                                         "  after a broken arrow no TARGET; after a horse, the "
                                         "next TO TARGET\n"))
             << "  board, help, quit\n";
        continue;
      }
      return std::vector<std::string>(words.begin(), words.end());
    }
  }

  // A refused entry: its reason; with --strict the game stops there.
  void refuse(const std::string& reason) {
    out_ << "Error: " << reason << "\n";
    if (!strict_) return;
    std::cerr << "amazons: --strict: standard input line " << lines_ << " ("
              << engine::printable(entry_, 60) << ") was refused; the run stops there\n";
    stopped_ = quit_ = true;
  }

  // Applies an action the state accepts and prints what it did.
  void play(const Action& action) {
    state_.apply(action);
    out_ << state_.events_text(0);  // nothing is hidden: every player's the same
  }

  void human_places(int player) {
    out_ << render(board(), state_.rules());
    while (!quit_) {
      const auto words = ask(who(player) + ", place an amazon: ");
      if (!words) return;
      if (words->size() != 1) {
        refuse(std::string("write one square, ") + (classic() ? "e.g. d1" : "ROW,COL") +
               " (help lists the commands)");
        continue;
      }
      auto at = read_square((*words)[0]);
      if (const auto* problem = std::get_if<std::string>(&at)) {
        refuse(*problem);
        continue;
      }
      const Action place{Action::Kind::Place, 0, field(std::get<Coord>(at))};
      if (const auto why = state_.why_not(place)) {
        refuse(*why);
        continue;
      }
      play(place);
      return;
    }
  }

  void ai_places(int player) {
    const auto at = choose_placement(board(), line(player).id, rng_);
    if (!at) {  // no free field: cannot happen while the state awaits a placement
      quit_ = true;
      return;
    }
    play({Action::Kind::Place, 0, field(*at)});
  }

  // A turn's entry, FROM TO TARGET (after a horse TO TARGET), read into a
  // move and its shot and checked whole on a copy of the state: nothing
  // changes when any part is refused.
  std::optional<std::string> turn_actions(const std::vector<Coord>& squares, bool again,
                                          std::vector<Action>& actions) const {
    const std::size_t first = again ? 0 : 1;
    const Coord from = again ? *state_.moving_again() : squares[0];
    const Coord to = squares[first];
    State trial = state_;
    const Action move{Action::Kind::Move, field(from), field(to)};
    if (auto why = trial.why_not(move)) return why;
    trial.apply(move);
    actions = {move};
    const auto shooter = trial.awaited_shot();
    const bool target = squares.size() == first + 2;
    if (!shooter && target)
      return "the broken arrow at " + state_.square_name(to) + " allows no shot";
    if (shooter && !target) return "a shot is needed after moving to " + state_.square_name(to);
    if (!target) return std::nullopt;
    const Action shot{Action::Kind::Shoot, field(*shooter), field(squares[first + 1])};
    if (auto why = trial.why_not(shot)) return why;
    actions.push_back(shot);
    return std::nullopt;
  }

  void human_moves(int player) {
    out_ << render(board(), state_.rules()) << standings();
    while (!quit_) {
      const auto again = state_.moving_again();
      const auto words = ask(who(player) + ", " +
                             (again ? "the horse moves the amazon at " +
                                          state_.square_name(*again) + " again, TO TARGET: "
                              : classic() ? "your turn, FROM-TO/TARGET: "
                                          : "your move, FROM TO TARGET: "));
      if (!words) return;
      const std::size_t first = again ? 0 : 1;
      const std::string form = again       ? "TO TARGET"
                               : classic() ? "FROM-TO/TARGET"
                                           : "FROM TO TARGET";
      if (words->size() < first + 1 || words->size() > first + 2) {
        refuse("write " + form + " (" + std::to_string(first + 1) + " or " +
               std::to_string(first + 2) + " fields, not " + std::to_string(words->size()) +
               "; help lists the commands)");
        continue;
      }
      auto fields = read_squares(*words);
      if (const auto* problem = std::get_if<std::string>(&fields)) {
        refuse(*problem);
        continue;
      }
      std::vector<Action> actions;
      if (auto why =
              turn_actions(std::get<std::vector<Coord>>(fields), again.has_value(), actions)) {
        refuse(*why);
        continue;
      }
      for (const Action& action : actions) play(action);
      if (!state_.moving_again()) return;  // else the horse gives the same amazon another move
      out_ << render(board(), state_.rules());
    }
  }

  void ai_moves(int player) {
    AiOptions options = ai_;
    options.start = std::chrono::steady_clock::now();
    options.seed = rng_.next();
    const auto turn = ai_turn(board(), line(player).id, options);
    if (!turn) {  // no move: cannot happen while the state awaits one
      quit_ = true;
      return;
    }
    Coord from = turn->from;
    for (const Step& step : turn->steps) {
      play({Action::Kind::Move, field(from), field(step.to)});
      if (step.target) play({Action::Kind::Shoot, field(step.to), field(*step.target)});
      from = step.to;
    }
  }

  State state_;
  std::vector<bool> humans_;  // by player, in the order of the board's player lines
  AiOptions ai_;
  bool strict_;
  engine::Random rng_;
  std::istream& in_;
  std::ostream& out_;
  bool quit_ = false;
  bool stopped_ = false;  // --strict: an entry was refused
  int lines_ = 0;         // the input's lines read
  std::string entry_;     // the last of them
};

}  // namespace

// The board with its edges named: ROW and COL numbers from the top left,
// or in the classic game columns a-j and ranks with rank 1 at the bottom.
std::string render(const Board& board, RuleSet rules) {
  const bool classic = rules == RuleSet::Standard;
  std::string out = "    ";
  for (int col = 0; col < board.cols(); ++col) {
    const std::string n =
        classic ? std::string(1, static_cast<char>('a' + col)) : std::to_string(col + 1);
    out += std::string(n.size() < 3 ? 3 - n.size() : 0, ' ') + n;
  }
  out += "\n";
  for (int line = 0; line < board.rows(); ++line) {
    const int row = classic ? board.rows() - 1 - line : line;
    const std::string n = std::to_string(row + 1);
    out += std::string(n.size() < 3 ? 3 - n.size() : 0, ' ') + n + " ";
    for (int col = 0; col < board.cols(); ++col) out += cell(board.at({row, col}));
    out += "\n";
  }
  if (classic) return out + "  [N] amazon of player N, # arrow\n";
  return out +
         "  [N] amazon of player N, # arrow or spear, 1-5 treasure, h horse, b broken arrow, s "
         "spear\n";
}

int run_play(const std::vector<std::string>& given, std::istream& in, std::ostream& out) {
  std::vector<std::string> args = given;
  const auto strict_flag = std::find(args.begin(), args.end(), "--strict");
  const bool strict = strict_flag != args.end();
  if (strict) args.erase(strict_flag);
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
  std::vector<bool> humans;
  for (std::size_t i = 0; i < board.players().size(); ++i)
    humans.push_back(i < p.humans.size() ? p.humans[i] : p.humans.empty());
  if (!p.seed_given) p.ai.seed = 1;
  const int amazons = p.amazons > 0 ? p.amazons : 4;
  return Play(State::of_board(std::move(board), amazons, p.ai.rules), std::move(humans), p.ai,
              strict, in, out)
      .run();
}

}  // namespace amazons
