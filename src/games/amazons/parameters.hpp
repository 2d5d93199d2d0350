// The document's key=value parameters, read in one place for the tournament
// program and for interactive play: each key, what it accepts, and a message
// that names the parameter and its allowed values when a value is wrong.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "games/amazons/ai/ai.hpp"

namespace amazons {

struct Parameters {
  std::string phase;  // placement or movement (the tournament program)
  int amazons = -1;   // amazons=N; -1 when not given
  std::optional<std::string> player;
  bool strict = false;
  std::vector<bool> humans;  // players=human,ai,... (play)
  bool seed_given = false;
  AiOptions ai;
  std::vector<std::string> files;  // the words without '='
};

enum class ParameterUse { Program, Play };

// Reads every word; a word without '=' is a file name. Keys the use does not
// take are refused, naming the keys it does take.
std::variant<Parameters, std::string> read_parameters(const std::vector<std::string>& args,
                                                      ParameterUse use);

// The usage of `amazons`, shared by --help and the errors.
extern const char* const kAmazonsUsage;

}  // namespace amazons
