// Space Defender 2's scoring (space-defender-2.txt §6.15): orbs and focuses.
// A focus holds orbments (orbs or focuses) left to right; a full focus
// multiplies the sum of what it holds. The Starfighter's focus has no limit.
#pragma once

#include <cstddef>
#include <vector>

namespace sd2 {

class Focus;

// An orb (points only) or a focus.
struct Orbment {
  int points = 0;            // for an orb
  std::vector<Focus> focus;  // one element when this orbment is a focus
  static Orbment orb(int points) { return {points, {}}; }
  static Orbment of(Focus focus);
  bool is_focus() const { return !focus.empty(); }
  int score() const;
};

class Focus {
 public:
  static constexpr std::size_t kUnlimited = 0;
  static Focus unlimited() { return Focus(kUnlimited, 1); }
  static Focus diamond();   // from a Carrier: 4 slots, x3, a gold orb first
  static Focus platinum();  // from a Pylon: 3 slots, x2, a bronze orb first

  Focus(std::size_t capacity, int multiplier) : capacity_(capacity), multiplier_(multiplier) {}

  // Adds to the first focus inside that takes it, else to the first empty slot.
  bool add(const Orbment& orbment);
  bool can_add() const;
  int score() const;
  const std::vector<Orbment>& slots() const { return slots_; }

 private:
  bool full() const { return capacity_ != kUnlimited && slots_.size() >= capacity_; }

  std::size_t capacity_;
  int multiplier_;
  std::vector<Orbment> slots_;
};

inline constexpr int kBronze = 1;  // Interceptor
inline constexpr int kSilver = 2;  // Grunt
inline constexpr int kGold = 3;    // Fighter

}  // namespace sd2
