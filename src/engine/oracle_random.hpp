// The course oracles' random number generator (CLARIFICATIONS.md §1).
//
// A Lehmer "minimal standard" generator, x(k) = 16807 * x(k-1) mod (2^31 - 1),
// seeded with x(0) = 900. rchoose(low, high) returns x(n) mod (high-low+1) + low
// on the n-th call. Space Defender 2's reference program returned `low` for its
// first two calls (while still consuming x(1) and x(2)); that is an option here.
//
// Every call is logged (who asked, the value, the range) so that games can
// print their `RNG Usage:` section for `toggle_RNG_out`.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace engine {

struct RngCall {
  char who;  // the entity letter that asked, e.g. 'G' for the galaxy
  int value;
  int low;
  int high;
};

class OracleRandom {
 public:
  static constexpr std::uint64_t kSeed = 900;
  static constexpr std::uint64_t kMultiplier = 16807;
  static constexpr std::uint64_t kModulus = 2147483647;

  // With first_two_return_low, the first two calls return `low` (Space Defender 2).
  explicit OracleRandom(bool first_two_return_low = false)
      : first_two_return_low_(first_two_return_low) {}

  // Requires low < high. Returns a value in [low, high] and logs the call.
  int rchoose(char who, int low, int high);

  // The next raw value x(n), advancing the sequence (no logging).
  std::uint64_t next_raw();
  // Advances the sequence by `calls` calls, as if they had been made, unlogged:
  // a generator where another left it (a game's state read back).
  void skip(std::uint64_t calls);

  std::uint64_t calls() const { return calls_; }
  const std::vector<RngCall>& log() const { return log_; }
  void clear_log() { log_.clear(); }

  // "(W->X:[Y,Z])" for one call, as the oracles print it.
  static std::string format(const RngCall& call);
  // The `RNG Usage:` section of toggle_RNG_out (CLARIFICATIONS.md §2):
  // "  RNG Usage:none" or the calls in order, five to a line indented four
  // spaces, every call but the last followed by a comma.
  static std::string usage_section(const std::vector<RngCall>& calls);

 private:
  std::uint64_t state_ = kSeed;
  std::uint64_t calls_ = 0;
  bool first_two_return_low_;
  std::vector<RngCall> log_;
};

}  // namespace engine
