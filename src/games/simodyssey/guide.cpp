// What a page shows beside SimOdyssey's galaxy (engine/panel.hpp): the
// explorer's fuel, life and whereabouts; how to play and the legend. Both
// editions.
#include <nlohmann/json.hpp>

#include "engine/panel.hpp"
#include "games/simodyssey/state.hpp"

namespace simodyssey {

namespace panel = engine::panel;
using nlohmann::json;

template <const Edition& E>
nlohmann::json BasicState<E>::panel(int player) const {
  const bool alive = galaxy_.explorer_alive();
  json bars = json::array();
  std::string line = "The explorer is lost";
  if (alive) {
    const Entity& e = galaxy_.explorer();
    bars.push_back(panel::bar("Fuel", e.fuel, Entity::kMaxFuel, "fuel"));
    bars.push_back(panel::bar("Life", e.life, Entity::kMaxLife, "life"));
    line = std::string(e.landed ? "Landed" : "In space") + " at sector " +
           std::to_string(e.location.sector.row) + ":" + std::to_string(e.location.sector.col);
  }
  line += " · turn " + std::to_string(turns()) + (life_found_ ? " · life found" : "");
  json out = {{"bars", bars}, {"lines", {line}}};
  if (player == 0) out["side"] = panel::colour_side("entities.E", "the explorer (E)");
  return out;
}

template <const Edition& E>
nlohmann::json BasicState<E>::guide() const {
  constexpr std::pair<char, const char*> kEntities[] = {{'E', "the explorer"},
                                                        {'P', "a planet"},
                                                        {'*', "a blue giant (a star)"},
                                                        {'Y', "a yellow dwarf (a star)"},
                                                        {'O', "the blackhole"},
                                                        {'W', "a wormhole"},
                                                        {'B', "a benign"},
                                                        {'M', "a malevolent"},
                                                        {'J', "a janitaur"},
                                                        {'A', "an asteroid"}};
  json legend = json::array();
  for (const auto& [letter, what] : kEntities)
    legend.push_back(panel::legend_line(
        panel::colour_mark(std::string("entities.") + letter, std::string(1, letter)), what));
  return panel::guide({"Click a neighbouring sector to move (the galaxy wraps around), or pass, "
                       "land, lift off or take a wormhole.",
                       "Moving costs fuel; stars refuel you. Land on a planet that supports life "
                       "to win."},
                      legend);
}

template nlohmann::json BasicState<kPhase1>::panel(int) const;
template nlohmann::json BasicState<kPhase2>::panel(int) const;
template nlohmann::json BasicState<kPhase1>::guide() const;
template nlohmann::json BasicState<kPhase2>::guide() const;

}  // namespace simodyssey
