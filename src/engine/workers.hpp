// A fixed team of threads that runs one job over a range of items and
// returns when every item is done: for stepping many games at once (the
// Python vector environment), where a job takes tens of microseconds and a
// thread started per job would cost as much as the job.
//
// The items are claimed in small chunks by whoever is running, the
// caller's thread included: a helper the kernel has not scheduled (the
// machine busy with other processes) leaves its share to the others
// instead of holding the job up, so that more threads are never slower
// than one by more than a chunk. Between jobs the helpers spin for 50 us,
// yielding the core to any other thread that wants it (the caller's next
// job usually comes sooner: a wake-up from sleep costs about as much as a
// job on a virtual machine), then sleep on a condition variable.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
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
  // Calls job(begin, end) on chunks covering [0, items), each once, in any
  // thread of the team, and returns when all are done. One job at a time.
  void run(std::size_t items, const std::function<void(std::size_t, std::size_t)>& job);

 private:
  void serve();
  // Claims and runs chunks of job `generation` until none is left.
  void work(std::uint32_t generation);

  std::vector<std::thread> helpers_;
  std::mutex mutex_;  // taken to sleep, and to wake a sleeper
  std::condition_variable started_;
  std::atomic<std::uint32_t> generation_{0};  // a new job when it changes
  // The job's next unclaimed item, with its generation in the high half:
  // a helper late for a job that is over claims nothing from the next.
  std::atomic<std::uint64_t> next_{0};
  std::atomic<std::size_t> done_{0};  // items finished in this job
  std::atomic<bool> stopping_{false};
  // The job: written by the caller before it publishes next_, read by a
  // helper once its claim on next_ has succeeded (atomics: a helper late
  // for a job may read them while the next is being set, then fail its
  // claim).
  std::atomic<const std::function<void(std::size_t, std::size_t)>*> job_{nullptr};
  std::atomic<std::size_t> items_{0}, chunk_{1};
};

}  // namespace engine
