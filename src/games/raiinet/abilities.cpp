// The ability cards. Each is one entry of the table at the bottom: its
// letter, its name, what it needs from the command line, and what it does.
// Movement, battles and downloads are the Position's own, used here as they are.
#include <algorithm>

#include "games/raiinet/rules.hpp"

namespace raiinet {
namespace {

using Result = std::optional<Refusal>;

// The link named by `c`, checked to be on the board and owned as required
// (owner -1: either player's).
Result find_on_board(Position& game, LinkId c, int owner, Link*& out) {
  out = game.link(c);
  if (!out) return Refusal{Why::NoSuchLink, c};
  if (!out->on_board()) return Refusal{Why::LinkNotOnBoard, c};
  if (owner >= 0 && out->owner != owner) {
    return Refusal{owner == game.current() ? Why::NotYourLink : Why::NotOpponentsLink, c};
  }
  return std::nullopt;
}

Result link_boost(Position& game, const AbilityArgs& args) {
  Link* l = nullptr;
  if (auto e = find_on_board(game, args.links[0], game.current(), l)) return e;
  if (l->boosted) return Refusal{Why::AlreadyBoosted, args.links[0]};
  l->boosted = true;
  game.record({Event::Kind::Boosted, args.links[0], kNoLink, game.current()});
  return std::nullopt;
}

Result firewall(Position& game, const AbilityArgs& args) {
  const Coord at = args.square;
  if (!Position::on_board(at)) return Refusal{Why::SquareOffBoard};
  if (game.link_at(at) || game.server_port_owner(at) || game.firewall_at(at)) {
    return Refusal{Why::FirewallSquareTaken};
  }
  game.place_firewall(at, game.current());
  game.record(
      {Event::Kind::FirewallPlaced, kNoLink, kNoLink, game.current(), Event::How::Ability, at});
  return std::nullopt;
}

Result download(Position& game, const AbilityArgs& args) {
  Link* l = nullptr;
  if (auto e = find_on_board(game, args.links[0], 1 - game.current(), l)) return e;
  game.download(*l, game.current(), Event::How::Ability);
  return std::nullopt;
}

Result scan(Position& game, const AbilityArgs& args) {
  Link* l = nullptr;
  if (auto e = find_on_board(game, args.links[0], -1, l)) return e;
  l->revealed = true;
  game.record({Event::Kind::Scanned, args.links[0], kNoLink, game.current()});
  return std::nullopt;
}

Result polarize(Position& game, const AbilityArgs& args) {
  Link* l = nullptr;
  if (auto e = find_on_board(game, args.links[0], -1, l)) return e;
  l->value.kind = l->value.kind == Kind::Data ? Kind::Virus : Kind::Data;
  game.record({Event::Kind::Polarized, args.links[0], kNoLink, game.current()});
  return std::nullopt;
}

Result exchange(Position& game, const AbilityArgs& args) {
  Link* a = nullptr;
  Link* b = nullptr;
  if (auto e = find_on_board(game, args.links[0], game.current(), a)) return e;
  if (auto e = find_on_board(game, args.links[1], game.current(), b)) return e;
  if (a == b) return Refusal{Why::SameLinks, args.links[0]};
  std::swap(a->at, b->at);
  game.record({Event::Kind::Exchanged, args.links[0], args.links[1], game.current()});
  return std::nullopt;
}

Result freeze(Position& game, const AbilityArgs& args) {
  Link* l = nullptr;
  if (auto e = find_on_board(game, args.links[0], 1 - game.current(), l)) return e;
  if (l->frozen) return Refusal{Why::AlreadyFrozen, args.links[0]};
  l->frozen = true;
  game.record({Event::Kind::Frozen, args.links[0], kNoLink, game.current()});
  return std::nullopt;
}

Result hijack(Position& game, const AbilityArgs& args) {
  Link* l = nullptr;
  if (auto e = find_on_board(game, args.links[0], 1 - game.current(), l)) return e;
  if (auto e = game.check_step(*l, args.direction, 1))
    return Refusal{Why::OwnerCouldNotMove, args.links[0], 0, e->why};
  game.record({Event::Kind::Hijacked,
               args.links[0],
               0,
               game.current(),
               Event::How::Ability,
               {},
               args.direction});
  game.perform_step(*l, args.direction, 1);
  return std::nullopt;
}

}  // namespace

const std::vector<AbilitySpec>& abilities() {
  static const std::vector<AbilitySpec> kTable = {
      {'L', "Link boost", Needs::Link, link_boost},
      {'F', "Firewall", Needs::Square, firewall},
      {'D', "Download", Needs::Link, download},
      {'S', "Scan", Needs::Link, scan},
      {'P', "Polarize", Needs::Link, polarize},
      {'E', "Exchange", Needs::TwoLinks, exchange},
      {'Z', "Freeze", Needs::Link, freeze},
      {'H', "Hijack", Needs::LinkAndDirection, hijack},
  };
  return kTable;
}

const AbilitySpec* find_ability(char letter) {
  const auto& table = abilities();
  const auto found = std::find_if(table.begin(), table.end(),
                                  [&](const AbilitySpec& a) { return a.letter == letter; });
  return found == table.end() ? nullptr : &*found;
}

}  // namespace raiinet
