// Space Defender 2's structured view (docs/views.md) and what the last turn
// did in words: the Starfighter's counters and the board as its player sees
// it, with the fog of war (squares beyond its vision are unknown).
#include <nlohmann/json.hpp>

#include "games/space-defender-2/state.hpp"
#include "games/space-defender-2/text.hpp"

namespace space_defender_2 {
namespace {

using nlohmann::json;

json cell_json(const Battle& battle, Coord at, bool hidden) {
  if (hidden) return {{"fog", true}};
  const Starfighter& sf = battle.starfighter();
  if (at == sf.at) return {{"starfighter", true}, {"destroyed", sf.destroyed}};
  for (const auto& [id, e] : battle.enemies()) {
    if (e.at == at) {
      return {{"enemy", std::string(spec(e.kind).name)},
              {"letter", std::string(1, spec(e.kind).symbol)},
              {"id", id},
              {"health", e.health},
              {"max_health", e.max_health}};
    }
  }
  for (const auto& [id, p] : battle.projectiles()) {
    if (p.at == at)
      return {{"projectile", p.friendly ? "friendly" : "enemy"}, {"damage", p.damage}};
  }
  return json::object();
}

}  // namespace

nlohmann::json State::view(int player) const {
  const Starfighter& sf = battle_.starfighter();
  json rows = json::array();
  for (int row = 1; row <= battle_.rows(); ++row) {
    json cells = json::array();
    for (int col = 1; col <= battle_.cols(); ++col) {
      const Coord at{row, col};
      cells.push_back(cell_json(battle_, at, Battle::distance(at, sf.at) > sf.stats.vision));
    }
    rows.push_back(cells);
  }
  const Loadout& l = sf.loadout;
  json fighter = {{"health", sf.health},
                  {"max_health", sf.stats.health},
                  {"energy", sf.energy},
                  {"max_energy", sf.stats.energy},
                  {"regen", {sf.stats.regen_health, sf.stats.regen_energy}},
                  {"armour", sf.stats.armour},
                  {"vision", sf.stats.vision},
                  {"move", sf.stats.move},
                  {"move_cost", sf.stats.move_cost},
                  {"score", sf.focus.score()},
                  {"weapon", std::string(kWeapons[static_cast<std::size_t>(l.weapon)].name)},
                  {"armour_kind", std::string(kArmours[static_cast<std::size_t>(l.armour)].name)},
                  {"engine", std::string(kEngines[static_cast<std::size_t>(l.engine)].name)},
                  {"power", std::string(l.power_spec().text)},
                  {"location", {sf.at.row - 1, sf.at.col - 1}},
                  {"destroyed", sf.destroyed}};
  json last = nullptr, events = json::array();
  if (!history_.empty()) {
    const Action& a = history_.back();
    last = {{"action", action_text(a)}, {"to", {sf.at.row - 1, sf.at.col - 1}}};
    events.push_back({{"kind", "turn"},
                      {"turn", turns()},
                      {"action", action_text(a)},
                      {"health", sf.health},
                      {"energy", sf.energy},
                      {"score", sf.focus.score()},
                      {"destroyed", sf.destroyed}});
    std::string text = events_text(player);
    text.pop_back();
    events.back()["text"] = text;
  }
  return {{"game", "space-defender-2"},
          {"player", player},
          {"board", {{"rows", battle_.rows()}, {"cols", battle_.cols()}, {"squares", rows}}},
          {"players", {fighter}},
          {"to_move", to_move()},
          {"turns", turns()},
          {"last", last},
          {"events", events},
          {"panel", panel(player)}};
}

std::string State::events_text(int player) const {
  (void)player;
  if (history_.empty()) return "";
  const Starfighter& sf = battle_.starfighter();
  return "Turn " + std::to_string(turns()) + ": " + action_text(history_.back()) + ". " +
         (sf.destroyed
              ? "The Starfighter is destroyed. "
              : "Health " + std::to_string(sf.health) + "/" + std::to_string(sf.stats.health) +
                    ", energy " + std::to_string(sf.energy) + "/" +
                    std::to_string(sf.stats.energy) + ". ") +
         "Score " + std::to_string(sf.focus.score()) + ".\n";
}

engine::Ending State::ending() const {
  const auto& sf = battle_.starfighter();
  const std::string turns_text = std::to_string(turns()) + (turns() == 1 ? " turn" : " turns");
  const std::string score = ": score " + std::to_string(sf.focus.score());
  if (sf.destroyed) return {"the Starfighter was destroyed after " + turns_text + score};
  return {"the Starfighter held out for " + turns_text + " (the length limit)" + score, true};
}

}  // namespace space_defender_2
