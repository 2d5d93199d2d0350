#include "games/raiinet/spec_tests.hpp"

#include <algorithm>
#include <string_view>

#include "engine/random.hpp"
#include "games/raiinet/ai.hpp"
#include "games/raiinet/setup.hpp"
#include "games/raiinet/state.hpp"

namespace raiinet {
namespace {

// The specification's abilities; ours add E, Z and H.
constexpr std::string_view kSpecAbilities = "LFDSP";

// Five cards of the specification's abilities, at most two of a kind.
std::string spec_cards(engine::Random& rng) {
  std::string cards;
  while (cards.size() < static_cast<std::size_t>(kCards)) {
    const char letter =
        kSpecAbilities[rng.below(static_cast<std::uint32_t>(kSpecAbilities.size()))];
    if (std::count(cards.begin(), cards.end(), letter) < 2) cards += letter;
  }
  return cards;
}

// A placement as a link file holds it: "V1 D4 V3 ...".
std::string placement_file(const Placement& placement) {
  std::string text;
  for (const LinkValue& v : placement) text += (text.empty() ? "" : " ") + value_text(v);
  return text + "\n";
}

// Whether the specification fixes what `action` does and how the board
// shows it after, so that any program written to it must agree with ours.
// Left out: a boosted link passing over a firewall or a server port, or off
// the board ("passing through" either is not defined for a jump); a link
// left standing on a firewall (which of the two a display shows is the
// program's choice); a boost on a boosted link; a Download of one's own
// link (the card downloads "an opponent's link"); a firewall where one is.
bool within_specification(const State& state, const State::Action& action) {
  const Position& game = state.game();
  const int player = game.current();
  const auto id = action.link ? link_of_letter(action.link) : std::nullopt;
  const Link* link = id ? game.link(*id) : nullptr;
  if (!action.ability) {
    if (!link) return false;
    const Coord d = engine::step(action.direction);
    const Coord next = link->at + d, to = link->boosted ? next + d : next;
    if (link->boosted && (!Position::on_board(next) || !Position::on_board(to) ||
                          game.firewall_at(next) || game.server_port_owner(next)))
      return false;
    const auto wall = Position::on_board(to) ? game.firewall_at(to) : std::nullopt;
    return !wall || (*wall != player && link->value.kind == Kind::Virus);
  }
  const Card& card = game.player(player).cards[static_cast<std::size_t>(action.card - 1)];
  switch (card.ability) {
    case 'L':
      return link && link->owner == player && !link->boosted;
    case 'D':
      return link && link->owner != player;
    case 'F':
      return !game.firewall_at(action.square) && !game.server_port_owner(action.square);
    default:  // Scan and Polarize: any link on the board
      return kSpecAbilities.find(card.ability) != std::string_view::npos;
  }
}

}  // namespace

SpecTest random_spec_test(std::uint64_t seed, int most_actions) {
  engine::Random rng(seed);
  SpecTest test;
  engine::Params params = {{"max_length", "1000000"}};
  for (int p = 1; p <= 2; ++p) {
    const std::string n = std::to_string(p), file = n + ".links";
    const std::string links = placement_file(random_placement(rng)), cards = spec_cards(rng);
    params["links" + n] = links.substr(0, links.size() - 1);
    params["ability" + n] = cards;
    test.files.emplace_back(file, links);
    test.args.insert(test.args.end(), {"-link" + n, file, "-ability" + n, cards});
  }
  State state = std::get<State>(State::make(params));
  const int actions = rng.between(1, std::max(1, most_actions));
  std::vector<State::Action> legal;
  for (int n = 0; n < actions && !state.over(); ++n) {
    if (rng.below(8) == 0) test.commands.emplace_back(rng.below(2) ? "board" : "abilities");
    state.legal_actions(legal);
    std::erase_if(legal, [&](const State::Action& a) { return !within_specification(state, a); });
    if (legal.empty()) break;
    State::Action action = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    if (rng.below(2)) {  // the reference player's choice, where the specification fixes it
      const State::Action chosen = heuristic_action(state, rng);
      if (within_specification(state, chosen)) action = chosen;
    }
    test.commands.push_back(state.action_text(action));
    state.apply(action);
  }
  return test;
}

}  // namespace raiinet
