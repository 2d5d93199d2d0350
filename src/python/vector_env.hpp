// gridgames.VectorEnv: many games of one kind stepped at once, in threads,
// with numpy arrays in and out (docs/python.md, "Many games at once"), as
// EnvPool and Gymnasium's VectorEnv, for games of several players: the
// observation is the player to move's, the rewards a row per game with a
// column per player, and the mask (int8, as Gymnasium's and PettingZoo's)
// and ids of each game's legal actions come with every step. The arrays
// are written by C++ with the GIL released into buffers of the
// environment's own, and handed out copied (the caller's, as Gymnasium's
// `copy=True`) or, with copy=False, as they are: read-only to Python
// (numpy refuses to make them writeable: their memory belongs to a
// capsule, not to an array) and overwritten by the next step or reset.
// step() checks each action against the game's own legal actions (a bitmap
// of its own), never against an array it gave out.
//
// One environment is used by one thread at a time, as Gymnasium and EnvPool
// document theirs: a call while another thread's step() or reset() is under
// way raises RuntimeError. In a child forked from the process that made it,
// its worker threads (which fork does not copy) are made again.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <sys/types.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "engine/players.hpp"
#include "engine/workers.hpp"
#include "python/spiel.hpp"

namespace gridgames_python {

class VectorEnv {
 public:
  // `threads` 0: one per core. `max_episode_steps` 0: no limit, else an
  // episode that reaches it unfinished is truncated.
  struct Options {
    int threads = 0;  // 0: one per core
    std::uint64_t seed = 0;
    int max_episode_steps = 0;  // 0: no limit
    bool copy = true;           // the arrays returned are new ones, else the environment's own
    // A game that ends shows its end, and starts its next episode on the
    // step after (its action then ignored), as Gymnasium's NEXT_STEP
    // autoreset; else on the same step (SAME_STEP).
    bool next_step = false;
    // A bot of the game ("random", "uct", ...) plays every seat but the
    // learner's, in C++: observations are the learner's, rewards the
    // learner's alone ([num_envs]). None: every seat is stepped.
    std::string opponent;
    std::int64_t opponent_nodes = 0;  // its search iterations a decision (0: its default)
    int seat = 0;                     // the learner's seat; -1: seat (game + episode) % players
  };
  VectorEnv(Game game, int num_envs, const Options& options);

  // New episodes (Gymnasium's reset): `seed` None (each game's next
  // episode), an integer (a stream of its own for each game) or one seed a
  // game (its first episode dealt from it, as a State of that seed);
  // `options` {"reset_mask": bools} resets only the games marked.
  py::tuple reset(const py::object& seed, const py::object& options);
  // One action per game (ids, any integer array of num_envs); a game that
  // ends starts its next episode at once, its last observation in
  // info["final_observation"]. An action that is not legal is a
  // ValueError, and nothing is stepped.
  py::tuple step(const py::array& actions);

  int num_envs() const { return static_cast<int>(envs_.size()); }
  int threads() const { return threads_; }
  bool copies() const { return options_.copy; }
  std::string autoreset_mode() const { return options_.next_step ? "next_step" : "same_step"; }
  const std::string& opponent() const { return options_.opponent; }
  // Game `env` now, a State of its own (a clone: the environment goes on).
  State state(int env);
  // Game `env` from now on: a copy of `state`, a state of this game, not
  // over (with an opponent, the learner's seat to move). Arrays already
  // returned are unchanged; the next step plays on from it.
  void set_state(int env, const State& state);
  // Its threads stopped and its games dropped: step() and reset() refuse.
  void close();
  const Game& game() const { return game_; }
  // The seed of game `env`'s episode now.
  std::uint64_t episode_seed(int env) const;

 private:
  struct Env {
    std::unique_ptr<engine::AnyState> state;
    std::vector<int> legal;               // its legal ids now
    std::uint64_t seed = 0;               // the seed of its first episode since the last seeding
    std::uint64_t episode = 0;            // since the last seeding
    int length = 0;                       // actions in this episode
    bool ended = false;                   // next_step: it ended, and starts again on the next step
    int learner = 0;                      // with an opponent: the seat the caller plays
    std::unique_ptr<engine::AnyBot> bot;  // with an opponent: the other seats'
  };

  void start_episode(std::size_t env);
  // With an opponent: its moves until the learner is to move or the game is over.
  void opponents_move(std::size_t env);
  // Each game's first seed from an integer: streams that share nothing.
  void seed_all(std::uint64_t seed);
  void write(std::size_t env);        // its observation, mask and player to move
  void clear_legal(std::size_t env);  // its mask and legal bits, all 0
  void write_observation(std::size_t env, int player);
  void step_one(std::size_t env, int action);
  // next_step: a game that has just ended, shown as it ended (no legal
  // action, no player to move, the observation by its last mover).
  void write_ended(std::size_t env, int mover);
  void refuse_if_closed() const;
  // Game `env`, started (refused: a closed environment, a bad number, no reset yet).
  Env& started(int env);
  bool legal(std::size_t env, std::int64_t id) const;
  // The info dict, with the arrays of the players to move and the masks.
  py::dict info(const py::array& to_move, const py::array& mask);

  // An array the environment writes, and the copies of it handed out that
  // may be written again once nobody else holds them.
  struct Buffer {
    py::array own;
    std::vector<py::array> copies;
  };
  // A game's row of a buffer to copy into the array handed out.
  struct RowCopy {
    const char* from;
    char* to;
    std::size_t row;  // bytes a game
  };
  // The array the caller receives for `buffer`: its own with copy=False,
  // else a copy the workers fill (the rows to copy added to `copies`).
  py::array hand_out(Buffer& buffer, std::vector<RowCopy>& copies);
  static void copy_rows(const std::vector<RowCopy>& copies, std::size_t env);
  // The worker threads, made again in a forked child (fork copies none).
  engine::Workers& workers();
  // A new array of `shape` whose memory is a capsule's: Python cannot make
  // it writeable; its data through `data`.
  template <typename T>
  static py::array shared_array(const std::vector<py::ssize_t>& shape, T*& data);

  Game game_;
  bool seeded_;                              // the game has a seed parameter: one per episode
  std::unique_ptr<engine::AnyState> first_;  // a game's start, cloned when not seeded
  Options options_;
  bool closed_ = false;
  std::size_t actions_, observation_size_, players_;
  std::size_t reward_columns_;  // players_, or 1 with an opponent
  std::vector<Env> envs_;
  int threads_;
  std::unique_ptr<engine::Workers> workers_;
  pid_t workers_pid_;               // the process the workers were made in
  std::atomic<bool> busy_ = false;  // a step() or reset() under way
  // Each game's legal ids now, a bit an id: what step() checks against.
  std::vector<std::uint64_t> legal_bits_;
  std::size_t legal_words_;  // words of legal_bits_ a game

  Buffer observations_, final_observations_, masks_, to_move_, rewards_, terminated_, truncated_;
  float *observation_data_, *final_observation_data_, *reward_data_;
  std::int8_t* mask_data_;
  bool *terminated_data_, *truncated_data_;
  std::int32_t* to_move_data_;
};

void bind_vector_env(py::module_& m);

}  // namespace gridgames_python
