// What a page shows beside Sword and Shield's board (engine/panel.hpp):
// the seat's side, the phase, the sides' counters and the unused pieces it
// picks; how to play and the legend.
#include <nlohmann/json.hpp>

#include "engine/panel.hpp"
#include "games/sword-and-shield/rules.hpp"
#include "games/sword-and-shield/state.hpp"

namespace sword_and_shield {

namespace panel = engine::panel;
using nlohmann::json;

namespace {

constexpr const char* kPhaseLines[] = {"Create a piece on your + square, or pass.",
                                       "Move or rotate your pieces, then pass.",
                                       "Choose which reaction comes first.", "The game is over."};

}  // namespace

json State::panel(int player) const {
  json rows = json::array(), picks = json::array();
  for (int side : {kYellow, kGreen}) {
    int unused = 0;
    std::string cemetery;
    for (int piece = 0; piece < kPieces; ++piece) {
      if (owner_of_piece(piece) != side) continue;
      const std::string letter(1, piece_letter(piece));
      if (game_.place(piece) == Place::Unused) {
        ++unused;
        if (side == player) picks.push_back(letter);
      }
      if (game_.place(piece) == Place::Cemetery) cemetery += (cemetery.empty() ? "" : " ") + letter;
    }
    rows.push_back({panel::seat_cell(side, "", player_name(side)), std::to_string(unused),
                    cemetery.empty() ? "none" : cemetery});
  }
  const int phase = over() ? 3 : static_cast<int>(game_.phase());
  json out = {{"lines", {kPhaseLines[phase]}},
              {"table", panel::table({"Side", "Unused", "In the cemetery"}, rows)}};
  if (player == kYellow || player == kGreen) {
    out["side"] = panel::seat_side(
        player, player_name(player) + " (pieces " + (player == kGreen ? "A-X" : "a-x") + ")");
    out["picks"] = picks;
  }
  return out;
}

json State::guide() const {
  const json legend = json::array(
      {panel::legend_line(panel::colour_mark("sword"),
                          "a sword: buries a piece it faces with nothing, and wins on a face"),
       panel::legend_line(panel::colour_mark("shield"),
                          "a shield: pushes a sword that faces it back one square"),
       panel::legend_line(panel::bold_mark("☺"), "a face: a sword reaching it wins the game"),
       panel::legend_line(panel::bold_mark("+", true), "a creation square"),
       panel::legend_line(panel::colour_mark("corner"),
                          "a cut corner: pieces pushed there are lost"),
       panel::legend_line(panel::last_turn_mark(),
                          "the last turn's squares: where a piece came from (dashed), went or was "
                          "made (solid)")});
  return panel::guide(
      {"A turn: create a piece on your + square (or pass), then move or rotate each of your pieces "
       "at most once, then pass.",
       "Click a piece (on the board or among the unused), then where it goes, or its action below.",
       "Facing sides react after every action; a sword that reaches the other face wins."},
      legend);
}

}  // namespace sword_and_shield
