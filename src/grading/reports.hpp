// A grading's reports: a line per failing test and a summary for people,
// and files: JSON, JUnit XML (CI), Gradescope's results.json, a web page.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "grading/grade.hpp"

namespace grading {

// What a failing test did, in a line: its first difference or its verdict.
std::string failure_line(const TestResult& t);
// How the program ended beside that, when it says something: its exit
// status if not 0, the last line of its standard error ("" when neither).
std::string failure_context(const TestResult& t);
// A number of points as people write it: 3, 2.50.
std::string points(double value);
void print_summary(const Report& report, std::ostream& out);
// A class's line for a submission: its tests passed and its first failure.
void print_submission(const std::string& name, const Report& report, std::ostream& out);
std::string json_report(const Report& report);
std::string junit_report(const Report& report);
std::string gradescope_report(const Report& report);
// A page a course can publish: the table of tests, and each failing test's
// lines around its first difference side by side.
std::string html_report(const Report& report);
// A class's table: a row a submission (its name, tests passed, tests, its
// points and the most it could have), then each test's verdict.
std::string class_csv(const std::vector<Report>& reports, const std::vector<std::string>& tests);

}  // namespace grading
