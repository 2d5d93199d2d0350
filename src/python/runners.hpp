// gridgames.selfplay() and gridgames.tournament(): the command-line runners
// from Python, without the GIL.
#pragma once

#include <pybind11/pybind11.h>

#include <optional>
#include <string>
#include <vector>

namespace gridgames_python {

namespace py = pybind11;

// The match runner's report; a violation of the contract is a
// RuntimeError, a bad option a ValueError.
std::string selfplay(const std::string& game, const std::vector<std::string>& bots, int games,
                     std::optional<std::uint64_t> seed, const py::dict& params, int max_length,
                     std::int64_t nodes, int time_ms);

// `gridgames tournament`: its standings as a dict, and what the command
// prints as "output".
py::dict tournament(const std::string& game, const std::vector<std::string>& players, int games,
                    std::optional<std::uint64_t> seed, int concurrency, const py::dict& params,
                    int max_length, int random_plies, const std::optional<std::string>& sprt,
                    bool gauntlet, const std::optional<std::string>& records,
                    const std::optional<std::string>& pgn, bool sandbox);

}  // namespace gridgames_python
