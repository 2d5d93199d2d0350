// Work too slow for an event loop (a password's argon2id hash takes tens of
// milliseconds and 64 MiB): a few threads beside the loops take it from a
// bounded queue, so that a flood of sign-ins delays sign-ins, not the
// games, the lobby or anyone's moves. Past the queue's bound, work is
// refused at once (the caller answers "busy"), never queued without end.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace web {

class SlowWork {
 public:
  // `threads` 0: half the cores, at least one.
  SlowWork(int threads, std::size_t most_waiting);
  ~SlowWork();  // waits for the work under way; drops what waits
  SlowWork(const SlowWork&) = delete;
  SlowWork& operator=(const SlowWork&) = delete;

  // Runs `work` on a thread of the pool; false (and nothing run) when
  // `most_waiting` are waiting already or the pool is stopping.
  bool submit(std::function<void()> work);
  int threads() const { return static_cast<int>(threads_.size()); }

 private:
  void serve();

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> waiting_;
  std::size_t most_waiting_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace web
