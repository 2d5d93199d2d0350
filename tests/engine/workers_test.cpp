#include "engine/workers.hpp"

#include <gtest/gtest.h>

#include <atomic>
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

// The team can be made and dropped at once, busy or not.
TEST(Workers, StopWhenDropped) {
  for (int i = 0; i < 20; ++i) engine::Workers workers(4);
  for (int i = 0; i < 20; ++i) {
    engine::Workers workers(3);
    std::atomic<int> runs{0};
    workers.run(30, [&](std::size_t begin, std::size_t end) {
      runs.fetch_add(static_cast<int>(end - begin));
    });
    EXPECT_EQ(runs.load(), 30);
  }
}

}  // namespace
