#include "games/space-defender-2/score.hpp"

namespace sd2 {

Orbment Orbment::of(Focus focus) {
  return {0, {std::move(focus)}};
}

int Orbment::score() const {
  return is_focus() ? focus.front().score() : points;
}

Focus Focus::diamond() {
  Focus focus(4, 3);
  focus.slots_.push_back(Orbment::orb(kGold));
  return focus;
}

Focus Focus::platinum() {
  Focus focus(3, 2);
  focus.slots_.push_back(Orbment::orb(kBronze));
  return focus;
}

bool Focus::can_add() const {
  if (!full()) return true;
  for (const Orbment& slot : slots_) {
    if (slot.is_focus() && slot.focus.front().can_add()) return true;
  }
  return false;
}

bool Focus::add(const Orbment& orbment) {
  for (Orbment& slot : slots_) {
    if (slot.is_focus() && slot.focus.front().add(orbment)) return true;
  }
  if (full()) return false;
  slots_.push_back(orbment);
  return true;
}

int Focus::score() const {
  int sum = 0;
  for (const Orbment& slot : slots_) sum += slot.score();
  return full() ? sum * multiplier_ : sum;
}

}  // namespace sd2
