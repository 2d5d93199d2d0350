#include "games/registry.hpp"

#include <algorithm>

namespace games {

// Every game's registration, listed by the build (registered_games.cpp, made
// by gridgames_add_game in src/CMakeLists.txt).
std::vector<GameInfo> registered_games();

const std::vector<GameInfo>& all_games() {
  static const std::vector<GameInfo> kGames = [] {
    std::vector<GameInfo> games = registered_games();
    std::sort(games.begin(), games.end(),
              [](const GameInfo& a, const GameInfo& b) { return a.entry.name < b.entry.name; });
    return games;
  }();
  return kGames;
}

const GameInfo* find_game(std::string_view name) {
  for (const GameInfo& g : all_games()) {
    if (g.entry.name == name) return &g;
  }
  return nullptr;
}

}  // namespace games
