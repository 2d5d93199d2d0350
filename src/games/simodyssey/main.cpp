// simodyssey: the SimOdyssey galaxy exploration simulation.
//   simodyssey -b FILE   run the commands of FILE and print the transcript
//   simodyssey [-i]      the same, reading standard input
#include "engine/etf.hpp"
#include "games/simodyssey/session.hpp"

int main(int argc, char** argv) {
  simodyssey::Session session;
  return engine::etf::run_main(argc, argv, simodyssey::grammar(), session);
}
