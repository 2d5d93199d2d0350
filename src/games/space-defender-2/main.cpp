// space-defender-2: the Space Defender 2 Starfighter simulation.
//   space-defender-2 -b FILE   run the commands of FILE and print the transcript
//   space-defender-2 [-i]      the same, reading standard input
#include "engine/etf.hpp"
#include "games/space-defender-2/session.hpp"

int main(int argc, char** argv) {
  space_defender_2::Session session;
  return engine::etf::run_main(argc, argv, space_defender_2::grammar(), session);
}
