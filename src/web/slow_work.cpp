#include "web/slow_work.hpp"

#include <algorithm>

namespace web {

SlowWork::SlowWork(int threads, std::size_t most_waiting) : most_waiting_(most_waiting) {
  if (threads <= 0)
    threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency()) / 2);
  for (int i = 0; i < threads; ++i) threads_.emplace_back([this] { serve(); });
}

SlowWork::~SlowWork() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
    waiting_.clear();
  }
  ready_.notify_all();
  for (std::thread& t : threads_) t.join();
}

bool SlowWork::submit(std::function<void()> work) {
  {
    const std::lock_guard lock(mutex_);
    if (stopping_ || waiting_.size() >= most_waiting_) return false;
    waiting_.push_back(std::move(work));
  }
  ready_.notify_one();
  return true;
}

void SlowWork::serve() {
  while (true) {
    std::function<void()> work;
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [this] { return stopping_ || !waiting_.empty(); });
      if (stopping_) return;
      work = std::move(waiting_.front());
      waiting_.pop_front();
    }
    work();
  }
}

}  // namespace web
