#include "games/raiinet/options.hpp"

#include "engine/files.hpp"
#include "engine/random.hpp"
#include "engine/words.hpp"

namespace raiinet {
namespace {

std::variant<std::string, SetupError> read_placement_file(const std::string& path) {
  auto text = engine::read_text_file(path);
  if (const auto* problem = std::get_if<engine::FileProblem>(&text)) {
    return SetupError{"cannot read placement file \"" + path + "\": " + problem->reason};
  }
  if (std::get<std::string>(text).size() > 4096) {
    return SetupError{"placement file \"" + path + "\" is too long"};
  }
  return std::get<std::string>(std::move(text));
}

}  // namespace

std::variant<Options, SetupError> parse_options(const std::vector<std::string>& args) {
  Options options;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& option = args[i];
    if (option == "--strict" || option == "-strict") {
      options.strict = true;
      continue;
    }
    if (option == "-graphics") {
      options.graphics = true;
      if (i + 1 < args.size() && args[i + 1] == "both") {
        options.graphics_both = true;
        ++i;
      }
      continue;
    }
    const bool takes_value = option == "-ability1" || option == "-ability2" || option == "-link1" ||
                             option == "-link2" || option == "-seed" || option == "-snapshot" ||
                             option == "-ai" || option == "-time" || option == "-nodes";
    if (!takes_value) {
      return SetupError{"unknown option \"" + engine::printable(option, 30) +
                        "\"; the options are -ability1 ORDER, -ability2 ORDER, -link1 FILE, "
                        "-link2 FILE, -seed N, -graphics [both], -snapshot FILE.png, -ai 1|2, "
                        "-time MS, -nodes N, --strict"};
    }
    if (i + 1 >= args.size()) return SetupError{option + " needs a value"};
    const std::string& value = args[++i];
    if (option == "-ai" || option == "-time" || option == "-nodes") {
      const auto number = engine::parse_int(value);
      if (option == "-ai") {
        if (number != 1 && number != 2) return SetupError{"-ai needs the player, 1 or 2"};
        options.computer = *number - 1;
      } else if (option == "-time") {
        if (!number || *number < 1 || *number > 600000)
          return SetupError{"-time needs milliseconds from 1 to 600000"};
        options.think_ms = *number;
      } else {
        if (!number || *number < 1) return SetupError{"-nodes needs a whole number from 1"};
        options.nodes = *number;
      }
      continue;
    }
    const int player = option.back() == '2' ? 1 : 0;
    if (option.starts_with("-ability")) {
      auto order = parse_ability_order(value);
      if (auto* e = std::get_if<SetupError>(&order)) return SetupError{option + ": " + e->message};
      options.cards[static_cast<std::size_t>(player)] = std::get<0>(order);
    } else if (option.starts_with("-link")) {
      auto text = read_placement_file(value);
      if (auto* e = std::get_if<SetupError>(&text)) return SetupError{option + ": " + e->message};
      auto placement = parse_placement(std::get<std::string>(text));
      if (auto* e = std::get_if<SetupError>(&placement)) {
        return SetupError{option + " " + value + ": " + e->message};
      }
      options.placements[static_cast<std::size_t>(player)] = std::get<Placement>(placement);
    } else if (option == "-snapshot") {
      if (!value.ends_with(".png")) return SetupError{"-snapshot needs a file name ending in .png"};
      options.snapshot = value;
    } else {
      const auto seed = engine::parse_int(value);
      if (!seed || *seed < 0) return SetupError{"-seed needs a whole number from 0 to 999999999"};
      options.seed = static_cast<std::uint64_t>(*seed);
    }
  }
  if (!options.snapshot.empty() && !options.graphics) {
    return SetupError{"-snapshot goes with -graphics"};
  }
  return options;
}

Position starting_position(const Options& options, std::uint64_t seed) {
  engine::Random rng(seed);
  Placement placements[2];
  for (int p = 0; p < 2; ++p) {
    const auto& given = options.placements[static_cast<std::size_t>(p)];
    placements[p] = given ? *given : random_placement(rng);
  }
  return Position(placements[0], placements[1], options.cards[0], options.cards[1]);
}

}  // namespace raiinet
