#include "engine/words.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <utility>

namespace engine {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split_words(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !is_space(line[i])) ++i;
    if (i > start) words.push_back(line.substr(start, i - start));
  }
  return words;
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    lines.push_back(text.substr(0, end));
    text.remove_prefix(std::min(end + 1, text.size()));
  }
  return lines;
}

std::vector<std::string> split_on(std::string_view text, char separator) {
  std::vector<std::string> fields;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = std::min(text.find(separator, start), text.size());
    fields.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return fields;
}

std::optional<int> parse_int(std::string_view text) {
  bool negative = false;
  if (!text.empty() && (text.front() == '-' || text.front() == '+')) {
    negative = text.front() == '-';
    text.remove_prefix(1);
  }
  if (text.empty() || text.size() > 9) return std::nullopt;
  int value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return negative ? -value : value;
}

std::string lower_case(std::string text) {
  for (char& c : text) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return text;
}

std::vector<std::string> plain_words(std::string_view line) {
  std::vector<std::string> words;
  std::string word;
  const auto kind = [](char c) {
    return std::isdigit(static_cast<unsigned char>(c))   ? 1
           : std::isalpha(static_cast<unsigned char>(c)) ? 2
                                                         : 0;
  };
  int word_kind = 0;
  for (const char c : line) {
    const int k = kind(c);
    if (k != word_kind && !word.empty()) words.push_back(std::exchange(word, {}));
    word_kind = k;
    if (k) word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (!word.empty()) words.push_back(std::move(word));
  return words;
}

std::string printable(std::string_view text, std::size_t max_length) {
  std::string out;
  for (char c : text.substr(0, max_length)) {
    out +=
        (static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f) ? c : '?';
  }
  return text.size() > max_length ? out + "..." : out;
}

std::size_t utf8_char_length(std::string_view text) {
  if (text.empty()) return 0;
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xbf;  // the second byte's range (RFC 3629)
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead == 0xe0) low = 0xa0;   // no overlong forms
    if (lead == 0xed) high = 0x9f;  // no surrogates
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead == 0xf0) low = 0x90;
    if (lead == 0xf4) high = 0x8f;  // nothing past U+10FFFF
  } else {
    return 0;
  }
  if (text.size() < length || byte(1) < low || byte(1) > high) return 0;
  for (std::size_t i = 2; i < length; ++i) {
    if (byte(i) < 0x80 || byte(i) > 0xbf) return 0;
  }
  return length;
}

namespace {

void append_hex(std::string& out, unsigned char b) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += {'\\', 'x', kHex[b >> 4], kHex[b & 15]};
}

// `text` with every byte outside valid UTF-8, and every character `escape`
// says so of, written as \xNN.
template <typename Escape>
std::string escaped(std::string_view text, Escape escape) {
  std::string out;
  out.reserve(text.size());
  while (!text.empty()) {
    const std::size_t n = utf8_char_length(text);
    if (n && !escape(text.substr(0, n))) {
      out.append(text.substr(0, n));
    } else {
      for (char c : text.substr(0, std::max<std::size_t>(n, 1)))
        append_hex(out, static_cast<unsigned char>(c));
    }
    text.remove_prefix(std::max<std::size_t>(n, 1));
  }
  return out;
}

}  // namespace

std::string escape_invalid_utf8(std::string_view text) {
  return escaped(text, [](std::string_view) { return false; });
}

std::string terminal_safe(std::string_view text) {
  return escaped(text, [](std::string_view c) {
    const auto lead = static_cast<unsigned char>(c[0]);
    if (c.size() == 1) return (lead < 0x20 && lead != '\n') || lead == 0x7f;
    // U+0080 to U+009F: C2 80 to C2 9F.
    return c.size() == 2 && lead == 0xc2 && static_cast<unsigned char>(c[1]) <= 0x9f;
  });
}

std::string utc_date(std::int64_t ms_since_epoch) {
  using namespace std::chrono;
  const year_month_day day{floor<days>(sys_time<milliseconds>(milliseconds(ms_since_epoch)))};
  char text[16];
  std::snprintf(text, sizeof text, "%04d-%02u-%02u", static_cast<int>(day.year()),
                static_cast<unsigned>(day.month()), static_cast<unsigned>(day.day()));
  return text;
}

std::string without_terminal_escapes(std::string_view line) {
  std::string out;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] != '\x1b') {
      out += line[i];
      continue;
    }
    if (i + 1 >= line.size()) break;
    const char kind = line[++i];
    if (kind == '[') {
      while (i + 1 < line.size() && !(line[i + 1] >= '@' && line[i + 1] <= '~')) ++i;
      ++i;  // the final byte
    } else if (kind == ']') {
      std::size_t end = i + 1;
      while (end < line.size() && line[end] != '\a' &&
             !(line[end] == '\x1b' && end + 1 < line.size() && line[end + 1] == '\\'))
        ++end;
      i = end < line.size() && line[end] == '\x1b' ? end + 1 : end;  // on its last byte
    } else if (kind == '(' || kind == ')' || kind == '#' || kind == '%') {
      ++i;  // one more byte names the set
    }
  }
  return out;
}

}  // namespace engine
