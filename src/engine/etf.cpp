#include "engine/etf.hpp"

#include <cctype>
#include <fstream>
#include <iostream>

#include "engine/words.hpp"

namespace engine::etf {
namespace {

using engine::parse_int;
using engine::trim;

bool is_identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

// Splits "a, b ,c" on commas; an empty text is no argument at all.
std::vector<std::string_view> split_arguments(std::string_view text) {
  std::vector<std::string_view> parts;
  if (trim(text).empty()) return parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    parts.push_back(trim(text.substr(start, comma - start)));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return parts;
}

std::optional<std::string> check_argument(const CommandSpec& spec, std::size_t i,
                                          std::string_view text, int& out) {
  const Param& param = spec.params[i];
  const std::string where =
      spec.name + ": argument " + std::to_string(i + 1) + " (" + param.name + ")";
  const std::string shown = printable_echo(text, 20);
  if (param.is_enumeration()) {
    for (std::size_t k = 0; k < param.choices.size(); ++k) {
      if (param.choices[k] == text) {
        out = static_cast<int>(k);
        return std::nullopt;
      }
    }
    return where + " must be one of " + param.type_text() + ", not \"" + shown + "\"";
  }
  const std::optional<int> value = parse_int(text);
  if (!value)
    return where + " must be a whole number in " + param.type_text() + ", not \"" + shown + "\"";
  if (*value < param.low || *value > param.high) {
    return where + " must be in " + param.type_text() + ", not " + std::to_string(*value);
  }
  out = *value;
  return std::nullopt;
}

std::string command_names(const std::vector<CommandSpec>& commands) {
  std::string names;
  for (const CommandSpec& spec : commands) names += (names.empty() ? "" : ", ") + spec.name;
  return names;
}

}  // namespace

std::string Param::type_text() const {
  if (!is_enumeration()) return std::to_string(low) + ".." + std::to_string(high);
  std::string text;
  for (const std::string& choice : choices) text += (text.empty() ? "" : "|") + choice;
  return text;
}

std::string CommandSpec::usage() const {
  if (params.empty()) return name;
  std::string text = name + "(";
  for (std::size_t i = 0; i < params.size(); ++i) {
    text += (i ? "; " : "") + params[i].name + ": " + params[i].type_text();
  }
  return text + ")";
}

std::string Command::text() const {
  if (spec->params.empty()) return spec->name;
  std::string text = spec->name + "(";
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (i) text += ",";
    text += spec->params[i].is_enumeration() ? choice(i) : std::to_string(args[i]);
  }
  return text + ")";
}

std::optional<std::size_t> Grammar::find(std::string_view name) const {
  for (std::size_t i = 0; i < commands_.size(); ++i) {
    if (commands_[i].name == name) return i;
  }
  return std::nullopt;
}

std::variant<Command, SyntaxError> Grammar::parse(std::string_view line) const {
  line = trim(line);
  if (line.empty()) return SyntaxError{"empty command"};
  std::size_t name_end = 0;
  while (name_end < line.size() && is_identifier_char(line[name_end])) ++name_end;
  const std::string_view name = line.substr(0, name_end);
  const std::optional<std::size_t> index = find(name);
  if (name.empty() || !index) {
    const std::string_view word = name.empty() ? line : name;
    return SyntaxError{"unknown command \"" + printable_echo(word, 30) + "\"; the commands are " +
                       command_names(commands_)};
  }
  const CommandSpec& spec = commands_[*index];
  const std::string_view rest = trim(line.substr(name_end));
  std::vector<std::string_view> texts;
  if (!rest.empty()) {
    if (rest.front() != '(' || rest.back() != ')') {
      return SyntaxError{"malformed " + spec.name + ": write it as " + spec.usage()};
    }
    texts = split_arguments(rest.substr(1, rest.size() - 2));
  }
  if (texts.size() != spec.params.size()) {
    return SyntaxError{spec.name + " takes " + std::to_string(spec.params.size()) +
                       " argument(s), not " + std::to_string(texts.size()) + ": " + spec.usage()};
  }
  Command command{&spec, *index, std::vector<int>(texts.size())};
  for (std::size_t i = 0; i < texts.size(); ++i) {
    if (auto error = check_argument(spec, i, texts[i], command.args[i])) return SyntaxError{*error};
  }
  return command;
}

std::string printable_echo(std::string_view line, std::size_t max_length) {
  std::string out;
  const std::size_t shown = std::min(line.size(), max_length);
  out.reserve(shown + 3);
  for (std::size_t i = 0; i < shown; ++i) {
    const auto c = static_cast<unsigned char>(line[i]);
    out += (c >= 0x20 && c < 0x7f) ? static_cast<char>(c) : '?';
  }
  if (line.size() > max_length) out += "...";
  return out;
}

void run_transcript(std::istream& in, std::ostream& out, const Grammar& grammar, Session& session) {
  out << session.welcome() << std::flush;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line.starts_with("--")) continue;
    auto parsed = grammar.parse(line);
    if (auto* error = std::get_if<SyntaxError>(&parsed)) {
      out << "->" << printable_echo(trim(line)) << "\n  Error: " << error->reason << "\n";
    } else {
      const Command& command = std::get<Command>(parsed);
      out << "->" << command.text() << "\n" << session.execute(command);
    }
    out << std::flush;
  }
}

int run_main(int argc, const char* const* argv, const Grammar& grammar, Session& session) {
  const std::string program = argc > 0 ? argv[0] : "etf";
  const std::string usage = "usage: " + program + " [-b FILE | -i]\n";
  if (argc == 1 || (argc == 2 && std::string_view(argv[1]) == "-i")) {
    run_transcript(std::cin, std::cout, grammar, session);
    return 0;
  }
  if (argc == 3 && std::string_view(argv[1]) == "-b") {
    std::ifstream file(argv[2], std::ios::binary);
    if (!file) {
      std::cerr << program << ": cannot open \"" << argv[2] << "\"\n";
      return 2;
    }
    run_transcript(file, std::cout, grammar, session);
    return 0;
  }
  std::cerr << usage;
  return 2;
}

}  // namespace engine::etf
