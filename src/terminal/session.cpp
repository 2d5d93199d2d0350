#include "terminal/session.hpp"

#include <nlohmann/json.hpp>

#include "engine/words.hpp"

namespace terminal {
namespace {

// The commands of the session; any other line is an action of the game.
bool is_session_command(std::string_view word) {
  return word == "undo" || word == "board" || word == "moves" || word == "help" || word == "quit";
}

// At most this many legal actions are listed by `moves`.
constexpr std::size_t kMovesListed = 60;

}  // namespace

Session::Session(const games::GameInfo& game, std::unique_ptr<engine::AnyState> state)
    : game_(game), state_(std::move(state)) {}

int Session::viewer() const {
  const int mover = state_->to_move();
  return mover >= 0 ? mover : 0;
}

std::string Session::display() const {
  return state_->observation(viewer());
}

std::string Session::help() const {
  return game_.title + ": " + game_.description + ".\n" + game_.help +
         "Commands:\n"
         "  <action>   an action of the game, written as `moves` lists them\n"
         "  moves      the actions you can take now\n"
         "  undo       take back the last action (not once the game is over)\n"
         "  board      show the game again\n"
         "  help       this list\n"
         "  quit       end the game\n";
}

std::string Session::execute(std::string_view line) {
  const auto words = engine::split_words(line);
  if (words.empty() || quit_) return "";
  if (!is_session_command(words[0])) {
    if (state_->over()) return "Error: the game is over\n";
    return apply(engine::trim(line));
  }
  if (words.size() > 1) return "Error: " + std::string(words[0]) + " takes no arguments\n";
  if (words[0] == "quit") quit_ = true;
  if (words[0] == "help") return help();
  if (words[0] == "board") return display();
  if (words[0] == "moves") {
    if (state_->over()) return "Error: the game is over\n";
    const auto legal = state_->legal_actions();
    std::string out;
    for (std::size_t i = 0; i < legal.size() && i < kMovesListed; ++i)
      out += (i ? ", " : "") + legal[i];
    if (legal.size() > kMovesListed)
      out += ", and " + std::to_string(legal.size() - kMovesListed) + " more";
    return out + "\n";
  }
  if (words[0] == "undo") {
    if (state_->over()) return "Error: the game is over; a finished game cannot be undone\n";
    if (!undo()) return "Error: there is nothing to undo\n";
    return display();
  }
  return "";
}

std::string Session::apply(std::string_view action) {
  auto before = state_->clone();
  if (const auto why = state_->apply(action)) return "Error: " + *why + "\n";
  before_.push_back(std::move(before));
  return state_->events_text(viewer()) + display();
}

bool Session::undo() {
  if (state_->over() || before_.empty()) return false;
  state_ = std::move(before_.back());
  before_.pop_back();
  return true;
}

std::string seat_name(const engine::AnyState& state, int seat) {
  const nlohmann::json view = state.view(seat);
  const auto players = view.find("players");
  if (players != view.end() && players->is_array() &&
      static_cast<std::size_t>(seat) < players->size()) {
    const auto& name = (*players)[static_cast<std::size_t>(seat)];
    if (name.is_object() && name.contains("name") && name["name"].is_string())
      return name["name"].get<std::string>();
  }
  return "Player " + std::to_string(seat + 1);
}

}  // namespace terminal
