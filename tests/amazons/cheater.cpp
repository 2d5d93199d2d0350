// A player program made to cheat, for the referee's tests. It places honestly;
// in the movement phase it cheats in the way `mode=` names:
//   score   a legal turn, and five points more than it earned
//   arrow   a legal turn, and an arrow taken off the board
//   other   a legal turn, and an opponent's amazon moved as well
//   double  two turns at once
//   nothing exit 0 and the board as it was
//   lie     exit 1 (no move) although it can move
//   broken  a damaged board file
//   slow    no answer in time
//   crash   exit 3
//   goods   places its amazons on treasure, and leaves the treasure there
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/random.hpp"
#include "games/amazons/ai/player.hpp"

using namespace amazons;

int main(int argc, char** argv) {
  std::string mode, phase, name = "cheater";
  int amazons = 0;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "name") {
      std::cout << name << "\n";
      return 0;
    }
    if (a.starts_with("mode="))
      mode = a.substr(5);
    else if (a.starts_with("phase="))
      phase = a.substr(6);
    else if (a.starts_with("amazons="))
      amazons = std::stoi(a.substr(8));
    else
      files.push_back(a);
  }
  std::ifstream in(files.at(0), std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  Board board = std::get<Board>(read_board(text.str()));
  engine::Random rng(7);
  const auto save = [&](const Board& b) {
    std::ofstream(files.at(1), std::ios::binary) << write_board(b);
  };
  if (!board.player_by_name(name)) board.players().push_back({name, *board.free_id(), 0});
  const int id = board.player_by_name(name)->id;
  if (phase == "placement") {
    if (static_cast<int>(amazons_of(board, id).size()) >= amazons) return 1;
    auto at = choose_placement(board, id, rng);
    if (mode == "goods") {
      for (std::size_t i = 0; i < board.fields().size(); ++i) {
        const Field& f = board.fields()[i];
        const int n = static_cast<int>(i);
        if (f.occupant == kEmpty && f.treasure > 0) at = Coord{n / board.cols(), n % board.cols()};
      }
    }
    if (!at) return 1;
    const int treasure = board.at(*at).treasure;
    place_amazon(board, id, *at);
    if (mode == "goods") board.at(*at).treasure = static_cast<std::uint8_t>(treasure);
    save(board);
    return 0;
  }
  if (mode == "slow") sleep(30);
  if (mode == "crash") return 3;
  if (mode == "lie") return 1;
  if (mode == "nothing") return 0;
  if (mode == "broken") {
    std::ofstream(files.at(1), std::ios::binary) << "3 3\n000 00x\n";
    return 0;
  }
  const auto turn = choose_turn(board, id, rng);
  if (!turn) return 1;
  play_turn(board, id, *turn);
  if (mode == "score") board.player_by_id(id)->score += 5;
  if (mode == "arrow") {
    for (int r = 0; r < board.rows(); ++r) {
      for (int c = 0; c < board.cols(); ++c) {
        if (board.at({r, c}).occupant == kObstacle) {
          board.at({r, c}).occupant = kEmpty;
          r = board.rows();
          break;
        }
      }
    }
  }
  if (mode == "other") {
    for (const PlayerLine& p : board.players()) {
      if (p.id == id) continue;
      for (Coord a : amazons_of(board, p.id)) {
        std::vector<Coord> to;
        queen_targets(board, a, to);
        if (to.empty()) continue;
        board.at(to.front()) = Field{0, kNoArtifact, static_cast<std::uint8_t>(p.id)};
        board.at(a).occupant = kEmpty;
        save(board);
        return 0;
      }
    }
  }
  if (mode == "double") {
    if (const auto again = choose_turn(board, id, rng)) play_turn(board, id, *again);
  }
  save(board);
  return 0;
}
