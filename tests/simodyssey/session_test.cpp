#include "games/simodyssey/session.hpp"

#include <gtest/gtest.h>

TEST(Session, Placeholder) {}
