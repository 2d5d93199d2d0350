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
// The fields of a list such as "a,b,,c" (every separator splits: empty
// fields stay, "" is one empty field).
std::vector<std::string> split_on(std::string_view text, char separator);
// The text with ASCII capitals made small ("Ann" -> "ann"); other bytes
// as they are.
std::string lower_case(std::string text);
// The words of a line as a reader of other programs' prose takes them: its
// runs of ASCII letters and of digits, in lower case, a number glued to a
// word split off ("Player2 WINS!": "player", "2", "wins").
std::vector<std::string> plain_words(std::string_view line);
// An optionally signed decimal of at most nine digits; nothing else.
std::optional<int> parse_int(std::string_view text);
// Input echoed in a message, the same way in every program: bytes outside
// printable ASCII as '?', and cut after `max_length` with "...".
std::string printable(std::string_view text, std::size_t max_length = 40);
// The text with every byte that is not part of a valid UTF-8 character
// written as \xNN: what another program printed, made fit for JSON.
std::string escape_invalid_utf8(std::string_view text);
// Text fit for a terminal: every control character but the line feed (C0,
// DEL, and C1 such as U+009B, which starts an escape sequence as ESC [
// does) and every byte outside valid UTF-8 written as \xNN, so that what
// another program wrote can neither move the cursor nor retitle the window.
std::string terminal_safe(std::string_view text);
// `line` without its terminal escape sequences, as a screen would show it:
// CSI (ESC [ ... a final byte: colours, cursor moves), OSC (ESC ] ... BEL or
// ESC \: titles), and the two- and three-byte escapes (ESC ( B and the like).
std::string without_terminal_escapes(std::string_view line);
// The length of the longest valid UTF-8 character at the start of `text`
// (1 to 4), or 0 if it does not start with one.
std::size_t utf8_char_length(std::string_view text);

// The day of a time (milliseconds since 1970, UTC) as records write it:
// "2026-11-29".
std::string utc_date(std::int64_t ms_since_epoch);

}  // namespace engine
