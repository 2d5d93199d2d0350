// web::Matches: the chat of a game, a room for its players and one for its
// spectators, each line a step kept in the store ("chat", "chat-watchers"),
// so that a restarted server and the others sharing its store have it too;
// a seat's mutes are steps as well ("mute").
#include <algorithm>

#include "engine/words.hpp"
#include "web/matches.hpp"
#include "web/matches_shared.hpp"

namespace web {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

// Each sender's lines: at most kChatBurst in kChatWindow.
constexpr std::size_t kChatBurst = 5;
constexpr auto kChatWindow = std::chrono::seconds(10);

// The number of characters of UTF-8 text, or nothing if it is not UTF-8.
std::optional<std::size_t> characters(std::string_view text) {
  std::size_t count = 0;
  while (!text.empty()) {
    const std::size_t length = engine::utf8_char_length(text);
    if (length == 0) return std::nullopt;
    text.remove_prefix(length);
    ++count;
  }
  return count;
}

}  // namespace

Answer<json> Matches::chat(const std::string& id, const std::string& token, const std::string& text,
                           const std::string& account, const std::string& address) {
  const auto length = characters(text);
  if (!length) return Refusal{400, "a chat line is text (UTF-8)"};
  if (engine::trim(text).empty()) return Refusal{400, "a chat line says something"};
  if (std::any_of(text.begin(), text.end(),
                  [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
    return Refusal{400, "a chat line is one line, without control characters"};
  if (*length > kChatCharacters)
    return Refusal{413,
                   "a chat line has at most " + std::to_string(kChatCharacters) + " characters"};
  const std::lock_guard lock(mutex_);
  return retried(id, [&]() -> Answer<json> {
    int player = 0;
    auto found = find(id, token, player);
    if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
    Match& match = *std::get<Match*>(found);
    const bool seat = player != engine::kNoPlayer;
    auto& times = match.chat_times[seat ? "seat " + std::to_string(player) : "address " + address];
    const auto now = Clock::now();
    while (!times.empty() && now - times.front() > kChatWindow) times.pop_front();
    if (times.size() >= kChatBurst)
      return Refusal{429, "too many lines at once: wait a few seconds"};
    std::string from = !account.empty() ? account
                       : seat           ? match.names[static_cast<std::size_t>(player)]
                                        : "a spectator";
    const std::string line = json{{"from", from}, {"text", text}}.dump();
    if (!persist(match, seat ? "chat" : "chat-watchers", seat ? player : 0, line))
      return Refusal{503, kCannotSave};
    times.push_back(now);
    hear(match, seat ? "chat" : "chat-watchers", player, line, match.last_step_ms);
    return json{{"chat", chat_json(match, player)}};
  });
}

Answer<json> Matches::mute(const std::string& id, const std::string& token, int other, bool muted) {
  const std::lock_guard lock(mutex_);
  return retried(id, [&]() -> Answer<json> {
    int player = 0;
    auto found = find_seat(id, token, player);
    if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
    Match& match = *std::get<Match*>(found);
    if (other < 0 || other >= match.state->players() || other == player)
      return Refusal{400, "\"player\" is another seat's number (from 0)"};
    const std::string text = json{{"player", other}, {"muted", muted}}.dump();
    if (!persist(match, "mute", player, text)) return Refusal{503, kCannotSave};
    hear(match, "mute", player, text, match.last_step_ms);
    return json{{"chat", chat_json(match, player)}};
  });
}

// A chat step taken: live, or replayed from the store.
void Matches::hear(Match& match, const std::string& kind, int player, const std::string& text,
                   std::int64_t at_ms) {
  const json fields = json::parse(text, nullptr, false);
  if (!fields.is_object()) return;
  if (kind == "mute") {
    match.muted.resize(static_cast<std::size_t>(match.state->players()));
    if (player < 0 || player >= match.state->players()) return;
    auto& muted = match.muted[static_cast<std::size_t>(player)];
    const int other = fields.value("player", -1);
    if (fields.value("muted", false))
      muted.insert(other);
    else
      muted.erase(other);
  } else {
    const bool seat = kind == "chat";
    auto& room = seat ? match.players_chat : match.spectators_chat;
    room.push_back({fields.value("from", ""), seat ? player : -1, fields.value("text", ""), at_ms});
    if (room.size() > kKeptChat) room.pop_front();
  }
  changed(match);
}

// {"room": "players" or "spectators", "lines": [{"from", "player", "text",
// "at_ms"}], "muted": [seats]}: the room's last lines the seat has not muted.
json Matches::chat_json(const Match& match, int player) const {
  const bool seat = player != engine::kNoPlayer;
  const auto& room = seat ? match.players_chat : match.spectators_chat;
  const std::set<int> none;
  const std::set<int>& muted = seat && static_cast<std::size_t>(player) < match.muted.size()
                                   ? match.muted[static_cast<std::size_t>(player)]
                                   : none;
  json lines = json::array();
  for (auto line = room.rbegin(); line != room.rend() && lines.size() < kViewChat; ++line) {
    if (muted.count(line->player)) continue;
    lines.insert(lines.begin(), json{{"from", line->from},
                                     {"player", line->player},
                                     {"text", line->text},
                                     {"at_ms", line->at_ms}});
  }
  return {{"room", seat ? "players" : "spectators"},
          {"lines", lines},
          {"muted", std::vector<int>(muted.begin(), muted.end())}};
}

}  // namespace web
