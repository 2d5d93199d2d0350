#include "games/raiinet/state.hpp"

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>

#include "engine/random.hpp"
#include "engine/words.hpp"
#include "games/raiinet/setup.hpp"
#include "games/raiinet/text.hpp"

namespace raiinet {
namespace {

// The links parameters' value for a placement drawn from the seed.
constexpr std::string_view kFromSeed = "seed";

// "V1D4..." as parse_placement reads it: "V1 D4 ..." (text with spaces as it is).
std::string spaced(std::string_view text) {
  if (text.find(' ') != std::string_view::npos) return std::string(text);
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i)
    out += (i && i % 2 == 0 ? " " : "") + std::string(1, text[i]);
  return out;
}

std::string placement_text(const Placement& placement) {
  std::string out;
  for (const LinkValue& v : placement) out += value_text(v);
  return out;
}

// An ability order keeping the used cards and drawing the others, at most
// two of a kind in all.
std::string drawn_cards(const std::array<Card, kCards>& cards, engine::Random& rng) {
  std::string order(kCards, ' ');
  for (std::size_t c = 0; c < kCards; ++c)
    if (cards[c].used) order[c] = cards[c].ability;
  const auto& kinds = abilities();
  for (std::size_t c = 0; c < kCards; ++c) {
    if (cards[c].used) continue;
    std::array<char, 8> allowed{};
    std::uint32_t count = 0;
    for (const AbilitySpec& k : kinds)
      if (std::count(order.begin(), order.end(), k.letter) < 2 && count < allowed.size())
        allowed[count++] = k.letter;
    order[c] = allowed[rng.below(count)];
  }
  return order;
}

std::string direction_name(Direction d) {
  return std::string(direction_word(d));
}

// Shuffles the first `n` items (Fisher-Yates, one draw an item), without
// allocating: the information-set search draws a world every iteration.
template <typename T, std::size_t N>
void shuffle_first(std::array<T, N>& items, std::size_t n, engine::Random& rng) {
  for (std::size_t i = n; i > 1; --i)
    std::swap(items[i - 1], items[rng.below(static_cast<std::uint32_t>(i))]);
}

}  // namespace

const std::vector<engine::ParamSpec>& State::param_specs() {
  static const std::vector<engine::ParamSpec> kSpecs = {
      {"seed", "1", "the seed of both placements, 0 to 999999999", "Seed", {}, true},
      {"ability1", "LFDSP",
       "five cards of L (Link boost), F (Firewall), D (Download), S (Scan), P (Polarize), "
       "none more than twice (the program's -ability1)",
       "Player 1's abilities"},
      {"ability2", "LFDSP", "five cards as for player 1 (the program's -ability2)",
       "Player 2's abilities"},
      {"links1",
       "seed",
       "player 1's links a-h: seed (drawn from the seed), or the eight of V1-V4 and D1-D4 in "
       "order, as V1D4V3V2D3V4D2D1 (the program's -link1)",
       "Player 1's links",
       {},
       true},
      {"links2",
       "seed",
       "player 2's links a-h, as for player 1 (the program's -link2)",
       "Player 2's links",
       {},
       true},
      {"max_length", "1000",
       "actions before the game is adjudicated: more data downloaded wins, with as many fewer "
       "viruses, else a draw; 1 to 1000000",
       "Longest game (actions)"},
  };
  return kSpecs;
}

std::variant<State, std::string> State::make(const engine::Params& params) {
  engine::ParamReader read(params, param_specs());
  const int seed = read.integer("seed", 0, 999999999);
  const int max_length = read.integer("max_length", 1, 1000000);
  if (auto error = read.error()) return *error;
  std::array<std::array<char, kCards>, 2> cards{};
  for (int p = 0; p < 2; ++p) {
    const std::string name = "ability" + std::to_string(p + 1);
    auto order = parse_ability_order(read.text(name));
    if (auto* e = std::get_if<SetupError>(&order))
      return name + "=" + read.text(name) + ": " + e->message;
    cards[static_cast<std::size_t>(p)] = std::get<std::array<char, kCards>>(order);
  }
  engine::Random rng(static_cast<std::uint64_t>(seed));
  std::array<Placement, 2> placements = {random_placement(rng), random_placement(rng)};
  for (int p = 0; p < 2; ++p) {
    const std::string name = "links" + std::to_string(p + 1);
    const std::string text = read.text(name);
    if (text == kFromSeed) continue;
    auto placement = parse_placement(spaced(text));
    if (auto* e = std::get_if<SetupError>(&placement)) return name + "=" + text + ": " + e->message;
    placements[static_cast<std::size_t>(p)] = std::get<Placement>(placement);
  }
  return State(read.filled(), Position(placements[0], placements[1], cards[0], cards[1]),
               max_length);
}

State State::world(int viewer, engine::Random& rng) const {
  if (over()) return *this;
  const int opponent = 1 - viewer;
  const State start = std::get<State>(make(params_));
  // The opponent's links: where the viewer knows a value now, its value at
  // the start (polarizing is public); the other values shuffled among the rest.
  Placement placement;
  std::array<int, kLinks> unknown;
  std::array<LinkValue, kLinks> left;
  std::size_t unknowns = 0;
  for (int i = 0; i < kLinks; ++i) {
    placement[static_cast<std::size_t>(i)] =
        start.game_.player(opponent).links[static_cast<std::size_t>(i)].value;
    if (text::knows_value(game_, link_id(opponent, i), viewer)) continue;
    unknown[unknowns] = i;
    left[unknowns++] = placement[static_cast<std::size_t>(i)];
  }
  shuffle_first(left, unknowns, rng);
  for (std::size_t k = 0; k < unknowns; ++k)
    placement[static_cast<std::size_t>(unknown[k])] = left[k];
  engine::Params params = params_;
  const std::string seat = std::to_string(opponent + 1);
  params["links" + seat] = placement_text(placement);
  params["ability" + seat] = drawn_cards(game_.player(opponent).cards, rng);
  // The viewer's own links written out, and a seed drawn: the real seed
  // deals the opponent's links too, and a world's parameters may be shown
  // to the viewer (the engine protocol's requests).
  Placement own;
  for (int i = 0; i < kLinks; ++i)
    own[static_cast<std::size_t>(i)] =
        start.game_.player(viewer).links[static_cast<std::size_t>(i)].value;
  params["links" + std::to_string(viewer + 1)] = placement_text(own);
  params["seed"] = std::to_string(rng.next() % 1000000000);
  State world = std::get<State>(make(params));
  for (const Action& a : history_) world.apply(a);
  return world;
}

std::optional<Refusal> State::perform(Position& game, const Action& action) {
  const auto link = link_of_letter(action.link);
  const Refusal no_such_link{Why::NoSuchLink};
  if (!action.ability) return link ? game.move(*link, action.direction) : no_such_link;
  AbilityArgs args;
  if (action.link) {
    if (!link) return no_such_link;
    args.links.push_back(*link);
  }
  if (action.other_link) {
    const auto other = link_of_letter(action.other_link);
    if (!other) return no_such_link;
    args.links.push_back(*other);
  }
  args.direction = action.direction;
  args.square = action.square;
  return game.use_ability(action.card, args);
}

void State::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (over()) return;
  const auto try_add = [&](const Action& a) {
    Position trial = game_;
    if (!perform(trial, a)) out.push_back(a);
  };
  const int player = game_.current();
  std::vector<char> letters;
  for (int p = 0; p < 2; ++p) {
    for (int i = 0; i < kLinks; ++i) letters.push_back(letter(p, i));
  }
  for (int i = 0; i < kLinks; ++i) {
    for (Direction d : engine::kOrthogonalDirections)
      try_add({false, 0, letter(player, i), 0, d, {}});
  }
  if (game_.ability_used_this_turn()) return;
  for (int card = 1; card <= kCards; ++card) {
    const Card& c = game_.player(player).cards[static_cast<std::size_t>(card - 1)];
    if (c.used) continue;
    switch (find_ability(c.ability)->needs) {
      case Needs::Link:
        for (char l : letters) try_add({true, card, l, 0, Direction::N, {}});
        break;
      case Needs::TwoLinks:
        for (char a : letters) {
          for (char b : letters) {
            if (a != b) try_add({true, card, a, b, Direction::N, {}});
          }
        }
        break;
      case Needs::Square:
        for (int row = 0; row < kSize; ++row) {
          for (int col = 0; col < kSize; ++col)
            try_add({true, card, 0, 0, Direction::N, {row, col}});
        }
        break;
      case Needs::LinkAndDirection:
        for (char l : letters) {
          for (Direction d : engine::kOrthogonalDirections) try_add({true, card, l, 0, d, {}});
        }
        break;
    }
  }
}

void State::apply(const Action& action) {
  remember(action);
  perform(game_, action);
  history_.push_back(action);
  game_.pass_stuck_players();
  stuck_ = !game_.winner() && !game_.has_legal_move(game_.current());
}

State State::resampled(int viewer, engine::Random& rng) const {
  State world({}, game_, max_length_ - length());
  world.stuck_ = stuck_;
  const int opponent = 1 - viewer;
  // Fixed arrays: the information-set search draws a world every iteration.
  std::array<LinkValue, 8> pool;
  std::size_t pooled = 0;
  for (Kind kind : {Kind::Data, Kind::Virus}) {
    for (int strength = 1; strength <= 4; ++strength) pool[pooled++] = {kind, strength};
  }
  std::array<int, kLinks> unknown;
  std::size_t unknowns = 0;
  for (int i = 0; i < kLinks; ++i) {
    const Link& l = game_.player(opponent).links[static_cast<std::size_t>(i)];
    const auto pool_end = pool.begin() + static_cast<std::ptrdiff_t>(pooled);
    if (!l.revealed) {
      unknown[unknowns++] = i;
    } else if (const auto seen = std::find(pool.begin(), pool_end, l.value); seen != pool_end) {
      std::move(seen + 1, pool_end, seen);
      --pooled;
    }
  }
  shuffle_first(pool, pooled, rng);
  for (std::size_t k = 0; k < unknowns; ++k) {
    // A polarized link may have left the pool short: then any value.
    const LinkValue value = k < pooled ? pool[k]
                                       : LinkValue{rng.below(2) ? Kind::Data : Kind::Virus,
                                                   1 + static_cast<int>(rng.below(4))};
    world.game_.mutable_link(opponent, unknown[k]).value = value;
  }
  const auto& kinds = abilities();
  for (int card = 0; card < kCards; ++card) {
    Card& c = world.game_.mutable_card(opponent, card);
    if (!c.used) c.ability = kinds[rng.below(static_cast<std::uint32_t>(kinds.size()))].letter;
  }
  return world;
}

State State::antithetic(int viewer, engine::Random& rng) const {
  State world = *this;
  const int opponent = 1 - viewer;
  std::array<int, kLinks> unknown[2];  // by kind: data, virus
  std::size_t count[2] = {0, 0};
  for (int i = 0; i < kLinks; ++i) {
    const Link& l = game_.player(opponent).links[static_cast<std::size_t>(i)];
    if (l.revealed) continue;
    const std::size_t kind = l.value.kind == Kind::Data ? 0 : 1;
    unknown[kind][count[kind]++] = i;
  }
  for (std::size_t kind = 0; kind < 2; ++kind) shuffle_first(unknown[kind], count[kind], rng);
  for (std::size_t k = 0; k < std::min(count[0], count[1]); ++k) {
    Link& data = world.game_.mutable_link(opponent, unknown[0][k]);
    Link& virus = world.game_.mutable_link(opponent, unknown[1][k]);
    std::swap(data.value, virus.value);
  }
  return world;
}

State::Action State::random_action(engine::Random& rng) const {
  const int player = game_.current();
  for (int attempt = 0; attempt < 32; ++attempt) {
    const auto index = static_cast<int>(rng.below(kLinks));
    const Direction d = engine::kOrthogonalDirections[rng.below(4)];
    const Action a{false, 0, letter(player, index), 0, d, {}};
    Position trial = game_;
    if (!perform(trial, a)) return a;
  }
  std::vector<Action> legal;
  legal_actions(legal);
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

std::optional<std::string> State::why_not(const Action& action) const {
  if (over()) return std::string("the game is over");
  Position trial = game_;
  if (const auto refusal = perform(trial, action)) return text::refusal_message(*refusal);
  return std::nullopt;
}

std::string State::action_seen_by(const Action& action, int viewer) const {
  if (action.ability && viewer != game_.current() && viewer != engine::kEveryone)
    return "an ability";
  return action_text(action);
}

// The last action's player, squares and card kind, for the view: a few
// lookups, no allocation (search applies actions by the million).
void State::remember(const Action& action) {
  last_player_ = game_.current();
  last_to_ = {-1, -1};
  if (!action.ability) {
    const Link* l = game_.link(*link_of_letter(action.link));
    last_from_ = l->at;
    last_to_ = l->at + step(action.direction);
    if (l->boosted) last_to_ = last_to_ + step(action.direction);
    return;
  }
  const Card& c = game_.player(last_player_).cards[static_cast<std::size_t>(action.card - 1)];
  last_needs_ = find_ability(c.ability)->needs;
  if (last_needs_ == Needs::Square) last_to_ = action.square;
}

engine::Returns State::returns() const {
  if (!truncated()) return engine::two_player_returns(game_.winner());
  const PlayerState& first = game_.player(0);
  const PlayerState& second = game_.player(1);
  const int lead =
      first.data != second.data ? first.data - second.data : second.viruses - first.viruses;
  return engine::returns_by_lead(lead);
}

std::string State::action_text(const Action& action) const {
  if (!action.ability) return text_of(action, Needs::Link);
  const Card& c = game_.player(game_.current()).cards[static_cast<std::size_t>(action.card - 1)];
  return text_of(action, find_ability(c.ability)->needs);
}

std::string State::text_of(const Action& action, Needs needs) {
  if (!action.ability)
    return "move " + std::string(1, action.link) + " " + direction_name(action.direction);
  std::string text = "ability " + std::to_string(action.card);
  switch (needs) {
    case Needs::Link:
      return text + " " + action.link;
    case Needs::TwoLinks:
      return text + " " + action.link + " " + action.other_link;
    case Needs::Square:
      return text + " " + std::to_string(action.square.row) + " " +
             std::to_string(action.square.col);
    case Needs::LinkAndDirection:
      return text + " " + action.link + " " + direction_name(action.direction);
  }
  return text;
}

engine::Parsed<State::Action> State::parse_action(std::string_view text) const {
  using Parsed = engine::Parsed<Action>;
  const auto words = engine::split_words(text);
  const auto link_word = [](std::string_view w) { return w.size() == 1; };
  // A link's letter, or why it names none.
  const auto read_link = [](std::string_view w) -> std::variant<char, std::string> {
    if (!link_of_letter(w[0]))
      return "there is no link '" + engine::printable(w.substr(0, 1)) + "'";
    return w[0];
  };
  if (words.empty() || (words[0] != "move" && words[0] != "ability")) {
    return Parsed::refused("\"" + engine::printable(text, 30) +
                           "\" is not an action: write move <link> <up|down|left|right> or "
                           "ability <1-5> <target>");
  }
  if (words[0] == "move") {
    const auto direction = words.size() == 3 ? parse_direction(words[2]) : std::nullopt;
    if (words.size() != 3 || !link_word(words[1]) || !direction)
      return Parsed::refused("write a move as: move <link> <up|down|left|right>");
    const auto link = read_link(words[1]);
    if (const auto* why = std::get_if<std::string>(&link)) return Parsed::refused(*why);
    return Action{false, 0, std::get<char>(link), 0, *direction, {}};
  }
  const auto card = words.size() >= 2 ? engine::parse_int(words[1]) : std::nullopt;
  if (!card) return Parsed::refused("write an ability as: ability <1-5> <target>");
  if (*card < 1 || *card > kCards) {
    return Parsed::refused("there is no ability card " + engine::printable(words[1], 20) +
                           "; the cards are 1-5");
  }
  const Card& c = game_.player(game_.current()).cards[static_cast<std::size_t>(*card - 1)];
  const AbilitySpec& spec = *find_ability(c.ability);
  const std::string usage = "ability " + std::to_string(*card) + " (" + std::string(spec.name) +
                            ") needs " + std::string(text::target_of(spec.needs).words);
  const std::size_t target_words = spec.needs == Needs::Link ? 1 : 2;
  if (words.size() != 2 + target_words) return Parsed::refused(usage);
  Action a{true, *card, 0, 0, Direction::N, {}};
  switch (spec.needs) {
    case Needs::Link:
    case Needs::TwoLinks:
      for (std::size_t i = 2; i < words.size(); ++i) {
        if (!link_word(words[i])) return Parsed::refused(usage);
        const auto link = read_link(words[i]);
        if (const auto* why = std::get_if<std::string>(&link)) return Parsed::refused(*why);
        (i == 2 ? a.link : a.other_link) = std::get<char>(link);
      }
      return a;
    case Needs::Square: {
      const auto row = engine::parse_int(words[2]);
      const auto col = engine::parse_int(words[3]);
      if (!row || !col) return Parsed::refused(usage);
      a.square = {*row, *col};
      return a;
    }
    case Needs::LinkAndDirection: {
      const auto direction = parse_direction(words[3]);
      if (!link_word(words[2]) || !direction) return Parsed::refused(usage);
      const auto link = read_link(words[2]);
      if (const auto* why = std::get_if<std::string>(&link)) return Parsed::refused(*why);
      a.link = std::get<char>(link);
      a.direction = *direction;
      return a;
    }
  }
  return Parsed::refused(usage);
}

std::string State::observation(int player) const {
  return text::display(game_, over() ? engine::kEveryone : player);  // once over, nothing hidden
}

std::string State::serialize() const {
  std::vector<std::string> actions;
  // Each action's text depends on the cards of the player who played it:
  // replay from the start to write them.
  auto start = make(params_);
  State walk = std::get<State>(std::move(start));
  for (const Action& a : history_) {
    actions.push_back(walk.action_text(a));
    walk.apply(a);
  }
  return engine::history_text(params_, actions);
}

std::optional<State> State::deserialize(std::string_view text) {
  return engine::replay<State>(text, &State::make);
}

std::optional<std::string> State::check_invariants() const {
  if (!game_.is_consistent()) return std::string("the download counts and the links disagree");
  // The owner's unrevealed links: hidden from the opponent and from a
  // spectator, in every form they are shown (until the end reveals all).
  for (int owner = 0; owner < 2 && !over(); ++owner) {
    std::vector<int> hidden;
    for (int i = 0; i < kLinks; ++i) {
      const Link& l = game_.player(owner).links[static_cast<std::size_t>(i)];
      if (l.on_board() && !l.revealed) hidden.push_back(i);
    }
    if (hidden.size() < 2) continue;
    State exchanged = *this;
    Link& a = exchanged.game_.mutable_link(owner, hidden.front());
    Link& b = exchanged.game_.mutable_link(owner, hidden.back());
    if (a.value == b.value) continue;
    std::swap(a.value, b.value);
    for (const int viewer : {1 - owner, engine::kNoPlayer}) {
      const std::string who =
          viewer == engine::kNoPlayer ? "a spectator" : "player " + std::to_string(viewer + 1);
      if (exchanged.observation(viewer) != observation(viewer))
        return who + "'s observation changed with player " + std::to_string(owner + 1) +
               "'s unrevealed links";
      if (exchanged.view(viewer) != view(viewer) ||
          exchanged.events_text(viewer) != events_text(viewer)) {
        return who + "'s view changed with player " + std::to_string(owner + 1) +
               "'s unrevealed links";
      }
      std::vector<float> tensor(engine::tensor_size(observation_shape()));
      std::vector<float> other(tensor.size());
      observation_tensor(viewer, tensor);
      exchanged.observation_tensor(viewer, other);
      if (tensor != other)
        return who + "'s observation tensor changed with player " + std::to_string(owner + 1) +
               "'s unrevealed links";
    }
  }
  return std::nullopt;
}

}  // namespace raiinet
