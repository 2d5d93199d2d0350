// SimOdyssey's transcripts, either edition: a fuzz input is a script, run to
// its end. After every command the game's invariants hold (every entity
// where its sector says, every count in its range), and a refused command
// changed nothing.
#pragma once

#include <cstdint>
#include <string>

#include "etf_script.hpp"
#include "games/simodyssey/session.hpp"

template <const simodyssey::Edition& E>
std::string simodyssey_snapshot(const simodyssey::BasicSession<E>& s) {
  if (!s.state()) return "none";
  std::string out;
  for (const auto& [id, e] : s.state()->galaxy().entities()) {
    out += std::to_string(id) + ":" + std::to_string(e.location.sector.row) +
           std::to_string(e.location.sector.col) + std::to_string(e.location.quadrant) +
           std::to_string(e.fuel) + std::to_string(e.life) + std::to_string(e.turns_left) +
           std::to_string(e.load) + std::to_string(e.reproduce) + (e.landed ? "L" : "") +
           (e.attached ? "A" : "") + (e.visited ? "V" : "") + ";";
  }
  return out;
}

template <const simodyssey::Edition& E>
void fuzz_simodyssey(const std::uint8_t* data, std::size_t size) {
  run_etf_script<simodyssey::BasicSession<E>>(data, size, simodyssey::grammar_of<E>(),
                                              &simodyssey_snapshot<E>,
                                              [](const simodyssey::BasicSession<E>& s) {
                                                if (s.state())
                                                  FUZZ_CHECK(!s.state()->check_invariants());
                                              });
}
