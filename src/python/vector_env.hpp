// gridgames.VectorEnv: many games of one kind stepped at once, in threads,
// with numpy arrays in and out (docs/python.md, "Many games at once"), as
// EnvPool and Gymnasium's VectorEnv, for games of several players: the
// observation is the player to move's, the rewards a row per game with a
// column per player, and the mask and ids of each game's legal actions come
// with every step. The arrays are the environment's own, written by C++
// with the GIL released, read-only to Python, and overwritten by the next
// step or reset.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "engine/workers.hpp"
#include "python/spiel.hpp"

namespace gridgames_python {

class VectorEnv {
 public:
  // `threads` 0: one per core. `max_episode_steps` 0: no limit, else an
  // episode that reaches it unfinished is truncated.
  VectorEnv(Game game, int num_envs, int threads, std::uint64_t seed, int max_episode_steps);

  // New episodes in every game: from `seed` (each game's first episode
  // then, as after construction), else the next of each game's.
  py::tuple reset(std::optional<std::uint64_t> seed);
  // One action per game (ids, any integer array of num_envs); a game that
  // ends starts its next episode at once, its last observation in
  // info["final_observation"]. An action that is not legal is a
  // ValueError, and nothing is stepped.
  py::tuple step(const py::array& actions);

  int num_envs() const { return static_cast<int>(envs_.size()); }
  int threads() const { return workers_.threads(); }
  const Game& game() const { return game_; }
  // The seed of game `env`'s episode now.
  std::uint64_t episode_seed(int env) const;

 private:
  struct Env {
    std::unique_ptr<engine::AnyState> state;
    std::vector<int> legal;     // its legal ids now
    std::uint64_t episode = 0;  // since the last seed
    int length = 0;             // actions in this episode
  };

  void start_episode(std::size_t env);
  void write(std::size_t env);  // its observation, mask and player to move
  void step_one(std::size_t env, int action);
  py::dict info();
  template <typename T>
  static T* own(py::array& array);  // its data, then read-only to Python

  Game game_;
  bool seeded_;                              // the game has a seed parameter: one per episode
  std::unique_ptr<engine::AnyState> first_;  // a game's start, cloned when not seeded
  std::uint64_t seed_ = 0;
  int max_episode_steps_;
  std::size_t actions_, observation_size_, players_;
  std::vector<Env> envs_;
  engine::Workers workers_;

  py::array observations_, final_observations_, masks_, to_move_, rewards_, terminated_, truncated_;
  float *observation_data_, *final_observation_data_, *reward_data_;
  bool *mask_data_, *terminated_data_, *truncated_data_;
  std::int32_t* to_move_data_;
};

void bind_vector_env(py::module_& m);

}  // namespace gridgames_python
