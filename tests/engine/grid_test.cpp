#include "engine/grid.hpp"

#include <gtest/gtest.h>

namespace {

using engine::Coord;
using engine::Direction;
using engine::GridShape;

TEST(Grid, StepsAndOpposites) {
  EXPECT_EQ(engine::step(Direction::N), (Coord{-1, 0}));
  EXPECT_EQ(engine::step(Direction::SE), (Coord{1, 1}));
  EXPECT_EQ(engine::opposite(Direction::NE), Direction::SW);
  EXPECT_EQ(engine::opposite(Direction::W), Direction::E);
}

TEST(Grid, ParsesDirectionNames) {
  EXPECT_EQ(engine::parse_direction("NW"), Direction::NW);
  EXPECT_EQ(engine::parse_direction("nw"), std::nullopt);
  for (Direction d : engine::kAllDirections) EXPECT_EQ(engine::parse_direction(engine::name(d)), d);
}

TEST(Grid, WrapsAroundEveryEdgeFromOneBased) {
  constexpr GridShape shape{5, 5, 1};
  EXPECT_EQ(shape.neighbour_wrapped({1, 3}, Direction::N), (Coord{5, 3}));
  EXPECT_EQ(shape.neighbour_wrapped({1, 5}, Direction::NE), (Coord{5, 1}));
  EXPECT_EQ(shape.neighbour_wrapped({5, 1}, Direction::SW), (Coord{1, 5}));
  EXPECT_EQ(shape.neighbour_wrapped({3, 3}, Direction::E), (Coord{3, 4}));
  EXPECT_EQ(shape.wrap({-9, 12}), (Coord{1, 2}));
}

TEST(Grid, ContainsAndIndexZeroBased) {
  constexpr GridShape shape{3, 4, 0};
  EXPECT_TRUE(shape.contains({2, 3}));
  EXPECT_FALSE(shape.contains({3, 0}));
  EXPECT_FALSE(shape.contains({0, -1}));
  EXPECT_EQ(shape.index({2, 3}), 11);
  EXPECT_EQ(shape.size(), 12);
}

}  // namespace
