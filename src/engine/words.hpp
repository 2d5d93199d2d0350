// Small text helpers shared by the command readers: splitting a line into
// words and reading whole numbers without exceptions or overflow.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace engine {

bool is_space(char c);
std::string_view trim(std::string_view text);
// Words separated by any run of white space (spaces, tabs, line ends).
std::vector<std::string_view> split_words(std::string_view line);
// The lines of a text, without their newlines (a last line without one too).
std::vector<std::string_view> split_lines(std::string_view text);
// An optionally signed decimal of at most nine digits; nothing else.
std::optional<int> parse_int(std::string_view text);
// Input echoed in a message, the same way in every program: bytes outside
// printable ASCII as '?', and cut after `max_length` with "...".
std::string printable(std::string_view text, std::size_t max_length = 40);

}  // namespace engine
