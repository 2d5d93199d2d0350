// Connect Four's fixed action ids and observation tensor (engine::Encoded).
#include <algorithm>

#include "games/connect-four/state.hpp"

namespace connect_four {

std::optional<State::Action> State::action_of_id(int id) const {
  if (id < 0 || id >= game_.cols()) return std::nullopt;
  return Action{id};
}

void State::observation_tensor(int player, std::span<float> out) const {
  (void)player;  // nothing is hidden
  std::fill(out.begin(), out.end(), 0.0F);
  const std::size_t plane = static_cast<std::size_t>(game_.rows() * game_.cols());
  for (int row = 0; row < game_.rows(); ++row) {
    for (int col = 0; col < game_.cols(); ++col) {
      const int disc = game_.at({row, col});
      const std::size_t square = static_cast<std::size_t>(row * game_.cols() + col);
      out[(disc < 0 ? 2 : static_cast<std::size_t>(disc)) * plane + square] = 1.0F;
    }
  }
}

}  // namespace connect_four
