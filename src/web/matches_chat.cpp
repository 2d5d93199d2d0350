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
// What a step costs the store beside its text (its row's other fields).
constexpr std::size_t kStepOverhead = 64;

// The code point at the start of `text` (valid UTF-8, `length` bytes).
char32_t code_point(std::string_view text, std::size_t length) {
  static constexpr unsigned char kLead[] = {0, 0x7f, 0x1f, 0x0f, 0x07};
  char32_t point = static_cast<unsigned char>(text[0]) & kLead[length];
  for (std::size_t i = 1; i < length; ++i)
    point = (point << 6) | (static_cast<unsigned char>(text[i]) & 0x3f);
  return point;
}

// Whether a character may not be in a chat line: controls (C0, C1 and
// DEL), line and paragraph separators (a line is one line), and the
// marks and overrides that reorder text (a line that shows as other
// words than it has: "bidi spoofing").
bool refused_character(char32_t c) {
  return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x061c || c == 0x200e || c == 0x200f ||
         (c >= 0x2028 && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

// Why a chat line cannot be said as it is, if it cannot.
std::optional<Refusal> chat_refusal(std::string_view text) {
  std::size_t count = 0;
  bool refused = false;
  for (std::string_view rest = text; !rest.empty(); ++count) {
    const std::size_t length = engine::utf8_char_length(rest);
    if (length == 0) return Refusal{400, "a chat line is text (UTF-8)"};
    refused = refused || refused_character(code_point(rest, length));
    rest.remove_prefix(length);
  }
  if (engine::trim(text).empty()) return Refusal{400, "a chat line says something"};
  if (refused)
    return Refusal{400,
                   "a chat line is one line, without control characters, line separators or "
                   "marks that reorder text"};
  if (count > kChatCharacters)
    return Refusal{413,
                   "a chat line has at most " + std::to_string(kChatCharacters) + " characters"};
  return std::nullopt;
}

}  // namespace

Answer<json> Matches::chat(const std::string& id, const std::string& token, const std::string& text,
                           const std::string& account, const std::string& address) {
  if (auto refusal = chat_refusal(text)) return *refusal;
  const std::lock_guard lock(mutex_);
  return retried(id, [&]() -> Answer<json> {
    int player = 0;
    auto found = find(id, token, player);
    if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
    Match& match = *std::get<Match*>(found);
    if (over(match)) return Refusal{409, "this game is over: its chat is read-only"};
    const bool seat = player != engine::kNoPlayer;
    auto& times = match.chat_times[seat ? "seat " + std::to_string(player) : "address " + address];
    const auto now = Clock::now();
    while (!times.empty() && now - times.front() > kChatWindow) times.pop_front();
    if (times.size() >= kChatBurst)
      return Refusal{429, "too many lines at once: wait a few seconds"};
    // An account at a seat shows with the seat's name ("Ada (Green)"): a
    // name alone could pass for another seat's.
    const std::string seat_name = seat ? match.names[static_cast<std::size_t>(player)] : "";
    const std::string from = account.empty() ? (seat ? seat_name : "a spectator")
                             : seat          ? account + " (" + seat_name + ")"
                                             : account;
    const std::string line = json{{"from", from}, {"text", text}}.dump();
    if (auto refusal = charge_storage_locked(address, account, line.size() + kStepOverhead))
      return *refusal;
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
