#include "engine/workers.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace engine {

namespace {

// Waits until `done()` or 50 us have passed, yielding the core to others
// between looks; whether it was done.
template <typename Done>
bool spin_until(const Done& done) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(50);
  while (true) {
    for (int i = 0; i < 16; ++i) {
      if (done()) return true;
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#endif
    }
    if (std::chrono::steady_clock::now() >= until) return done();
    std::this_thread::yield();
  }
}

constexpr std::uint64_t pack(std::uint32_t generation, std::uint32_t item) {
  return (std::uint64_t{generation} << 32) | item;
}

}  // namespace

Workers::Workers(int threads) {
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  for (int i = 1; i < threads; ++i) helpers_.emplace_back([this] { serve(); });
}

Workers::~Workers() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
    generation_.fetch_add(1);
  }
  started_.notify_all();
  for (std::thread& t : helpers_) t.join();
}

void Workers::run(std::size_t items, const std::function<void(std::size_t, std::size_t)>& job) {
  if (items == 0) return;
  if (items > 0xffffffffULL) throw std::length_error("Workers: more than 2^32 - 1 items in a job");
  job_ = &job;
  items_ = items;
  // Four chunks a thread: small enough that a thread descheduled mid-chunk
  // holds up little, large enough that claiming costs nothing.
  chunk_ = std::max<std::size_t>(1, items / (4 * (helpers_.size() + 1)));
  done_.store(0);
  std::uint32_t generation = 0;
  {
    // (Under the lock: a helper about to sleep sees the new job first.)
    const std::lock_guard lock(mutex_);
    generation = generation_.load() + 1;
    next_.store(pack(generation, 0));  // after job_: a helper that sees it sees the job
    generation_.store(generation);
  }
  if (!helpers_.empty()) started_.notify_all();
  work(generation);
  // Only chunks a helper claimed and has not finished remain.
  while (done_.load() < items) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
    std::this_thread::yield();
  }
}

void Workers::work(std::uint32_t generation) {
  std::uint64_t claim = next_.load();
  while (true) {
    if ((claim >> 32) != generation) return;  // a later job's: this one is over
    const auto begin = static_cast<std::size_t>(claim & 0xffffffffULL);
    const std::size_t items = items_.load(std::memory_order_relaxed);
    if (begin >= items) return;
    const std::size_t end = std::min(items, begin + chunk_.load(std::memory_order_relaxed));
    if (!next_.compare_exchange_weak(claim, pack(generation, static_cast<std::uint32_t>(end))))
      continue;  // `claim` holds what another claimed; look again
    (*job_.load())(begin, end);
    done_.fetch_add(end - begin);
    claim = next_.load();
  }
}

void Workers::serve() {
  std::uint32_t seen = 0;
  while (true) {
    if (!spin_until([&] { return generation_.load() != seen; })) {
      std::unique_lock lock(mutex_);
      started_.wait(lock, [&] { return generation_.load() != seen; });
    }
    if (stopping_) return;
    seen = generation_.load();
    work(seen);
  }
}

}  // namespace engine
