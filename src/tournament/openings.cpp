#include "tournament/openings.hpp"

#include <fstream>

#include "engine/random.hpp"
#include "engine/words.hpp"
#include "tournament/records.hpp"

namespace tournament {

using nlohmann::json;

engine::Params start_of_pair(const Options& o, const games::GameInfo& info, int pair) {
  return games::start_params(info.params, o.params, o.seed, static_cast<std::uint64_t>(pair),
                             o.max_length);
}

void play_random_plies(const Options& o, int pair, engine::AnyState& state, json& actions) {
  engine::Random rng(o.seed * 1000003ULL + static_cast<std::uint64_t>(pair) * 7919ULL + 1);
  for (int plies = 0; plies < o.random_plies && !state.over();) {
    const int mover = state.to_move();
    const std::vector<std::string> legal = state.legal_actions();
    const std::string& action = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    actions.push_back(action_record(state, mover, action, 0));
    actions.back()["random"] = true;
    state.apply(action);
    plies += state.over() || state.to_move() != mover;
  }
}

std::size_t opening_of(const Options& o, int pair) {
  const std::size_t n = o.openings.size();
  const auto k = static_cast<std::size_t>(pair / std::max(1, o.encounters));
  if (!o.shuffle_openings) return k % n;
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  engine::Random rng(o.seed * 7919ULL + k / n + 17);  // a new order each time round
  for (std::size_t i = n; i > 1; --i)
    std::swap(order[i - 1], order[rng.below(static_cast<std::uint32_t>(i))]);
  return order[k % n];
}

void play_opening(const Options& o, int pair, engine::AnyState& state, json& actions) {
  if (o.openings.empty()) return;
  for (const std::string& action : o.openings[opening_of(o, pair)]) {
    actions.push_back(action_record(state, state.to_move(), action, 0));
    actions.back()["opening"] = true;
    state.apply(action);
  }
}

std::string read_openings(Options& o, const games::GameInfo& info) {
  std::ifstream in(o.openings_file);
  if (!in) return "--openings " + o.openings_file + ": cannot be read";
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    line = line.substr(0, line.find('#'));
    std::vector<std::string> opening;
    for (std::string action : engine::split_on(line, ';')) {
      action = std::string(engine::trim(action));
      if (!action.empty()) opening.push_back(action);
    }
    if (opening.empty()) continue;
    const std::string where = "--openings " + o.openings_file + " line " + std::to_string(number);
    auto state = std::get<std::unique_ptr<engine::AnyState>>(info.make(start_of_pair(o, info, 0)));
    for (const std::string& action : opening) {
      if (state->over())
        return where + ": the game is over before \"" + engine::printable(action) + "\"";
      if (auto why = state->apply(action))
        return where + ": " + engine::printable(action) + ": " + *why;
    }
    if (state->over()) return where + ": the game is over after it";
    o.openings.push_back(std::move(opening));
  }
  if (o.openings.empty()) return "--openings " + o.openings_file + ": no opening in it";
  return "";
}

}  // namespace tournament
