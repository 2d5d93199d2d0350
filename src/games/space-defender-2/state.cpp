#include "games/space-defender-2/state.hpp"

#include "engine/words.hpp"
#include "games/space-defender-2/text.hpp"

namespace space_defender_2 {
namespace {

constexpr std::array<std::pair<space_defender_2::Action, std::string_view>, 3> kPlainActions = {{
    {space_defender_2::Action::Pass, "pass"},
    {space_defender_2::Action::Fire, "fire"},
    {space_defender_2::Action::Special, "special"},
}};

}  // namespace

const std::vector<engine::ParamSpec>& State::param_specs() {
  static const std::vector<engine::ParamSpec> kSpecs = {
      {"row", "10", "the board's rows, 5 to 10", "Rows"},
      {"column", "30", "the board's columns, 10 to 30", "Columns"},
      {"g_threshold", "30", "a Grunt spawns when the draw is under it, 1 to 101",
       "Grunt threshold"},
      {"f_threshold", "50", "then a Fighter, 1 to 101, not below the Grunt's", "Fighter threshold"},
      {"c_threshold", "70", "then a Carrier, 1 to 101, not below the Fighter's",
       "Carrier threshold"},
      {"i_threshold", "90", "then an Interceptor, 1 to 101, not below the Carrier's",
       "Interceptor threshold"},
      {"p_threshold", "101", "then a Pylon, 1 to 101, not below the Interceptor's",
       "Pylon threshold"},
      {"weapon",
       "1",
       "Standard, Spread, Snipe, Rocket, Splitter: 1 to 5",
       "Weapon",
       {{"1", "Standard"}, {"2", "Spread"}, {"3", "Snipe"}, {"4", "Rocket"}, {"5", "Splitter"}}},
      {"armour",
       "1",
       "None, Light, Medium, Heavy: 1 to 4",
       "Armour",
       {{"1", "None"}, {"2", "Light"}, {"3", "Medium"}, {"4", "Heavy"}}},
      {"engine",
       "1",
       "Standard, Light, Armoured: 1 to 3",
       "Engine",
       {{"1", "Standard"}, {"2", "Light"}, {"3", "Armoured"}}},
      {"power",
       "1",
       "Recall, Repair, Overcharge, Deploy Drones, Orbital Strike: 1 to 5",
       "Power",
       {{"1", "Recall"},
        {"2", "Repair"},
        {"3", "Overcharge"},
        {"4", "Deploy Drones"},
        {"5", "Orbital Strike"}}},
      {"debug",
       "0",
       "the program's debug mode from the start (its console then tells each phase's "
       "actions): 0 or 1",
       "Debug mode",
       {{"0", "off"}, {"1", "on"}}},
      {"max_length", "200", "turns before the game ends, 1 to 1000000000", "Longest game (turns)"},
      {"seed",
       "0",
       "draws of the course's generator made before the game, 0 (the oracle's own "
       "start) to 999999999",
       "Seed",
       {},
       true},
  };
  return kSpecs;
}

std::variant<State, std::string> State::make(const engine::Params& params) {
  return make_after(params, 0);
}

std::variant<State, std::string> State::make_after(const engine::Params& params,
                                                   std::uint64_t calls) {
  engine::ParamReader read(params, param_specs());
  const int rows = read.integer("row", 5, 10);
  const int cols = read.integer("column", 10, 30);
  Thresholds t;
  t.grunt = read.integer("g_threshold", 1, 101);
  t.fighter = read.integer("f_threshold", 1, 101);
  t.carrier = read.integer("c_threshold", 1, 101);
  t.interceptor = read.integer("i_threshold", 1, 101);
  t.pylon = read.integer("p_threshold", 1, 101);
  Loadout loadout;
  loadout.weapon = read.integer("weapon", 1, 5) - 1;
  loadout.armour = read.integer("armour", 1, 4) - 1;
  loadout.engine = read.integer("engine", 1, 3) - 1;
  loadout.power = read.integer("power", 1, 5) - 1;
  (void)read.integer("debug", 0, 1);  // the program's (the registry's start), not the rules
  const int max_length = read.integer("max_length", 1, kNoLimit);
  const auto seed = static_cast<std::uint64_t>(read.integer("seed", 0, 999999999));
  if (auto error = read.error()) return *error;
  if (!(t.grunt <= t.fighter && t.fighter <= t.carrier && t.carrier <= t.interceptor &&
        t.interceptor <= t.pylon)) {
    return "the thresholds g_threshold, f_threshold, c_threshold, i_threshold, p_threshold must "
           "not decrease";
  }
  // A seed is draws made before the game: it is written with them, as calls.
  engine::OracleRandom rng(/*first_two_return_low=*/true);
  rng.skip(calls + seed);
  engine::Params filled = read.filled();
  filled.erase("seed");
  if (calls + seed > 0) filled[std::string(engine::kRngCalls)] = std::to_string(calls + seed);
  return State(std::move(filled), Battle(rows, cols, t, loadout), max_length, std::move(rng));
}

State State::start(int rows, int cols, const Thresholds& t, const Loadout& loadout,
                   engine::OracleRandom rng, int max_length) {
  const auto number = [](int n) { return std::to_string(n); };
  engine::Params params = {{"row", number(rows)},
                           {"column", number(cols)},
                           {"g_threshold", number(t.grunt)},
                           {"f_threshold", number(t.fighter)},
                           {"c_threshold", number(t.carrier)},
                           {"i_threshold", number(t.interceptor)},
                           {"p_threshold", number(t.pylon)},
                           {"weapon", number(loadout.weapon + 1)},
                           {"armour", number(loadout.armour + 1)},
                           {"engine", number(loadout.engine + 1)},
                           {"power", number(loadout.power + 1)},
                           {"max_length", number(max_length)}};
  if (rng.calls() > 0) params[std::string(engine::kRngCalls)] = std::to_string(rng.calls());
  rng.clear_log();
  return State(std::move(params), Battle(rows, cols, t, loadout), max_length, std::move(rng));
}

State::State(engine::Params params, const Battle& battle, int max_length, engine::OracleRandom rng)
    : params_(std::move(params)), max_length_(max_length), rng_(std::move(rng)), battle_(battle) {}

void State::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (over()) return;
  for (const auto& [kind, name] : kPlainActions) {
    if (!battle_.refusal(kind, {})) out.push_back({kind, {}});
  }
  for (int row = 1; row <= battle_.rows(); ++row) {
    for (int col = 1; col <= battle_.cols(); ++col) {
      if (!battle_.refusal(space_defender_2::Action::Move, {row, col}))
        out.push_back({space_defender_2::Action::Move, {row, col}});
    }
  }
}

void State::apply(const Action& action) {
  rng_.clear_log();  // the log holds the calls of one action
  battle_.turn(action.kind, action.target, rng_);
  history_.push_back(action);
}

engine::Returns State::returns() const {
  engine::Returns r{};
  r[0] = battle_.starfighter().focus.score();
  return r;
}

std::string State::action_text(const Action& action) const {
  if (action.kind == space_defender_2::Action::Move) {
    return "move(" + std::string(1, static_cast<char>('A' + action.target.row - 1)) + "," +
           std::to_string(action.target.col) + ")";
  }
  for (const auto& [kind, name] : kPlainActions) {
    if (kind == action.kind) return std::string(name);
  }
  return "";
}

engine::Parsed<State::Action> State::parse_action(std::string_view text) const {
  for (const auto& [kind, name] : kPlainActions) {
    if (text == name) return Action{kind, {}};
  }
  if (text.starts_with("move(") && text.ends_with(")") && text.size() >= 9 && text[6] == ',') {
    const char row = text[5];
    const auto col = engine::parse_int(text.substr(7, text.size() - 8));
    if (row >= 'A' && row <= 'J' && col)
      return Action{space_defender_2::Action::Move, {row - 'A' + 1, *col}};
  }
  return engine::Parsed<Action>::refused(
      "\"" + engine::printable(text, 30) +
      "\" is not an action: write move(ROW,COLUMN) (e.g. move(B,3)), pass, fire or special");
}

std::string State::observation(int player) const {
  (void)player;
  return text::starfighter_block(battle_) + text::board(battle_, true);
}

std::string State::serialize() const {
  std::vector<std::string> actions;
  for (const Action& a : history_) actions.push_back(action_text(a));
  return engine::history_text(params_, actions);
}

std::optional<State> State::deserialize(std::string_view text) {
  return engine::replay_after_calls<State>(text, &State::make_after);
}

std::optional<std::string> State::check_invariants() const {
  if (!battle_.is_consistent()) return std::string("the board and the battle's lists disagree");
  return std::nullopt;
}

}  // namespace space_defender_2
