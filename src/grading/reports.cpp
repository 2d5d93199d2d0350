#include "grading/reports.hpp"

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "engine/words.hpp"

namespace grading {
namespace {

using nlohmann::json;

constexpr const char* kHiddenNote = "a hidden test: what it holds is shown after the due date";

std::string shown(const std::optional<std::string>& line) {
  return line ? "\"" + engine::printable(*line, 200) + "\"" : "(no such line: the output ended)";
}

std::string xml_escaped(std::string_view text) {
  std::string out;
  for (const char c : engine::printable(text, 4000)) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// Text of several lines for XML and HTML: each line printable, escaped,
// the line ends kept.
std::string xml_escaped_lines(std::string_view text) {
  std::string out;
  for (const std::string_view line : engine::split_lines(text)) out += xml_escaped(line) + "\n";
  return out;
}

// The last line of a program's standard error, if it wrote any.
std::string last_error_line(const std::string& tail) {
  std::string_view text = tail;
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
  const std::size_t line = text.rfind('\n');
  return std::string(line == std::string_view::npos ? text : text.substr(line + 1));
}

json difference_json(const std::optional<Difference>& d) {
  if (!d) return nullptr;
  return {{"line", d->line},
          {"expected", d->expected ? json(*d->expected) : json()},
          {"got", d->got ? json(*d->got) : json()}};
}

// A differing line with the characters that differ from `other` marked
// (what lies between their common start and their common end).
std::string marked_line(const std::string& line, const std::optional<std::string>& other) {
  if (!other) return xml_escaped(line);
  std::size_t start = 0;
  while (start < line.size() && start < other->size() && line[start] == (*other)[start]) ++start;
  std::size_t end = 0;
  while (end < line.size() - start && end < other->size() - start &&
         line[line.size() - 1 - end] == (*other)[other->size() - 1 - end])
    ++end;
  const std::string middle = line.substr(start, line.size() - start - end);
  return xml_escaped(line.substr(0, start)) +
         (middle.empty() ? "" : "<strong>" + xml_escaped(middle) + "</strong>") +
         xml_escaped(line.substr(line.size() - end));
}

// One side of a difference: its lines numbered, the differing one marked
// and, in it, the characters that differ from the other side's.
std::string side_html(const Difference& d, const std::vector<std::string>& lines,
                      const std::optional<std::string>& other) {
  std::string out = "<td><pre>";
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const long number = d.context_from + static_cast<long>(k);
    out += number == d.line ? "<mark>" + std::to_string(number) + "  " +
                                  marked_line(lines[k], other) + "</mark>\n"
                            : std::to_string(number) + "  " + xml_escaped(lines[k]) + "\n";
  }
  if (d.context_from + static_cast<long>(lines.size()) <= d.line) out += "<i>(the output ends)</i>";
  return out + "</pre></td>";
}

std::string failure_html(const TestResult& t) {
  std::string out = "<section id=\"" + xml_escaped(t.name) + "\"><h2>" + xml_escaped(t.name) +
                    ": " + xml_escaped(t.verdict) + "</h2>\n";
  if (t.hidden) return out + "<p>" + kHiddenNote + ".</p></section>\n";
  const std::string errors = t.error_tail.empty()
                                 ? ""
                                 : "<p>Its standard error ends:</p><pre class=\"stderr\">" +
                                       xml_escaped_lines(t.error_tail) + "</pre>\n";
  if (!t.difference) return out + "<p>" + xml_escaped(t.detail) + "</p>" + errors + "</section>\n";
  const Difference& d = *t.difference;
  return out + "<p>First difference at line " + std::to_string(d.line) +
         (t.exit_code ? " (it exited " + std::to_string(*t.exit_code) + ")" : "") +
         ".</p>\n<table class=\"diff\"><tr><th>expected</th><th>got</th></tr><tr>" +
         side_html(d, d.expected_context, d.got) + side_html(d, d.got_context, d.expected) +
         "</tr></table>\n" + errors + "</section>\n";
}

std::string csv_field(std::string text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  for (std::size_t at = 0; (at = text.find('"', at)) != std::string::npos; at += 2)
    text.insert(at, 1, '"');
  return "\"" + text + "\"";
}

bool weighted(const Report& report) {
  for (const TestResult& t : report.tests)
    if (t.weight != 1) return true;
  return false;
}

}  // namespace

std::string points(double value) {
  std::ostringstream out;
  if (value == std::floor(value) && std::abs(value) < 1e15) {
    out << static_cast<long long>(value);
  } else {
    out.precision(2);
    out << std::fixed << value;
  }
  return out.str();
}

std::string failure_line(const TestResult& t) {
  if (!t.difference) return t.verdict + ": " + t.detail;
  const Difference& d = *t.difference;
  return "line " + std::to_string(d.line) + ": expected " + shown(d.expected) + ", got " +
         shown(d.got);
}

std::string failure_context(const TestResult& t) {
  std::string out;
  if (t.exit_code && *t.exit_code != 0) out = "exit " + std::to_string(*t.exit_code);
  const std::string error = last_error_line(t.error_tail);
  if (!error.empty())
    out += (out.empty() ? "" : "; ") + std::string("its standard error ends: \"") +
           engine::printable(error, 200) + "\"";
  return out;
}

int Report::passed() const {
  int n = 0;
  for (const TestResult& t : tests) n += t.passed();
  return n;
}

double Report::score() const {
  double sum = 0;
  for (const TestResult& t : tests) sum += t.passed() ? t.weight : 0;
  return sum;
}

double Report::max_score() const {
  double sum = 0;
  for (const TestResult& t : tests) sum += t.weight;
  return sum;
}

void print_summary(const Report& report, std::ostream& out) {
  for (const TestResult& t : report.tests) {
    if (t.passed()) continue;
    const std::string context = failure_context(t);
    out << "FAIL " << t.name << (t.hidden ? " (hidden)" : "") << ": " << failure_line(t)
        << (context.empty() ? "" : " (" + context + ")") << "\n";
  }
  out << report.passed() << " of " << report.tests.size() << " tests pass (" << report.game << ", "
      << report.program << ")\n";
  if (weighted(report))
    out << "score: " << points(report.score()) << " of " << points(report.max_score())
        << " points\n";
}

void print_submission(const std::string& name, const Report& report, std::ostream& out) {
  out << name << ": " << report.passed() << " of " << report.tests.size() << " tests pass";
  if (weighted(report))
    out << ", " << points(report.score()) << " of " << points(report.max_score()) << " points";
  for (const TestResult& t : report.tests) {
    if (t.passed()) continue;
    out << " (first failing: " << t.name << ": " << failure_line(t) << ")";
    break;
  }
  out << "\n";
}

std::string json_report(const Report& report) {
  json tests = json::array();
  for (const TestResult& t : report.tests) {
    json test = {{"name", t.name},
                 {"passed", t.passed()},
                 {"verdict", t.verdict},
                 {"first_difference", difference_json(t.difference)},
                 {"ms", t.ms},
                 {"weight", t.weight},
                 {"hidden", t.hidden},
                 {"exit_code", t.exit_code ? json(*t.exit_code) : json()},
                 {"stderr", t.error_tail}};
    if (!t.detail.empty()) test["detail"] = t.detail;
    tests.push_back(test);
  }
  return json{{"game", report.game},
              {"program", report.program},
              {"total", report.tests.size()},
              {"passed", report.passed()},
              {"score", report.score()},
              {"max_score", report.max_score()},
              {"tests", tests}}
             .dump(2, ' ', false, json::error_handler_t::replace) +
         "\n";
}

// The xUnit format CI servers read: a failure is an output that differs,
// an error a program that did not end by itself, start or build.
std::string junit_report(const Report& report) {
  std::size_t failures = 0, errors = 0;
  long long ms = 0;
  for (const TestResult& t : report.tests) {
    failures += t.verdict == "differ";
    errors += t.error();
    ms += t.ms;
  }
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<testsuite name=\"" + xml_escaped(report.game) + "\" tests=\"" +
         std::to_string(report.tests.size()) + "\" failures=\"" + std::to_string(failures) +
         "\" errors=\"" + std::to_string(errors) + "\" skipped=\"0\" time=\"" +
         std::to_string(ms / 1000.0) + "\">\n";
  for (const TestResult& t : report.tests) {
    out += "  <testcase classname=\"" + xml_escaped(report.game) + "\" name=\"" +
           xml_escaped(t.name) + "\" time=\"" + std::to_string(t.ms / 1000.0) + "\"";
    if (t.passed()) {
      out += "/>\n";
      continue;
    }
    const std::string context = failure_context(t);
    out += ">\n    <" + std::string(t.error() ? "error" : "failure") + " type=\"" +
           xml_escaped(t.verdict) + "\" message=\"" + xml_escaped(failure_line(t)) +
           (context.empty() ? "" : " (" + xml_escaped(context) + ")") + "\"/>\n";
    if (!t.error_tail.empty())
      out += "    <system-err>" + xml_escaped_lines(t.error_tail) + "</system-err>\n";
    out += "  </testcase>\n";
  }
  return out + "</testsuite>\n";
}

// Gradescope's results.json: each test's points its weight, a hidden test
// shown after the due date ("visibility"), the output its first
// difference or verdict and its standard error's end.
std::string gradescope_report(const Report& report) {
  json tests = json::array();
  for (const TestResult& t : report.tests) {
    std::string output;
    if (!t.passed()) {
      output = failure_line(t);
      if (const std::string context = failure_context(t); !context.empty())
        output += " (" + context + ")";
      if (!t.error_tail.empty()) output += "\n\nIts standard error ends:\n" + t.error_tail;
    }
    tests.push_back({{"name", t.name},
                     {"score", t.passed() ? t.weight : 0},
                     {"max_score", t.weight},
                     {"status", t.passed() ? "passed" : "failed"},
                     {"visibility", t.hidden ? "after_due_date" : "visible"},
                     {"output", output}});
  }
  return json{{"score", report.score()}, {"tests", tests}}.dump(2, ' ', false,
                                                                json::error_handler_t::replace) +
         "\n";
}

std::string html_report(const Report& report) {
  const std::string title = "gridgames grade: " + xml_escaped(report.game);
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + title +
      "</title>\n<style>body{font-family:sans-serif;margin:1.5rem}table{border-collapse:collapse}"
      "td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left;vertical-align:top}"
      ".fail{color:#b71c1c}.pass{color:#2e7d32}pre{margin:0}mark{background:#ffe082}"
      "mark strong{background:#ef9a9a}"
      ".diff{table-layout:fixed;width:100%}.diff pre{white-space:pre-wrap;overflow-wrap:anywhere}"
      "</style>"
      "</head>\n<body><h1>" +
      title + "</h1>\n<p>" + xml_escaped(report.program) + ": " + std::to_string(report.passed()) +
      " of " + std::to_string(report.tests.size()) + " tests pass" +
      (weighted(report)
           ? ", " + points(report.score()) + " of " + points(report.max_score()) + " points"
           : "") +
      ".</p>\n<table><tr><th>test</th><th>verdict</th><th>first difference</th>"
      "<th>points</th><th>ms</th></tr>\n";
  for (const TestResult& t : report.tests) {
    const std::string name = xml_escaped(t.name) + (t.hidden ? " (hidden)" : "");
    const std::string anchor = xml_escaped(t.name);
    out += "<tr><td>" + (t.passed() ? name : "<a href=\"#" + anchor + "\">" + name + "</a>") +
           "</td><td class=\"" + (t.passed() ? "pass" : "fail") + "\">" + xml_escaped(t.verdict) +
           "</td><td>" +
           (t.difference && !t.hidden ? "line " + std::to_string(t.difference->line) : "") +
           "</td><td>" + points(t.passed() ? t.weight : 0) + " of " + points(t.weight) +
           "</td><td>" + std::to_string(t.ms) + "</td></tr>\n";
  }
  out += "</table>\n";
  for (const TestResult& t : report.tests)
    if (!t.passed()) out += failure_html(t);
  return out + "</body></html>\n";
}

std::string class_csv(const std::vector<Report>& reports, const std::vector<std::string>& tests) {
  std::string out = "submission,passed,total,score,max_score";
  for (const std::string& t : tests) out += "," + csv_field(t);
  out += "\n";
  for (const Report& r : reports) {
    out += csv_field(std::filesystem::path(r.program).parent_path().filename().string()) + "," +
           std::to_string(r.passed()) + "," + std::to_string(r.tests.size()) + "," +
           points(r.score()) + "," + points(r.max_score());
    for (const TestResult& t : r.tests) out += "," + csv_field(t.verdict);
    out += "\n";
  }
  return out;
}

}  // namespace grading
