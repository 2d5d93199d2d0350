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

// The thresholds' parameters: Phase 1 names the planets' only, Phase 2 all
// five by their grammar names.
struct ThresholdParam {
  const char* name;
  int Thresholds::*field;
  const char* what;
  const char* label;
};
constexpr ThresholdParam kThresholdParams[] = {
    {"a_threshold", &Thresholds::asteroid, "an asteroid is made when the draw is under it",
     "Asteroid threshold"},
    {"j_threshold", &Thresholds::janitaur, "then a janitaur", "Janitaur threshold"},
    {"m_threshold", &Thresholds::malevolent, "then a malevolent", "Malevolent threshold"},
    {"b_threshold", &Thresholds::benign, "then a benign", "Benign threshold"},
    {"p_threshold", &Thresholds::planet, "then a planet", "Planet threshold"},
};

}  // namespace

template <const Edition& E>
const std::vector<engine::ParamSpec>& BasicState<E>::param_specs() {
  static const std::vector<engine::ParamSpec> kSpecs = [] {
    std::vector<engine::ParamSpec> specs;
    if (E.five_thresholds) {
      for (const ThresholdParam& t : kThresholdParams)
        specs.push_back({t.name, std::to_string(E.play.*t.field),
                         std::string(t.what) + ", 1 to 101, not decreasing", t.label});
    } else {
      specs.push_back({"threshold", std::to_string(E.play.planet),
                       "the planet threshold of test(N), 1 to 101", "Planet threshold"});
    }
    specs.push_back({"max_length", "500",
                     "turns before the game is adjudicated a loss, 1 to 1000000000",
                     "Longest game (turns)"});
    specs.push_back({"seed",
                     "0",
                     "draws of the course's generator made before the game, 0 (the oracle's own "
                     "start) to 999999999",
                     "Seed",
                     {},
                     true});
    return specs;
  }();
  return kSpecs;
}

template <const Edition& E>
std::variant<BasicState<E>, std::string> BasicState<E>::make(const engine::Params& params) {
  return make_after(params, 0);
}

template <const Edition& E>
std::variant<BasicState<E>, std::string> BasicState<E>::make_after(const engine::Params& params,
                                                                   std::uint64_t calls) {
  engine::ParamReader read(params, param_specs());
  Thresholds thresholds = E.play;
  if (E.five_thresholds) {
    for (const ThresholdParam& t : kThresholdParams)
      thresholds.*t.field = read.integer(t.name, 1, 101);
  } else {
    thresholds.planet = read.integer("threshold", 1, 101);
  }
  const int max_length = read.integer("max_length", 1, kNoLimit);
  // A seed is draws made before the game: written with them, as calls.
  const auto seed = static_cast<std::uint64_t>(read.integer("seed", 0, 999999999));
  if (auto error = read.error()) return *error;
  if (!thresholds.non_decreasing()) {
    return std::string(
        "the thresholds a_threshold, j_threshold, m_threshold, b_threshold, p_threshold must not "
        "decrease");
  }
  engine::OracleRandom rng;
  rng.skip(calls + seed);
  return BasicState(thresholds, max_length, std::move(rng));
}

template <const Edition& E>
BasicState<E> BasicState<E>::start(const Thresholds& thresholds, engine::OracleRandom rng,
                                   int max_length) {
  rng.clear_log();
  return BasicState(thresholds, max_length, std::move(rng));
}

template <const Edition& E>
BasicState<E>::BasicState(const Thresholds& thresholds, int max_length, engine::OracleRandom rng)
    : thresholds_(thresholds),
      max_length_(max_length),
      start_calls_(rng.calls()),
      rng_(std::move(rng)),
      galaxy_(thresholds, rng_) {}

template <const Edition& E>
engine::Params BasicState<E>::params() const {
  engine::Params params = {{"max_length", std::to_string(max_length_)}};
  if (E.five_thresholds) {
    for (const ThresholdParam& t : kThresholdParams)
      params[t.name] = std::to_string(thresholds_.*t.field);
  } else {
    params["threshold"] = std::to_string(thresholds_.planet);
  }
  if (start_calls_ > 0) params[std::string(engine::kRngCalls)] = std::to_string(start_calls_);
  return params;
}

template <const Edition& E>
void BasicState<E>::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (over()) return;
  for (const auto& [kind, name] : kPlainActions) {
    if (!galaxy_.refusal({kind})) out.push_back({kind});
  }
  for (engine::Direction d : engine::kAllDirections) {
    if (!galaxy_.refusal({ActionKind::Move, d})) out.push_back({ActionKind::Move, d});
  }
}

template <const Edition& E>
void BasicState<E>::apply(const Action& action) {
  rng_.clear_log();  // the log holds the calls of one action
  last_report_ = galaxy_.turn({action.kind, action.direction}, rng_);
  life_found_ = last_report_.life_found;
  history_.push_back(action);
}

template <const Edition& E>
engine::Returns BasicState<E>::returns() const {
  engine::Returns r{};
  r[0] = life_found_ ? 1.0 : 0.0;
  return r;
}

template <const Edition& E>
std::string BasicState<E>::action_text(const Action& action) const {
  if (action.kind == ActionKind::Move)
    return "move(" + std::string(engine::name(action.direction)) + ")";
  for (const auto& [kind, name] : kPlainActions) {
    if (kind == action.kind) return std::string(name);
  }
  return "";
}

template <const Edition& E>
engine::Parsed<typename BasicState<E>::Action> BasicState<E>::parse_action(
    std::string_view text) const {
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

template <const Edition& E>
std::string BasicState<E>::observation(int player) const {
  (void)player;
  return text::sectors_section(galaxy_) + text::descriptions_section(galaxy_) +
         text::board(galaxy_);
}

template <const Edition& E>
std::string BasicState<E>::serialize() const {
  std::vector<std::string> actions;
  for (const Action& a : history_) actions.push_back(action_text(a));
  return engine::history_text(params(), actions);
}

template <const Edition& E>
std::optional<BasicState<E>> BasicState<E>::deserialize(std::string_view text) {
  return engine::replay_after_calls<BasicState>(text, &BasicState::make_after);
}

template <const Edition& E>
std::optional<std::string> BasicState<E>::check_invariants() const {
  if (!galaxy_.is_consistent()) return std::string("the galaxy's quadrants and entities disagree");
  return std::nullopt;
}

template class BasicState<kPhase1>;
template class BasicState<kPhase2>;

}  // namespace simodyssey
