// Connect Four in the registry: the bots every game has (random, uct).
#include "games/connect-four/state.hpp"
#include "games/registry_entry.hpp"

namespace games {

GameInfo register_connect_four() {
  return info<connect_four::State, &generic_bot<connect_four::State>>(
      "connect-four", "Connect Four", "two players drop discs to make four in a line",
      {"random", "uct"},
      {{{}, 20, 100}, {{{"rows", "4"}, {"cols", "9"}}, 20, 100}});  // starts: params, games, bound
}

}  // namespace games
