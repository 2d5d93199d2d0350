// The two editions of SimOdyssey, which share their rules (galaxy.hpp): the
// lab (Phase 1, the program `simodyssey`: planets only, `test(N)`) and the
// course project (Phase 2, `simodyssey2`: asteroids, janitaurs,
// malevolents and benigns too, `test(a, j, m, b, p)`). What differs is
// words: the command that starts a test game, the thresholds `play` uses,
// the contract's parameters.
#pragma once

#include <string_view>

#include "games/simodyssey/rules.hpp"

namespace simodyssey {

struct Edition {
  std::string_view game;  // the program's and the registry's name
  std::string_view hint;  // the test command the welcome and abort suggest
  Thresholds play;        // what `play` starts with
  bool five_thresholds;   // `test` takes the five thresholds, else the planets' only
};

inline constexpr Edition kPhase1{"simodyssey", "test(30)", {1, 1, 1, 1, 30}, false};
inline constexpr Edition kPhase2{"simodyssey2", "test(3,5,7,15,30)", {3, 5, 7, 15, 30}, true};

}  // namespace simodyssey
