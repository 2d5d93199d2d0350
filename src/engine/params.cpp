#include "engine/params.hpp"

#include <algorithm>

#include "engine/words.hpp"

namespace engine {

bool deals(const std::vector<ParamSpec>& specs, std::string_view name) {
  return std::any_of(specs.begin(), specs.end(),
                     [&](const ParamSpec& p) { return p.deals && p.name == name; });
}

std::string ParamReader::text(std::string_view name) const {
  if (const auto it = params_.find(name); it != params_.end()) return it->second;
  for (const ParamSpec& spec : specs_) {
    if (spec.name == name) return spec.default_value;
  }
  return "";
}

int ParamReader::integer(std::string_view name, int low, int high) {
  const std::string value = text(name);
  const auto n = parse_int(value);
  if (!n || *n < low || *n > high) {
    if (!error_) {
      error_ = std::string(name) + "=" + printable(value) + ": " + std::string(name) +
               " is a whole number from " + std::to_string(low) + " to " + std::to_string(high);
    }
    return low;
  }
  return *n;
}

int ParamReader::choice(std::string_view name, const std::vector<std::string>& choices) {
  const std::string value = text(name);
  const auto it = std::find(choices.begin(), choices.end(), value);
  if (it == choices.end()) {
    std::string list;
    for (std::size_t i = 0; i < choices.size(); ++i)
      list += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + choices[i];
    if (!error_)
      error_ =
          std::string(name) + "=" + printable(value) + ": " + std::string(name) + " is " + list;
    return 0;
  }
  return static_cast<int>(it - choices.begin());
}

Params ParamReader::filled() const {
  Params all;
  for (const ParamSpec& spec : specs_) all[spec.name] = text(spec.name);
  return all;
}

std::optional<std::string> ParamReader::error() const {
  if (error_) return error_;
  for (const auto& entry : params_) {
    const std::string& name = entry.first;
    const bool known = std::any_of(specs_.begin(), specs_.end(),
                                   [&](const ParamSpec& s) { return s.name == name; });
    if (!known) {
      std::string names;
      for (const ParamSpec& s : specs_) names += (names.empty() ? "" : ", ") + s.name;
      return "unknown parameter \"" + printable(name) + "\"; the parameters are " +
             (names.empty() ? "none" : names);
    }
  }
  return std::nullopt;
}

}  // namespace engine
