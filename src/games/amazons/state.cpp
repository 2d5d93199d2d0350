#include "games/amazons/state.hpp"

#include "engine/words.hpp"
#include "games/amazons/rules.hpp"

namespace amazons {
namespace {

using Kind = State::Action::Kind;

std::optional<std::int32_t> parse_number(std::string_view text) {
  if (text == "-") return -1;
  const auto n = engine::parse_int(text);
  if (!n) return std::nullopt;
  return *n;
}

}  // namespace

const std::vector<engine::ParamSpec>& State::param_specs() {
  static const std::vector<engine::ParamSpec> kSpecs = {
      {"rows", "10", "the board's rows, 1 to 1000", "Rows"},
      {"cols", "10", "the board's columns, 1 to 1000", "Columns"},
      {"rules",
       "extended",
       "extended or standard (the classic game)",
       "Rules",
       {{"extended", "Extended: treasure, artifacts, 1 to 8 players"},
        {"standard", "Classic: the game of two, nothing to collect"}}},
      {"amazons", "4", "amazons per player, 1 to 1000", "Amazons each"},
      {"players", "2", "1 to 8 (standard rules: 2)", "Players"},
      {"treasure", "30", "percent of fields with treasure, 0 to 100 (standard rules: 0)",
       "Treasure (% of fields)"},
      {"artifacts", "8", "percent of fields with an artifact, 0 to 100 (standard rules: 0)",
       "Artifacts (% of fields)"},
      {"seed", "1", "the seed of the board, 0 to 999999999", "Seed", {}, true},
  };
  return kSpecs;
}

std::variant<State, std::string> State::make(const engine::Params& params) {
  engine::ParamReader read(params, param_specs());
  const int rows = read.integer("rows", 1, kMaxSide);
  const int cols = read.integer("cols", 1, kMaxSide);
  const bool standard = read.choice("rules", {"extended", "standard"}) == 1;
  const int amazons = read.integer("amazons", 1, 1000);
  const int players = read.integer("players", 1, kMaxPlayers);
  const bool given_treasure = params.contains("treasure"),
             given_artifacts = params.contains("artifacts");
  int treasure = read.integer("treasure", 0, 100);
  int artifacts = read.integer("artifacts", 0, 100);
  const int seed = read.integer("seed", 0, 999999999);
  if (auto error = read.error()) return *error;
  const RuleSet rules = standard ? RuleSet::Standard : RuleSet::Extended;
  if (standard) {
    if (players != 2)
      return "players=" + std::to_string(players) + ": the standard rules are for 2 players";
    if ((given_treasure && treasure) || (given_artifacts && artifacts))
      return "the standard rules have no treasure or artifacts (treasure=0 artifacts=0)";
    treasure = artifacts = 0;
  }
  if (standard && rows == 10 && cols == 10 && amazons == 4)
    return of_board(standard_board(), amazons, rules);
  Board board = generate_board(rows, cols, treasure, artifacts, static_cast<std::uint64_t>(seed));
  for (int p = 1; p <= players; ++p)
    board.players().push_back({"player" + std::to_string(p), p, 0});
  return of_board(std::move(board), amazons, rules);
}

State State::of_board(Board board, int amazons, RuleSet rules) {
  State state;
  state.board_ = std::move(board);
  state.rules_ = rules;
  state.amazons_ = amazons;
  state.to_move_ = state.players() - 1;  // next_placement goes on from the last, to the first
  state.next_placement();
  return state;
}

std::optional<std::string> State::why_not(const Action& action) const {
  if (over_) return std::string("the game is over");
  const int id = id_of(to_move_);
  const Coord from = coord(action.from), to = coord(action.to);
  switch (action.kind) {
    case Kind::Place:
      if (!placing_) return std::string("every amazon is placed: move one");
      if (board_.at(to).occupant != kEmpty) return "field " + square_name(to) + " is occupied";
      return std::nullopt;
    case Kind::Move:
      if (placing_) return std::string("place an amazon first");
      if (shooter_ >= 0) return "the amazon at " + square_name(coord(shooter_)) + " shoots first";
      if (continuing_ >= 0 && action.from != continuing_)
        return "the horse moves the amazon at " + square_name(coord(continuing_)) + " again";
      if (board_.at(from).occupant != id)
        return "there is no amazon of yours at " + square_name(from);
      if (!clear_line(board_, from, to)) {
        return "the amazon cannot move from " + square_name(from) + " to " + square_name(to) +
               " (a queen's line, over free fields only)";
      }
      return std::nullopt;
    case Kind::Shoot: {
      if (shooter_ < 0) return std::string("there is no shot to make now");
      const Coord shooter = coord(shooter_);
      const bool lands = spear_ ? on_queen_line(shooter, to) && board_.at(to).occupant == kEmpty
                                : clear_line(board_, shooter, to);
      if (!lands) {
        return std::string(spear_ ? "the spear" : "an arrow") + " cannot land at " +
               square_name(to) + " from " + square_name(shooter);
      }
      return std::nullopt;
    }
  }
  return std::nullopt;
}

void State::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (over_) return;
  std::vector<Coord> targets;
  if (placing_) {
    for (Coord c : free_fields(board_)) out.push_back({Kind::Place, 0, field(c)});
    return;
  }
  if (shooter_ >= 0) {
    (spear_ ? spear_targets : queen_targets)(board_, coord(shooter_), targets);
    for (Coord t : targets) out.push_back({Kind::Shoot, shooter_, field(t)});
    return;
  }
  const auto moves_of = [&](Coord from) {
    targets.clear();  // queen_targets appends
    queen_targets(board_, from, targets);
    for (Coord t : targets) out.push_back({Kind::Move, field(from), field(t)});
  };
  if (continuing_ >= 0) {
    moves_of(coord(continuing_));
    return;
  }
  for (Coord a : amazons_of(board_, id_of(to_move_))) moves_of(a);
}

void State::apply(const Action& action) {
  const int id = id_of(to_move_);
  last_.any = true;
  last_.action = action;
  last_.player = to_move_;
  last_.skipped = 0;
  switch (action.kind) {
    case Kind::Place:
      place_amazon(board_, id, coord(action.to));
      last_.turn_from = last_.turn_arrow = -1;
      last_.turn_to = action.to;
      next_placement();
      return;
    case Kind::Move: {
      Field& landing = board_.at(coord(action.to));
      board_.player_by_id(id)->score += landing.treasure;
      const auto artifact = static_cast<Artifact>(landing.artifact);
      last_.treasure = landing.treasure;
      last_.artifact = artifact;
      if (continuing_ < 0) last_.turn_from = action.from;  // a horse's move goes on the turn
      last_.turn_to = action.to;
      last_.turn_arrow = -1;
      board_.at(coord(action.from)) = Field{};
      landing = Field{0, kNoArtifact, static_cast<std::uint8_t>(id)};
      continuing_ = -1;
      if (artifact == kBrokenArrow) {
        end_turn();
        return;
      }
      shooter_ = action.to;
      spear_ = artifact == kSpear;
      horse_ = artifact == kHorse;
      return;
    }
    case Kind::Shoot:
      board_.at(coord(action.to)) = Field{0, kNoArtifact, kObstacle};
      last_.turn_arrow = action.to;
      last_.spear = spear_;
      if (horse_ && has_queen_move(board_, coord(shooter_))) {
        continuing_ = shooter_;
        shooter_ = -1;
        horse_ = false;
        return;
      }
      end_turn();
      return;
  }
}

// After a placement: the next player with amazons left to place, in turn;
// when nobody has (or no field is free), the movement phase begins with the
// first player who can move.
void State::next_placement() {
  const int n = players();
  if (!free_fields(board_).empty()) {
    for (int k = 1; k <= n; ++k) {
      const int p = (to_move_ + k) % n;
      if (static_cast<int>(amazons_of(board_, id_of(p)).size()) < amazons_) {
        to_move_ = p;
        return;
      }
    }
  }
  placing_ = false;
  to_move_ = n - 1;
  end_turn();
}

void State::end_turn() {
  shooter_ = -1;
  spear_ = horse_ = false;
  continuing_ = -1;
  const int n = players();
  if (rules_ == RuleSet::Standard) {
    to_move_ = (to_move_ + 1) % n;
    over_ = !can_move(board_, id_of(to_move_));
    return;
  }
  for (int k = 1; k <= n; ++k) {
    const int p = (to_move_ + k) % n;
    if (can_move(board_, id_of(p))) {
      to_move_ = p;
      return;
    }
    // A player with amazons who cannot move is skipped (one with none plays no part).
    if (p != to_move_ && !amazons_of(board_, id_of(p)).empty())
      last_.skipped |= static_cast<std::uint8_t>(1u << p);
  }
  over_ = true;
  last_.skipped = 0;  // nobody is skipped: the game is over
}

engine::Returns State::returns() const {
  engine::Returns r{};
  if (!over_) return r;
  // Standard: the player to move could not move, and lost.
  if (rules_ == RuleSet::Standard) return engine::two_player_returns(1 - to_move_);
  std::array<long long, engine::kMaxPlayers> scores{};
  for (int p = 0; p < players(); ++p)
    scores[static_cast<std::size_t>(p)] = board_.players()[static_cast<std::size_t>(p)].score;
  return most_treasure_returns(std::span(scores).first(static_cast<std::size_t>(players())));
}

std::string State::action_text(const Action& action) const {
  switch (action.kind) {
    case Kind::Place:
      return "place " + field_text(coord(action.to));
    case Kind::Move:
      return "move " + field_text(coord(action.from)) + " " + field_text(coord(action.to));
    case Kind::Shoot:
      return "shoot " + field_text(coord(action.to));
  }
  return "";
}

engine::Parsed<State::Action> State::parse_action(std::string_view text) const {
  using Parsed = engine::Parsed<Action>;
  const auto words = engine::split_words(text);
  const std::size_t wanted = words.empty()                                ? 0
                             : words[0] == "move"                         ? 2
                             : words[0] == "place" || words[0] == "shoot" ? 1
                                                                          : 0;
  if (wanted == 0 || words.size() != wanted + 1) {
    return Parsed::refused(
        "write an action as: place ROW,COL, move ROW,COL ROW,COL or shoot "
        "ROW,COL (rows and columns from 1)");
  }
  std::vector<Coord> fields;
  for (std::size_t i = 1; i < words.size(); ++i) {
    auto c = read_field(words[i], board_.rows(), board_.cols());
    if (const auto* why = std::get_if<std::string>(&c)) return Parsed::refused(*why);
    fields.push_back(std::get<Coord>(c));
  }
  if (words[0] == "place") return Action{Kind::Place, 0, field(fields[0])};
  if (words[0] == "move") return Action{Kind::Move, field(fields[0]), field(fields[1])};
  return Action{Kind::Shoot, shooter_, field(fields[0])};
}

std::string State::observation(int player) const {
  (void)player;
  std::string awaited =
      over_ ? "the game is over" : "player " + std::to_string(id_of(to_move_)) + " ";
  if (!over_) {
    awaited +=
        placing_ ? "places an amazon"
        : shooter_ >= 0
            ? (spear_ ? "throws the spear from " : "shoots from ") + field_text(coord(shooter_))
        : continuing_ >= 0 ? "moves the amazon at " + field_text(coord(continuing_)) + " again"
                           : "moves";
  }
  return write_board(board_) + awaited + "\n";
}

std::string State::serialize() const {
  return "rules=" + std::string(rules_ == RuleSet::Standard ? "standard" : "extended") +
         " amazons=" + std::to_string(amazons_) + " to_move=" + std::to_string(to_move_) +
         " placing=" + std::to_string(placing_) + " shooter=" + std::to_string(shooter_) +
         " spear=" + std::to_string(spear_) + " horse=" + std::to_string(horse_) +
         " continuing=" + std::to_string(continuing_) + " over=" + std::to_string(over_) + "\n" +
         write_board(board_);
}

std::optional<State> State::deserialize(std::string_view text) {
  const std::size_t end = text.find('\n');
  if (end == std::string_view::npos) return std::nullopt;
  const auto header = engine::parse_history(text.substr(0, end));
  auto board = read_board(text.substr(end + 1));
  if (!header || !std::holds_alternative<Board>(board)) return std::nullopt;
  State s;
  s.board_ = std::get<Board>(std::move(board));
  const engine::Params& p = header->params;
  const auto number = [&](const char* key) -> std::optional<std::int32_t> {
    const auto it = p.find(key);
    return it == p.end() ? std::nullopt : parse_number(it->second);
  };
  const auto rules = p.find("rules");
  const auto amazons = number("amazons"), to_move = number("to_move"), placing = number("placing"),
             shooter = number("shooter"), spear = number("spear"), horse = number("horse"),
             continuing = number("continuing"), over = number("over");
  if (rules == p.end() || !amazons || !to_move || !placing || !shooter || !spear || !horse ||
      !continuing || !over || *to_move < 0 || *to_move >= s.players())
    return std::nullopt;
  s.rules_ = rules->second == "standard" ? RuleSet::Standard : RuleSet::Extended;
  s.amazons_ = *amazons;
  s.to_move_ = *to_move;
  s.placing_ = *placing != 0;
  s.shooter_ = *shooter;
  s.spear_ = *spear != 0;
  s.horse_ = *horse != 0;
  s.continuing_ = *continuing;
  s.over_ = *over != 0;
  const int fields = s.board_.rows() * s.board_.cols();
  if (s.shooter_ >= fields || s.continuing_ >= fields) return std::nullopt;
  return s;
}

std::optional<std::string> State::check_invariants() const {
  for (const Field& f : board_.fields()) {
    if (f.occupant >= 1 && f.occupant <= kMaxPlayers && !board_.player_by_id(f.occupant))
      return std::string("an amazon of a player without a line");
    if (f.occupant != kEmpty && (f.treasure || f.artifact))
      return std::string("an occupied field with treasure or an artifact");
  }
  return std::nullopt;
}

std::vector<State::Action> State::actions_of(const Turn& turn) const {
  std::vector<Action> actions;
  Coord from = turn.from;
  for (const Step& step : turn.steps) {
    actions.push_back({Action::Kind::Move, field(from), field(step.to)});
    if (step.target) actions.push_back({Action::Kind::Shoot, field(step.to), field(*step.target)});
    from = step.to;
  }
  return actions;
}

}  // namespace amazons
