// SimOdyssey's text: the sections of the abstract state, exactly as the
// course oracle prints them (simodyssey.txt §13-§16).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/oracle_random.hpp"
#include "games/simodyssey/rules.hpp"

namespace simodyssey::text {

std::string_view name(Kind kind);                     // "Explorer", "Yellow dwarf"
std::string sector_text(Coord sector);                // "Sector:X:Y"
std::string location_text(const Location& location);  // "[r,c,q]"
std::string refusal_message(Refusal refusal, Coord sector);
std::string death_message(const Entity& entity);

// Each returns whole lines, indented as in the oracle's transcripts.
std::string movement_section(const std::vector<Movement>& movements);
std::string sectors_section(const Galaxy& galaxy);
std::string descriptions_section(const Galaxy& galaxy);
std::string deaths_section(const std::vector<Entity>& deaths);
std::string board(const Galaxy& galaxy);

}  // namespace simodyssey::text
