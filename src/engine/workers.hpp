// A fixed team of threads that runs one job over a range of items, split
// into contiguous slices, and returns when every slice is done: for
// stepping many games at once (the Python vector environment), where a job
// takes tens of microseconds and a thread started per job would cost as
// much as the job. The caller's thread takes the first slice. Between jobs
// the others spin for 50 us (the caller's next job usually comes sooner:
// a wake-up from sleep costs about as much as a job on a virtual machine),
// then sleep on a condition variable.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace engine {

class Workers {
 public:
  // `threads` in all, the caller's included; 0: one per core.
  explicit Workers(int threads);
  ~Workers();
  Workers(const Workers&) = delete;
  Workers& operator=(const Workers&) = delete;

  int threads() const { return static_cast<int>(helpers_.size()) + 1; }
  // Calls job(begin, end) on slices covering [0, items), one per thread,
  // and returns when all are done. One job at a time.
  void run(std::size_t items, const std::function<void(std::size_t, std::size_t)>& job);

 private:
  void serve(std::size_t slice);
  void run_slice(std::size_t slice) const;

  std::vector<std::thread> helpers_;
  std::mutex mutex_;  // taken to sleep, and to wake a sleeper
  std::condition_variable started_, finished_;
  std::atomic<int> generation_{0};  // a new job when it changes
  std::atomic<int> pending_{0};     // helpers still at the job
  std::atomic<bool> stopping_{false};
  const std::function<void(std::size_t, std::size_t)>* job_ = nullptr;
  std::size_t items_ = 0;
};

}  // namespace engine
