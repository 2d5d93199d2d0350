// raiinet: two players, hidden links, data and viruses, at one terminal.
//   raiinet [-ability1 ORDER] [-ability2 ORDER] [-link1 FILE] [-link2 FILE] [-seed N]
// Commands come from standard input; see the README.
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <string>
#include <vector>

#include "games/raiinet/session.hpp"
#include "games/raiinet/setup.hpp"

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  auto parsed = raiinet::parse_options(args);
  if (auto* e = std::get_if<raiinet::SetupError>(&parsed)) {
    std::cerr << "raiinet: " << e->message << "\n";
    return 2;
  }
  const raiinet::Options& options = std::get<raiinet::Options>(parsed);
  if (options.graphics) {
    std::cerr << "raiinet: the graphical display is not part of this build yet\n";
    return 2;
  }
  std::uint64_t seed = 0;
  if (options.seed) {
    seed = *options.seed;
  } else if (!options.placements[0] || !options.placements[1]) {
    seed = static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count()) %
           1000000000;
    std::cout << "Seed: " << seed << "\n";
  }
  engine::Random rng(seed);
  raiinet::Placement placements[2];
  for (int p = 0; p < 2; ++p) {
    const auto& given = options.placements[static_cast<std::size_t>(p)];
    placements[p] = given ? *given : raiinet::random_placement(rng);
  }
  raiinet::Session session(
      raiinet::Game(placements[0], placements[1], options.cards[0], options.cards[1]));
  const bool terminal = isatty(STDIN_FILENO);
  std::cout << session.board();
  std::string line;
  while (!session.finished()) {
    if (terminal) {
      std::cout << "Player " << session.game().current() + 1 << "> " << std::flush;
    }
    if (!std::getline(std::cin, line)) break;
    std::cout << session.execute(line) << std::flush;
  }
  return 0;
}
