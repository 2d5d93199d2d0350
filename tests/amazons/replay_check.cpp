// Checks a game played by the game master's loop. Reads a log, one line a
// call: "PHASE ID EXIT BEFORE AFTER" (board files). Every exit 0 must be one
// legal placement or turn of that player; every exit 1 must leave the board
// as it was, and in movement the player must indeed be unable to move. At the
// end nobody can move, and the scores add up to the treasure collected.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "games/amazons/protocol/verify.hpp"

namespace {

amazons::Board load(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  auto parsed = amazons::read_board(text.str());
  if (auto* e = std::get_if<amazons::FileError>(&parsed)) {
    throw std::runtime_error(path + ": " + e->text());
  }
  return std::get<amazons::Board>(parsed);
}

long long total_treasure(const amazons::Board& b) {
  long long sum = 0;
  for (const auto& f : b.fields()) sum += f.treasure;
  return sum;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: amazons_replay_check LOG\n";
    return 2;
  }
  std::ifstream log(argv[1]);
  std::string phase, before_path, after_path;
  int id = 0, code = 0, calls = 0, turns = 0;
  long long collected = 0;
  std::string last;
  try {
    while (log >> phase >> id >> code >> before_path >> after_path) {
      ++calls;
      const amazons::Board before = load(before_path);
      const amazons::Board after = load(after_path);
      last = after_path;
      const std::string where =
          "call " + std::to_string(calls) + " (" + phase + ", player " + std::to_string(id) + ")";
      if (code == 1) {
        if (!(before == after)) throw std::runtime_error(where + ": exit 1 but the board changed");
        if (phase == "movement" && before.player_by_id(id) && amazons::can_move(before, id)) {
          throw std::runtime_error(where + ": exit 1 but the player could move");
        }
        continue;
      }
      if (code != 0) throw std::runtime_error(where + ": exit " + std::to_string(code));
      bool gave_up = false;
      const auto error = phase == "placement" ? amazons::check_placement(before, after, id)
                                              : amazons::check_turn(before, after, id, &gave_up);
      if (error && !gave_up) throw std::runtime_error(where + ": " + *error);
      if (error) std::cerr << where << ": not verified: " << *error << "\n";
      if (phase == "movement") {
        ++turns;
        collected += after.player_by_id(id)->score - before.player_by_id(id)->score;
      }
    }
    if (calls == 0) throw std::runtime_error("the log is empty");
    const amazons::Board end = load(last);
    long long scores = 0;
    for (const auto& p : end.players()) {
      if (amazons::can_move(end, p.id))
        throw std::runtime_error(p.name + " can still move at the end");
      scores += p.score;
    }
    if (scores != collected)
      throw std::runtime_error("the scores do not add up to the treasure collected");
    std::cout << calls << " calls, " << turns << " turns checked; " << collected
              << " treasure collected, " << total_treasure(end) << " left on the board\n";
  } catch (const std::exception& e) {
    std::cerr << "FAIL: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
