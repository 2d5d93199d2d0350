// A fast seeded generator for everything that need not match an oracle:
// AIs, random placements, board generation, property tests.
// xoshiro256** seeded through SplitMix64; unbiased bounded draws (Lemire).
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <type_traits>
#include <vector>

namespace engine {

// SplitMix64's finaliser: a well-mixed 64-bit key of a 64-bit word (for
// seeding, and for hash keys such as Zobrist keys computed on demand).
constexpr std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// A seed no player can predict, from the system's random source: for a run
// whose deals or tests a judged program must not know beforehand (a
// tournament's, a grader's random scripts). Below 10^15, so that records
// read by JavaScript and JSON tools keep it exact; the run records it.
inline std::uint64_t system_seed() {
  std::random_device source;
  const std::uint64_t high = source(), low = source();
  return ((high << 32) | low) % 1'000'000'000'000'000ULL;
}

class Random {
 public:
  using result_type = std::uint64_t;

  explicit Random(std::uint64_t seed = 0) { reseed(seed); }

  void reseed(std::uint64_t seed) {
    for (auto& word : state_) word = splitmix64(seed);
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }

  // Uniform in [0, bound); bound > 0.
  std::uint32_t below(std::uint32_t bound) {
    std::uint64_t product =
        static_cast<std::uint64_t>(static_cast<std::uint32_t>(next() >> 32)) * bound;
    auto low = static_cast<std::uint32_t>(product);
    if (low < bound) {
      const std::uint32_t threshold = static_cast<std::uint32_t>(-bound) % bound;
      while (low < threshold) {
        product = static_cast<std::uint64_t>(static_cast<std::uint32_t>(next() >> 32)) * bound;
        low = static_cast<std::uint32_t>(product);
      }
    }
    return static_cast<std::uint32_t>(product >> 32);
  }

  // Uniform in [low, high].
  int between(int low, int high) {
    return low + static_cast<int>(below(static_cast<std::uint32_t>(high - low + 1)));
  }

  bool chance(double probability) { return (next() >> 11) * 0x1.0p-53 < probability; }

  // UniformRandomBitGenerator, for std::shuffle and friends.
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return ~result_type{0}; }
  result_type operator()() { return next(); }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static std::uint64_t splitmix64(std::uint64_t& x) { return mix64(x += 0x9e3779b97f4a7c15ULL); }

  std::uint64_t state_[4];
};

// The option with the highest score, ties broken uniformly at random;
// nothing when there are no options.
template <typename T, typename Score>
std::optional<T> best_of(const std::vector<T>& options, Random& rng, Score score) {
  std::optional<T> best;
  std::invoke_result_t<Score, const T&> best_score{};
  std::uint32_t ties = 0;
  for (const T& option : options) {
    const auto s = score(option);
    if (!best || s > best_score) {
      best = option;
      best_score = s;
      ties = 1;
    } else if (s == best_score && rng.below(++ties) == 0) {
      best = option;
    }
  }
  return best;
}

}  // namespace engine
