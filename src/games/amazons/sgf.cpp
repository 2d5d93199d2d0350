#include "games/amazons/sgf.hpp"

#include <variant>

#include "engine/version.hpp"
#include "games/amazons/state.hpp"

namespace amazons {

namespace {

// SGF writes a coordinate as a letter: a-z, then A-Z (52 at most).
char sgf_letter(int index) {
  return static_cast<char>(index < 26 ? 'a' + index : 'A' + (index - 26));
}

std::string point(const Board& board, std::int32_t field) {
  return {sgf_letter(field % board.cols()), sgf_letter(field / board.cols())};
}

// The setup of each colour with amazons on the board: AW for the first
// player, AB for the second.
std::string setup(const State& state) {
  const Board& board = state.board();
  std::string out;
  for (int p = 0; p < 2; ++p) {
    std::string points;
    const auto id = static_cast<std::uint8_t>(board.players()[static_cast<std::size_t>(p)].id);
    for (std::size_t f = 0; f < board.fields().size(); ++f)
      if (board.fields()[f].occupant == id)
        points += "[" + point(board, static_cast<std::int32_t>(f)) + "]";
    if (!points.empty()) out += (p == 0 ? "AW" : "AB") + points;
  }
  return out;
}

std::string result(const engine::Returns& returns, engine::EndedBy ended_by) {
  if (ended_by == engine::EndedBy::Aborted) return "Void";
  if (ended_by == engine::EndedBy::Agreement || returns[0] == returns[1]) return "0";
  const std::string winner = returns[0] > returns[1] ? "W+" : "B+";
  if (ended_by == engine::EndedBy::Resignation) return winner + "R";
  if (ended_by == engine::EndedBy::Time) return winner + "T";
  if (ended_by == engine::EndedBy::Forfeit) return winner + "F";
  return winner;
}

}  // namespace

std::optional<std::string> sgf_record(const engine::Params& params,
                                      const std::vector<std::string>& actions,
                                      const engine::Returns& returns, engine::EndedBy ended_by,
                                      const std::string& date) {
  auto made = State::make(params);
  if (!std::holds_alternative<State>(made)) return std::nullopt;
  State state = std::get<State>(std::move(made));
  const Board& board = state.board();
  if (state.rules() != RuleSet::Standard || state.players() != 2 || board.rows() > 52 ||
      board.cols() > 52)
    return std::nullopt;
  std::string out = "(;FF[4]GM[18]CA[UTF-8]AP[gridgames:" + std::string(engine::kVersion) + "]SZ[" +
                    std::to_string(board.cols());
  if (board.rows() != board.cols()) out += ":" + std::to_string(board.rows());
  out += "]";
  if (!date.empty()) out += "DT[" + date + "]";
  out += "PW[player 1]PB[player 2]RE[" + result(returns, ended_by) + "]" + setup(state) + "\n";
  std::string turn;  // the move of the turn under way, waiting for its shot
  for (const std::string& text : actions) {
    const std::string colour = state.to_move() == 0 ? "W" : "B";
    const auto parsed = state.parse_action(text);
    if (!parsed || state.why_not(*parsed)) return std::nullopt;
    const State::Action action = *parsed;
    if (action.kind == State::Action::Kind::Place) {
      out += ";A" + colour + "[" + point(board, action.to) + "]\n";
    } else if (action.kind == State::Action::Kind::Move) {
      turn = colour + "[" + point(board, action.from) + point(board, action.to);
    } else {
      out += ";" + turn + point(board, action.to) + "]\n";
      turn.clear();
    }
    state.apply(action);
  }
  if (!turn.empty())
    out += ";" + turn + "]C[the move without its shot: the game ended before it]\n";
  return out + ")\n";
}

}  // namespace amazons
