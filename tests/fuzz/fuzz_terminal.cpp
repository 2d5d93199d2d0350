// The terminal of every game of the registry (src/terminal/): the first line
// names the game and may give parameters (NAME KEY=VALUE...), the rest are
// commands. After every command a refused one changed nothing, help, board
// and moves only show, undo restores the game before the last action, a
// game not over has a legal action, and a game that reads back from its
// string does so exactly.
// fuzz-links: gridgames_terminal
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "engine/words.hpp"
#include "games/registry.hpp"
#include "invariant.hpp"
#include "terminal/session.hpp"

namespace {

// The game and its parameters from the first line; nothing when it names
// none, or a board too large to fuzz quickly.
std::unique_ptr<terminal::Session> session_of(const std::string& line) {
  const auto words = engine::split_words(line);
  if (words.empty()) return nullptr;
  const games::GameInfo* game = games::find_game(words[0]);
  if (!game) return nullptr;
  engine::Params params;
  for (std::size_t i = 1; i < words.size(); ++i) {
    const auto equals = words[i].find('=');
    if (equals == std::string_view::npos) return nullptr;
    params[std::string(words[i].substr(0, equals))] = std::string(words[i].substr(equals + 1));
  }
  if (game->fields && game->fields(params) > 400) return nullptr;
  auto made = game->make(params);
  auto* state = std::get_if<std::unique_ptr<engine::AnyState>>(&made);
  if (!state) return nullptr;
  return std::make_unique<terminal::Session>(*game, std::move(*state));
}

void check_state(const games::GameInfo& game, const engine::AnyState& state) {
  FUZZ_CHECK(state.over() || !state.legal_actions().empty());
  if (game.restore) {
    const auto again = game.restore(state.serialize());
    FUZZ_CHECK(again && again->equals(state));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::string line;
  if (!std::getline(in, line)) return 0;
  const auto session = session_of(line);
  if (!session) return 0;
  const games::GameInfo& game = *games::find_game(engine::split_words(line)[0]);
  std::vector<std::unique_ptr<engine::AnyState>> played;  // after each action kept
  played.push_back(session->state().clone());
  int lines = 0;
  while (!session->finished() && std::getline(in, line) && ++lines < 200) {
    const auto before = session->state().clone();
    const std::string out = session->execute(line);
    const auto words = engine::split_words(line);
    const bool shows =
        words.size() == 1 && (words[0] == "help" || words[0] == "board" || words[0] == "moves");
    if (out.starts_with("Error: ") || shows || out.empty()) {
      FUZZ_CHECK(session->state().equals(*before));
      continue;
    }
    if (words.size() == 1 && words[0] == "undo") {
      played.pop_back();
      FUZZ_CHECK(session->state().equals(*played.back()));
    } else {
      played.push_back(session->state().clone());
    }
    check_state(game, session->state());
  }
  return 0;
}
