// Courses on the site (docs/courses.md): a signed-in account makes a course
// and teaches it; students join it with its join code; its staff may add
// staff. What each sees is its role's: the staff the course, its code and
// its members; a student the course's name and its own role; anyone else
// nothing (the course is not found). Each course is a record of the store
// (kind "course", key its id), changed by Store::update_record, so that
// servers sharing a database lose no member.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "web/accounts.hpp"
#include "web/matches.hpp"
#include "web/store.hpp"

namespace web {

enum class CourseRole { None, Student, Staff };

struct Course {
  std::string id;                     // 12 hex digits
  std::string name;                   // as its teacher wrote it
  std::string join_code;              // what a student gives to join: 8 hex digits
  std::vector<std::string> staff;     // account keys, the teacher first
  std::vector<std::string> students;  // account keys, in the order they joined

  CourseRole role_of(const std::string& key) const;
  nlohmann::json to_json() const;
  static std::optional<Course> from_json(const std::string& text);
};

class Courses {
 public:
  explicit Courses(Store& store) : store_(store) {}

  // A new course taught by `teacher`: {"id", "name", "join_code"} (201).
  Answer<nlohmann::json> create(const Account& teacher, const std::string& name);
  // `who` joins course `id` as a student with its code (staff stay staff).
  Answer<nlohmann::json> join(const Account& who, const std::string& id, const std::string& code);
  // `who`, staff of course `id`, adds `added` to its staff.
  Answer<nlohmann::json> add_staff(const Account& who, const std::string& id, const Account& added);
  // The course as `who` may see it.
  Answer<nlohmann::json> view(const Account& who, const std::string& id) const;
  // The courses `who` teaches or takes: [{"id", "name", "role"}].
  nlohmann::json mine(const Account& who) const;
  // The course, and the role `who` has in it; nothing when it does not
  // exist or `who` has no role in it (the same answer, so that a stranger
  // cannot tell which ids exist).
  std::optional<std::pair<Course, CourseRole>> member_of(const Account& who,
                                                         const std::string& id) const;

  // Why `name` cannot be a course's name, if it cannot.
  static std::optional<std::string> bad_name(const std::string& name);

 private:
  Store& store_;
};

}  // namespace web
