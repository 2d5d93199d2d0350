#include "tournament/play.hpp"

#include <algorithm>
#include <chrono>
#include <limits>

#include "sandbox/call.hpp"
#include "sandbox/protocol_player.hpp"
#include "tournament/openings.hpp"
#include "tournament/records.hpp"

namespace tournament {

namespace {

// A seat's player: a bot, or a program in `seat` (of the game's file
// protocol, or of the engine protocol, told the game's `moves` as they go).
std::unique_ptr<engine::AnyBot> make_player(const Options& o, const games::GameInfo& info,
                                            const std::string& name, const engine::Params& params,
                                            const sandbox::SeatFolder* seat, std::uint64_t seed,
                                            const std::vector<std::string>* moves) {
  if (!is_program(name)) {
    // Under a clock a bot without @N or @Nms thinks by it (set_clock).
    games::SelfplayOptions own;
    if (o.clock) own.time_ms = engine::even_share_ms(*o.clock, engine::kDecisionsLeftUnknown);
    return info.make_bot(name, own, seed);
  }
  const sandbox::ProgramSeat where{seat, o.limits};
  if (name.starts_with(kProgram) && info.make_program)
    return info.make_program(program_command(name), where);
  return sandbox::make_protocol_player(program_command(name), where, info.name, params, moves);
}

// A decision of `ms` charged to `clock` and the clock left written in its
// record; false when it ran out (the increment comes after, to a decision
// made in time).
bool charge_clock(engine::SeatClock& clock, double ms, json& record) {
  const long long left = clock.remaining_ms - std::llround(ms);
  clock.remaining_ms = static_cast<int>(std::max<long long>(left, -1000000000));
  if (left < 0) return false;
  clock.remaining_ms = static_cast<int>(
      std::min<long long>(left + clock.increment_ms, std::numeric_limits<int>::max()));
  record["clock_ms"] = clock.remaining_ms;
  return true;
}

// The game's points and verdict once it has ended, `loser` the seat that
// lost by a fault (or -1), and its record.
void settle(Played& out, const Options& o, const games::GameInfo& info,
            const engine::Params& params, const engine::AnyState& state, json actions, int loser) {
  const engine::Returns r = state.returns();
  if (loser >= 0) {
    out.first_points = loser == 0 ? 0 : 1;
  } else {
    out.first_points = r[0] > r[1] ? 1 : r[0] < r[1] ? 0 : 0.5;
    out.verdict = out.first_points == 0.5 ? "draw" : "win";
  }
  const auto name = [&o](int player) { return o.players[static_cast<std::size_t>(player)]; };
  out.record = {{"game", info.name},
                {"pair", out.pair + 1},
                {"game_in_pair", out.game + 1},
                {"seed", o.seed},
                {"players", {out.first, out.second}},
                {"seats", {name(out.first), name(out.second)}},
                {"params", params},
                {"random_plies", o.random_plies},
                {"clock", o.clock ? json(clock_text(*o.clock)) : json(nullptr)},
                {"opening", o.openings.empty() ? 0 : static_cast<int>(opening_of(o, out.pair)) + 1},
                {"actions", std::move(actions)},
                {"points", {out.first_points, 1 - out.first_points}},
                {"verdict", out.verdict},
                {"reason", out.reason}};
}

}  // namespace

Played play_game(const Options& o, const games::GameInfo& info, const Programs& programs, int pair,
                 int game, int first, int second) {
  Played out{pair, game, first, second, 0.5, "draw", "rules", json()};
  const engine::Params params = start_of_pair(o, info, pair);
  auto state = std::get<std::unique_ptr<engine::AnyState>>(info.make(params));
  const int seats[2] = {first, second};
  // The seats' folders outlive their players (declared first, gone last).
  std::unique_ptr<sandbox::SeatFolder> folders[2];
  std::unique_ptr<engine::AnyBot> bots[2];
  std::vector<std::string> moves;  // every action taken, told to engine: players
  for (int s = 0; s < 2; ++s) {
    const std::uint64_t seed =
        o.seed * 1000003ULL + static_cast<std::uint64_t>(pair * 4 + game * 2 + s);
    const std::string& name = o.players[static_cast<std::size_t>(seats[s])];
    if (is_program(name)) {
      auto made = programs.arena->seat(
          programs.arena->path() / ("pair-" + std::to_string(pair + 1) + "-game-" +
                                    std::to_string(game + 1) + "-seat-" + std::to_string(s + 1)));
      if (auto* why = std::get_if<std::string>(&made))
        throw std::runtime_error("a program: player's folder: " + *why);
      folders[s] = std::move(std::get<std::unique_ptr<sandbox::SeatFolder>>(made));
    }
    bots[s] = make_player(o, info, name, params, folders[s].get(), seed, &moves);
  }
  json actions = json::array();
  play_random_plies(o, pair, *state, actions);
  play_opening(o, pair, *state, actions);
  for (const json& done : actions) moves.push_back(done["action"].get<std::string>());
  int loser = -1;
  engine::SeatClock clocks[2];
  if (o.clock) clocks[0] = clocks[1] = *o.clock;
  for (long long n = 0; !state->over() && n < 10000000; ++n) {
    const int mover = state->to_move();
    if (o.clock) bots[mover]->set_clock(clocks[mover]);
    const auto began = std::chrono::steady_clock::now();
    const std::string action = bots[mover]->choose(*state);
    const auto ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began);
    const std::string& who = o.players[static_cast<std::size_t>(seats[mover])];
    if (const auto fault = bots[mover]->fault()) {
      loser = mover;
      out.verdict = fault->kind;
      out.reason = fault->kind + " by " + who + ": " + engine::printable(fault->detail, 300);
      break;
    }
    actions.push_back(action_record(*state, mover, action, std::llround(ms.count())));
    if (o.clock && !charge_clock(clocks[mover], ms.count(), actions.back())) {
      loser = mover;
      out.verdict = "time";
      out.reason = "time by " + who + ": its clock ran out (" +
                   std::to_string(-clocks[mover].remaining_ms) + " ms over)";
      break;
    }
    moves.push_back(action);
    if (auto refused = state->apply(action)) {
      loser = mover;
      out.verdict = "illegal action";
      out.reason =
          "illegal action by " + who + ": " + engine::printable(action) + " (" + *refused + ")";
      break;
    }
  }
  out.interrupted = sandbox::calls_stopped();
  settle(out, o, info, params, *state, std::move(actions), loser);
  return out;
}

bool prepare_programs(const Options& o, Programs& programs, std::ostream& err) {
  if (std::none_of(o.players.begin(), o.players.end(),
                   [](const std::string& p) { return is_program(p); }))
    return true;
  sandbox::become_subreaper();
  const auto fail = [&err](const std::string& why) {
    err << "gridgames tournament: " << why << "\n";
    return false;
  };
  auto opened = sandbox::CallArena::open("gridgames-tournament", o.confine, o.limits);
  if (auto* why = std::get_if<std::string>(&opened)) return fail(*why);
  programs.arena = std::move(std::get<std::unique_ptr<sandbox::CallArena>>(opened));
  for (const std::string& player : o.players) {
    if (!is_program(player)) continue;
    const auto argv = sandbox::command_line(program_command(player));
    if (const auto why = programs.arena->unreachable(argv)) return fail(*why);
  }
  if (const auto problem = programs.arena->sandbox_problem())
    return fail("the program: players' sandbox cannot start: " + *problem +
                "\nGive --no-sandbox to run them unconfined (they can then read and write all "
                "you can)");
  return true;
}

}  // namespace tournament
