#include "engine/history.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

TEST(History, PopsSnapshotsInReverseOrder) {
  engine::History<std::string> history;
  EXPECT_TRUE(history.empty());
  history.push("a");
  history.push("b");
  history.push("c");
  EXPECT_EQ(history.size(), 3u);
  EXPECT_EQ(history.pop(), "c");
  history.truncate(1);
  EXPECT_EQ(history.size(), 1u);
  EXPECT_EQ(history.pop(), "a");
  EXPECT_TRUE(history.empty());
}

}  // namespace
