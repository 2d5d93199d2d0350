#include "games/raiinet/boards.hpp"

#include <algorithm>
#include <cctype>
#include <initializer_list>

#include "engine/words.hpp"
#include "games/raiinet/options.hpp"
#include "games/raiinet/session.hpp"

namespace raiinet {
namespace {

constexpr std::size_t kRows = 8, kColumns = 8;

// A line as a screen shows it: no escapes, no trailing spaces or "\r".
std::string shown(std::string_view line) {
  std::string out = engine::without_terminal_escapes(line);
  while (!out.empty() && std::isspace(static_cast<unsigned char>(out.back()))) out.pop_back();
  return out;
}

bool is_row(const std::string& line) {
  if (line.size() != kColumns) return false;
  if (std::all_of(line.begin(), line.end(), [](char c) { return c == '='; })) return false;
  return std::all_of(line.begin(), line.end(), [](char c) {
    return static_cast<unsigned char>(c) > ' ' && static_cast<unsigned char>(c) < 0x7f;
  });
}

char square(char c) {
  const bool link = (c >= 'a' && c <= 'h') || (c >= 'A' && c <= 'H');
  return link || c == 'S' || c == '.' ? c : '#';
}

// The winner's number in a line that says a player won the game ("Player 2
// wins!", "player one won", "winner: player 1"), if it says so: "player N"
// followed by "wins" or "won", or anywhere in a line that names a winner or
// a victory, never a battle's ("Player 2's link wins": a link won).
std::optional<int> winner_in(const std::string& line) {
  const std::vector<std::string> words = engine::plain_words(line);
  const auto has = [&](std::initializer_list<std::string_view> any) {
    return std::any_of(words.begin(), words.end(), [&](const std::string& w) {
      return std::find(any.begin(), any.end(), w) != any.end();
    });
  };
  const bool names_winner = has({"winner", "victor", "victory"}) && !has({"battle", "link"});
  for (std::size_t i = 0; i + 1 < words.size(); ++i) {
    if (words[i] != "player") continue;
    const std::string& n = words[i + 1];
    const int number = n == "1" || n == "one" ? 1 : n == "2" || n == "two" ? 2 : 0;
    const bool wins = i + 2 < words.size() &&
                      (words[i + 2] == "wins" || words[i + 2] == "won" || words[i + 2] == "win");
    if (number && (wins || names_winner)) return number;
  }
  return std::nullopt;
}

// The position of the game now, as our display draws it.
std::string position_of(const Session& session) {
  const auto boards = read_boards(session.board());
  return boards.empty() ? "" : boards.front();
}

// The arguments with the files they name (-link1, -link2) in `folder`.
std::vector<std::string> in_folder(std::vector<std::string> args, const std::string& folder) {
  for (std::size_t i = 1; i < args.size(); ++i)
    if ((args[i - 1] == "-link1" || args[i - 1] == "-link2") && !args[i].starts_with("/"))
      args[i] = folder + "/" + args[i];
  return args;
}

}  // namespace

std::vector<std::string> read_boards(std::string_view text) {
  std::vector<std::string> lines;
  for (const std::string_view line : engine::split_lines(text)) lines.push_back(shown(line));
  std::vector<std::string> boards;
  for (std::size_t i = 0; i + kRows <= lines.size();) {
    std::size_t rows = 0;
    while (rows < kRows && is_row(lines[i + rows])) ++rows;
    if (rows < kRows) {
      i += rows + 1;
      continue;
    }
    std::string board;
    for (std::size_t r = 0; r < kRows; ++r) {
      if (r) board += '/';
      for (const char c : lines[i + r]) board += square(c);
    }
    boards.push_back(std::move(board));
    i += kRows;
  }
  return boards;
}

std::optional<int> read_winner(std::string_view text) {
  std::optional<int> winner;
  for (const std::string_view line : engine::split_lines(text))
    if (auto found = winner_in(shown(line))) winner = found;
  return winner;
}

Replay replay(const std::vector<std::string>& args, std::string_view input,
              const std::string& folder) {
  Replay out;
  auto parsed = parse_options(in_folder(args, folder));
  if (const auto* error = std::get_if<SetupError>(&parsed)) {
    out.problem = "our rules refuse the test's arguments: " + error->message;
    return out;
  }
  const Options& options = std::get<Options>(parsed);
  if (!options.placements[0] || !options.placements[1]) {
    out.problem = "the test fixes no placements (-link1 and -link2): the program draws its own";
    return out;
  }
  Session session(starting_position(options, 0));
  session.set_folder(folder);
  out.positions.emplace_back("", position_of(session));
  for (const std::string_view line : engine::split_lines(input)) {
    if (session.finished()) break;
    const std::string said = session.execute(line);
    if (out.refused.empty() && said.starts_with("Error: ")) out.refused = line;
    const std::string now = position_of(session);
    if (now != out.positions.back().second) out.positions.emplace_back(std::string(line), now);
  }
  if (const auto winner = session.game().winner()) out.winner = *winner + 1;
  return out;
}

}  // namespace raiinet
