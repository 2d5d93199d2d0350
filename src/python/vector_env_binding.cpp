// gridgames.VectorEnv as Python sees it: its constructor's keywords read
// into VectorEnv::Options, and its methods and properties.
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "engine/words.hpp"
#include "python/vector_env.hpp"

namespace gridgames_python {

void bind_vector_env(py::module_& m) {
  py::class_<VectorEnv>(m, "VectorEnv",
                        "many games of one kind stepped at once, in threads, with numpy arrays "
                        "in and out (docs/python.md, \"Many games at once\")")
      .def(py::init([](const py::object& game, int num_envs, int threads, std::uint64_t seed,
                       int max_episode_steps, bool copy, const std::string& autoreset_mode,
                       const std::optional<std::string>& opponent, std::int64_t opponent_nodes,
                       const py::object& seat, const py::kwargs& params) {
             Game made = py::isinstance<Game>(game)
                             ? game.cast<Game>()
                             : load_game(game.cast<std::string>(), py::none(), params);
             if (py::isinstance<Game>(game) && !params.empty())
               throw py::value_error("give a game's parameters to load_game, or its name here");
             VectorEnv::Options options;
             options.threads = threads;
             options.seed = seed;
             options.max_episode_steps = max_episode_steps;
             options.copy = copy;
             if (autoreset_mode != "same_step" && autoreset_mode != "next_step")
               throw py::value_error("autoreset_mode is \"same_step\" or \"next_step\", not \"" +
                                     engine::printable(autoreset_mode) + "\"");
             options.next_step = autoreset_mode == "next_step";
             options.opponent = opponent.value_or("");
             options.opponent_nodes = opponent_nodes;
             if (py::isinstance<py::str>(seat)) {
               if (seat.cast<std::string>() != "alternate")
                 throw py::value_error("seat: a player's number, or \"alternate\"");
               options.seat = -1;
             } else {
               options.seat = seat.cast<int>();
               if (options.seat < 0) throw py::value_error("seat: a player's number, 0 or more");
             }
             return std::make_unique<VectorEnv>(std::move(made), num_envs, options);
           }),
           py::arg("game"), py::arg("num_envs"), py::kw_only(), py::arg("threads") = 0,
           py::arg("seed") = 0, py::arg("max_episode_steps") = 0, py::arg("copy") = true,
           py::arg("autoreset_mode") = "same_step", py::arg("opponent") = py::none(),
           py::arg("opponent_nodes") = 0, py::arg("seat") = 0)
      .def("reset", &VectorEnv::reset, py::kw_only(), py::arg("seed") = py::none(),
           py::arg("options") = py::none(),
           "new episodes (every game's, or those options[\"reset_mask\"] marks): "
           "(observations, info)")
      .def("step", &VectorEnv::step, py::arg("actions"),
           "one action per game: (observations, rewards, terminated, truncated, info)")
      .def_property_readonly("num_envs", &VectorEnv::num_envs)
      .def_property_readonly("threads", &VectorEnv::threads)
      .def_property_readonly("opponent", &VectorEnv::opponent,
                             "the bot playing every seat but the learner's, or \"\"")
      .def_property_readonly("autoreset_mode", &VectorEnv::autoreset_mode,
                             "\"same_step\" or \"next_step\" (Gymnasium's autoreset modes)")
      .def("state", &VectorEnv::state, py::arg("env"), "game env now, as a State of its own")
      .def("set_state", &VectorEnv::set_state, py::arg("env"), py::arg("state"),
           "game env from now on: a copy of `state` (the next step plays on from it)")
      .def("close", &VectorEnv::close, "stops its threads and drops its games")
      .def_property_readonly("copy", &VectorEnv::copies,
                             "whether the arrays returned are copies (the caller's)")
      .def_property_readonly("game", &VectorEnv::game)
      .def("episode_seed", &VectorEnv::episode_seed, py::arg("env"),
           "the seed of a game's episode now");
}

}  // namespace gridgames_python
