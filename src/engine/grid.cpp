#include "engine/grid.hpp"

namespace engine {

std::optional<Direction> parse_direction(std::string_view text) {
  for (Direction dir : kAllDirections) {
    if (name(dir) == text) return dir;
  }
  return std::nullopt;
}

}  // namespace engine
