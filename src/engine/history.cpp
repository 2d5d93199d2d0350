#include "engine/history.hpp"

#include <algorithm>

#include "engine/words.hpp"

namespace engine {

std::string history_text(const Params& params, const std::vector<std::string>& actions) {
  std::string text;
  for (const auto& [name, value] : params) text += (text.empty() ? "" : " ") + name + "=" + value;
  text += "\n";
  for (const std::string& action : actions) text += action + "\n";
  return text;
}

std::optional<std::uint64_t> parse_count(std::string_view text) {
  std::uint64_t n = 0;
  if (text.empty() || text.size() > 18) return std::nullopt;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return n;
}

std::optional<History> parse_history(std::string_view text) {
  History history;
  const std::size_t end = std::min(text.find('\n'), text.size());
  for (std::string_view word : split_words(text.substr(0, end))) {
    const std::size_t eq = word.find('=');
    if (eq == std::string_view::npos || eq == 0) return std::nullopt;
    history.params[std::string(word.substr(0, eq))] = std::string(word.substr(eq + 1));
  }
  for (std::size_t start = end + 1; start < text.size();) {
    const std::size_t stop = std::min(text.find('\n', start), text.size());
    if (stop > start) history.actions.emplace_back(text.substr(start, stop - start));
    start = stop + 1;
  }
  return history;
}

}  // namespace engine
