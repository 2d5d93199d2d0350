// Token buckets by key: what each client (an address, an account) may still
// do, each bucket refilled at its rate up to its size (a burst, then a
// steady pace). At most `capacity` keys are kept, those longest untouched
// forgotten first, never all at once: a forgotten key starts full again,
// which gives it no more than a new client has. The server's pace of new
// games and each client's share of its storage are such buckets.
#pragma once

#include <chrono>
#include <cstddef>
#include <list>
#include <string>
#include <unordered_map>
#include <vector>

namespace web {

class Buckets {
 public:
  using Clock = std::chrono::steady_clock;

  Buckets(double size, double per_second, std::size_t capacity = 100000);

  // Whether `amount` can be taken from every bucket of `keys` now (empty
  // keys skipped): if so, it is taken from each.
  bool take(const std::vector<std::string>& keys, double amount, Clock::time_point now);
  // What the bucket of `key` holds now.
  double level(const std::string& key, Clock::time_point now);
  double size() const { return size_; }

 private:
  struct Bucket {
    std::string key;
    double level = 0;
    Clock::time_point at;
  };
  Bucket& bucket(const std::string& key, Clock::time_point now);

  double size_, per_second_;
  std::size_t capacity_;
  std::list<Bucket> order_;  // the most recently touched first
  std::unordered_map<std::string, std::list<Bucket>::iterator> by_key_;
};

}  // namespace web
