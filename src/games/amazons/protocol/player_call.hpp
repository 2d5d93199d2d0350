// A call of a player program of the document's tournaments, made by the
// referee or by a tournament's `program:` player: its command line, the
// board file it is given, its name, and the judge of what it did: from the
// board it was given, how the call ended and the file it left, whether it
// played one legal placement or turn (or rightly none), and which.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <variant>

#include "engine/files.hpp"
#include "games/amazons/rules.hpp"
#include "sandbox/arena.hpp"
#include "sandbox/call.hpp"

namespace amazons {

// The board as a program is given it: its own line (id `own`, none before
// its first placement) under the name it plays by, and any other line that
// bears that name under "opponentN" instead, so that it never takes another
// player's line for its own.
Board board_for_player(Board board, int own, const std::string& own_name);

// A name for a seat that no seat in `taken` has: `name`, else `name` with
// "-2", "-3"... (cut to a valid name's length).
std::string distinct_name(const std::string& name, const std::vector<std::string>& taken);

// Writes the board a call is given anew in its folder before every call:
// whatever happened to the file since the last call does not count.
bool put_board(const std::filesystem::path& file, const std::string& text,
               const sandbox::Confinement& c);

// The least time a name call gets, whatever a move's limit.
inline constexpr int kNameTimeMs = 5000;

// What `PROGRAM name` answered in the seat's folder: the first line of its
// output if it is a usable name (index 0), or why there is none (index 1).
// The call has the limits given, with kNameTimeMs at least.
std::variant<std::string, std::string> ask_name(std::vector<std::string> argv,
                                                const sandbox::SeatFolder& seat,
                                                sandbox::CallLimits limits);

struct Judgement {
  // What a disqualifying call did wrong: ended badly (crashed, a limit), ran
  // out of time, or left a board that is not one legal move.
  enum class Fault { None, Crash, Time, Illegal };
  Fault fault = Fault::None;
  std::string verdict;  // "ok", "ok, no move", "ok, not verified: ...", "disqualified: WHY"
  bool moved = false;
  std::optional<Board> after;   // the board it left, when accepted
  std::optional<Coord> placed;  // a placement accepted: where
  std::optional<Turn> turn;     // a turn accepted and verified: which
  std::string why;              // a fault: what it did wrong, in words
};

class Judge {
 public:
  // `id`: the player's id, 0 before its first placement adds its line (the
  // judge then sets it); `amazons`: how many each player places.
  Judge(const sandbox::CallLimits& limits, int amazons, const Board& before, int& id,
        bool placement)
      : limits_(limits), amazons_(amazons), before_(before), id_(id), placement_(placement) {}

  Judgement operator()(const sandbox::CallOutcome& r,
                       const std::variant<std::string, engine::FileProblem>& left) const;

 private:
  static Judgement out(Judgement::Fault fault, const std::string& why) {
    return {fault, "disqualified: " + why, false, {}, {}, {}, why};
  }
  Judgement no_move(const Board& after) const;
  bool placement_possible() const;
  Judgement placement(Board after) const;
  Judgement turn(Board after) const;

  const sandbox::CallLimits& limits_;
  int amazons_;
  const Board& before_;
  int& id_;
  bool placement_;
};

}  // namespace amazons
