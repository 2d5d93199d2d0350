#include "games/amazons/parameters.hpp"

#include <algorithm>
#include <limits>

#include "engine/words.hpp"
#include "games/amazons/board.hpp"

namespace amazons {

const char* const kAmazonsUsage =
    "Usage: amazons play [BOARD] [players=human,ai,...] [amazons=N] [KEY=VALUE]...\n"
    "  or:  amazons phase=placement amazons=N IN OUT [KEY=VALUE]...\n"
    "  or:  amazons phase=movement IN OUT [KEY=VALUE]...\n"
    "  or:  amazons name [player=NAME]\n"
    "  or:  amazons referee [OPTION]... PROGRAM...   (amazons referee --help)\n"
    "The Game of the Amazons, extended: any board, 1-8 players, treasure and artifacts.\n"
    "play: a game at the terminal; phase=: one placement or one turn of the tournament\n"
    "program, from the board file IN into OUT; name: the player's name; referee: a\n"
    "tournament between programs.\n"
    "\n"
    "Keys:\n"
    "  player=NAME         play under this name (default gridgames)\n"
    "  seed=N              the seed of the player's choices\n"
    "  time=MS             thinking time a turn, in milliseconds (default 1000)\n"
    "  nodes=N             instead, N search iterations a decision\n"
    "  threads=N           the classic game's search on N threads (default 1)\n"
    "  rules=standard      the classic game (default extended)\n"
    "  ai=strong|uct|greedy|random\n"
    "                      the computer player (default strong)\n"
    "  book=0              the classic game's AI without its opening book\n"
    "  strict=1            the tournament program refuses a board that fails the\n"
    "                      anti-cheating check\n"
    "\n"
    "Options:\n"
    "  -h, --help          show this help and exit\n"
    "      --version       show the version and exit\n";

namespace {

struct Key {
  const char* name;
  bool program;
  bool play;
  const char* allowed;  // what the message says the value may be
};

constexpr Key kKeys[] = {
    {"phase", true, false, "placement or movement"},
    {"amazons", true, true,
     "a number of amazons from 1 to 1000 (0 too for the tournament program)"},
    {"player", true, true, "a name of 1 to 15 printable characters, no spaces or quotes"},
    {"seed", true, true, "a whole number from 0 to 9223372036854775807"},
    {"strict", true, false, "0 or 1"},
    {"time", true, true, "milliseconds from 1 to 3600000"},
    {"nodes", true, true, "a number of search iterations from 1 to 1000000000"},
    {"threads", true, true, "a number of threads from 1 to 64"},
    {"rules", true, true, "extended or standard"},
    {"ai", true, true, "strong, uct, greedy or random"},
    {"book", true, true, "0 or 1"},
    {"players", false, true, "a list of 1 to 8 players, each human or ai: players=human,ai"},
};

std::optional<long long> whole_number(const std::string& text, long long low, long long high) {
  if (text.empty() || text.size() > 19 ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  const long long value = std::stoll(text);
  if (value < low || value > high) return std::nullopt;
  return value;
}

// Applies key=value to `p`; false when the value is not one the key takes.
bool apply(Parameters& p, const std::string& key, const std::string& value, ParameterUse use) {
  constexpr long long kBig = std::numeric_limits<long long>::max();
  if (key == "phase") {
    p.phase = value;
    return value == "placement" || value == "movement";
  }
  if (key == "amazons") {
    const auto n = whole_number(value, use == ParameterUse::Program ? 0 : 1, 1000);
    p.amazons = n ? static_cast<int>(*n) : -1;
    return n.has_value();
  }
  if (key == "player") {
    p.player = value;
    return valid_name(value);
  }
  if (key == "seed") {
    const auto n = whole_number(value, 0, kBig);
    if (n) p.ai.seed = static_cast<std::uint64_t>(*n);
    p.seed_given = true;
    return n.has_value();
  }
  if (key == "book") {
    p.ai.book = value == "1";
    return value == "0" || value == "1";
  }
  if (key == "strict") {
    p.strict = value == "1";
    return value == "0" || value == "1";
  }
  if (key == "time") {
    const auto n = whole_number(value, 1, 3600000);
    if (n) p.ai.time_ms = static_cast<int>(*n);
    return n.has_value();
  }
  if (key == "nodes") {
    const auto n = whole_number(value, 1, 1000000000);
    if (n) p.ai.nodes = *n;
    return n.has_value();
  }
  if (key == "threads") {
    const auto n = whole_number(value, 1, 64);
    if (n) p.ai.threads = static_cast<int>(*n);
    return n.has_value();
  }
  if (key == "rules") {
    p.ai.rules = value == "standard" ? RuleSet::Standard : RuleSet::Extended;
    return value == "standard" || value == "extended";
  }
  if (key == "ai") {
    const auto brain = parse_brain(value);
    if (brain) p.ai.brain = *brain;
    return brain.has_value();
  }
  // players=
  p.humans.clear();
  for (std::size_t start = 0; start <= value.size();) {
    const std::size_t comma = std::min(value.find(',', start), value.size());
    const std::string kind = value.substr(start, comma - start);
    if (kind != "human" && kind != "ai") return false;
    p.humans.push_back(kind == "human");
    start = comma + 1;
  }
  return !p.humans.empty() && p.humans.size() <= static_cast<std::size_t>(kMaxPlayers);
}

std::string shown(const std::string& text) {
  return engine::printable(text, 40);
}

}  // namespace

std::variant<Parameters, std::string> read_parameters(const std::vector<std::string>& args,
                                                      ParameterUse use) {
  Parameters p;
  for (const std::string& arg : args) {
    const auto eq = arg.find('=');
    if (eq == std::string::npos) {
      p.files.push_back(arg);
      continue;
    }
    const std::string key = arg.substr(0, eq);
    const Key* known = std::find_if(std::begin(kKeys), std::end(kKeys), [&](const Key& k) {
      return key == k.name && (use == ParameterUse::Program ? k.program : k.play);
    });
    if (known == std::end(kKeys)) {
      std::string keys;
      for (const Key& k : kKeys) {
        if (use == ParameterUse::Program ? k.program : k.play)
          keys += (keys.empty() ? "" : ", ") + std::string(k.name);
      }
      return "unknown parameter \"" + shown(key) + "\"" +
             (use == ParameterUse::Play ? " for play" : "") + "; the parameters are " + keys;
    }
    if (!apply(p, key, arg.substr(eq + 1), use)) {
      return key + "=" + shown(arg.substr(eq + 1)) + ": " + key + " is " + known->allowed;
    }
  }
  return p;
}

}  // namespace amazons
