#include "web/buckets.hpp"

#include <algorithm>

namespace web {

Buckets::Buckets(double size, double per_second, std::size_t capacity)
    : size_(size), per_second_(per_second), capacity_(capacity) {}

Buckets::Bucket& Buckets::bucket(const std::string& key, Clock::time_point now) {
  const auto found = by_key_.find(key);
  if (found == by_key_.end()) {
    order_.push_front({key, size_, now});
    by_key_[key] = order_.begin();
    while (order_.size() > capacity_) {
      by_key_.erase(order_.back().key);
      order_.pop_back();
    }
    return order_.front();
  }
  order_.splice(order_.begin(), order_, found->second);
  Bucket& b = order_.front();
  const double seconds = std::chrono::duration<double>(now - b.at).count();
  if (seconds > 0) {
    b.level = std::min(size_, b.level + seconds * per_second_);
    b.at = now;
  }
  return b;
}

bool Buckets::take(const std::vector<std::string>& keys, double amount, Clock::time_point now) {
  for (const std::string& key : keys)
    if (!key.empty() && bucket(key, now).level < amount) return false;
  for (const std::string& key : keys)
    if (!key.empty()) bucket(key, now).level -= amount;
  return true;
}

double Buckets::level(const std::string& key, Clock::time_point now) {
  return bucket(key, now).level;
}

}  // namespace web
