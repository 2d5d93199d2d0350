// A game's parameters: what each may be, for forms, and the reader each
// game's make() checks them with.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/contract.hpp"

namespace engine {

// One value a parameter may take, and its name for people.
struct ParamChoice {
  std::string value;
  std::string label;
};

// A parameter of a game: its name, its default and what it may be; for
// forms, its name for people and, when it takes one of a few values, those.
struct ParamSpec {
  std::string name;
  std::string default_value;
  std::string help;
  std::string label = {};
  std::vector<ParamChoice> choices = {};
  // It deals what is hidden or drawn (a seed, RAIInet's placements): a game
  // open to strangers may not name it (the web deals such games itself).
  bool deals = false;
};

// Whether `name` is one of `specs` that deals (ParamSpec::deals).
bool deals(const std::vector<ParamSpec>& specs, std::string_view name);

// Reading parameters: each game's make() takes what it knows and refuses the
// rest, with messages that name the parameter and what it may be.
class ParamReader {
 public:
  ParamReader(const Params& params, const std::vector<ParamSpec>& specs)
      : params_(params), specs_(specs) {}

  // The value given, or the default.
  std::string text(std::string_view name) const;
  // An integer in [low, high]; on a bad value records the error.
  int integer(std::string_view name, int low, int high);
  // One of `choices`; returns its index.
  int choice(std::string_view name, const std::vector<std::string>& choices);
  // The first error, or a parameter no spec names.
  std::optional<std::string> error() const;
  // Every parameter of the specs, as given or by default.
  Params filled() const;

 private:
  const Params& params_;
  const std::vector<ParamSpec>& specs_;
  std::optional<std::string> error_;
};

}  // namespace engine
