// What a page shows beside Space Defender 2's board (engine/panel.hpp): the
// Starfighter's health and energy, score and equipment; how to play and the
// legend.
#include <nlohmann/json.hpp>

#include "engine/panel.hpp"
#include "games/space-defender-2/equipment.hpp"
#include "games/space-defender-2/rules.hpp"
#include "games/space-defender-2/state.hpp"

namespace space_defender_2 {

namespace panel = engine::panel;
using nlohmann::json;

json State::panel(int player) const {
  const Starfighter& sf = battle_.starfighter();
  const Loadout& l = sf.loadout;
  const auto muted = [](std::string text) {
    return json{{"text", std::move(text)}, {"muted", true}};
  };
  json out = {
      {"bars",
       {panel::bar("Health", sf.health, sf.stats.health, "health"),
        panel::bar("Energy", sf.energy, sf.stats.energy, "energy")}},
      {"lines",
       {"Score " + std::to_string(sf.focus.score()) + " · turn " + std::to_string(turns()) +
            " · armour " + std::to_string(sf.stats.armour) + " · move " +
            std::to_string(sf.stats.move) + " (cost " + std::to_string(sf.stats.move_cost) +
            ") · vision " + std::to_string(sf.stats.vision),
        muted("Weapon " + std::string(kWeapons[static_cast<std::size_t>(l.weapon)].name) +
              " · armour " + std::string(kArmours[static_cast<std::size_t>(l.armour)].name) +
              " · engine " + std::string(kEngines[static_cast<std::size_t>(l.engine)].name)),
        muted("Power: " + std::string(l.power_spec().text))}}};
  if (player == 0) out["side"] = panel::colour_side("starfighter", "the Starfighter");
  return out;
}

json State::guide() const {
  json legend = json::array({panel::legend_line(panel::colour_mark("starfighter", "S"),
                                                "your Starfighter (X when destroyed)")});
  constexpr std::pair<char, const char*> kEnemies[] = {
      {'G', "Grunt"}, {'F', "Fighter"}, {'C', "Carrier"}, {'I', "Interceptor"}, {'P', "Pylon"}};
  for (const auto& [letter, name] : kEnemies)
    legend.push_back(panel::legend_line(
        panel::colour_mark(std::string("enemies.") + letter, std::string(1, letter)), name));
  legend.push_back(panel::legend_line(panel::bold_mark("*", true), "your projectile"));
  legend.push_back(panel::legend_line(panel::bold_mark("<", true), "an enemy projectile"));
  legend.push_back(panel::legend_line(panel::colour_mark("fog", "?"), "out of sight"));
  legend.push_back(
      panel::legend_line(panel::last_turn_mark(), "your last move: from (dashed) and to (solid)"));
  return panel::guide(
      {"Click a highlighted square to move there, or fire, pass, or use your power.",
       "Enemies come from the right; each turn they act after you. Your health reaching 0 ends the "
       "game."},
      legend);
}

}  // namespace space_defender_2
