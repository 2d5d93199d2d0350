// RAIInet's actions as data for front ends (engine::Described).
#include "games/raiinet/state.hpp"
#include "games/raiinet/text.hpp"

namespace raiinet {
namespace {

std::string square_text(Coord c) {
  return std::to_string(c.row) + "," + std::to_string(c.col);
}

}  // namespace

engine::MoveData State::describe(const Action& action, int viewer) const {
  engine::MoveData move;
  move.id = action_id(action);
  move.action = action_seen_by(action, viewer);
  move.notation = move.action;
  const auto link_named = [&](char letter) {
    const auto id = link_of_letter(letter);
    const Link* l = id ? game_.link(*id) : nullptr;
    std::string name = "link " + std::string(1, letter);
    if (l && text::knows_value(game_, *id, viewer)) name += " (" + value_text(l->value) + ")";
    return name;
  };
  const auto square_of = [&](char letter) -> std::optional<Coord> {
    const auto id = link_of_letter(letter);
    const Link* l = id ? game_.link(*id) : nullptr;
    if (!l || !l->on_board()) return std::nullopt;
    return l->at;
  };
  if (!action.ability) {
    move.piece = std::string(1, action.link);
    std::string where = std::string(direction_word(action.direction));
    if (const auto from = square_of(action.link)) {
      const Link* l = game_.link(*link_of_letter(action.link));
      Coord to = *from + step(action.direction);
      if (l->boosted) to = to + step(action.direction);
      move.squares.push_back(*from);
      if (Position::on_board(to)) {
        move.squares.push_back(to);
      } else {
        where += ", off the far edge: a download";
      }
    }
    move.label = "Move " + link_named(action.link) + " " + where;
    return move;
  }
  if (viewer != game_.current() && viewer != engine::kEveryone) {
    move.label = "Player " + std::to_string(game_.current() + 1) + " uses an ability";
    return move;
  }
  const Card& card = game_.player(game_.current()).cards[static_cast<std::size_t>(action.card - 1)];
  const AbilitySpec& spec = *find_ability(card.ability);
  move.piece = "card " + std::to_string(action.card);
  std::string target;
  switch (spec.needs) {
    case Needs::Link:
      if (const auto at = square_of(action.link)) move.squares.push_back(*at);
      target = link_named(action.link);
      break;
    case Needs::Square:
      move.squares.push_back(action.square);
      target = "square " + square_text(action.square);
      break;
    case Needs::TwoLinks:
      for (char l : {action.link, action.other_link})
        if (const auto at = square_of(l)) move.squares.push_back(*at);
      target = link_named(action.link) + " and " + link_named(action.other_link);
      break;
    case Needs::LinkAndDirection:
      if (const auto at = square_of(action.link)) {
        move.squares.push_back(*at);
        const Coord to = *at + step(action.direction);
        if (Position::on_board(to)) move.squares.push_back(to);
      }
      target = link_named(action.link) + " " + std::string(direction_word(action.direction));
      break;
  }
  move.label = std::string(spec.name) + " (card " + std::to_string(action.card) + ") on " + target;
  return move;
}

}  // namespace raiinet
