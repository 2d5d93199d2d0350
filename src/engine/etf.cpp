// ETF's scanner (etf_evt_scanner_def.l), parser (etf_evt_trace_parser_def.y)
// and type check (find_invalid_evt_trace), written again for a C++ grammar
// table. Where ETF reports a position, it is the line and column where the
// scanner's last match began (whitespace and comments count as matches), so
// the scanner below matches the same texts in the same order.
#include "engine/etf.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <optional>

#include "engine/words.hpp"

namespace engine::etf {
namespace {

enum class Token {
  End,
  Ident,
  Number,
  Real,
  CharLit,
  StrLit,
  True,
  False,
  Comma,
  LParen,
  RParen,
  LBracket,
  RBracket,
  LAngle,
  RAngle,
  Minus,
  Other  // a token of ETF's scanner that this grammar never accepts
};

bool is_letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) ==
           std::tolower(static_cast<unsigned char>(y));
  });
}

// The words ETF's scanner reserves for its type language.
constexpr std::array<std::string_view, 13> kKeywords = {
    "system", "BOOL",   "BOOLEAN", "CHAR",  "CHARACTER", "INTEGER_64", "INTEGER",
    "REAL",   "STRING", "VALUE",   "TUPLE", "ARRAY",     "type"};

class Scanner {
 public:
  explicit Scanner(std::string_view text) : text_(text) {}

  // The next token; `line()` and `column()` are then where it began (at the
  // end of the text, where the last ignored match began).
  Token next() {
    while (pos_ < text_.size()) {
      const std::size_t length = ignored_length();
      if (length == 0) break;
      advance(length);
    }
    if (pos_ >= text_.size()) return Token::End;
    const auto [token, length] = token_at();
    token_text_ = text_.substr(pos_, length);
    if (token == Token::Ident || token == Token::Number || token == Token::Real ||
        token == Token::True || token == Token::False) {
      last_string_value_ = std::string(token_text_);
    } else if (token == Token::StrLit) {
      last_string_value_ = std::string(token_text_.substr(1, length - 2));
    }
    advance(length);
    return token;
  }

  int line() const { return line_; }
  int column() const { return column_; }
  std::string_view token_text() const { return token_text_; }
  // ETF's last_string_value: the text of the last word, number or boolean,
  // or the contents of the last string literal.
  const std::string& last_string_value() const { return last_string_value_; }

 private:
  // Whitespace ([ \t\r]+), a new line or '?' (ETF's [\n\r?]), a comment.
  std::size_t ignored_length() const {
    const char c = text_[pos_];
    if (c == ' ' || c == '\t' || c == '\r') {
      std::size_t end = pos_;
      while (end < text_.size() && (text_[end] == ' ' || text_[end] == '\t' || text_[end] == '\r'))
        ++end;
      return end - pos_;
    }
    if (c == '\n' || c == '?') return 1;
    if (text_.substr(pos_).starts_with("--")) {
      const std::size_t end = text_.find('\n', pos_);
      return (end == std::string_view::npos ? text_.size() : end) - pos_;
    }
    return 0;
  }

  std::pair<Token, std::size_t> token_at() const {
    const std::string_view rest = text_.substr(pos_);
    const char c = rest[0];
    if (is_letter(c)) {
      std::size_t n = 1;
      while (n < rest.size() && (is_letter(rest[n]) || is_digit(rest[n]) || rest[n] == '_')) ++n;
      const std::string_view word = rest.substr(0, n);
      if (std::find(kKeywords.begin(), kKeywords.end(), word) != kKeywords.end())
        return {Token::Other, n};
      if (equals_ignoring_case(word, "true")) return {Token::True, n};
      if (equals_ignoring_case(word, "false")) return {Token::False, n};
      return {Token::Ident, n};
    }
    if (is_digit(c)) {
      std::size_t n = 1;
      while (n < rest.size() && is_digit(rest[n])) ++n;
      if (n + 1 < rest.size() && rest[n] == '.' && is_digit(rest[n + 1])) {
        n += 2;
        while (n < rest.size() && is_digit(rest[n])) ++n;
        return {Token::Real, n};
      }
      return {Token::Number, n};
    }
    switch (c) {
      case ',':
        return {Token::Comma, 1};
      case '(':
        return {Token::LParen, 1};
      case ')':
        return {Token::RParen, 1};
      case '[':
        return {Token::LBracket, 1};
      case ']':
        return {Token::RBracket, 1};
      case '<':
        return {Token::LAngle, 1};
      case '>':
        return {Token::RAngle, 1};
      case '-':
        return {Token::Minus, 1};
      case '.':
        return {Token::Other, rest.starts_with("..") ? 2u : 1u};
      case '\'':
        if (rest.size() >= 3 && rest[1] != '\n' && rest[2] == '\'') return {Token::CharLit, 3};
        return {Token::Other, 1};
      case '"':
        if (const std::size_t n = string_literal_length(rest)) return {Token::StrLit, n};
        return {Token::Other, 1};
      default:
        return {Token::Other, 1};
    }
  }

  // The longest match of \"(\\.|[^"])*\" at the start of `rest`, or 0. A
  // backslash may be an escape (with the next character) or a character of
  // its own, so the body can be at two positions at once: `here` is whether
  // it can be at k, `ahead` whether at k + 1.
  static std::size_t string_literal_length(std::string_view rest) {
    std::size_t longest = 0;
    bool here = true, ahead = false;
    for (std::size_t k = 1; k < rest.size() && (here || ahead); ++k) {
      bool after_ahead = false;
      if (here) {
        if (rest[k] == '"') {
          longest = k + 1;
        } else {
          ahead = true;
        }
        if (rest[k] == '\\' && k + 1 < rest.size() && rest[k + 1] != '\n') after_ahead = true;
      }
      here = ahead;
      ahead = after_ahead;
    }
    return longest;
  }

  void advance(std::size_t length) {
    line_ = next_line_;
    column_ = next_column_;
    for (std::size_t i = 0; i < length; ++i) {
      if (text_[pos_ + i] == '\n') {
        ++next_line_;
        next_column_ = 1;
      } else {
        ++next_column_;
      }
    }
    pos_ += length;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  int line_ = 1, column_ = 1;
  int next_line_ = 1, next_column_ = 1;
  std::string_view token_text_;
  std::string last_string_value_;
};

// An argument as ETF's parser builds it.
struct Argument {
  enum class Kind { Integer, Value, Enum, Bool, Char, String, Tuple, Array };
  Kind kind = Kind::Value;
  int integer = 0;              // Integer
  std::string source;           // what ETF prints for it (its src_out), or the Integer's digits
  std::vector<Argument> items;  // Tuple, Array

  std::string out() const {
    if (kind == Kind::Tuple || kind == Kind::Array) {
      std::string text = kind == Kind::Tuple ? "[" : "<<";
      for (std::size_t i = 0; i < items.size(); ++i) text += (i ? ", " : "") + items[i].out();
      return text + (kind == Kind::Tuple ? "]" : ">>");
    }
    return source;
  }
};

struct Event {
  std::string name;
  std::vector<Argument> args;
  int line = 1;  // of the text, where the event's name is
};

// ETF's VALUE as an INTEGER_32, when its decimal text is one.
std::optional<int> as_integer(std::string_view text) {
  if (text.find('.') != std::string_view::npos) return std::nullopt;
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// VALUE's precise_out: the number without leading zeros or a negative zero.
std::string precise_out(std::string_view text) {
  const bool negative = text.starts_with('-');
  if (negative) text.remove_prefix(1);
  const std::size_t point = std::min(text.find('.'), text.size());
  std::size_t first = 0;
  while (first + 1 < point && text[first] == '0') ++first;
  std::string digits(text.substr(first));
  const bool zero =
      std::all_of(digits.begin(), digits.end(), [](char c) { return c == '0' || c == '.'; });
  return (negative && !zero ? "-" : "") + digits;
}

// ETF's event-trace parser. Its LALR tables reduce an argument as soon as its
// last token is read, before any lookahead, so the semantic errors below are
// reported at that token; a syntax error at the first token that cannot
// follow (the end of the text included).
class Parser {
 public:
  Parser(const Grammar& grammar, std::string_view text) : grammar_(grammar), scanner_(text) {}

  // The events, or ETF's last_error.
  std::variant<std::vector<Event>, std::string> parse() {
    std::vector<Event> events;
    advance();
    while (lookahead_ == Token::Ident) {
      Event event{std::string(scanner_.token_text()), {}, scanner_.line()};
      spec_ = grammar_.find(event.name);
      advance();
      if (lookahead_ == Token::LParen && !argument_list(event)) return last_error_;
      events.push_back(std::move(event));
    }
    if (lookahead_ != Token::End) return parse_error();
    if (!last_error_.empty()) return last_error_;
    return events;
  }

 private:
  void advance() { lookahead_ = scanner_.next(); }

  void report_error(const std::string& message) {
    last_error_ = message + " (Line " + std::to_string(scanner_.line()) + ", Column " +
                  std::to_string(scanner_.column()) + ")";
  }
  std::string parse_error() {
    report_error("parse error");
    return last_error_;
  }

  // '(' evt_arg (',' evt_arg)* ')'
  bool argument_list(Event& event) {
    do {
      advance();
      std::optional<Argument> arg = event_argument();
      if (!arg) return false;
      add_argument(event, std::move(*arg));
      advance();
    } while (lookahead_ == Token::Comma);
    if (lookahead_ != Token::RParen) {
      parse_error();
      return false;
    }
    advance();
    return true;
  }

  // The actions of evt_arg_list: an argument of a known command is converted
  // by its parameter's type; one too many is an error.
  void add_argument(Event& event, Argument arg) {
    if (!spec_) {
      event.args.push_back(std::move(arg));
      return;
    }
    if (event.args.size() >= spec_->params.size()) {
      report_error("Too many arguments passed for \"" + spec_->name + "\"");
      return;
    }
    const Param& param = spec_->params[event.args.size()];
    if (!param.is_enumeration() && arg.kind == Argument::Kind::Value) {
      if (const std::optional<int> value = as_integer(arg.source)) {
        arg = Argument{Argument::Kind::Integer, *value, std::to_string(*value), {}};
      } else {
        report_error("Invalid number for 32-bit integer " + precise_out(arg.source));
      }
    }
    event.args.push_back(std::move(arg));
  }

  // evt_arg, its first token being the lookahead; ends on its last token.
  std::optional<Argument> event_argument() {
    if (lookahead_ != Token::LAngle) return primitive_argument();
    advance();
    if (lookahead_ != Token::LAngle) return error_argument();
    Argument array{Argument::Kind::Array, 0, "", {}};
    advance();
    if (lookahead_ != Token::RAngle) {
      while (true) {
        std::optional<Argument> item = primitive_argument();
        if (!item) return std::nullopt;
        array.items.push_back(std::move(*item));
        advance();
        if (lookahead_ != Token::Comma) break;
        advance();
      }
      if (lookahead_ != Token::RAngle) return error_argument();
    }
    advance();
    if (lookahead_ != Token::RAngle) return error_argument();
    return array;
  }

  // primitive_arg: a simple argument or a tuple '[' ... ']'.
  std::optional<Argument> primitive_argument() {
    if (lookahead_ != Token::LBracket) return simple_argument();
    Argument tuple{Argument::Kind::Tuple, 0, "", {}};
    advance();
    if (lookahead_ != Token::RBracket) {
      while (true) {
        std::optional<Argument> item = simple_argument();
        if (!item) return std::nullopt;
        tuple.items.push_back(std::move(*item));
        advance();
        if (lookahead_ != Token::Comma) break;
        advance();
      }
      if (lookahead_ != Token::RBracket) return error_argument();
    }
    return tuple;
  }

  std::optional<Argument> simple_argument() {
    using Kind = Argument::Kind;
    const std::string text(scanner_.token_text());
    switch (lookahead_) {
      case Token::True:
      case Token::False:
        return Argument{Kind::Bool, 0, text, {}};
      case Token::CharLit:
        // ETF prints a character argument as its scanner's last string value.
        return Argument{Kind::Char, 0, scanner_.last_string_value(), {}};
      case Token::StrLit:
        return Argument{Kind::String, 0, scanner_.last_string_value(), {}};
      case Token::Number:
      case Token::Real:
        return Argument{Kind::Value, 0, text, {}};
      case Token::Minus:
        advance();
        if (lookahead_ != Token::Number && lookahead_ != Token::Real) return error_argument();
        return Argument{Kind::Value, 0, "-" + std::string(scanner_.token_text()), {}};
      case Token::Ident:
        if (!grammar_.is_enumeration_item(text)) report_error("Unknown identifier " + text);
        return Argument{Kind::Enum, 0, text, {}};
      default:
        return error_argument();
    }
  }

  std::optional<Argument> error_argument() {
    parse_error();
    return std::nullopt;
  }

  const Grammar& grammar_;
  Scanner scanner_;
  Token lookahead_ = Token::End;
  const CommandSpec* spec_ = nullptr;
  std::string last_error_;
};

bool conforms(const Argument& arg, const Param& param) {
  if (param.is_enumeration()) {
    return arg.kind == Argument::Kind::Enum &&
           std::find(param.choices.begin(), param.choices.end(), arg.source) != param.choices.end();
  }
  return arg.kind == Argument::Kind::Integer && param.low <= arg.integer &&
         arg.integer <= param.high;
}

bool conforms(const Event& event, const CommandSpec& spec) {
  if (event.args.size() != spec.params.size()) return false;
  for (std::size_t i = 0; i < event.args.size(); ++i) {
    if (!conforms(event.args[i], spec.params[i])) return false;
  }
  return true;
}

std::string event_text(const Event& event) {
  std::string text = event.name + "(";
  for (std::size_t i = 0; i < event.args.size(); ++i) text += (i ? ", " : "") + event.args[i].out();
  return text + ")";
}

Command to_command(const Grammar& grammar, const Event& event) {
  const CommandSpec* spec = grammar.find(event.name);
  Command command{spec, static_cast<std::size_t>(spec - grammar.commands().data()), {}, event.line};
  for (std::size_t i = 0; i < event.args.size(); ++i) {
    const Param& param = spec->params[i];
    const auto& choices = param.choices;
    command.args.push_back(
        param.is_enumeration()
            ? static_cast<int>(std::find(choices.begin(), choices.end(), event.args[i].source) -
                               choices.begin())
            : event.args[i].integer);
  }
  return command;
}

const char* const kSyntaxError =
    "Syntax Error: specification of command executions cannot be parsed";
const char* const kTypeError =
    "Type Error: specification of command executions is not type-correct";

}  // namespace

std::string Param::declaration() const {
  std::string text = name + ": " + type + " = ";
  if (!is_enumeration()) return text + std::to_string(low) + " .. " + std::to_string(high);
  text += "{";
  for (std::size_t i = 0; i < choices.size(); ++i) text += (i ? ", " : "") + choices[i];
  return text + "}";
}

std::string CommandSpec::declaration() const {
  if (params.empty()) return name;
  std::string text = name + "(";
  for (std::size_t i = 0; i < params.size(); ++i)
    text += (i ? " ; " : "") + params[i].declaration();
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

const CommandSpec* Grammar::find(std::string_view name) const {
  for (const CommandSpec& spec : commands_) {
    if (spec.name == name) return &spec;
  }
  return nullptr;
}

bool Grammar::is_enumeration_item(std::string_view name) const {
  for (const CommandSpec& spec : commands_) {
    for (const Param& param : spec.params) {
      if (std::find(param.choices.begin(), param.choices.end(), name) != param.choices.end())
        return true;
    }
  }
  return false;
}

std::variant<std::vector<Command>, InputError> Grammar::check(std::string_view text) const {
  auto parsed = Parser(*this, text).parse();
  if (auto* error = std::get_if<std::string>(&parsed)) {
    return InputError{std::string(kSyntaxError) + "\n" + *error};
  }
  const auto& events = std::get<std::vector<Event>>(parsed);
  std::string invalid;
  for (const Event& event : events) {
    const CommandSpec* spec = find(event.name);
    std::string line;
    if (!spec) {
      line = "Error: unknown event name " + event.name;
    } else if (!conforms(event, *spec)) {
      line = event_text(event) + " does not conform to declaration " + spec->declaration();
    }
    if (!line.empty()) invalid += (invalid.empty() ? "" : "\n") + line;
  }
  if (!invalid.empty()) return InputError{std::string(kTypeError) + "\n" + invalid};
  std::vector<Command> commands;
  commands.reserve(events.size());
  for (const Event& event : events) commands.push_back(to_command(*this, event));
  return commands;
}

std::variant<Command, InputError> Grammar::parse(std::string_view line) const {
  auto checked = check(line);
  if (auto* error = std::get_if<InputError>(&checked)) return *error;
  auto& commands = std::get<std::vector<Command>>(checked);
  if (commands.size() != 1) {
    return InputError{"expected one command, found " + std::to_string(commands.size())};
  }
  return commands.front();
}

namespace {

// "A to J", "1 to 30", "N, NE, E or W".
std::string values_in_words(const Param& param) {
  if (!param.is_enumeration())
    return std::to_string(param.low) + " to " + std::to_string(param.high);
  const auto& c = param.choices;
  // Letters in a run (rows A to J): the first and the last.
  bool run = c.size() > 3;
  for (std::size_t i = 0; run && i < c.size(); ++i)
    run = c[i].size() == 1 && c[i][0] == c[0][0] + static_cast<char>(i);
  if (run) return c.front() + " to " + c.back();
  std::string text;
  for (std::size_t i = 0; i < c.size(); ++i)
    text += (i == 0 ? "" : i + 1 == c.size() ? " or " : ", ") + c[i];
  return text;
}

// "move(ROW, COLUMN) with ROW A to J and COLUMN 1 to 30, for example
// move(A,1)"; "fire".
std::string command_in_words(const CommandSpec& spec) {
  if (spec.params.empty()) return spec.name;
  std::string form = spec.name + "(", with = " with ", example = spec.name + "(";
  for (std::size_t i = 0; i < spec.params.size(); ++i) {
    const Param& p = spec.params[i];
    std::string name = p.name;
    for (char& ch : name) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    form += (i ? ", " : "") + name;
    with += (i ? " and " : "") + name + " " + values_in_words(p);
    example += (i ? "," : "") + (p.is_enumeration() ? p.choices.front() : std::to_string(p.low));
  }
  return form + ")" + with + ", for example " + example + ")";
}

}  // namespace

std::string explain_refusal(const Grammar& grammar, std::string_view text,
                            const std::vector<std::string>& names) {
  std::string_view name = text.substr(0, text.find('('));
  while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back())))
    name.remove_suffix(1);
  while (!name.empty() && std::isspace(static_cast<unsigned char>(name.front())))
    name.remove_prefix(1);
  const std::string typed = "\"" + printable(text, 60) + "\"";
  const bool known = std::find(names.begin(), names.end(), name) != names.end();
  if (const CommandSpec* spec = grammar.find(name); known && spec)
    return typed + " is not understood: type " + command_in_words(*spec) + ".";
  std::string list;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const CommandSpec* spec = grammar.find(names[i]);
    if (!spec) continue;
    list += (list.empty() ? "" : "; ") + command_in_words(*spec);
  }
  return typed + " is not a command here. The commands: " + list + ".";
}

std::string Grammar::man_page() const {
  std::string text;
  for (const CommandSpec& spec : commands_) {
    text += spec.name;
    if (!spec.params.empty()) {
      text += "(\n";
      for (std::size_t i = 0; i < spec.params.size(); ++i) {
        text += "    " + spec.params[i].declaration() + (i + 1 < spec.params.size() ? " ; " : "") +
                "\n";
      }
      text += ")";
    }
    text += "\n";
  }
  return text;
}

std::string error_reason(const std::string& output) {
  const std::size_t line = output.find('\n');
  std::string reason = line == std::string::npos ? output : output.substr(line + 1);
  reason.erase(0, reason.find_first_not_of(" \n"));
  while (!reason.empty() && (reason.back() == '\n' || reason.back() == ' ')) reason.pop_back();
  return reason.empty() ? "refused" : reason;
}

}  // namespace engine::etf
