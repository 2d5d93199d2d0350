// Space Defender 2's text: the setup menus, the Starfighter's block, the
// debug sections and the board, exactly as the course oracle prints them.
#pragma once

#include <string>
#include <vector>

#include "games/space-defender-2/rules.hpp"

namespace space_defender_2::text {

std::string refusal_message(Refusal refusal);
// A battle event as its line of the debug sections (without the indentation
// of the section).
std::string event_line(const Event& event);

std::string weapon_menu(const Loadout& loadout);
std::string armour_menu(const Loadout& loadout);
std::string engine_menu(const Loadout& loadout);
std::string power_menu(const Loadout& loadout);
std::string summary(const Loadout& loadout);

std::string starfighter_block(const Battle& battle);
// The Enemy, Projectile and the five action sections of debug mode.
std::string debug_sections(const Battle& battle, bool with_log);
// The board; in normal mode squares beyond the Starfighter's vision are '?'.
std::string board(const Battle& battle, bool fog_of_war);

}  // namespace space_defender_2::text
