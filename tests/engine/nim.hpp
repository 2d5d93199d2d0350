// Two-player Nim for the searches' tests: take 1 or 2 from a pile; who
// takes the last wins. Meets the contract's Playable.
#pragma once

#include <algorithm>
#include <array>
#include <vector>

#include "engine/game.hpp"

struct Nim {
  using Action = int;
  int pile = 0;
  int mover = 0;
  int players() const { return 2; }
  int to_move() const { return over() ? engine::kNoPlayer : mover; }
  bool over() const { return pile == 0; }
  void legal_actions(std::vector<int>& out) const {
    out.clear();
    for (int take = 1; take <= std::min(2, pile); ++take) out.push_back(take);
  }
  void apply(int take) {
    pile -= take;
    mover = 1 - mover;
  }
  engine::Returns returns() const {
    return engine::two_player_returns(1 - mover);  // the player who took the last
  }
};
static_assert(engine::Playable<Nim>);

// Positions whose only winning move is known (leave a multiple of 3).
struct NimCase {
  Nim position;
  int take;
  const char* why;
};
inline const std::array<NimCase, 3> kWinningNimMoves{{
    {{4, 0}, 1, "from 4, leave 3"},
    {{5, 0}, 2, "from 5, leave 3"},
    {{7, 1}, 1, "from 7, leave 6 (the second player to move)"},
}};
