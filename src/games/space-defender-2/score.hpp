// Space Defender 2's scoring (space-defender-2.txt §6.15): orbs and focuses.
// An orbment is an orb (points) or a focus, which holds orbments left to
// right and multiplies their sum when full. The Starfighter's focus has no
// limit. One recursive value type serves both.
#pragma once

#include <cstddef>
#include <vector>

namespace space_defender_2 {

inline constexpr int kBronze = 1;  // Interceptor
inline constexpr int kSilver = 2;  // Grunt
inline constexpr int kGold = 3;    // Fighter

class Orbment {
 public:
  static Orbment orb(int points) { return Orbment(points, 0, 1, false); }
  static Orbment unlimited() { return Orbment(0, 0, 1, true); }
  static Orbment diamond();   // from a Carrier: 4 slots, x3, a gold orb first
  static Orbment platinum();  // from a Pylon: 3 slots, x2, a bronze orb first

  bool is_focus() const { return is_focus_; }
  // Into the first focus inside that takes it, else into the first empty slot.
  bool add(const Orbment& orbment);
  int score() const;
  const std::vector<Orbment>& slots() const { return slots_; }

 private:
  Orbment(int points, std::size_t capacity, int multiplier, bool is_focus)
      : points_(points), capacity_(capacity), multiplier_(multiplier), is_focus_(is_focus) {}
  bool full() const { return capacity_ != 0 && slots_.size() >= capacity_; }

  int points_;
  std::size_t capacity_;  // 0: no limit
  int multiplier_;
  bool is_focus_;
  std::vector<Orbment> slots_;
};

}  // namespace space_defender_2
