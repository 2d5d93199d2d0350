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
              [](const GameInfo& a, const GameInfo& b) { return a.name < b.name; });
    return games;
  }();
  return kGames;
}

const GameInfo* find_game(std::string_view name) {
  for (const GameInfo& g : all_games()) {
    if (g.name == name) return &g;
  }
  return nullptr;
}

engine::Params start_params(const std::vector<engine::ParamSpec>& specs, engine::Params given,
                            std::uint64_t seed, std::uint64_t round, int max_length) {
  const auto has = [&](std::string_view name) {
    return std::any_of(specs.begin(), specs.end(), [&](const auto& s) { return s.name == name; });
  };
  if (has("seed") && !given.contains("seed"))
    given["seed"] = std::to_string((seed * 1000003ULL + round) % 1000000000ULL);
  if (max_length > 0 && has("max_length")) given["max_length"] = std::to_string(max_length);
  return given;
}

std::optional<std::string> add_params(const std::vector<std::string>& texts,
                                      engine::Params& params) {
  for (const std::string& text : texts) {
    const std::size_t eq = text.find('=');
    if (eq == std::string::npos || eq == 0) return text;
    params[text.substr(0, eq)] = text.substr(eq + 1);
  }
  return std::nullopt;
}

}  // namespace games
