// simodyssey2: SimOdyssey Phase 2, the course project, with asteroids,
// janitaurs, malevolents and benigns.
//   simodyssey2 -b FILE   run the commands of FILE and print the transcript
//   simodyssey2 [-i]      the same, reading standard input
#include "engine/etf.hpp"
#include "games/simodyssey/session.hpp"

int main(int argc, char** argv) {
  simodyssey::BasicSession<simodyssey::kPhase2> session;
  return engine::etf::run_main(argc, argv, simodyssey::grammar_of<simodyssey::kPhase2>(), session);
}
