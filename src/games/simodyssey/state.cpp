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
      {"max_length", "500", "turns before the game is adjudicated a loss, 1 to 100000"},
  };
  return kSpecs;
}

std::variant<State, std::string> State::make(const engine::Params& params) {
  engine::ParamReader read(params, param_specs());
  const int threshold = read.integer("threshold", 1, 101);
  const int max_length = read.integer("max_length", 1, 100000);
  if (auto error = read.error()) return *error;
  return State(threshold, max_length);
}

State::State(int threshold, int max_length)
    : threshold_(threshold), max_length_(max_length), galaxy_(threshold, rng_) {
  rng_.clear_log();
}

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
  const TurnReport report = galaxy_.turn({action.kind, action.direction}, rng_);
  rng_.clear_log();
  life_found_ = report.life_found;
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
  return engine::history_text(
      {{"threshold", std::to_string(threshold_)}, {"max_length", std::to_string(max_length_)}},
      actions);
}

std::optional<State> State::deserialize(std::string_view text) {
  return engine::replay<State>(text, &State::make);
}

std::optional<std::string> State::check_invariants() const {
  if (!galaxy_.is_consistent()) return std::string("the galaxy's quadrants and entities disagree");
  return std::nullopt;
}

}  // namespace simodyssey
