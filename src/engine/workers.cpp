#include "engine/workers.hpp"

#include <algorithm>
#include <chrono>

namespace engine {

namespace {

// Spins until `done()` or 50 us have passed; whether it was done.
template <typename Done>
bool spin_until(const Done& done) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(50);
  while (true) {
    for (int i = 0; i < 64; ++i) {
      if (done()) return true;
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#endif
    }
    if (std::chrono::steady_clock::now() >= until) return done();
  }
}

}  // namespace

Workers::Workers(int threads) {
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  for (int i = 1; i < threads; ++i)
    helpers_.emplace_back([this, i] { serve(static_cast<std::size_t>(i)); });
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
  job_ = &job;
  items_ = items;
  pending_.store(static_cast<int>(helpers_.size()));
  {
    // (Under the lock: a helper about to sleep sees the new job first.)
    const std::lock_guard lock(mutex_);
    generation_.fetch_add(1);
  }
  started_.notify_all();
  run_slice(0);
  if (spin_until([this] { return pending_.load() == 0; })) return;
  std::unique_lock lock(mutex_);
  finished_.wait(lock, [this] { return pending_.load() == 0; });
}

void Workers::serve(std::size_t slice) {
  int seen = 0;
  while (true) {
    if (!spin_until([&] { return generation_.load() != seen; })) {
      std::unique_lock lock(mutex_);
      started_.wait(lock, [&] { return generation_.load() != seen; });
    }
    if (stopping_) return;
    seen = generation_.load();
    run_slice(slice);
    if (pending_.fetch_sub(1) == 1) {
      const std::lock_guard lock(mutex_);  // the caller is waiting, or sees 0 first
      finished_.notify_one();
    }
  }
}

void Workers::run_slice(std::size_t slice) const {
  const std::size_t parts = helpers_.size() + 1;
  const std::size_t begin = items_ * slice / parts, end = items_ * (slice + 1) / parts;
  if (begin < end) (*job_)(begin, end);
}

}  // namespace engine
