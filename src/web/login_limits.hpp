// Wrong passwords remembered, to slow guessing without letting strangers
// lock an owner out (lichess's way): failures are counted per address and
// per account from an address, never per account alone, so that wrong
// guesses from elsewhere never stop the owner's own sign-in. Past a few
// free failures each further try waits twice as long as the last (2 s,
// 4 s, ... up to 15 minutes); 15 minutes without a failure forgets them.
//
// The memory is bounded by forgetting the failures longest unchanged,
// never by clearing all; and names that are no account's are remembered
// apart from accounts' (a flood of made-up names from many addresses can
// push out only other made-up names, never the failures against a real
// account). An IPv6 address counts as its /64, the block one client holds.
#pragma once

#include <chrono>
#include <cstddef>
#include <list>
#include <string>
#include <unordered_map>

namespace web {

// Counts by key of what happened lately (failures, accounts made), each
// key's forgotten 15 minutes after its last; at most `capacity` keys, those
// longest unchanged forgotten first.
class RecentCounts {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr auto kForgetAfter = std::chrono::minutes(15);

  explicit RecentCounts(std::size_t capacity) : capacity_(capacity) {}
  // The count of `key` lately (0 if none, or forgotten), and when it last grew.
  int count(const std::string& key, Clock::time_point now, Clock::time_point* last = nullptr);
  void add(const std::string& key, Clock::time_point now);
  void forget(const std::string& key);
  std::size_t size() const { return order_.size(); }

 private:
  struct Entry {
    std::string key;
    int count = 0;
    Clock::time_point last;
  };
  std::size_t capacity_;
  std::list<Entry> order_;  // the most recently changed first
  std::unordered_map<std::string, std::list<Entry>::iterator> by_key_;
};

class LoginLimits {
 public:
  using Clock = std::chrono::steady_clock;

  // Failures free before the waits begin: from one address in all, and
  // against one account from one address.
  static constexpr int kFreePerAddress = 20;
  static constexpr int kFreePerAccount = 5;
  static constexpr auto kLongestWait = std::chrono::minutes(15);

  explicit LoginLimits(std::size_t remembered = 200000);

  // How long `address` must wait before trying the account `key` again
  // (`known`: an account of that name exists); zero: it may try now.
  Clock::duration wait(const std::string& key, bool known, const std::string& address,
                       Clock::time_point now);
  void failed(const std::string& key, bool known, const std::string& address,
              Clock::time_point now);
  // The right password: the account's failures from this address forgotten.
  void succeeded(const std::string& key, const std::string& address);

  // The part of an address that one client holds: an IPv4 address whole, an
  // IPv6 address's first 64 bits.
  static std::string client_block(const std::string& address);

 private:
  // How long a key with `count` failures, `free` of them free, waits after
  // its last.
  static Clock::duration delay(int count, int free);
  static Clock::duration wait_of(RecentCounts& memory, const std::string& key, int free,
                                 Clock::time_point now);

  RecentCounts addresses_, accounts_, unknown_names_;
};

}  // namespace web
