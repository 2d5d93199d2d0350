#include "games/space-defender-2/score.hpp"

namespace space_defender_2 {

Orbment Orbment::diamond() {
  Orbment focus(0, 4, 3, true);
  focus.slots_.push_back(orb(kGold));
  return focus;
}

Orbment Orbment::platinum() {
  Orbment focus(0, 3, 2, true);
  focus.slots_.push_back(orb(kBronze));
  return focus;
}

bool Orbment::add(const Orbment& orbment) {
  if (!is_focus_) return false;
  for (Orbment& slot : slots_) {
    if (slot.add(orbment)) return true;
  }
  if (full()) return false;
  slots_.push_back(orbment);
  return true;
}

int Orbment::score() const {
  if (!is_focus_) return points_;
  int sum = 0;
  for (const Orbment& slot : slots_) sum += slot.score();
  return full() ? sum * multiplier_ : sum;
}

}  // namespace space_defender_2
