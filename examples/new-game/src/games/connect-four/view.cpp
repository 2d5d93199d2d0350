// Connect Four's structured view (docs/views.md) and the last drop in
// words: nothing is hidden, so every player sees the same.
#include <nlohmann/json.hpp>

#include "engine/panel.hpp"
#include "games/connect-four/state.hpp"
#include "games/connect-four/text.hpp"

namespace connect_four {
namespace {

using nlohmann::json;

json square(Coord c) {
  return json::array({c.row, c.col});
}

json event_json(const Event& e, const Position& game) {
  static constexpr const char* kKinds[] = {"dropped", "won", "drawn"};
  json event = {{"kind", kKinds[static_cast<int>(e.kind)]}, {"player", e.player}};
  if (e.kind == Event::Kind::Dropped) event["at"] = square(e.at);
  std::string line = text::event_line(e, game);
  line.pop_back();  // no final newline in JSON
  event["text"] = line;
  return event;
}

}  // namespace

nlohmann::json State::view(int player) const {
  json rows = json::array();
  for (int row = 0; row < game_.rows(); ++row) {
    json cells = json::array();
    for (int col = 0; col < game_.cols(); ++col) {
      const int disc = game_.at({row, col});
      cells.push_back(
          disc < 0 ? json::object()
                   : json{{"disc", disc}, {"letter", std::string(1, text::disc_letter(disc))}});
    }
    rows.push_back(cells);
  }
  json players = json::array(), counts = json::array();
  for (int p = 0; p < 2; ++p) {
    const int discs = (game_.discs() + 1 - p) / 2;
    players.push_back({{"name", text::player_name(p)}, {"discs", discs}});
    counts.push_back({text::player_name(p), std::to_string(discs)});
  }
  json last = nullptr, events = json::array(), line = nullptr;
  if (game_.discs() > 0) {
    const Event& dropped = *game_.events_begin();
    last = {{"action", action_text({dropped.at.col})}, {"to", square(dropped.at)}};
    for (const Event* e = game_.events_begin(); e != game_.events_end(); ++e)
      events.push_back(event_json(*e, game_));
  }
  if (game_.winner()) {
    line = json::array();
    for (const Coord c : game_.winning_line()) line.push_back(square(c));
  }
  return {{"game", "connect-four"},
          {"player", player},
          {"board", {{"rows", game_.rows()}, {"cols", game_.cols()}, {"squares", rows}}},
          {"players", players},
          {"to_move", to_move()},
          {"winner", game_.winner() ? json(*game_.winner()) : json()},
          {"line", line},
          {"last", last},
          {"events", events},
          // What a page shows beside the board (optional; engine/panel.hpp).
          {"panel", {{"table", engine::panel::table({"Player", "Discs"}, counts)}}}};
}

// How to play, for a page (optional; engine/panel.hpp): a line a rule, and
// no legend (the board's discs are lettered).
nlohmann::json State::guide() {
  return engine::panel::guide(
      {"Click a column to drop your disc: it falls to the lowest free square.",
       "Four of your discs in a line, across, up or diagonally, win; a full "
       "grid without one is a draw."},
      json::array());
}

std::string State::events_text(int player) const {
  (void)player;  // nothing is hidden
  std::string out;
  if (game_.discs() == 0) return out;
  for (const Event* e = game_.events_begin(); e != game_.events_end(); ++e)
    out += text::event_line(*e, game_);
  return out;
}

engine::Ending State::ending() const {
  if (const auto winner = game_.winner())
    return {text::player_name(*winner) + " has four in a line"};
  return {"the grid is full with no four in a line: a draw"};
}

}  // namespace connect_four
