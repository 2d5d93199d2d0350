#include "web/login_limits.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <cstdio>

namespace web {

LoginLimits::LoginLimits(std::size_t remembered)
    : addresses_(remembered), accounts_(remembered), unknown_names_(remembered) {}

int RecentCounts::count(const std::string& key, Clock::time_point now, Clock::time_point* last) {
  const auto found = by_key_.find(key);
  if (found == by_key_.end()) return 0;
  if (now - found->second->last > kForgetAfter) {
    forget(key);
    return 0;
  }
  if (last) *last = found->second->last;
  return found->second->count;
}

void RecentCounts::add(const std::string& key, Clock::time_point now) {
  const int before = count(key, now);
  forget(key);
  order_.push_front({key, before + 1, now});
  by_key_[key] = order_.begin();
  while (order_.size() > capacity_) {
    by_key_.erase(order_.back().key);
    order_.pop_back();
  }
}

void RecentCounts::forget(const std::string& key) {
  const auto found = by_key_.find(key);
  if (found == by_key_.end()) return;
  order_.erase(found->second);
  by_key_.erase(found);
}

LoginLimits::Clock::duration LoginLimits::delay(int count, int free) {
  if (count < free) return Clock::duration::zero();
  const int doublings = std::min(count - free, 20);
  return std::min<Clock::duration>(std::chrono::seconds(2LL << doublings), kLongestWait);
}

LoginLimits::Clock::duration LoginLimits::wait_of(RecentCounts& memory, const std::string& key,
                                                  int free, Clock::time_point now) {
  Clock::time_point last;
  const int count = memory.count(key, now, &last);
  if (count < free) return Clock::duration::zero();
  const Clock::time_point until = last + delay(count, free);
  return until > now ? until - now : Clock::duration::zero();
}

LoginLimits::Clock::duration LoginLimits::wait(const std::string& key, bool known,
                                               const std::string& address, Clock::time_point now) {
  const std::string block = client_block(address);
  RecentCounts& names = known ? accounts_ : unknown_names_;
  return std::max(wait_of(addresses_, block, kFreePerAddress, now),
                  wait_of(names, key + "\n" + block, kFreePerAccount, now));
}

void LoginLimits::failed(const std::string& key, bool known, const std::string& address,
                         Clock::time_point now) {
  const std::string block = client_block(address);
  addresses_.add(block, now);
  (known ? accounts_ : unknown_names_).add(key + "\n" + block, now);
}

void LoginLimits::succeeded(const std::string& key, const std::string& address) {
  accounts_.forget(key + "\n" + client_block(address));
}

std::string LoginLimits::client_block(const std::string& address) {
  in6_addr six{};
  if (::inet_pton(AF_INET6, address.c_str(), &six) != 1) return address;
  if (IN6_IS_ADDR_V4MAPPED(&six)) {
    char four[INET_ADDRSTRLEN];
    ::inet_ntop(AF_INET, six.s6_addr + 12, four, sizeof four);
    return four;
  }
  char text[40];
  std::snprintf(text, sizeof text, "%02x%02x:%02x%02x:%02x%02x:%02x%02x::/64", six.s6_addr[0],
                six.s6_addr[1], six.s6_addr[2], six.s6_addr[3], six.s6_addr[4], six.s6_addr[5],
                six.s6_addr[6], six.s6_addr[7]);
  return text;
}

}  // namespace web
