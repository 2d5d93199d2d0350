// What a page shows beside Amazons' board (engine/panel.hpp): the seat's
// side, the phase's hint and the players' counters; how to play and the
// legend.
#include <nlohmann/json.hpp>

#include "engine/panel.hpp"
#include "games/amazons/rules.hpp"
#include "games/amazons/state.hpp"

namespace amazons {

namespace panel = engine::panel;
using nlohmann::json;

json State::panel(int player) const {
  const bool placing = placing_ && !over_;
  json rows = json::array();
  for (int p = 0; p < players(); ++p) {
    const PlayerLine& line = board_.players()[static_cast<std::size_t>(p)];
    rows.push_back({panel::seat_cell(p, std::to_string(p + 1), who(p)),
                    std::to_string(amazons_of(board_, line.id).size()),
                    std::to_string(line.score)});
  }
  json out = {
      {"table", panel::table({"Player", placing ? "Amazons placed" : "Amazons", "Score"}, rows)}};
  if (player >= 0 && player < players())
    out["side"] = panel::seat_side(player, who(player) + " (" + panel::seat_colour(player) + ")");
  if (over_) return out;
  out["hint"] =
      placing ? "Placement: each player places " + std::to_string(amazons_) + " amazons in turn."
      : shooter_ >= 0
          ? "Now shoot: click where the arrow from the amazon that moved falls (or take "
            "the move back: it is not sent before its shot)."
          : "Moves: move an amazon, then shoot an arrow from where it lands.";
  return out;
}

json State::guide() const {
  const bool standard = rules_ == RuleSet::Standard;
  json legend =
      json::array({panel::legend_line(panel::seat_mark(0, "1"),
                                      "an amazon, numbered by its player, in its player's colour"),
                   panel::legend_line(panel::colour_mark("burnt"),
                                      "a burnt field: an arrow or a spear; nothing passes it")});
  if (!standard) {
    legend.push_back(panel::legend_line(
        panel::bold_mark("3", true), "treasure: the points an amazon collects by landing there"));
    legend.push_back(panel::legend_line(panel::bold_mark("♞"),
                                        "a horse: shoot, then move the same amazon again"));
    legend.push_back(
        panel::legend_line(panel::bold_mark("⤫"), "a broken arrow: no shot after landing"));
    legend.push_back(
        panel::legend_line(panel::bold_mark("↑"),
                           "a spear: thrown to any free field in a straight line, over obstacles"));
  }
  legend.push_back(
      panel::legend_line(panel::last_turn_mark(),
                         "the last turn: where the amazon came from (dashed), where it "
                         "went (solid), where its arrow fell (dotted)"));
  std::vector<std::string> how = {
      "Amazons move like chess queens: any distance in a straight line, never over another amazon "
      "or a burnt field.",
      "A turn is a move and then a shot: click one of your amazons, then its destination, then "
      "where its arrow lands."};
  if (standard)
    how.push_back(
        "Squares are named as players write them: columns a-j, rank 1 at the bottom; a "
        "turn reads d1-d7/g7.");
  how.push_back(standard ? "The player who cannot move loses."
                         : "When nobody can move, the most treasure wins; a player who cannot move "
                           "is out.");
  return panel::guide(how, legend);
}

}  // namespace amazons
