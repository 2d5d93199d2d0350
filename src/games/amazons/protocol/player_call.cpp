#include "games/amazons/protocol/player_call.hpp"

#include <unistd.h>

#include <algorithm>
#include <fstream>

#include "engine/words.hpp"
#include "games/amazons/protocol/verify.hpp"

namespace amazons {
namespace {

// What a board left with an amazon on treasure or an artifact broke.
std::string goods_under_amazon(const FileError& e, bool placement) {
  return std::string(placement ? "not one legal placement" : "not one legal turn") +
         ": the amazon on " + field_text({e.line - 2, e.field - 1}) +
         " stands on treasure or an artifact, which " + (placement ? "placing" : "moving") +
         " it there takes (" + e.message + ")";
}

}  // namespace

Board board_for_player(Board board, int own, const std::string& own_name) {
  std::vector<std::string> names;
  for (const PlayerLine& line : board.players()) names.push_back(line.name);
  for (PlayerLine& line : board.players()) {
    if (line.id == own) {
      line.name = own_name;
    } else if (line.name == own_name) {
      for (int n = 1;; ++n) {
        const std::string other = "opponent" + std::to_string(n);
        if (other != own_name && std::find(names.begin(), names.end(), other) == names.end()) {
          line.name = other;
          names.push_back(other);
          break;
        }
      }
    }
  }
  return board;
}

std::string distinct_name(const std::string& name, const std::vector<std::string>& taken) {
  const auto free = [&](const std::string& n) {
    return std::find(taken.begin(), taken.end(), n) == taken.end();
  };
  if (free(name)) return name;
  for (int n = 2;; ++n) {
    const std::string suffix = "-" + std::to_string(n);
    const std::string candidate = name.substr(0, kMaxNameLength - suffix.size()) + suffix;
    if (free(candidate)) return candidate;
  }
}

bool put_board(const std::filesystem::path& file, const std::string& text,
               const sandbox::Confinement& c) {
  std::error_code error;
  std::filesystem::remove_all(file, error);
  {
    std::ofstream out(file, std::ios::binary);
    if (!(out << text)) return false;
  }
  if (c.user) (void)!::chown(file.c_str(), c.user, c.user);
  return true;
}

std::variant<std::string, std::string> ask_name(std::vector<std::string> argv,
                                                const sandbox::SeatFolder& seat,
                                                sandbox::CallLimits limits) {
  using Answer = std::variant<std::string, std::string>;
  // Naming is no move: a program's start on a busy machine (an interpreter,
  // a sanitized build) may take longer than a short move's limit.
  limits.time_ms = std::max(limits.time_ms, kNameTimeMs);
  argv.push_back("name");
  const sandbox::CallOutcome r =
      sandbox::run_call(argv, seat.path().string(), limits, seat.confinement());
  if (const std::string ended = sandbox::describe_end(r, limits); !ended.empty())
    return Answer(std::in_place_index<1>, ended);
  std::string name = r.output.substr(0, r.output.find('\n'));
  while (!name.empty() && (name.back() == '\r' || name.back() == ' ')) name.pop_back();
  if (r.code != 0 || !valid_name(name)) {
    return Answer(std::in_place_index<1>, "it did not answer with a name (it printed \"" +
                                              engine::printable(name, 40) + "\" and exited " +
                                              std::to_string(r.code) + ")");
  }
  return Answer(std::in_place_index<0>, name);
}

Judgement Judge::operator()(const sandbox::CallOutcome& r,
                            const std::variant<std::string, engine::FileProblem>& left) const {
  using Fault = Judgement::Fault;
  if (std::string ended = sandbox::describe_end(r, limits_); !ended.empty())
    return out(r.end == sandbox::CallOutcome::End::TimedOut ? Fault::Time : Fault::Crash, ended);
  if (const auto* problem = std::get_if<engine::FileProblem>(&left)) {
    if (problem->reason == "no such file") return out(Fault::Illegal, "left no board file");
    if (problem->reason.starts_with("is over"))
      return out(Fault::Illegal, "left a board file that " + problem->reason + ", more than a " +
                                     std::to_string(before_.rows()) + " x " +
                                     std::to_string(before_.cols()) + " board can hold");
    return out(Fault::Illegal, "left a board file that " + problem->reason);
  }
  auto parsed = read_board(std::get<std::string>(left));
  if (auto* e = std::get_if<FileError>(&parsed)) {
    if (e->goods_under_amazon) return out(Fault::Illegal, goods_under_amazon(*e, placement_));
    return out(Fault::Illegal, "left a board that cannot be read: " + e->text());
  }
  Board after = std::get<Board>(std::move(parsed));
  if (r.code == 1) return no_move(after);
  return placement_ ? placement(std::move(after)) : turn(std::move(after));
}

Judgement Judge::no_move(const Board& after) const {
  using Fault = Judgement::Fault;
  if (!same_position(after, before_)) return out(Fault::Illegal, "exit 1 but the board changed");
  if (placement_ && placement_possible())
    return out(Fault::Illegal, "exit 1 while a placement was possible");
  if (!placement_ && id_ && can_move(before_, id_))
    return out(Fault::Illegal, "exit 1 while a turn was possible");
  return {Fault::None, "ok, no move", false, {}, {}, {}, {}};
}

bool Judge::placement_possible() const {
  const int placed = id_ ? static_cast<int>(amazons_of(before_, id_).size()) : 0;
  return placed < amazons_ && !free_fields(before_).empty() && (id_ || before_.free_id());
}

Judgement Judge::placement(Board after) const {
  int id = id_;
  if (!id) {
    // Its first placement adds its player line; the new id is its own.
    for (const PlayerLine& line : after.players())
      if (!before_.player_by_id(line.id)) id = line.id;
    if (!id)
      return out(Judgement::Fault::Illegal,
                 "not one legal placement: no new player line was added");
  }
  if (auto error = check_placement(before_, after, id))
    return out(Judgement::Fault::Illegal, "not one legal placement: " + *error);
  id_ = id;
  std::optional<Coord> placed;
  for (const Coord at : amazons_of(after, id))
    if (before_.at(at).occupant != id) placed = at;
  return {Judgement::Fault::None, "ok", true, std::move(after), placed, {}, {}};
}

Judgement Judge::turn(Board after) const {
  if (!id_)
    return out(Judgement::Fault::Illegal, "not one legal turn: it moved without a player line");
  bool gave_up = false;
  auto found = find_turn(before_, after, id_, &gave_up);
  if (const auto* turn = std::get_if<Turn>(&found))
    return {Judgement::Fault::None, "ok", true, std::move(after), {}, *turn, {}};
  const std::string& why = std::get<std::string>(found);
  // A long chain of horses not found: the benefit of the doubt.
  if (gave_up)
    return {Judgement::Fault::None, "ok, not verified: " + why, true, std::move(after), {}, {}, {}};
  return out(Judgement::Fault::Illegal, "not one legal turn: " + why);
}

}  // namespace amazons
