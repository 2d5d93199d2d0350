// Sword and Shield's structured view (docs/views.md) and what the last
// action did in words: nothing is hidden, so every player sees the same.
#include <nlohmann/json.hpp>

#include "games/sword-and-shield/state.hpp"
#include "games/sword-and-shield/text.hpp"

namespace sword_and_shield {
namespace {

using nlohmann::json;

json square(Coord c) {
  return json::array({c.row - 1, c.col - 1});  // 0-based, as every view's squares
}

json sides_json(const std::array<Side, 4>& sides) {
  static constexpr const char* kNames[] = {"nothing", "sword", "shield"};
  json out = json::array();
  for (Side s : sides) out.push_back(kNames[static_cast<int>(s)]);
  return out;
}

json piece_json(const Position& game, int piece) {
  std::array<Side, 4> sides{};
  for (std::size_t d = 0; d < 4; ++d) sides[d] = game.side(piece, engine::kOrthogonalDirections[d]);
  return {{"letter", std::string(1, piece_letter(piece))},
          {"owner", owner_of_piece(piece)},
          {"sides", sides_json(sides)},
          {"acted", game.acted(piece)}};
}

json cell_json(const Position& game, Coord c) {
  if (!Position::on_board(c)) return {{"off", true}};
  json cell = json::object();
  for (int p = 0; p < 2; ++p) {
    if (Position::creation_square(p) == c) cell["creation"] = p;
    if (Position::face_square(p) == c) cell["face"] = p;
  }
  const std::int8_t what = game.at(c);
  if (what >= 0 && what < kPieces) cell["piece"] = piece_json(game, what);
  return cell;
}

json player_json(const Position& game, int player) {
  json unused = json::array(), cemetery = json::array();
  for (int piece = 0; piece < kPieces; ++piece) {
    if (owner_of_piece(piece) != player) continue;
    const std::string letter(1, piece_letter(piece));
    if (game.place(piece) == Place::Unused)
      unused.push_back(
          {{"letter", letter}, {"sides", sides_json(base_sides(piece % kPiecesPerSide))}});
    if (game.place(piece) == Place::Cemetery) cemetery.push_back(letter);
  }
  return {{"name", player_name(player)}, {"unused", unused}, {"cemetery", cemetery}};
}

json event_json(const Event& e) {
  static constexpr const char* kKinds[] = {"sword_kills", "swords_clash", "shield_pushes",
                                           "face_hit", "buried"};
  const auto letter = [](int piece) {
    return piece >= 0 && piece < kPieces ? json(std::string(1, piece_letter(piece))) : json();
  };
  json event = {{"kind", kKinds[static_cast<int>(e.kind)]}, {"text", text::event_line(e)}};
  if (e.by >= 0) event["by"] = letter(e.by);
  if (e.kind == Event::Kind::FaceHit) {
    event["face"] = e.piece == kYellowFace ? kYellow : kGreen;
    event["winner"] = e.winner;
  } else if (e.piece >= 0) {
    event["piece"] = letter(e.piece);
  }
  event["text"].get_ref<std::string&>().pop_back();  // no final newline in JSON
  return event;
}

}  // namespace

nlohmann::json State::last_action_json() const {
  if (history_.empty() || undone_.empty() || taken_back_) return nullptr;
  const Action& a = history_.back();
  const Position& before = undone_.back().game;
  const auto piece = piece_of_letter(a.first);
  json last = {{"action", action_text(a)}};
  switch (a.kind) {
    case Action::Kind::Create:
      last["to"] = square(Position::creation_square(owner_of_piece(piece.value_or(0))));
      break;
    case Action::Kind::Move:
    case Action::Kind::Rotate:
      if (const auto from = piece ? before.where(*piece) : std::nullopt) {
        last["from"] = square(*from);
        last["to"] = square(
            a.kind == Action::Kind::Rotate
                ? *from
                : *from + step(engine::kOrthogonalDirections[static_cast<std::size_t>(a.value)]));
      }
      break;
    case Action::Kind::React:
      if (const auto r = find_reaction(before, a.first, a.second)) {
        last["from"] = square(r->first);
        last["to"] = square(r->second);
      }
      break;
    case Action::Kind::Pass:
      break;
  }
  return last;
}

nlohmann::json State::view(int player) const {
  json rows = json::array();
  for (int row = 1; row <= kSize; ++row) {
    json cells = json::array();
    for (int col = 1; col <= kSize; ++col) cells.push_back(cell_json(game_, {row, col}));
    rows.push_back(cells);
  }
  static constexpr const char* kPhases[] = {"create", "act", "reaction", "over"};
  json reactions = json::array();
  for (const Reaction& r : game_.pending())
    reactions.push_back(
        {std::string(1, game_.label(r.first)), std::string(1, game_.label(r.second))});
  json events = json::array();
  if (!taken_back_ && !history_.empty()) {
    for (const Event& e : game_.events()) events.push_back(event_json(e));
  }
  return {{"game", "sword-and-shield"},
          {"player", player},
          {"board", {{"rows", kSize}, {"cols", kSize}, {"squares", rows}}},
          {"players", {player_json(game_, kYellow), player_json(game_, kGreen)}},
          {"to_move", to_move()},
          {"phase", over() ? "over" : kPhases[static_cast<int>(game_.phase())]},
          {"reactions", reactions},
          {"winner", game_.winner() ? json(*game_.winner()) : json()},
          {"creation_skipped", game_.creation_skipped()},
          {"last", last_action_json()},
          {"events", events},
          {"panel", panel(player)}};
}

std::string State::events_text(int player) const {
  (void)player;  // nothing is hidden
  if (taken_back_ || history_.empty()) return "";
  std::string out;
  for (const Event& event : game_.events()) out += text::event_line(event);
  if (game_.creation_skipped()) {
    out += player_name(game_.turn()) +
           " cannot create a piece (the creation square is taken or no piece is left).\n";
  }
  return out;
}

engine::Ending State::ending() const {
  if (const auto winner = game_.winner())
    return {player_name(*winner) + "'s sword struck " + player_name(1 - *winner) + "'s face"};
  const int lead = material(game_, kYellow);
  return {"the length limit (" + std::to_string(max_length_) + " actions) was reached: " +
          (lead == 0 ? std::string("level on pieces in play")
                     : player_name(lead > 0 ? kYellow : kGreen) + " has more pieces in play")};
}

}  // namespace sword_and_shield
