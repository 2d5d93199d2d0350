// web::Store's read-modify-write of a record: safe between servers that
// share a database (each writes only over the text it read).
#include "web/store.hpp"

namespace web {

std::optional<std::string> Store::update_record(
    const std::string& kind, const std::string& key,
    const std::function<std::optional<std::string>(const std::optional<std::string>&)>& change) {
  // Each try loses only to a write made between its read and its own: a
  // few tries are enough unless the database keeps failing.
  constexpr int kTries = 16;
  for (int attempt = 0; attempt < kTries; ++attempt) {
    const std::optional<std::string> before = record(kind, key);
    const std::optional<std::string> after = change(before);
    if (!after) return std::nullopt;
    const bool written = before ? replace_record(kind, key, *before, *after)
                                : put_record(kind, key, *after, true) == Written::Kept;
    if (written) return after;
  }
  return std::nullopt;
}

}  // namespace web
