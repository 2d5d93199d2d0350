// What a front end shows beside a game's board, as data (docs/views.md,
// "Panels and guides"): a view's "panel" (the seat's side, a hint, counters
// as a table or bars, lines, cards to pick) and a state's guide (how to
// play, and a legend of the board's marks). The page draws them without
// knowing the game; these make their parts alike in every game.
#pragma once

#include <array>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace engine::panel {

using json = nlohmann::json;

// The seats' colours in words, in the order the page paints them (its
// colours.js): player 1 yellow, player 2 green, then an Amazons game's others.
inline constexpr std::array<const char*, 8> kSeatColours = {"yellow", "green", "blue", "red",
                                                            "purple", "teal",  "pink", "brown"};

inline std::string seat_colour(int seat) {
  return seat >= 0 && seat < static_cast<int>(kSeatColours.size()) ? kSeatColours[seat] : "grey";
}

// A mark: a seat's colour with `text` on it; a colour of the page's palette
// by name ("burnt", "enemies.G") or "#rrggbb"; bold text, gold or not; text
// with a class of the page's style sheet; the last turn's three marks.
inline json seat_mark(int seat, std::string text = "") {
  return {{"seat", seat}, {"text", std::move(text)}};
}
inline json colour_mark(std::string colour, std::string text = "") {
  return {{"colour", std::move(colour)}, {"text", std::move(text)}};
}
inline json bold_mark(std::string text, bool gold = false) {
  return {{"bold", std::move(text)}, {"gold", gold}};
}
inline json styled_mark(std::string css_class, std::string text = "") {
  return {{"class", std::move(css_class)}, {"text", std::move(text)}};
}
inline json last_turn_mark() {
  return {{"last", true}};
}

// A legend's line: a mark (or several), and what it stands for.
inline json legend_line(json mark, std::string text) {
  return {{"marks", mark.is_array() ? std::move(mark) : json::array({std::move(mark)})},
          {"text", std::move(text)}};
}

// The viewer's side: its name, and its seat's colour (or a colour by name).
inline json seat_side(int seat, std::string name) {
  return {{"name", std::move(name)}, {"seat", seat}};
}
inline json colour_side(std::string colour, std::string name) {
  return {{"name", std::move(name)}, {"colour", std::move(colour)}};
}

// A table of counters: a cell is text or a seat's mark and name.
inline json seat_cell(int seat, std::string mark, std::string name) {
  return {{"seat", seat}, {"mark", std::move(mark)}, {"text", std::move(name)}};
}
inline json table(std::vector<std::string> head, json rows) {
  return {{"head", std::move(head)}, {"rows", std::move(rows)}};
}

// A counter as a bar: its name, how much of how much, its colour by name.
inline json bar(std::string name, long long value, long long most, std::string colour) {
  return {
      {"name", std::move(name)}, {"value", value}, {"most", most}, {"colour", std::move(colour)}};
}

// A guide: lines of how to play, then the legend's lines.
inline json guide(std::vector<std::string> how, json legend) {
  return {{"how", std::move(how)}, {"legend", std::move(legend)}};
}

}  // namespace engine::panel
