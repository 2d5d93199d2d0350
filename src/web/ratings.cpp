#include "web/ratings.hpp"

#include <algorithm>
#include <cmath>

#include "web/accounts.hpp"

namespace web {
namespace {

using nlohmann::json;

std::string kind_of(const std::string& pool) {
  return "rating " + pool;
}

PlayerRating from_record(const std::string& text, const std::string& fallback_name) {
  PlayerRating player{fallback_name, {}, 0};
  const json record = json::parse(text, nullptr, false);
  if (!record.is_object()) return player;
  player.name = record.value("name", fallback_name);
  player.rating = {record.value("rating", 1500.0), record.value("rd", 350.0),
                   record.value("volatility", 0.06)};
  player.games = record.value("games", 0);
  return player;
}

json record_of(const PlayerRating& player) {
  return {{"name", player.name},
          {"rating", player.rating.rating},
          {"rd", player.rating.deviation},
          {"volatility", player.rating.volatility},
          {"games", player.games}};
}

}  // namespace

std::string rating_pool(const games::GameInfo& info, const engine::Params& params) {
  std::string pool = info.name;
  for (const engine::ParamSpec& spec : info.params) {
    if (spec.deals) continue;
    const auto given = params.find(spec.name);
    if (given != params.end() && given->second != spec.default_value)
      pool += " " + spec.name + "=" + given->second;
  }
  return pool;
}

PlayerRating rating_of(const Store& store, const std::string& pool, const std::string& key,
                       const std::string& name) {
  const auto text = store.record(kind_of(pool), key);
  return text ? from_record(*text, name) : PlayerRating{name, {}, 0};
}

std::pair<PlayerRating, PlayerRating> rate_game(Store& store, const std::string& pool,
                                                const std::pair<std::string, std::string>& keys,
                                                const std::pair<std::string, std::string>& names,
                                                double score_first) {
  // Each player rated against the other's rating before the game, its own
  // record changed where it is (a server sharing the database may have
  // rated another of its games meanwhile).
  const glicko2::Rating first_before = rating_of(store, pool, keys.first, names.first).rating;
  const glicko2::Rating second_before = rating_of(store, pool, keys.second, names.second).rating;
  const auto rate = [&](const std::string& key, const std::string& name,
                        const glicko2::Rating& opponent, double score) {
    PlayerRating player{name, {}, 0};
    store.update_record(kind_of(pool), key, [&](const std::optional<std::string>& text) {
      player = text ? from_record(*text, name) : PlayerRating{name, {}, 0};
      player.rating = glicko2::updated(player.rating, {{opponent, score}});
      ++player.games;
      return std::optional<std::string>(record_of(player).dump());
    });
    Accounts::rated_in(store, key, pool);
    return player;
  };
  return {rate(keys.first, names.first, second_before, score_first),
          rate(keys.second, names.second, first_before, 1.0 - score_first)};
}

json ratings_table(const Store& store, const std::string& game, const std::string& variant) {
  const std::string pool = variant.empty() ? game : game + " " + variant;
  std::vector<PlayerRating> players;
  std::vector<std::string> bots;  // the keys of bot accounts, marked so
  for (const auto& [key, text] : store.records(kind_of(pool))) {
    players.push_back(from_record(text, key));
    const auto account = store.record("account", key);
    if (account && json::parse(*account, nullptr, false).value("bot", false))
      bots.push_back(account_key(players.back().name));
  }
  std::sort(players.begin(), players.end(), [](const PlayerRating& a, const PlayerRating& b) {
    return a.rating.rating > b.rating.rating;
  });
  json list = json::array();
  for (const PlayerRating& p : players) {
    list.push_back({{"username", p.name},
                    {"rating", std::lround(p.rating.rating)},
                    {"rd", std::lround(p.rating.deviation)},
                    {"games", p.games}});
    if (std::find(bots.begin(), bots.end(), account_key(p.name)) != bots.end())
      list.back()["bot"] = true;
  }
  return {{"game", game}, {"variant", variant}, {"players", list}};
}

}  // namespace web
