#include "engine/oracle_random.hpp"

#include <cassert>

namespace engine {

std::uint64_t OracleRandom::next_raw() {
  state_ = state_ * kMultiplier % kModulus;
  return state_;
}

void OracleRandom::skip(std::uint64_t calls) {
  // x(n + k) = x(n) * a^k mod m: a^k by squaring, so that any skip is quick.
  std::uint64_t factor = 1, base = kMultiplier;
  for (std::uint64_t k = calls; k > 0; k >>= 1) {
    if (k & 1) factor = factor * base % kModulus;
    base = base * base % kModulus;
  }
  state_ = state_ * factor % kModulus;
  calls_ += calls;
}

int OracleRandom::rchoose(char who, int low, int high) {
  assert(low < high);
  const std::uint64_t raw = next_raw();
  ++calls_;
  const auto span = static_cast<std::uint64_t>(high - low + 1);
  int value = static_cast<int>(raw % span) + low;
  if (first_two_return_low_ && calls_ <= 2) value = low;
  log_.push_back({who, value, low, high});
  return value;
}

std::string OracleRandom::format(const RngCall& call) {
  return "(" + std::string(1, call.who) + "->" + std::to_string(call.value) + ":[" +
         std::to_string(call.low) + "," + std::to_string(call.high) + "])";
}

std::string OracleRandom::usage_section(const std::vector<RngCall>& calls) {
  if (calls.empty()) return "  RNG Usage:none\n";
  constexpr std::size_t kPerLine = 5;
  std::string out = "  RNG Usage:\n";
  for (std::size_t i = 0; i < calls.size(); ++i) {
    const bool last = i + 1 == calls.size();
    if (i % kPerLine == 0) out += "    ";
    out += format(calls[i]) + (last ? "" : ",");
    if (i % kPerLine == kPerLine - 1 || last) out += "\n";
  }
  return out;
}

}  // namespace engine
