#include "games/sword-and-shield/boards.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "engine/words.hpp"
#include "games/sword-and-shield/rules.hpp"
#include "games/sword-and-shield/session.hpp"
#include "games/sword-and-shield/text.hpp"

namespace sword_and_shield {
namespace {

// A cell's centre from the next: three characters (the handout's), or four
// where a program draws a line between cells.
constexpr std::array<long, 2> kStrides = {3, 4};

// The lines as a screen shows them: no escapes, no trailing spaces or "\r".
struct Screen {
  std::vector<std::string> lines;

  explicit Screen(std::string_view text) {
    for (const std::string_view line : engine::split_lines(text)) {
      std::string out = engine::without_terminal_escapes(line);
      while (!out.empty() && std::isspace(static_cast<unsigned char>(out.back()))) out.pop_back();
      lines.push_back(std::move(out));
    }
  }
  // The character at a line and column, a space beyond the text.
  char at(long y, long x) const {
    if (y < 0 || x < 0 || y >= static_cast<long>(lines.size())) return ' ';
    const std::string& line = lines[static_cast<std::size_t>(y)];
    return x < static_cast<long>(line.size()) ? line[static_cast<std::size_t>(x)] : ' ';
  }
};

// Where a board's cells are: the centre of square (1,1) and the strides.
struct Frame {
  long top, left, dy, dx;
  long y(int row) const { return top + (row - 1) * dy; }
  long x(int col) const { return left + (col - 1) * dx; }
};

char side_mark(char c) {
  if (c == '#') return 'H';
  return c == ' ' || c == '.' ? '0' : 'S';
}
char side_letter(Side s) {
  return s == Side::Sword ? 'S' : s == Side::Shield ? 'H' : '0';
}

// A piece's token from its letter and the marks around it (north, east,
// south, west): its turn in degrees, the smallest that shows those sides.
std::string piece_token(char letter, const std::array<char, 4>& marks) {
  const auto base = base_sides(*piece_of_letter(letter) % kPiecesPerSide);
  for (int k = 0; k < 4; ++k) {
    bool same = true;
    for (int d = 0; d < 4; ++d)
      same = same && marks[static_cast<std::size_t>(d)] ==
                         side_letter(base[static_cast<std::size_t>((d - k + 4) % 4)]);
    if (same) return std::string(1, letter) + std::to_string(90 * k);
  }
  return std::string(1, letter) + "?" + std::string(marks.begin(), marks.end());
}

bool is_face_square(int row, int col) {
  return (row == 2 && col == 2) || (row == 9 && col == 9);
}

// The position a frame shows, or nothing when a square holds a letter or
// digit that is no piece.
std::optional<std::string> position_in(const Screen& s, const Frame& f) {
  std::string position;
  for (int row = 1; row <= kSize; ++row) {
    if (row > 1) position += '/';
    for (int col = 1; col <= kSize; ++col) {
      if (col > 1) position += ' ';
      const long y = f.y(row), x = f.x(col);
      const char c = s.at(y, x);
      if (is_face_square(row, col)) {
        position += c;
      } else if (piece_of_letter(c)) {  // on a cut corner too: a piece left there
        position += piece_token(c, {side_mark(s.at(y - 1, x)), side_mark(s.at(y, x + 1)),
                                    side_mark(s.at(y + 1, x)), side_mark(s.at(y, x - 1))});
      } else if (std::isalnum(static_cast<unsigned char>(c))) {
        return std::nullopt;
      } else {
        position += Position::on_board({row, col}) ? '.' : '_';
      }
    }
  }
  return position;
}

bool is_face(char c) {
  return c == '0' || c == '1';
}

// The board whose first row's centres are on line `top`, if one is:
// anchored by the faces, one on square (2,2) and the other on (9,9).
std::optional<std::pair<std::string, Frame>> board_at(const Screen& s, long top) {
  for (const long dy : kStrides) {
    const long row2 = top + dy;
    if (top + 9 * dy >= static_cast<long>(s.lines.size())) continue;
    const std::string& line = s.lines[static_cast<std::size_t>(row2)];
    for (long face = 0; face < static_cast<long>(line.size()); ++face) {
      if (!is_face(line[static_cast<std::size_t>(face)])) continue;
      for (const long dx : kStrides) {
        const Frame f{top, face - dx, dy, dx};
        const char other = s.at(f.y(9), f.x(9));
        if (f.left < 1 || !is_face(other) || other == line[static_cast<std::size_t>(face)])
          continue;
        if (auto position = position_in(s, f)) return std::pair{std::move(*position), f};
      }
    }
  }
  return std::nullopt;
}

int other(int player) {
  return 3 - player;
}

// The player a word names: yellow 1, green 2 ("player" then its number is
// read by the caller).
int colour(const std::string& word) {
  return word == "yellow" ? 1 : word == "green" ? 2 : 0;
}

// The winner a line names, if it names one: the player named last before a
// word of winning ("Yellow wins", "Green's sword strikes Yellow's face:
// Green wins"), or first after "winner"/"victory" ("winner: green"), or
// the other of the player named before a word of losing ("Green lost").
std::optional<int> winner_in(const std::string& line) {
  static const std::array<std::string_view, 4> kWin = {"wins", "won", "win", "victorious"};
  static const std::array<std::string_view, 3> kLose = {"loses", "lost", "lose"};
  static const std::array<std::string_view, 3> kWinner = {"winner", "victory", "victor"};
  const std::vector<std::string> words = engine::plain_words(line);
  const auto in = [](const auto& list, const std::string& w) {
    return std::find(list.begin(), list.end(), w) != list.end();
  };
  int named = 0;
  bool winner_word = false;
  for (std::size_t i = 0; i < words.size(); ++i) {
    int player = colour(words[i]);
    if (words[i] == "player" && i + 1 < words.size())
      player = words[i + 1] == "1" || words[i + 1] == "one"   ? 1
               : words[i + 1] == "2" || words[i + 1] == "two" ? 2
                                                              : 0;
    if (player && winner_word) return player;
    if (player) named = player;
    if (named && in(kWin, words[i])) return named;
    if (named && in(kLose, words[i])) return other(named);
    winner_word = winner_word || in(kWinner, words[i]);
  }
  return std::nullopt;
}

std::string position_of(const Position& game) {
  const auto boards = read_boards(text::board(game));
  return boards.empty() ? "" : boards.front();
}

}  // namespace

std::vector<std::string> read_boards(std::string_view text) {
  const Screen screen(text);
  std::vector<std::string> boards;
  for (long top = 0; top < static_cast<long>(screen.lines.size()); ++top) {
    auto found = board_at(screen, top);
    if (!found) continue;
    boards.push_back(std::move(found->first));
    top = found->second.y(kSize);
  }
  return boards;
}

std::optional<int> read_winner(std::string_view text) {
  std::optional<int> winner;
  for (const std::string_view line : engine::split_lines(text))
    if (auto found = winner_in(engine::without_terminal_escapes(line))) winner = found;
  return winner;
}

Replay replay(std::string_view input) {
  Replay out;
  Session session;
  out.positions.emplace_back("", position_of(session.game()));
  for (const std::string_view line : engine::split_lines(input)) {
    if (session.finished() || session.game().winner()) break;
    const std::string said = session.execute(line);
    if (out.refused.empty() && said.starts_with("Error: ")) out.refused = line;
    const std::string now = position_of(session.game());
    if (now != out.positions.back().second) out.positions.emplace_back(std::string(line), now);
  }
  if (const auto winner = session.game().winner()) out.winner = *winner + 1;
  return out;
}

}  // namespace sword_and_shield
