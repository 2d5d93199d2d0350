#include "games/raiinet/text.hpp"

namespace raiinet::text {
namespace {

std::string summary(const Game& game, int p, int viewer) {
  const PlayerState& s = game.player(p);
  std::string out = "Player " + std::to_string(p + 1) + ":\nDownloaded: " + std::to_string(s.data) +
                    "D, " + std::to_string(s.viruses) +
                    "V\nAbilities: " + std::to_string(game.unused_cards(p)) + "\n";
  for (int i = 0; i < kLinks; ++i) {
    const Link& l = s.links[static_cast<std::size_t>(i)];
    const bool known = p == viewer || l.revealed;
    out += std::string(1, letter(p, i)) + ": " + (known ? value_text(l.value) : "?");
    out += i % 4 == 3 ? "\n" : " ";
  }
  return out;
}

}  // namespace

std::string board_rows(const Game& game) {
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

std::string display(const Game& game, int viewer) {
  return summary(game, 0, viewer) + "========\n" + board_rows(game) + "========\n" +
         summary(game, 1, viewer);
}

std::string ability_list(const Game& game, int player) {
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
