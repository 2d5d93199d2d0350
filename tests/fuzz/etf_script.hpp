// The loop both ETF fuzz targets share: the whole input goes through ETF's
// checks, then it is a script, each line in the grammar runs; a command answered with an error must
// leave the game as it was (by `snapshot`), and `check` must hold after every command.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>

#include "engine/etf.hpp"
#include "invariant.hpp"

template <typename Session, typename Snapshot, typename Check>
void run_etf_script(const std::uint8_t* data, std::size_t size, const engine::etf::Grammar& grammar,
                    Snapshot snapshot, Check check) {
  Session session;
  const std::string text(reinterpret_cast<const char*>(data), size);
  // ETF's scanner, parser and type check on the whole input: an error or
  // commands that each reparse to themselves.
  const auto checked = grammar.check(text);
  if (const auto* commands = std::get_if<std::vector<engine::etf::Command>>(&checked)) {
    for (const engine::etf::Command& command : *commands) {
      const auto again = grammar.parse(command.text());
      FUZZ_CHECK(std::holds_alternative<engine::etf::Command>(again));
      FUZZ_CHECK(std::get<engine::etf::Command>(again).args == command.args);
    }
  } else {
    FUZZ_CHECK(!std::get<engine::etf::InputError>(checked).message.empty());
  }
  std::istringstream in(text);
  std::string line;
  for (int lines = 0; std::getline(in, line) && ++lines < 400;) {
    auto parsed = grammar.parse(line);
    if (!std::holds_alternative<engine::etf::Command>(parsed)) continue;
    const std::string before = snapshot(session);
    const std::string out = session.execute(std::get<engine::etf::Command>(parsed));
    FUZZ_CHECK(!out.empty());
    if (out.find(", error\n") != std::string::npos) FUZZ_CHECK(snapshot(session) == before);
    check(session);
  }
}
