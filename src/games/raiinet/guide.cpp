// What a page shows beside RAIInet's board (engine/panel.hpp): the seat's
// side, the players' counters and its own ability cards to pick; how to
// play and the legend.
#include <nlohmann/json.hpp>

#include "engine/panel.hpp"
#include "games/raiinet/rules.hpp"
#include "games/raiinet/state.hpp"

namespace raiinet {

namespace panel = engine::panel;
using nlohmann::json;

namespace {

std::string player_name(int p) {
  return "Player " + std::to_string(p + 1);
}

// The seat's cards: picked first, then their targets on the board.
json cards_of(const Position& game, int seat) {
  json items = json::array();
  for (int c = 0; c < kCards; ++c) {
    const Card& card = game.player(seat).cards[static_cast<std::size_t>(c)];
    items.push_back({{"piece", "card " + std::to_string(c + 1)},
                     {"letter", std::string(1, card.ability)},
                     {"name", std::string(find_ability(card.ability)->name)},
                     {"used", card.used}});
  }
  return {{"items", items},
          {"hint", "Abilities: click a card, then its target; then move a link."},
          {"picked_hint",
           "Now click the card's target on the board (click the card again to put it back)."}};
}

}  // namespace

json State::panel(int seat) const {
  json rows = json::array();
  for (int p = 0; p < 2; ++p) {
    const PlayerState& s = game_.player(p);
    rows.push_back({panel::seat_cell(p, "", player_name(p)), std::to_string(s.data),
                    std::to_string(s.viruses), std::to_string(game_.unused_cards(p))});
  }
  json out = {{"table", panel::table({"Player", "Data", "Viruses", "Abilities left"}, rows)}};
  if (seat != 0 && seat != 1) return out;
  out["side"] = panel::seat_side(seat, player_name(seat) + " (" + panel::seat_colour(seat) +
                                           ", links " + (seat ? "A-H" : "a-h") + ")");
  json picks = json::array();
  for (int c = 1; c <= kCards; ++c) picks.push_back("card " + std::to_string(c));
  out["picks"] = picks;
  if (!over()) out["cards"] = cards_of(game_, seat);
  return out;
}

json State::guide() const {
  const json legend = json::array(
      {panel::legend_line(panel::seat_mark(0, "a"),
                          "player 1's links, with strength and kind when known: D data, V virus"),
       panel::legend_line(panel::seat_mark(1, "A"),
                          "player 2's links; ? while you do not know them"),
       panel::legend_line(panel::bold_mark("S"),
                          "a server port: a link moved onto the opponent's is downloaded by them"),
       panel::legend_line(panel::styled_mark("mark-firewall"), "a firewall, in its owner's colour"),
       panel::legend_line(panel::styled_mark("mark-eye"),
                          "a link both players know (revealed): yours the opponent knows"),
       panel::legend_line(panel::styled_mark("mark-boost", "»"),
                          "a boosted link: it moves two squares"),
       panel::legend_line(
           json::array({panel::seat_mark(0), panel::seat_mark(1)}),
           "the bar along an edge: the links of that colour leave the board there, a download"),
       panel::legend_line(
           panel::last_turn_mark(),
           "the last turn: from (dashed), to (solid), an ability's target (dotted)")});
  return panel::guide(
      {"Each turn: at most one ability card, then move one of your links one square (boosted: "
       "two).",
       "Move a link off the opponent's edge to download it; moving onto an opponent's link is a "
       "battle: the stronger downloads the other.",
       "Download four data to win; four viruses and you lose."},
      legend);
}

}  // namespace raiinet
