#include "engine/protocol.hpp"

#include <limits>

#include "engine/words.hpp"

namespace engine {

using nlohmann::json;

json move_json(const MoveData& m) {
  json squares = json::array();
  for (const Coord c : m.squares) squares.push_back({c.row, c.col});
  json out = {{"id", m.id},
              {"action", m.action},
              {"squares", squares},
              {"label", m.label},
              {"notation", m.notation}};
  if (!m.piece.empty()) out["piece"] = m.piece;
  return out;
}

json protocol_request(const std::string& game, const Params& params, const AnyState& state,
                      const std::vector<std::string>& moves, int move_ms,
                      const std::optional<SeatClock>& clock, std::uint64_t seed) {
  const int player = state.to_move();
  // A game with hidden things: the parameters of a world the seat cannot
  // tell from this one.
  Params known = params;
  if (auto world = state.resampled(player, seed)) known = std::move(world->params);
  json legal = json::array();
  for (const MoveData& move : state.legal_moves()) legal.push_back(move_json(move));
  json times = {{"move_ms", move_ms}};
  if (clock) {
    times["remaining_ms"] = clock->remaining_ms;
    times["increment_ms"] = clock->increment_ms;
  }
  return {{"protocol", kProtocolVersion},
          {"game", game},
          {"params", known},
          {"moves", moves},
          {"player", player},
          {"players", state.players()},
          {"legal", legal},
          {"observation", escape_invalid_utf8(state.observation(player))},
          {"clock", times}};
}

std::variant<ProtocolRequest, std::string> parse_protocol_request(const std::string& line) {
  const json request = json::parse(line, nullptr, false);
  if (!request.is_object()) return "the request is not a JSON object";
  if (request.value("protocol", 0) != kProtocolVersion)
    return "the request is not of the engine protocol, version " + std::to_string(kProtocolVersion);
  ProtocolRequest out;
  const auto text = [&](const char* name) -> const json* {
    const auto found = request.find(name);
    return found != request.end() && found->is_string() ? &*found : nullptr;
  };
  if (!text("game")) return "the request has no \"game\"";
  out.game = request["game"].get<std::string>();
  const json params = request.value("params", json::object());
  if (!params.is_object()) return "\"params\" is an object of texts";
  for (const auto& [name, value] : params.items()) {
    if (!value.is_string()) return "\"params\" is an object of texts";
    out.params[name] = value.get<std::string>();
  }
  const json moves = request.value("moves", json::array());
  if (!moves.is_array()) return "\"moves\" is a list of actions' texts";
  for (const json& move : moves) {
    if (!move.is_string()) return "\"moves\" is a list of actions' texts";
    out.moves.push_back(move.get<std::string>());
  }
  const json player = request.value("player", json());
  if (!player.is_number_integer()) return "the request has no \"player\"";
  out.player = player.get<int>();
  const json clock = request.value("clock", json::object());
  if (!clock.is_object()) return "\"clock\" is an object of numbers of milliseconds";
  const auto ms = [&clock](const char* name) -> std::optional<int> {
    const json value = clock.value(name, json());
    if (!value.is_number_integer() || value.get<long long>() < 0 ||
        value.get<long long>() > std::numeric_limits<int>::max())
      return std::nullopt;
    return value.get<int>();
  };
  out.move_ms = ms("move_ms").value_or(0);
  if (const auto remaining = ms("remaining_ms"))
    out.clock = SeatClock{*remaining, ms("increment_ms").value_or(0)};
  return out;
}

std::string protocol_answer(const std::string& output) {
  return std::string(trim(output.substr(0, output.find('\n'))));
}

}  // namespace engine
