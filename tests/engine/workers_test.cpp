#include "engine/workers.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <numeric>
#include <thread>
#include <vector>

namespace {

// Every item of every job is run exactly once, whatever the team's size
// and the job's, jobs after jobs (the helpers late for one never touch the
// next).
TEST(Workers, RunEachItemOnceInEveryJob) {
  for (const int threads : {1, 2, 3, 8}) {
    engine::Workers workers(threads);
    EXPECT_EQ(workers.threads(), threads);
    for (const std::size_t items : {0, 1, 2, 7, 64, 256, 1000}) {
      std::vector<std::atomic<int>> runs(items);
      for (int job = 0; job < 50; ++job) {
        workers.run(items, [&](std::size_t begin, std::size_t end) {
          ASSERT_LE(begin, end);
          ASSERT_LE(end, items);
          for (std::size_t i = begin; i < end; ++i) runs[i].fetch_add(1);
        });
      }
      for (std::size_t i = 0; i < items; ++i)
        ASSERT_EQ(runs[i].load(), 50) << threads << " threads, " << items << " items, item " << i;
    }
  }
}

// A thread held up in its chunk holds up only that chunk: the other
// threads take every chunk left (given 200 ms, the other thread has woken
// up and taken them), and run() waits for it.
TEST(Workers, AThreadHeldUpLeavesTheRestToTheOthers) {
  engine::Workers workers(2);
  std::atomic<int> done{0};
  std::vector<std::thread::id> ran_by(400);
  const auto began = std::chrono::steady_clock::now();
  workers.run(400, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      if (i == 0) std::this_thread::sleep_for(std::chrono::milliseconds(200));
      ran_by[i] = std::this_thread::get_id();
      done.fetch_add(1);
    }
  });
  EXPECT_EQ(done.load(), 400);  // run() returned after the slow chunk too
  EXPECT_GE(std::chrono::steady_clock::now() - began, std::chrono::milliseconds(200));
  // The thread that slept in item 0 ran its chunk only (50 items at most);
  // the other thread ran everything else.
  const std::size_t by_sleeper =
      static_cast<std::size_t>(std::count(ran_by.begin(), ran_by.end(), ran_by[0]));
  EXPECT_LE(by_sleeper, 50u);
}

// The team can be made and dropped at once, and a job of more items than
// it can number is refused.
TEST(Workers, StopsWhenDroppedAndRefusesJobsTooLarge) {
  for (int i = 0; i < 20; ++i) engine::Workers workers(4);
  engine::Workers workers(2);
  EXPECT_THROW(workers.run(std::size_t{1} << 33, [](std::size_t, std::size_t) {}),
               std::length_error);
}

}  // namespace
