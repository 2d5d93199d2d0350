#include "games/simodyssey/state.hpp"

#include "engine/words.hpp"
#include "games/simodyssey/text.hpp"

namespace simodyssey {
namespace {

constexpr std::array<std::pair<ActionKind, std::string_view>, 4> kPlainActions = {{
    {ActionKind::Pass, "pass"},
    {ActionKind::Wormhole, "wormhole"},
    {ActionKind::Land, "land"},
    {ActionKind::Liftoff, "liftoff"},
}};

}  // namespace

const std::vector<engine::ParamSpec>& State::param_specs() {
  static const std::vector<engine::ParamSpec> kSpecs = {
      {"threshold", "30", "the planet threshold of test(N), 1 to 101"},
      {"max_length", "500", "turns before the game is adjudicated a loss, 1 to 1000000000"},
  };
  return kSpecs;
}

std::variant<State, std::string> State::make(const engine::Params& params) {
  return make_after(params, 0);
}

std::variant<State, std::string> State::make_after(const engine::Params& params,
                                                   std::uint64_t calls) {
  engine::ParamReader read(params, param_specs());
  const int threshold = read.integer("threshold", 1, 101);
  const int max_length = read.integer("max_length", 1, kNoLimit);
  if (auto error = read.error()) return *error;
  engine::OracleRandom rng;
  rng.skip(calls);
  return State(threshold, max_length, std::move(rng));
}

State State::start(int threshold, engine::OracleRandom rng, int max_length) {
  rng.clear_log();
  return State(threshold, max_length, std::move(rng));
}

State::State(int threshold, int max_length, engine::OracleRandom rng)
    : threshold_(threshold),
      max_length_(max_length),
      start_calls_(rng.calls()),
      rng_(std::move(rng)),
      galaxy_(threshold, rng_) {}

void State::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (over()) return;
  for (const auto& [kind, name] : kPlainActions) {
    if (!galaxy_.refusal({kind})) out.push_back({kind});
  }
  for (engine::Direction d : engine::kAllDirections) {
    if (!galaxy_.refusal({ActionKind::Move, d})) out.push_back({ActionKind::Move, d});
  }
}

void State::apply(const Action& action) {
  rng_.clear_log();  // the log holds the calls of one action
  last_report_ = galaxy_.turn({action.kind, action.direction}, rng_);
  life_found_ = last_report_.life_found;
  history_.push_back(action);
}

engine::Returns State::returns() const {
  engine::Returns r{};
  r[0] = life_found_ ? 1.0 : 0.0;
  return r;
}

std::string State::action_text(const Action& action) const {
  if (action.kind == ActionKind::Move)
    return "move(" + std::string(engine::name(action.direction)) + ")";
  for (const auto& [kind, name] : kPlainActions) {
    if (kind == action.kind) return std::string(name);
  }
  return "";
}

engine::Parsed<State::Action> State::parse_action(std::string_view text) const {
  for (const auto& [kind, name] : kPlainActions) {
    if (text == name) return Action{kind};
  }
  if (text.starts_with("move(") && text.ends_with(")")) {
    if (const auto d = engine::parse_direction(text.substr(5, text.size() - 6)))
      return Action{ActionKind::Move, *d};
  }
  return engine::Parsed<Action>::refused(
      "\"" + engine::printable(text, 30) +
      "\" is not an action: write move(D) with D one of N, NE, E, SE, S, SW, W, NW, or pass, "
      "wormhole, land, liftoff");
}

std::string State::observation(int player) const {
  (void)player;
  return text::sectors_section(galaxy_) + text::descriptions_section(galaxy_) +
         text::board(galaxy_);
}

std::string State::serialize() const {
  std::vector<std::string> actions;
  for (const Action& a : history_) actions.push_back(action_text(a));
  engine::Params params = {{"threshold", std::to_string(threshold_)},
                           {"max_length", std::to_string(max_length_)}};
  if (start_calls_ > 0) params[std::string(engine::kRngCalls)] = std::to_string(start_calls_);
  return engine::history_text(params, actions);
}

std::optional<State> State::deserialize(std::string_view text) {
  return engine::replay_after_calls<State>(text, &State::make_after);
}

std::optional<std::string> State::check_invariants() const {
  if (!galaxy_.is_consistent()) return std::string("the galaxy's quadrants and entities disagree");
  return std::nullopt;
}

}  // namespace simodyssey
