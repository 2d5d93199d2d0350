#include "games/raiinet/text.hpp"

#include "engine/game.hpp"

namespace raiinet::text {

namespace {

std::string why_text(Why why, LinkId id, int card) {
  const char link = link_letter(id);
  const std::string quoted = "'" + std::string(1, link) + "'";
  switch (why) {
    case Why::GameOver:
      return "the game is over";
    case Why::NoSuchLink:
      return "there is no link " + quoted;
    case Why::NotYourLink:
      return "link " + quoted + " is not yours";
    case Why::NotOpponentsLink:
      return "link " + quoted + " is not your opponent's";
    case Why::LinkFrozen:
      return "link " + quoted + " is frozen this turn";
    case Why::LinkDownloaded:
      return "link " + std::string(1, link) + " has been downloaded";
    case Why::LinkNotOnBoard:
      return "link " + quoted + " is not on the board";
    case Why::OffWrongEdge:
      return "a link may leave the board only off the opponent's edge";
    case Why::OwnLinkThere:
      return "that square holds your own link";
    case Why::OwnServerPort:
      return "that square is your own server port";
    case Why::NoSuchCard:
      return "there is no ability card " + std::to_string(card) + "; the cards are 1-5";
    case Why::AbilityUsedThisTurn:
      return "you have already used an ability this turn";
    case Why::CardUsed:
      return "ability card " + std::to_string(card) + " has been used already";
    case Why::AlreadyBoosted:
      return "link " + quoted + " is boosted already";
    case Why::SquareOffBoard:
      return "the square must be a row and a column from 0 to 7";
    case Why::FirewallSquareTaken:
      return "a firewall needs an empty square (no link, server port or firewall)";
    case Why::SameLinks:
      return "exchange needs two different links";
    case Why::AlreadyFrozen:
      return "link " + quoted + " is frozen already";
    case Why::OwnerCouldNotMove:
      return "its owner could not move it so";
  }
  return "";
}

}  // namespace

Target target_of(Needs needs) {
  switch (needs) {
    case Needs::Link:
      return {"a link", "<link>"};
    case Needs::Square:
      return {"a row and a column", "<row> <column> (0-7)"};
    case Needs::TwoLinks:
      return {"two links", "<link> <link>"};
    case Needs::LinkAndDirection:
      return {"a link and a direction", "<link> <up|down|left|right>"};
  }
  return {};
}

bool knows_value(const Position& game, LinkId link, int viewer) {
  const Link* l = game.link(link);
  return l && (l->revealed || l->owner == viewer || viewer == engine::kEveryone);
}

std::string event_line(const Position& game, const Event& e, int viewer) {
  const std::string player = "Player " + std::to_string(e.player + 1);
  const auto named = [&](LinkId id) {
    return std::string(1, link_letter(id)) +
           (knows_value(game, id, viewer) ? " (" + value_text(game.link(id)->value) + ")" : "");
  };
  const std::string square = std::to_string(e.at.row) + "," + std::to_string(e.at.col);
  switch (e.kind) {
    case Event::Kind::Battle:
      return "Battle at " + square + ": " + named(e.link) + " attacks " + named(e.other) + "; " +
             player + "'s link wins.\n";
    case Event::Kind::Downloaded: {
      static constexpr const char* kHow[] = {"off the far edge", "through a server port",
                                             "at a firewall", "in the battle", "with Download"};
      return player + " downloads " + named(e.link) + " " + kHow[static_cast<int>(e.how)] + ".\n";
    }
    case Event::Kind::FirewallTrips:
      return named(e.link) + " runs into " + player + "'s firewall at " + square +
             " and is revealed.\n";
    case Event::Kind::Boosted:
      return player + " boosts " + std::string(1, link_letter(e.link)) + ".\n";
    case Event::Kind::FirewallPlaced:
      return player + " places a firewall at " + square + ".\n";
    case Event::Kind::Scanned:
      return player + " scans " + named(e.link) + ".\n";
    case Event::Kind::Polarized:
      return player + " polarizes " + named(e.link) + ".\n";
    case Event::Kind::Exchanged:
      return player + " exchanges " + std::string(1, link_letter(e.link)) + " and " +
             std::string(1, link_letter(e.other)) + ".\n";
    case Event::Kind::Frozen:
      return player + " freezes " + std::string(1, link_letter(e.link)) +
             ": it cannot move next turn.\n";
    case Event::Kind::Hijacked:
      return player + " hijacks " + std::string(1, link_letter(e.link)) + " " +
             std::string(direction_word(e.direction)) + ".\n";
    case Event::Kind::Passed:
      return player + " has no legal move and passes.\n";
  }
  return "";
}

std::string refusal_message(const Refusal& refusal) {
  std::string text = why_text(refusal.why, refusal.link, refusal.card);
  if (refusal.why == Why::OwnerCouldNotMove)
    text += ": " + why_text(refusal.inner, refusal.link, 0);
  return text;
}

namespace {

std::string summary(const Position& game, int p, int viewer) {
  const PlayerState& s = game.player(p);
  std::string out = "Player " + std::to_string(p + 1) + ":\nDownloaded: " + std::to_string(s.data) +
                    "D, " + std::to_string(s.viruses) +
                    "V\nAbilities: " + std::to_string(game.unused_cards(p)) + "\n";
  for (int i = 0; i < kLinks; ++i) {
    const Link& l = s.links[static_cast<std::size_t>(i)];
    out += std::string(1, letter(p, i)) + ": " +
           (knows_value(game, link_id(p, i), viewer) ? value_text(l.value) : "?");
    out += i % 4 == 3 ? "\n" : " ";
  }
  // Freezing is public: both players see which links cannot move next turn.
  std::string frozen;
  for (int i = 0; i < kLinks; ++i) {
    const Link& l = s.links[static_cast<std::size_t>(i)];
    if (l.on_board() && l.frozen)
      frozen += (frozen.empty() ? "" : " ") + std::string(1, letter(p, i));
  }
  if (!frozen.empty()) out += "Frozen: " + frozen + "\n";
  return out;
}

}  // namespace

std::string board_rows(const Position& game) {
  std::string out;
  for (int row = 0; row < kSize; ++row) {
    for (int col = 0; col < kSize; ++col) {
      const Coord at{row, col};
      if (const Link* l = game.link_at(at)) {
        out += letter(l->owner, l->index);
      } else if (const auto owner = game.firewall_at(at)) {
        out += *owner == 0 ? 'm' : 'w';
      } else if (game.server_port_owner(at)) {
        out += 'S';
      } else {
        out += '.';
      }
    }
    out += "\n";
  }
  return out;
}

std::string display(const Position& game, int viewer) {
  return summary(game, 0, viewer) + "========\n" + board_rows(game) + "========\n" +
         summary(game, 1, viewer);
}

std::string ability_list(const Position& game, int player) {
  std::string out;
  const auto& cards = game.player(player).cards;
  for (int i = 0; i < kCards; ++i) {
    const Card& card = cards[static_cast<std::size_t>(i)];
    out += std::to_string(i + 1) + ": " + std::string(find_ability(card.ability)->name) +
           (card.used ? " (used)" : "") + "\n";
  }
  return out;
}

}  // namespace raiinet::text
