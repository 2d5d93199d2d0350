#include "python/runners.hpp"

#include <pybind11/stl.h>

#include <sstream>

#include "engine/random.hpp"
#include "games/registry.hpp"
#include "python/spiel.hpp"
#include "tournament/tournament.hpp"

namespace gridgames_python {
namespace {

py::dict elo_of(const engine::EloEstimate& e, py::dict into) {
  into["elo"] = e.elo;
  into["elo_low"] = e.low;
  into["elo_high"] = e.high;
  return into;
}

}  // namespace

std::string selfplay(const std::string& game, const std::vector<std::string>& bots, int games,
                     std::optional<std::uint64_t> seed, const py::dict& params, int max_length,
                     std::int64_t nodes, int time_ms) {
  games::SelfplayOptions o;
  o.games = games;
  o.seed = seed ? *seed : engine::system_seed();
  o.seed_drawn = !seed;
  o.bots = bots;
  o.max_length = max_length;
  o.nodes = nodes;
  o.time_ms = time_ms;
  for (const auto& [key, value] : params)
    o.params[py::str(key).cast<std::string>()] = py::str(value).cast<std::string>();
  const games::GameInfo& info = find(game);
  if (games < 1) throw py::value_error("games must be 1 or more");
  std::ostringstream out, err;
  int status = 0;
  {
    py::gil_scoped_release free;
    status = info.selfplay(o, out, err);
  }
  if (status == 2) throw py::value_error(err.str());
  if (status != 0) throw std::runtime_error(err.str());
  return out.str();
}

py::dict tournament(const std::string& game, const std::vector<std::string>& players, int games,
                    std::optional<std::uint64_t> seed, int concurrency, const py::dict& params,
                    int max_length, int random_plies, const std::optional<std::string>& sprt,
                    bool gauntlet, const std::optional<std::string>& records,
                    const std::optional<std::string>& pgn, bool sandbox) {
  std::string list;
  for (const std::string& p : players) {
    if (p.find(',') != std::string::npos)
      throw py::value_error("\"" + engine::printable(p) + "\": a player's name has no comma");
    if (p.starts_with("program:") && sandbox)
      throw py::value_error(
          "program: players are confined by `gridgames tournament`, not from Python (the sandbox "
          "starts that program first): run the command, or give sandbox=False");
    list += (list.empty() ? "" : ",") + p;
  }
  std::vector<std::string> args = {game,
                                   "--players",
                                   list,
                                   "--games",
                                   std::to_string(games),
                                   "--concurrency",
                                   std::to_string(concurrency),
                                   "--random-plies",
                                   std::to_string(random_plies)};
  for (const auto& [key, value] : params)
    args.insert(args.end(), {"--param", py::str(key).cast<std::string>() + "=" +
                                            py::str(value).cast<std::string>()});
  if (seed) args.insert(args.end(), {"--seed", std::to_string(*seed)});
  if (max_length > 0) args.insert(args.end(), {"--max-length", std::to_string(max_length)});
  if (sprt) args.insert(args.end(), {"--sprt", *sprt});
  if (gauntlet) args.push_back("--gauntlet");
  if (records) args.insert(args.end(), {"--records", *records});
  if (pgn) args.insert(args.end(), {"--pgn", *pgn});
  if (!sandbox) args.push_back("--no-sandbox");
  std::ostringstream out, err;
  tournament::TournamentResult result;
  int status = 0;
  {
    py::gil_scoped_release free;
    status = tournament::run_tournament(args, out, err, &result);
  }
  if (status != 0) throw py::value_error(err.str());
  py::list standings, encounters;
  for (const auto& s : result.standings) {
    py::dict d;
    d["player"] = s.player;
    d["wins"] = s.games.wins;
    d["draws"] = s.games.draws;
    d["losses"] = s.games.losses;
    d["faults"] = s.faults;
    standings.append(elo_of(s.elo, d));
  }
  for (const auto& e : result.encounters) {
    py::dict d;
    d["first"] = e.first;
    d["second"] = e.second;
    d["pairs"] = std::vector<std::int64_t>(e.pairs.pairs.begin(), e.pairs.pairs.end());
    encounters.append(elo_of(e.elo, d));
  }
  py::dict r;
  r["standings"] = standings;
  r["encounters"] = encounters;
  r["sprt"] = result.sprt.empty() ? py::object(py::none()) : py::str(result.sprt);
  r["seed"] = result.seed;
  r["output"] = out.str();
  return r;
}

}  // namespace gridgames_python
