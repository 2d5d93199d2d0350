#include "games/raiinet/rules.hpp"

#include <algorithm>
#include <utility>

namespace raiinet {
namespace {

// The square a player's link with this index starts on: the home row, but
// the two links above the server ports one row further in.
Coord start_square(int owner, int index) {
  const bool over_port = index == 3 || index == 4;
  const int home = owner == 0 ? 0 : kSize - 1;
  const int inward = owner == 0 ? 1 : -1;
  return {over_port ? home + inward : home, index};
}

}  // namespace

char letter(int owner, int index) {
  return static_cast<char>((owner == 0 ? 'a' : 'A') + index);
}

std::string value_text(const LinkValue& value) {
  return (value.kind == Kind::Data ? "D" : "V") + std::to_string(value.strength);
}

namespace {

constexpr std::array<std::pair<std::string_view, Direction>, 4> kDirectionWords = {{
    {"up", Direction::N},
    {"down", Direction::S},
    {"left", Direction::W},
    {"right", Direction::E},
}};

}  // namespace

std::optional<Direction> parse_direction(std::string_view word) {
  for (const auto& [text, direction] : kDirectionWords) {
    if (word == text) return direction;
  }
  return std::nullopt;
}

std::string_view direction_word(Direction direction) {
  for (const auto& [text, d] : kDirectionWords) {
    if (d == direction) return text;
  }
  return "";
}

Position::Position(const Placement& first, const Placement& second,
                   const std::array<char, kCards>& cards1, const std::array<char, kCards>& cards2) {
  for (auto& row : firewalls_) row.fill(0);
  const Placement* placements[] = {&first, &second};
  const std::array<char, kCards>* cards[] = {&cards1, &cards2};
  for (int p = 0; p < 2; ++p) {
    PlayerState& player = players_[static_cast<std::size_t>(p)];
    for (int i = 0; i < kLinks; ++i) {
      Link& link = player.links[static_cast<std::size_t>(i)];
      link.owner = p;
      link.index = i;
      link.value = (*placements[p])[static_cast<std::size_t>(i)];
      link.at = start_square(p, i);
    }
    for (int c = 0; c < kCards; ++c) {
      player.cards[static_cast<std::size_t>(c)] = {(*cards[p])[static_cast<std::size_t>(c)], false};
    }
  }
}

int Position::unused_cards(int p) const {
  const auto& cards = player(p).cards;
  return static_cast<int>(
      std::count_if(cards.begin(), cards.end(), [](const Card& c) { return !c.used; }));
}

std::optional<LinkId> link_of_letter(char c) {
  if (c >= 'a' && c < 'a' + kLinks) return link_id(0, c - 'a');
  if (c >= 'A' && c < 'A' + kLinks) return link_id(1, c - 'A');
  return std::nullopt;
}

char link_letter(LinkId id) {
  return id >= 0 && id < 2 * kLinks ? letter(id / kLinks, id % kLinks) : '?';
}

const Link* Position::link(LinkId id) const {
  if (id < 0 || id >= 2 * kLinks) return nullptr;
  return &player(id / kLinks).links[static_cast<std::size_t>(id % kLinks)];
}

Link* Position::link(LinkId id) {
  return const_cast<Link*>(std::as_const(*this).link(id));
}

const Link* Position::link_at(Coord at) const {
  for (const PlayerState& p : players_) {
    for (const Link& l : p.links) {
      if (l.on_board() && l.at == at) return &l;
    }
  }
  return nullptr;
}

std::optional<int> Position::firewall_at(Coord at) const {
  const int value = firewalls_[static_cast<std::size_t>(at.row)][static_cast<std::size_t>(at.col)];
  if (value == 0) return std::nullopt;
  return value - 1;
}

std::optional<int> Position::server_port_owner(Coord at) const {
  if (at.col != 3 && at.col != 4) return std::nullopt;
  if (at.row == 0) return 0;
  if (at.row == kSize - 1) return 1;
  return std::nullopt;
}

// Why `link` cannot move `squares` in `direction` as its owner, if it cannot.
std::optional<Refusal> Position::check_step(const Link& link, Direction direction,
                                            int squares) const {
  const LinkId name = id_of(link);
  if (!link.on_board()) return Refusal{Why::LinkDownloaded, name};
  const Coord d = step(direction);
  const Coord to{link.at.row + d.row * squares, link.at.col + d.col * squares};
  if (!on_board(to)) {
    const bool off_far_edge =
        (link.owner == 0 ? to.row >= kSize : to.row < 0) && to.col >= 0 && to.col < kSize;
    if (off_far_edge) return std::nullopt;
    return Refusal{Why::OffWrongEdge, name};
  }
  const Link* there = link_at(to);
  if (there && there->owner == link.owner) return Refusal{Why::OwnLinkThere, name};
  if (server_port_owner(to) == link.owner) return Refusal{Why::OwnServerPort, name};
  return std::nullopt;
}

void Position::perform_step(Link& link, Direction direction, int squares) {
  const int owner = link.owner;
  const int opponent = 1 - owner;
  const Coord d = step(direction);
  const Coord to{link.at.row + d.row * squares, link.at.col + d.col * squares};
  if (!on_board(to)) {
    download(link, owner, Event::How::Edge);
    return;
  }
  if (server_port_owner(to) == opponent) {
    download(link, opponent, Event::How::ServerPort);
    return;
  }
  if (firewall_at(to) == opponent) {
    link.revealed = true;
    record({Event::Kind::FirewallTrips, id_of(link), kNoLink, opponent, Event::How::Firewall, to});
    if (link.value.kind == Kind::Virus) {
      download(link, owner, Event::How::Firewall);
      return;
    }
  }
  if (const Link* there = link_at(to)) {
    Link& defender = mutable_link(there->owner, there->index);
    link.revealed = true;
    defender.revealed = true;
    const bool attacker_wins = link.value.strength >= defender.value.strength;
    record({Event::Kind::Battle, id_of(link), id_of(defender), attacker_wins ? owner : opponent,
            Event::How::Battle, to});
    if (attacker_wins) {
      download(defender, owner, Event::How::Battle);
    } else {
      download(link, opponent, Event::How::Battle);
      return;
    }
  }
  link.at = to;
}

void Position::download(Link& link, int by, Event::How how) {
  record({Event::Kind::Downloaded, id_of(link), kNoLink, by, how, link.at});
  link.downloaded = true;
  link.downloaded_by = by;
  link.revealed = true;
  PlayerState& downloader = players_[static_cast<std::size_t>(by)];
  (link.value.kind == Kind::Data ? downloader.data : downloader.viruses) += 1;
  check_winner(by);
}

void Position::check_winner(int by) {
  if (winner_) return;
  const PlayerState& p = player(by);
  if (p.data >= kToWin) {
    winner_ = by;
  } else if (p.viruses >= kToWin) {
    winner_ = 1 - by;
  }
}

void Position::place_firewall(Coord at, int owner) {
  firewalls_[static_cast<std::size_t>(at.row)][static_cast<std::size_t>(at.col)] = owner + 1;
}

std::optional<Refusal> Position::move(LinkId c, Direction direction) {
  events_.clear();
  if (winner_) return Refusal{Why::GameOver};
  Link* l = link(c);
  if (!l) return Refusal{Why::NoSuchLink, c};
  if (l->owner != current_) return Refusal{Why::NotYourLink, c};
  if (l->on_board() && l->frozen) return Refusal{Why::LinkFrozen, c};
  const int squares = l->boosted ? 2 : 1;
  if (auto reason = check_step(*l, direction, squares)) return reason;
  perform_step(*l, direction, squares);
  end_turn();
  return std::nullopt;
}

bool Position::has_legal_move(int p) const {
  for (const Link& l : player(p).links) {
    if (!l.on_board() || l.frozen) continue;
    for (Direction d : {Direction::N, Direction::S, Direction::W, Direction::E}) {
      if (!check_step(l, d, l.boosted ? 2 : 1)) return true;
    }
  }
  return false;
}

void Position::pass() {
  events_.clear();
  record({Event::Kind::Passed, kNoLink, kNoLink, current_});
  end_turn();
}

bool Position::is_consistent() const {
  for (int p = 0; p < 2; ++p) {
    int data = 0, viruses = 0;
    for (const PlayerState& owner : players_) {
      for (const Link& l : owner.links) {
        if (l.downloaded_by == p) (l.value.kind == Kind::Data ? data : viruses) += 1;
        if (l.on_board() && !on_board(l.at)) return false;
      }
    }
    if (player(p).data != data || player(p).viruses != viruses) return false;
  }
  return true;
}

void Position::end_turn() {
  for (Link& l : players_[static_cast<std::size_t>(current_)].links) l.frozen = false;
  current_ = 1 - current_;
  ability_used_this_turn_ = false;
}

std::optional<Refusal> Position::use_ability(int card, const AbilityArgs& args) {
  events_.clear();
  if (winner_) return Refusal{Why::GameOver};
  if (card < 1 || card > kCards) return Refusal{Why::NoSuchCard, 0, card};
  if (ability_used_this_turn_) return Refusal{Why::AbilityUsedThisTurn};
  Card& c = players_[static_cast<std::size_t>(current_)].cards[static_cast<std::size_t>(card - 1)];
  if (c.used) return Refusal{Why::CardUsed, 0, card};
  const AbilitySpec* spec = find_ability(c.ability);
  // Too few links for the card is the caller's mistake (a parsed command
  // always has them): refused, so that an ability never reads a link that
  // is not there.
  const std::size_t links_needed =
      spec->needs == Needs::Square ? 0 : (spec->needs == Needs::TwoLinks ? 2 : 1);
  if (args.links.size() < links_needed) return Refusal{Why::NoSuchLink};
  if (auto reason = spec->apply(*this, args)) return reason;
  c.used = true;
  ability_used_this_turn_ = true;
  return std::nullopt;
}

std::vector<int> Position::pass_stuck_players() {
  std::vector<int> passed;
  for (int i = 0; i < 2 && !winner_ && !has_legal_move(current_); ++i) {
    passed.push_back(current_);
    record({Event::Kind::Passed, kNoLink, kNoLink, current_});
    end_turn();
  }
  return passed;
}

}  // namespace raiinet
