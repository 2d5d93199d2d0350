#include "grading/random_scripts.hpp"

#include <algorithm>

#include "engine/etf.hpp"
#include "engine/random.hpp"
#include "engine/words.hpp"

namespace grading {
namespace {

// Any command of the grammar, its arguments drawn within their
// declarations (an argument out of them would make the whole script a
// type error, and test nothing else).
std::string any_command(const engine::etf::Grammar& grammar, engine::Random& rng) {
  const auto& specs = grammar.commands();
  engine::etf::Command command;
  command.index = rng.below(static_cast<std::uint32_t>(specs.size()));
  command.spec = &specs[command.index];
  for (const engine::etf::Param& p : command.spec->params)
    command.args.push_back(p.is_enumeration() ? static_cast<int>(rng.below(
                                                    static_cast<std::uint32_t>(p.choices.size())))
                                              : rng.between(p.low, p.high));
  return command.text();
}

}  // namespace

std::vector<std::string> random_script(const games::GameInfo& game, std::uint64_t seed,
                                       int most_actions) {
  engine::Random rng(seed);
  // The game's defaults, as the program starts from them (its own seed
  // among them): the actions drawn are legal where the program plays them.
  auto made = game.make({});
  if (std::holds_alternative<std::string>(made)) return {};
  auto& state = *std::get<std::unique_ptr<engine::AnyState>>(made);
  const int actions = rng.between(1, std::max(1, most_actions));
  for (int n = 0; n < actions && !state.over(); ++n) {
    if (rng.below(8) == 0) (void)state.query("status");
    const auto legal = state.legal_actions();
    if (legal.empty()) break;
    (void)state.apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  // The commands are the console's lines the program echoed after "->".
  std::vector<std::string> script;
  const std::string* console = state.console();
  if (!console || !game.commands) return script;
  for (const std::string_view line : engine::split_lines(*console))
    if (line.starts_with("->")) script.emplace_back(line.substr(2));
  // Then any command of the game's, about one a line in six, anywhere after
  // the start: a new game, an abort, a move where none is possible; what
  // follows it plays on from where it leaves the game.
  const auto extra = 1 + rng.below(static_cast<std::uint32_t>(script.size() / 6 + 1));
  for (std::uint32_t n = 0; n < extra; ++n) {
    const auto at = 1 + rng.below(static_cast<std::uint32_t>(script.size()));
    script.insert(script.begin() + at, any_command(game.commands(), rng));
  }
  return script;
}

namespace {

// `lines` without the chunk [from, to).
std::vector<std::string> without(const std::vector<std::string>& lines, std::size_t from,
                                 std::size_t to) {
  std::vector<std::string> out(lines.begin(), lines.begin() + static_cast<long>(from));
  out.insert(out.end(), lines.begin() + static_cast<long>(to), lines.end());
  return out;
}

}  // namespace

std::vector<std::string> shrink(
    std::vector<std::string> lines,
    const std::function<bool(const std::vector<std::string>&)>& differs) {
  std::size_t chunks = 2;
  while (lines.size() >= 2) {
    const std::size_t size = (lines.size() + chunks - 1) / chunks;
    bool reduced = false;
    for (std::size_t from = 0; from < lines.size(); from += size) {
      const std::size_t to = std::min(lines.size(), from + size);
      auto candidate = without(lines, from, to);
      if (!candidate.empty() && differs(candidate)) {
        lines = std::move(candidate);
        chunks = std::max<std::size_t>(chunks - 1, 2);
        reduced = true;
        break;
      }
    }
    if (reduced) continue;
    if (chunks >= lines.size()) break;  // single lines tried: none can go
    chunks = std::min(lines.size(), chunks * 2);
  }
  return lines;
}

}  // namespace grading
