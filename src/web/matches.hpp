// The games a web server is playing: each made from the registry's entry,
// its seats (people with secret tokens, or bots), what happened so far as
// each seat may see it, and a version that grows with every change so that
// browsers can wait for the next one. Thread-safe; nothing here speaks HTTP.
// One class, its parts a file each: matches.cpp (games made and found,
// seats, actions, views), matches_endings.cpp, matches_records.cpp,
// matches_clocks.cpp, matches_bots.cpp, matches_lobby.cpp (seeks and the
// games each browser holds).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <variant>
#include <vector>

#include "games/registry.hpp"
#include "web/buckets.hpp"
#include "web/store.hpp"

namespace web {

struct Limits {
  std::size_t max_games = 200;  // games in play kept at once (finished ones do not count)
  // Games in play one client address (and one browser's identity) may have
  // at once; 0: its share, an eighth of max_games, so that no five
  // addresses can fill the server.
  std::size_t games_per_address = 0;
  // Games one address may start a minute (a burst of as many, then one
  // each 60/N s), so that nobody churns the server by making and ending
  // games.
  std::size_t games_per_minute = 30;
  // What one address, and one account, may add to the store in a day (a
  // bucket of this many KiB refilled over a day): a game made counts
  // kStoredGameBytes, a chat line its bytes, a bot kStoredBotBytes. Past it,
  // writes are refused with a clear message until the share refills.
  std::size_t storage_kib_per_day = 1024;
  std::chrono::seconds idle{30 * 60};  // a game nobody touched for this long is dropped
  int bot_time_ms = 500;               // a bot's thinking a decision, when it has a core alone
  int bot_threads = 0;                 // the bots' threads; 0: one a core
  // A finished game is kept this long after its end, then removed from the
  // store; its record is first written to export_finished/ID.json when
  // that folder is given.
  std::chrono::seconds keep_finished{30 * 24 * 3600};
  std::string export_finished;
};

// The most fields a board played on the web may have (Amazons 100 x 100):
// every view carries the whole board.
inline constexpr std::size_t kMaxWebFields = 10000;
// What a view carries of the log (its last entries) and of an ETF game's
// console (its last bytes, from a line's start); the server keeps at most
// kKeptLog entries of a game's log.
inline constexpr std::size_t kViewLog = 100;
inline constexpr std::size_t kKeptLog = 1000;
inline constexpr std::size_t kViewConsole = 32 * 1024;
// A chat's line: at most this many characters; a view carries the last
// kViewChat lines of its room, the server keeps kKeptChat.
inline constexpr std::size_t kChatCharacters = 500;
inline constexpr std::size_t kViewChat = 50;
inline constexpr std::size_t kKeptChat = 200;

// What a game made, and a bot made, count against their maker's share of
// the store (Limits::storage_kib_per_day): about what a short game's
// record and a bot account's record take.
inline constexpr std::size_t kStoredGameBytes = 4096;
inline constexpr std::size_t kStoredBotBytes = 1024;

// A refusal of a request: the HTTP status and the reason, for the client.
struct Refusal {
  int status;
  std::string reason;
};

template <typename T>
using Answer = std::variant<T, Refusal>;

// 128 bits from the system's generator, as hex: a seat's token, a game's
// id (its first 12 digits), a browser's identity.
std::string secret();

class Matches {
 public:
  // Every game is written to the store as it goes (without one, to a store
  // in memory), and its most recent games are read back at once (the others
  // when asked for). A store other servers share is the truth: what they
  // write is taken here as it comes, and a step another server wrote first
  // is taken before this server's is tried again.
  explicit Matches(Limits limits, Store* store = nullptr);
  ~Matches();
  Matches(const Matches&) = delete;
  Matches& operator=(const Matches&) = delete;

  // {"games": [...]}: each game with its parameters and bots.
  static nlohmann::json catalogue();
  // Starts a game from {"game", "params", "seats"} for the client at
  // `address`; answers {"id", "seats"}. The browser `identity`, if any,
  // holds every person's seat.
  Answer<nlohmann::json> create(const nlohmann::json& request, const std::string& address = "",
                                const std::string& identity = "");
  // The lobby: {"seeks": [...]}, the games waiting for opponents, newest first.
  nlohmann::json lobby();
  // A seek, {"game", "params", "clock"}: a game whose first seat is the
  // seeker's and whose others wait for whoever joins; answers {"id",
  // "game", "player", "token", "spectator"}.
  // `account`: the seeker's account's name, if signed in; a rated seek
  // ("rated": true) needs one, and is joined by another account only. A
  // challenge ("opponent": a bot account's name, `opponent_bot` found so)
  // is joined by that bot only, and is not in the lobby.
  Answer<nlohmann::json> seek(const nlohmann::json& request, const std::string& address,
                              const std::string& identity, const std::string& account = "",
                              bool bot = false);
  // Takes a seek's next free seat: {"id", "game", "player", "token"}; `bot`:
  // the account is a bot account.
  Answer<nlohmann::json> join(const std::string& id, const std::string& identity,
                              const std::string& account = "", bool bot = false);
  // Takes `bytes` from the shares of the store of `address` and of
  // `account` (if any); a refusal when either has too little left.
  std::optional<Refusal> charge_storage(const std::string& address, const std::string& account,
                                        std::size_t bytes);
  // {"challenges": [...]}: the challenges waiting for the bot `account`.
  nlohmann::json challenges(const std::string& account);
  // The engine protocol's request for the seat of `token` (engine/protocol.hpp),
  // when it is to move; `default_ms`: its time where the game has no clock.
  Answer<nlohmann::json> protocol_request(const std::string& id, const std::string& token,
                                          int default_ms);
  // The browser `identity` holds the seat of `token` (a seat's link opened):
  // {"held": true}; a spectator's token or another game's is refused.
  Answer<nlohmann::json> hold(const std::string& identity, const std::string& id,
                              const std::string& token);
  // The secret the servers of this store sign identities with.
  std::string identity_key();
  // Whether `identity` holds a seat (one issued before identities were signed).
  bool known_identity(const std::string& identity) const;
  // {"games": [...]}: the seats the browser holds, newest first, archived
  // ones left out.
  nlohmann::json my_games(const std::string& identity);
  // Sets a finished game aside from the browser's list.
  Answer<nlohmann::json> archive(const std::string& id, const std::string& identity);
  // The view of the seat holding `token`.
  Answer<nlohmann::json> view(const std::string& id, const std::string& token);
  // The same view as the JSON text answered, with its version: rendered
  // once per version and per seat (the spectators share one) and shared by
  // every connection that asks, so that a move reaches thousands of
  // watchers without rendering it thousands of times.
  struct ViewText {
    std::uint64_t version = 0;
    std::shared_ptr<const std::string> text;
    // When a clock runs: the milliseconds it had left when it was rendered
    // (a stream looks again then: the game may be lost on time).
    std::optional<std::int64_t> clock_left_ms;
  };
  Answer<ViewText> view_text(const std::string& id, const std::string& token);
  // The game's version (it grows with every change), if there is such a game.
  std::optional<std::uint64_t> version(const std::string& id) const;
  // Called, with the game's id, after every change of a game (from the
  // thread that changed it, with the games locked: it must not call back).
  void on_change(std::function<void(const std::string& id)> listener);
  // Plays `action` (an action's text; in the ETF games also a query such as
  // `status`) for the seat.
  Answer<nlohmann::json> act(const std::string& id, const std::string& token,
                             const std::string& action);
  // Plays the steps of one turn together (an Amazons move and its shot):
  // all of them, in order, or none when one is refused.
  Answer<nlohmann::json> act(const std::string& id, const std::string& token,
                             const std::vector<std::string>& actions);
  // The seat's view as it would be after `actions` (steps of its turn),
  // nothing played or kept: a page holds a turn's steps until the turn is
  // whole, in games where trying tells nothing (nothing hidden, no chance).
  Answer<nlohmann::json> preview(const std::string& id, const std::string& token,
                                 const std::vector<std::string>& actions);
  // Takes back the seat's own last action, in games that have undo, and in
  // games with nothing hidden and no chance while its turn goes on.
  Answer<nlohmann::json> undo(const std::string& id, const std::string& token);
  // The seat gives up: the game ends, lost for it.
  Answer<nlohmann::json> resign(const std::string& id, const std::string& token);
  // In a game of two: offers a draw, or accepts the other seat's offer.
  Answer<nlohmann::json> draw(const std::string& id, const std::string& token);
  // The seeker takes back a seek nobody has joined yet: the game ends unplayed.
  Answer<nlohmann::json> cancel(const std::string& id, const std::string& token);
  // Declines the other seat's draw offer (playing on declines it too).
  Answer<nlohmann::json> decline(const std::string& id, const std::string& token);
  // After the end: the same game again, seats turned by one, a new seed;
  // every seat's view then names it ("rematch": its id and the seat's token).
  Answer<nlohmann::json> rematch(const std::string& id, const std::string& token,
                                 const std::string& address);
  // A finished game's record: its parameters, seats, actions and result.
  Answer<nlohmann::json> record(const std::string& id);
  // The same in the game's own record format (classic Amazons: SGF).
  Answer<std::string> record_sgf(const std::string& id);
  // A finished game after its first `step` actions, as spectators see it:
  // {"step", "steps", "view", "observation", "action"} (the last action's
  // text).
  Answer<nlohmann::json> replay(const std::string& id, std::size_t step);
  // A line of chat from the token's holder: a seat's to the players' room,
  // the spectators' token's to the spectators' room, signed by the account
  // `account` if given, else by the seat's name (or "a spectator"). At
  // most kChatCharacters characters, a few lines a few seconds from each
  // (by seat, or by `address` for spectators).
  Answer<nlohmann::json> chat(const std::string& id, const std::string& token,
                              const std::string& text, const std::string& account,
                              const std::string& address);
  // A seat stops (or starts again) seeing the chat of another seat.
  Answer<nlohmann::json> mute(const std::string& id, const std::string& token, int other,
                              bool muted);

  // How to play the game and its board's legend (AnyState::guide): the
  // same for every seat, in play or over.
  Answer<nlohmann::json> guide(const std::string& id);

  // The store the games are kept in (the accounts' and ratings' too).
  Store& store() { return *store_; }

  std::size_t size() const;
  // Stops the bots: the server is stopping.
  void stop();
  bool stopping() const;

 private:
  struct Seat {
    int player = 0;
    std::string token;                   // empty for a bot
    std::string bot;                     // the bot's name, or empty for a person
    std::shared_ptr<engine::AnyBot> ai;  // shared with the bot thread while it thinks
    bool open = false;                   // a seek's seat that nobody has joined yet
    std::string account;                 // the account's name that took it, if any
    bool bot_account = false;            // that account is a bot's
    long rating = 0;                     // the account's rating in the game's pool
  };
  struct Match {
    std::string id;
    const games::GameInfo* info = nullptr;
    engine::Params params;  // the parameters as given, and the seed drawn
    std::unique_ptr<engine::AnyState> state;
    std::vector<Seat> seats;
    // Each seat's name for people: the game's own (Sword and Shield's
    // Yellow and Green), else "Player 1", "Player 2"...
    std::vector<std::string> names;
    std::string address;    // of the client that created it
    std::string spectator;  // the token that watches: the public view
    bool seek = false;      // made by a seek: in the lobby while a seat is open
    bool rated = false;     // its end updates its two accounts' ratings
    std::string opponent;   // a challenge: the bot account (its key) whose seat it is
    // Its maker chose the seed of a game with something hidden or drawn
    // (its players are told: the maker could know the deal).
    bool seed_chosen = false;
    std::int64_t created_ms = 0;
    // What happened: an entry an action (or undo), as each player saw it,
    // then as spectators see it: {"player", "action", "events": [lines]};
    // the last kKeptLog of them, after `log_dropped` older ones.
    std::deque<std::vector<nlohmann::json>> log;
    std::size_t log_dropped = 0;
    std::vector<int> movers;  // who played each undoable action, last last
    std::size_t queries = 0;  // the queries its program answered (status)
    std::uint64_t version = 1;
    std::int64_t next_seq = 0;      // the number of its next step in the store
    std::int64_t last_step_ms = 0;  // when its last step was taken (or it was made)
    bool thinking = false;          // a bot thread is choosing its bot's action
    // The actions taken and kept (undone ones gone), with their players.
    std::vector<std::pair<int, std::string>> actions;
    // An end the rules did not make: a resignation or an agreed draw.
    std::optional<engine::Returns> ended;
    std::string ended_how;
    int ended_loser = -1;  // who resigned, ran out of time or forfeited
    engine::EndedBy ended_by = engine::EndedBy::Rules;
    int draw_offer = -1;  // the player whose draw offer stands
    std::string rematch_id;
    // Each player's token in the rematch, then the spectators'.
    std::vector<std::string> rematch_tokens;
    // A time control, if the game has one: each player's time left when
    // its turn began, the player whose clock runs, and since when. A
    // player's clock starts with its own first move (as lichess's do): the
    // time before it, a seek's wait included, is nobody's.
    struct Clocks {
      std::int64_t increment_ms = 0;
      std::vector<std::int64_t> left_ms;
      std::vector<bool> moved;  // whether each player has played a move
      int running = -1;
      std::int64_t since_ms = 0;
    };
    std::optional<Clocks> clocks;
    std::chrono::steady_clock::time_point touched;
    bool finish_stored = false;       // its end is written to the store
    mutable std::optional<bool> sgf;  // whether it has an SGF record (once over)
    // Each seat's view as last rendered (the spectators' last): its version,
    // when (a view with a running clock is rendered again after a while).
    struct Rendered {
      std::uint64_t version = 0;
      std::int64_t at_ms = 0;
      std::shared_ptr<const std::string> text;
      std::optional<std::int64_t> clock_left_ms;
    };
    mutable std::vector<Rendered> rendered;
    // The chat: the players' room and the spectators' (the last kKeptChat
    // lines of each), who each seat muted, and the times of each sender's
    // recent lines.
    struct ChatLine {
      std::string from;
      int player = -1;  // the seat's, or -1: a spectator
      std::string text;
      std::int64_t at_ms = 0;
    };
    std::deque<ChatLine> players_chat, spectators_chat;
    std::vector<std::set<int>> muted;
    std::map<std::string, std::deque<std::chrono::steady_clock::time_point>> chat_times;
  };

  Answer<std::unique_ptr<Match>> make_match(const games::GameInfo& info,
                                            const engine::Params& params,
                                            const std::vector<std::string>& kinds,
                                            const std::vector<std::string>& tokens);
  Answer<nlohmann::json> make(const nlohmann::json& request, const std::string& address,
                              const std::string& identity, bool seek,
                              const std::string& account = "", bool seeker_bot = false);
  static nlohmann::json seats_json(const Match& match);
  static int open_seats(const Match& match);
  void claim(Match& match, int player, const std::string& account = "", bool bot = false);
  void rate(Match& match);
  bool same_owner(const std::string& one, const std::string& other) const;
  void hear(Match& match, const std::string& kind, int player, const std::string& text,
            std::int64_t at_ms);
  nlohmann::json chat_json(const Match& match, int player) const;
  void note_rating(const Match& match, Seat& seat);
  static nlohmann::json seat_view(const Seat& seat);
  std::optional<Refusal> make_seek(Match& match, const nlohmann::json& request,
                                   const std::string& account, bool seeker_bot);
  void hold_seat(const std::string& identity, const std::string& id, const std::string& token);
  static void start_clocks(Match& match, const nlohmann::json& clock);
  bool persist(Match& match, const char* kind, int player, const std::string& text);
  void unpersist(Match& match);
  Answer<std::unique_ptr<Match>> restore(const StoredGame& stored);
  void take_stored(Match& match, const StoredStep& step);
  void restore_recent();
  bool catch_up(Match& match);
  void news(const std::string& id);
  Answer<nlohmann::json> retried(const std::string& id,
                                 const std::function<Answer<nlohmann::json>()>& op);
  void await_bot(Match& match);
  void bots_due();
  std::optional<Refusal> take_back(Match& match, int player);
  static bool can_take_back(const Match& match, int player);
  static bool can_preview(const Match& match);
  std::optional<Refusal> try_steps(const Match& match, int player,
                                   const std::vector<std::string>& actions,
                                   std::unique_ptr<engine::AnyState>& trial) const;
  std::optional<Refusal> give_up(Match& match, int player);
  std::optional<Refusal> offer_draw(Match& match, int player);
  std::optional<Refusal> decline_draw(Match& match, int player);
  std::optional<Refusal> abort_seek(Match& match, int player);
  void note_rematch(Match& match, const std::string& text);
  static bool over(const Match& match);
  std::int64_t time_ms() const;
  void tick(Match& match);
  void flag(Match& match);
  std::int64_t left_ms(const Match& match, int player) const;
  nlohmann::json clocks_json(const Match& match) const;
  static bool clock_runs(const Match& match);
  static std::string result_of(const Match& match);
  static nlohmann::json ending_json(const Match& match, int player);
  static engine::Returns returns(const Match& match);
  Answer<Match*> find_any(const std::string& id);
  Answer<Match*> find_finished(const std::string& id);
  void lose(Match& match, int loser, const std::string& how, engine::EndedBy by);
  Answer<nlohmann::json> seat_step(const std::string& id, const std::string& token,
                                   std::optional<Refusal> (Matches::*step)(Match&, int));
  Answer<Match*> find(const std::string& id, const std::string& token, int& player);
  // The same for a seat's token only: a spectator's is refused (403).
  Answer<Match*> find_seat(const std::string& id, const std::string& token, int& player);
  nlohmann::json view_of(const Match& match, int player) const;
  std::optional<Refusal> play(Match& match, int player, const std::string& action);
  void log_entry(Match& match, std::vector<nlohmann::json> entry);
  void changed(Match& match);
  void queue_bot(Match& match);
  void drop_idle();
  void trim_finished();
  void purge_finished();
  std::size_t in_play() const;
  std::size_t address_share() const;
  std::optional<Refusal> may_start(const std::string& address, const std::string& identity,
                                   const std::string& account);
  std::optional<Refusal> charge_storage_locked(const std::string& address,
                                               const std::string& account, std::size_t bytes);
  static nlohmann::json record_json(const Match& match);
  static bool has_sgf(const Match& match);
  void bot_loop();
  int bot_share_ms() const;
  int bot_time_ms(const Match& match, int player) const;

  Limits limits_;
  std::unique_ptr<Store> own_store_;  // in memory, when none is given
  Store* store_;
  bool replaying_ = false;  // restoring a game: nothing written, no bot woken
  // The game whose step another server wrote first (persist could not
  // write its own): taken, and the request tried again.
  std::string raced_;
  // The time of the step being taken: the one written to the store (or read
  // back from it), so that live clocks and restored ones agree to the ms.
  std::optional<std::int64_t> step_ms_;
  mutable std::mutex mutex_;
  std::condition_variable bots_wake_;
  std::map<std::string, std::unique_ptr<Match>, std::less<>> matches_;
  // The games where a bot is to move, each once, in the order they came.
  std::deque<std::string> bot_turns_;
  std::set<std::string, std::less<>> bot_queued_;
  // A shared store: the games where a bot is to move whose turn another
  // server gave it (its bot thinks), each with when this server's bot
  // plays instead if the game is then where it was (at that version): the
  // other server may be gone.
  std::set<std::tuple<std::chrono::steady_clock::time_point, std::string, std::uint64_t>> bots_due_;
  // "IDENTITY TOKEN" of the seats held that this server wrote to the store.
  std::unordered_set<std::string> holds_written_;
  int bots_thinking_ = 0;
  bool stopping_ = false;
  std::function<void(const std::string&)> listener_;
  std::vector<std::thread> bot_threads_;
  std::chrono::steady_clock::time_point last_purge_{};
  // Each address's games it may still start now (a bucket of
  // games_per_minute, filled at that rate).
  Buckets games_started_;
  // Each address's and account's share of the store (bytes, a day's worth
  // at most, refilled over a day): games made, chat lines, bots.
  Buckets storage_;
};

}  // namespace web
