// RAIInet's structured view (docs/views.md) and what the last action did in
// words, each exactly what one player may know: the opponent's links show
// their values only once revealed, and the opponent's cards only as a count.
#include <nlohmann/json.hpp>

#include "games/raiinet/state.hpp"
#include "games/raiinet/text.hpp"

namespace raiinet {
namespace {

using nlohmann::json;

json square(Coord c) {
  return json::array({c.row, c.col});
}

json link_json(const Position& game, const Link& l, int viewer) {
  const LinkId id = link_id(l.owner, l.index);
  json out = {{"link", std::string(1, link_letter(id))},
              {"owner", l.owner},
              {"value", text::knows_value(game, id, viewer) ? json(value_text(l.value)) : json()},
              {"revealed", l.revealed},
              {"boosted", l.boosted},
              {"frozen", l.on_board() && l.frozen}};
  if (l.downloaded) out["downloaded_by"] = l.downloaded_by;
  return out;
}

json player_json(const Position& game, int p, int viewer) {
  const PlayerState& s = game.player(p);
  json links = json::array();
  for (const Link& l : s.links) links.push_back(link_json(game, l, viewer));
  json player = {{"name", "Player " + std::to_string(p + 1)},
                 {"data", s.data},
                 {"viruses", s.viruses},
                 {"abilities_left", game.unused_cards(p)},
                 {"links", links}};
  if (p == viewer || viewer == engine::kEveryone) {  // own cards; the opponent's stay hidden
    json cards = json::array();
    for (int c = 0; c < kCards; ++c) {
      const Card& card = s.cards[static_cast<std::size_t>(c)];
      const AbilitySpec& spec = *find_ability(card.ability);
      cards.push_back({{"card", c + 1},
                       {"letter", std::string(1, card.ability)},
                       {"name", std::string(spec.name)},
                       {"target", std::string(text::target_of(spec.needs).syntax)},
                       {"used", card.used}});
    }
    player["abilities"] = cards;
  }
  return player;
}

json event_json(const Position& game, const Event& e, int viewer) {
  static constexpr const char* kKinds[] = {
      "battle",    "downloaded", "firewall_trips", "boosted",  "firewall_placed", "scanned",
      "polarized", "exchanged",  "frozen",         "hijacked", "passed"};
  static constexpr const char* kHows[] = {"edge", "server_port", "firewall", "battle", "ability"};
  json out = {{"kind", kKinds[static_cast<int>(e.kind)]}, {"player", e.player}};
  const auto add_link = [&](const char* key, LinkId id) {
    if (id == kNoLink) return;
    out[key] = std::string(1, link_letter(id));
    out[std::string(key) + "_value"] =
        text::knows_value(game, id, viewer) ? json(value_text(game.link(id)->value)) : json();
  };
  add_link("link", e.link);
  add_link("other", e.other);
  switch (e.kind) {
    case Event::Kind::Downloaded:
      out["how"] = kHows[static_cast<int>(e.how)];
      break;
    case Event::Kind::Battle:
    case Event::Kind::FirewallTrips:
    case Event::Kind::FirewallPlaced:
      out["at"] = square(e.at);
      break;
    case Event::Kind::Hijacked:
      out["direction"] = std::string(direction_word(e.direction));
      break;
    default:
      break;
  }
  std::string line = text::event_line(game, e, viewer);
  line.pop_back();
  out["text"] = line;
  return out;
}

}  // namespace

nlohmann::json State::view(int seat) const {
  // Once over, nothing is hidden any more: every link and card shown.
  const int player = over() ? engine::kEveryone : seat;
  json rows = json::array();
  for (int row = 0; row < kSize; ++row) {
    json cells = json::array();
    for (int col = 0; col < kSize; ++col) {
      const Coord at{row, col};
      json cell = json::object();
      if (const auto owner = game_.server_port_owner(at)) cell["server"] = *owner;
      if (const auto owner = game_.firewall_at(at)) cell["firewall"] = *owner;
      if (const Link* l = game_.link_at(at)) cell["link"] = link_json(game_, *l, player);
      cells.push_back(cell);
    }
    rows.push_back(cells);
  }
  json events = json::array();
  if (!history_.empty()) {
    for (const Event& e : game_.events()) events.push_back(event_json(game_, e, player));
  }
  return {{"game", "raiinet"},
          {"player", seat},
          {"board", {{"rows", kSize}, {"cols", kSize}, {"squares", rows}}},
          {"players", {player_json(game_, 0, player), player_json(game_, 1, player)}},
          {"to_move", to_move()},
          {"ability_used", game_.ability_used_this_turn()},
          {"winner", game_.winner() ? json(*game_.winner()) : json()},
          {"last", last_json(player)},
          {"events", events},
          {"panel", panel(seat)}};
}

nlohmann::json State::last_json(int viewer) const {
  if (history_.empty()) return nullptr;
  const Action& a = history_.back();
  const bool hidden_card = a.ability && viewer != last_player_ && viewer != engine::kEveryone;
  json last = {{"action", hidden_card ? "an ability" : text_of(a, last_needs_)},
               {"player", last_player_}};
  if (!a.ability) {
    last["from"] = square(last_from_);
    last["to"] = square(last_to_);
  } else if (last_to_ != Coord{-1, -1}) {
    last["to"] = square(last_to_);
  }
  return last;
}

std::string State::events_text(int seat) const {
  if (history_.empty()) return "";
  const int player = over() ? engine::kEveryone : seat;
  std::string out;
  for (const Event& e : game_.events()) out += text::event_line(game_, e, player);
  return out;
}

engine::Ending State::ending() const {
  const auto name = [](int p) { return "Player " + std::to_string(p + 1); };
  if (const auto winner = game_.winner()) {
    if (game_.player(*winner).data >= kToWin)
      return {name(*winner) + " downloaded " + std::to_string(kToWin) + " data"};
    return {name(1 - *winner) + " downloaded " + std::to_string(kToWin) + " viruses"};
  }
  if (stuck_) return {name(game_.current()) + " has no legal move: a draw"};
  const engine::Returns r = returns();
  return {"the length limit (" + std::to_string(max_length_) + " actions) was reached: " +
          (r[0] == r[1] ? std::string("level on downloads")
                        : name(r[0] > r[1] ? 0 : 1) + " is ahead on downloads")};
}

}  // namespace raiinet
