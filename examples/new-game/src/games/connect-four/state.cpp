#include "games/connect-four/state.hpp"

#include "engine/words.hpp"
#include "games/connect-four/text.hpp"

namespace connect_four {
namespace {

std::string how_to_write(const Position& game) {
  return "write a drop as: drop <column 1-" + std::to_string(game.cols()) + ">";
}

}  // namespace

const std::vector<engine::ParamSpec>& State::param_specs() {
  static const std::vector<engine::ParamSpec> kSpecs = {
      {"rows", "6", "the grid's rows, 4 to 9", "Rows"},
      {"cols", "7", "the grid's columns, 4 to 9", "Columns"},
  };
  return kSpecs;
}

std::variant<State, std::string> State::make(const engine::Params& params) {
  engine::ParamReader read(params, param_specs());
  const int rows = read.integer("rows", kMinSize, kMaxSize);
  const int cols = read.integer("cols", kMinSize, kMaxSize);
  if (auto error = read.error()) return *error;
  return State(Position(rows, cols));
}

void State::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (over()) return;
  for (int col = 0; col < game_.cols(); ++col)
    if (game_.landing(col)) out.push_back({col});
}

void State::apply(const Action& action) {
  const int before = game_.discs();
  if (!game_.drop(action.column))
    drops_[static_cast<std::size_t>(before)] = static_cast<std::int8_t>(action.column);
}

std::string State::help() {
  return "Drop your disc with drop <column>, the columns numbered from 1 at the left (or\n"
         "just the column's number). Four of your discs in a line, across, up or\n"
         "diagonally, win; a full grid without one is a draw.\n";
}

std::string State::action_text(const Action& action) const {
  return "drop " + std::to_string(action.column + 1);
}

engine::Parsed<State::Action> State::parse_action(std::string_view text) const {
  auto words = engine::split_words(text);
  if (!words.empty() && words[0] == "drop") words.erase(words.begin());
  if (words.size() != 1) return engine::Parsed<State::Action>::refused(how_to_write(game_));
  const auto column = engine::parse_int(words[0]);
  if (!column) return engine::Parsed<State::Action>::refused(how_to_write(game_));
  if (*column < 1 || *column > game_.cols())
    return engine::Parsed<State::Action>::refused(
        "there is no column " + engine::printable(words[0], 12) + "; the columns are 1 to " +
        std::to_string(game_.cols()));
  return Action{*column - 1};
}

std::optional<std::string> State::why_not(const Action& action) const {
  if (const auto refusal = game_.refusal(action.column))
    return text::refusal_message(*refusal, action.column, game_);
  return std::nullopt;
}

std::string State::observation(int player) const {
  (void)player;  // nothing is hidden
  return text::display(game_);
}

std::string State::serialize() const {
  std::vector<std::string> actions;
  for (int i = 0; i < game_.discs(); ++i)
    actions.push_back(action_text({drops_[static_cast<std::size_t>(i)]}));
  return engine::history_text(
      {{"rows", std::to_string(game_.rows())}, {"cols", std::to_string(game_.cols())}}, actions);
}

std::optional<State> State::deserialize(std::string_view text) {
  return engine::replay<State>(text, &State::make);
}

std::optional<std::string> State::check_invariants() const {
  int red = 0, yellow = 0;
  for (int row = 0; row < game_.rows(); ++row) {
    for (int col = 0; col < game_.cols(); ++col) {
      const int disc = game_.at({row, col});
      red += disc == kRed;
      yellow += disc == kYellow;
      if (disc >= 0 && row + 1 < game_.rows() && game_.at({row + 1, col}) < 0)
        return "a disc floats above an empty square at row " + std::to_string(row) + ", column " +
               std::to_string(col);
    }
  }
  if (red + yellow != game_.discs())
    return std::string("the discs on the grid are not the discs dropped");
  if (red - yellow != (game_.discs() % 2)) return std::string("red and yellow have not alternated");
  const auto replayed = deserialize(serialize());
  if (!replayed || !(*replayed == *this))
    return std::string("the state does not replay from its text");
  return std::nullopt;
}

}  // namespace connect_four
