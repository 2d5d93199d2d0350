#include "games/simodyssey/galaxy.hpp"

#include <gtest/gtest.h>

TEST(Galaxy, Placeholder) {}
