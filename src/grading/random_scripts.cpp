#include "grading/random_scripts.hpp"

#include <algorithm>
#include <map>

#include "engine/etf.hpp"
#include "engine/random.hpp"
#include "engine/words.hpp"

namespace grading {
namespace {

// The search's iterations a guided action: of 3 x 40 SimOdyssey scripts of
// 15 to 30 actions, 21, 17 and 22 landed (1 in 20 without the search).
constexpr std::int64_t kGuideNodes = 5000;

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

// Now and then, a command of the game's actions that the state refuses
// (a landing where there is no planet, a move into a full sector): the
// program must give the error the oracle gives, and change nothing. Of a
// few drawn, the first refused; none when all would be played.
void refused_command(engine::AnyState& state, const engine::etf::Grammar& grammar,
                     engine::Random& rng) {
  constexpr int kDraws = 4;
  for (int n = 0; n < kDraws; ++n) {
    const std::string text = any_command(grammar, rng);
    if (!state.is_action(text) || !state.clone()->apply(text)) continue;
    (void)state.apply(text);
    return;
  }
}

// An action's kind: its text before its arguments ("move" of "move(N)").
std::string kind_of(const std::string& action) {
  return action.substr(0, action.find('('));
}

// The actions of `legal` that lead soonest to a kind of action this script
// has played least: an action's value is how often its kind was played, or
// one more than the least played kind it makes possible (one step ahead);
// an action that ends the game counts only by its own kind. A landing is
// taken when it is possible, and a move towards where it is, preferred.
std::vector<std::string> least_played(const engine::AnyState& state,
                                      const std::vector<std::string>& legal,
                                      const std::map<std::string, int>& played) {
  const auto count = [&](const std::string& action) {
    const auto found = played.find(kind_of(action));
    return found == played.end() ? 0 : found->second;
  };
  std::vector<int> values;
  for (const std::string& action : legal) {
    int value = count(action);
    auto next = state.clone();
    if (!next->apply(action) && !next->over())
      for (const std::string& then : next->legal_actions())
        value = std::min(value, 1 + count(then));
    values.push_back(value);
  }
  const int best = *std::min_element(values.begin(), values.end());
  std::vector<std::string> out;
  for (std::size_t i = 0; i < legal.size(); ++i)
    if (values[i] == best) out.push_back(legal[i]);
  return out;
}

}  // namespace

std::vector<std::string> random_script(const games::GameInfo& game, std::uint64_t seed,
                                       int most_actions, std::string* console) {
  if (!game.commands) return {};
  engine::Random rng(seed);
  // The game's defaults, or one of the starts of its random-simulation
  // test (Space Defender 2's with Pylons spawning often), as the program
  // starts from them (its own generator's draws among them: the actions
  // drawn are legal where the program plays them); each other parameter of
  // a few choices drawn (Space Defender 2's weapon, armour, engine, power
  // and debug mode). Their start commands are the script's first.
  const auto start = rng.below(static_cast<std::uint32_t>(game.simulations.size() + 1));
  engine::Params params = start ? game.simulations[start - 1].params : engine::Params{};
  for (const engine::ParamSpec& p : game.params)
    if (!p.choices.empty() && !params.count(p.name))
      params[p.name] = p.choices[rng.below(static_cast<std::uint32_t>(p.choices.size()))].value;
  auto made = game.make(params);
  if (std::holds_alternative<std::string>(made)) return {};
  auto& state = *std::get<std::unique_ptr<engine::AnyState>>(made);
  // One action in two the search's, which seeks the game's reward (the
  // SimOdyssey explorer's life found: it lands); of the others one in two
  // of the kinds played least (least_played), the rest uniform.
  games::SelfplayOptions thinking;
  thinking.nodes = kGuideNodes;
  const bool searches = game.make_bot("uct", thinking, 0) != nullptr;
  const int actions = rng.between(std::max(1, most_actions / 2), std::max(1, most_actions));
  std::map<std::string, int> played;  // by kind: an action's text before "("
  for (int n = 0; n < actions && !state.over(); ++n) {
    if (rng.below(8) == 0) (void)state.query("status");
    if (rng.below(6) == 0) refused_command(state, game.commands(), rng);
    auto legal = state.legal_actions();
    if (legal.empty()) break;
    if (searches && rng.below(2))
      legal = {game.make_bot("uct", thinking, rng.next())->choose(state)};
    else if (rng.below(2))
      legal = least_played(state, legal, played);
    const std::string& action = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    ++played[kind_of(action)];
    (void)state.apply(action);
  }
  // The commands are the console's lines the program echoed after "->".
  std::vector<std::string> script;
  const std::string* printed = state.console();
  if (!printed || !game.commands) return script;
  if (console) *console = *printed;
  for (const std::string_view line : engine::split_lines(*printed))
    if (line.starts_with("->")) script.emplace_back(line.substr(2));
  // Then any command of the game's, about one a line in six, after the
  // game played: a new game, an abort, a move where none is possible, each
  // in the state the others leave. (Put anywhere after the start, an abort
  // among the first moves refused the rest of the script, "no mission in
  // progress": of 20 SimOdyssey scripts, none landed.)
  const auto extra = 1 + rng.below(static_cast<std::uint32_t>(script.size() / 6 + 1));
  for (std::uint32_t n = 0; n < extra; ++n) script.push_back(any_command(game.commands(), rng));
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
