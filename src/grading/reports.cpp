#include "grading/reports.hpp"

#include <nlohmann/json.hpp>
#include <ostream>

#include "engine/words.hpp"

namespace grading {
namespace {

using nlohmann::json;

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

json difference_json(const std::optional<Difference>& d) {
  if (!d) return nullptr;
  return {{"line", d->line},
          {"expected", d->expected ? json(*d->expected) : json()},
          {"got", d->got ? json(*d->got) : json()}};
}

// One side of a difference: its lines numbered, the differing one marked.
std::string side_html(const Difference& d, const std::vector<std::string>& lines) {
  std::string out = "<td><pre>";
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const long number = d.context_from + static_cast<long>(k);
    const std::string text = std::to_string(number) + "  " + xml_escaped(lines[k]);
    out += number == d.line ? "<mark>" + text + "</mark>\n" : text + "\n";
  }
  if (d.context_from + static_cast<long>(lines.size()) <= d.line) out += "<i>(the output ends)</i>";
  return out + "</pre></td>";
}

std::string failure_html(const TestResult& t) {
  std::string out = "<section id=\"" + xml_escaped(t.name) + "\"><h2>" + xml_escaped(t.name) +
                    ": " + xml_escaped(t.verdict) + "</h2>\n";
  if (!t.difference) return out + "<p>" + xml_escaped(t.detail) + "</p></section>\n";
  const Difference& d = *t.difference;
  return out + "<p>First difference at line " + std::to_string(d.line) +
         ".</p>\n<table class=\"diff\"><tr><th>expected</th><th>got</th></tr><tr>" +
         side_html(d, d.expected_context) + side_html(d, d.got_context) +
         "</tr></table></section>\n";
}

}  // namespace

std::string failure_line(const TestResult& t) {
  if (!t.difference) return t.verdict + ": " + t.detail;
  const Difference& d = *t.difference;
  return "line " + std::to_string(d.line) + ": expected " + shown(d.expected) + ", got " +
         shown(d.got);
}

int Report::passed() const {
  int n = 0;
  for (const TestResult& t : tests) n += t.passed();
  return n;
}

void print_summary(const Report& report, std::ostream& out) {
  for (const TestResult& t : report.tests) {
    if (!t.passed()) out << "FAIL " << t.name << ": " << failure_line(t) << "\n";
  }
  out << report.passed() << " of " << report.tests.size() << " tests pass (" << report.game << ", "
      << report.program << ")\n";
}

void print_submission(const std::string& name, const Report& report, std::ostream& out) {
  out << name << ": " << report.passed() << " of " << report.tests.size() << " tests pass";
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
                 {"ms", t.ms}};
    if (!t.detail.empty()) test["detail"] = t.detail;
    tests.push_back(test);
  }
  return json{{"game", report.game},
              {"program", report.program},
              {"total", report.tests.size()},
              {"passed", report.passed()},
              {"tests", tests}}
             .dump(2, ' ', false, json::error_handler_t::replace) +
         "\n";
}

std::string junit_report(const Report& report) {
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<testsuite name=\"" + xml_escaped(report.game) + "\" tests=\"" +
         std::to_string(report.tests.size()) + "\" failures=\"" +
         std::to_string(report.tests.size() - static_cast<std::size_t>(report.passed())) + "\">\n";
  for (const TestResult& t : report.tests) {
    out += "  <testcase classname=\"" + xml_escaped(report.game) + "\" name=\"" +
           xml_escaped(t.name) + "\" time=\"" + std::to_string(t.ms / 1000.0) + "\"";
    if (t.passed()) {
      out += "/>\n";
      continue;
    }
    out += ">\n    <failure type=\"" + xml_escaped(t.verdict) + "\" message=\"" +
           xml_escaped(failure_line(t)) + "\"/>\n  </testcase>\n";
  }
  return out + "</testsuite>\n";
}

std::string gradescope_report(const Report& report) {
  json tests = json::array();
  for (const TestResult& t : report.tests) {
    tests.push_back({{"name", t.name},
                     {"score", t.passed() ? 1 : 0},
                     {"max_score", 1},
                     {"status", t.passed() ? "passed" : "failed"},
                     {"output", t.passed() ? "" : failure_line(t)}});
  }
  return json{{"score", report.passed()}, {"tests", tests}}.dump(2, ' ', false,
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
      ".diff{table-layout:fixed;width:100%}.diff pre{white-space:pre-wrap;overflow-wrap:anywhere}"
      "</style>"
      "</head>\n<body><h1>" +
      title + "</h1>\n<p>" + xml_escaped(report.program) + ": " + std::to_string(report.passed()) +
      " of " + std::to_string(report.tests.size()) +
      " tests pass.</p>\n<table><tr><th>test</th><th>verdict</th><th>first difference</th>"
      "<th>ms</th></tr>\n";
  for (const TestResult& t : report.tests) {
    const std::string name = xml_escaped(t.name);
    out += "<tr><td>" + (t.passed() ? name : "<a href=\"#" + name + "\">" + name + "</a>") +
           "</td><td class=\"" + (t.passed() ? "pass" : "fail") + "\">" + xml_escaped(t.verdict) +
           "</td><td>" + (t.difference ? "line " + std::to_string(t.difference->line) : "") +
           "</td><td>" + std::to_string(t.ms) + "</td></tr>\n";
  }
  out += "</table>\n";
  for (const TestResult& t : report.tests)
    if (!t.passed()) out += failure_html(t);
  return out + "</body></html>\n";
}

}  // namespace grading
