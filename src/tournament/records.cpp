#include "tournament/records.hpp"

#include <sstream>

namespace tournament {

json action_record(const engine::AnyState& state, int player, const std::string& action,
                   long long ms) {
  json out = {{"player", player}, {"action", action}, {"ms", ms}};
  if (const auto move = state.describe(action, player); move && move->notation != action)
    out["notation"] = move->notation;
  return out;
}

namespace {

// The moves of a game in its notation, a ply (a player's actions until the
// player to move changes) a word, numbered as PGN numbers White's: "1.
// d1-d7/g7 a7-d4/i4 2. ..."; nothing for a game with no notation.
std::string movetext(const json& actions) {
  std::vector<std::string> plies;
  int last = -1;
  for (const json& a : actions) {
    if (!a.contains("notation")) return "";
    const int player = a.value("player", 0);
    if (plies.empty() || player != last) plies.emplace_back();
    plies.back() += a["notation"].get<std::string>();
    last = player;
  }
  std::string out;
  for (std::size_t i = 0; i < plies.size(); ++i)
    out += (i % 2 == 0 ? std::to_string(i / 2 + 1) + ". " : "") + plies[i] + " ";
  return out;
}

}  // namespace

std::string pgn_of(const Options& o, const Played& p, int round) {
  const char* result = p.first_points == 1 ? "1-0" : p.first_points == 0 ? "0-1" : "1/2-1/2";
  // A tag's value is a PGN string: its quotes and backslashes escaped.
  const auto tag = [](const std::string& text) {
    std::string value;
    for (const char c : text)
      value += c == '"' || c == '\\' ? std::string{'\\', c} : std::string{c};
    return value;
  };
  std::ostringstream out;
  out << "[Event \"gridgames tournament " << o.game << "\"]\n[Site \"?\"]\n[Round \"" << round
      << "\"]\n[White \"" << tag(o.players[static_cast<std::size_t>(p.first)]) << "\"]\n[Black \""
      << tag(o.players[static_cast<std::size_t>(p.second)]) << "\"]\n[Result \"" << result
      << "\"]\n";
  if (p.by_fault()) out << "[Termination \"" << tag(p.verdict) << "\"]\n";
  out << "\n" << movetext(p.record.value("actions", json::array())) << result << "\n\n";
  return out.str();
}

}  // namespace tournament
