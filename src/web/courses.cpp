#include "web/courses.hpp"

#include <algorithm>

#include "engine/words.hpp"

namespace web {
namespace {

using nlohmann::json;

constexpr const char* kKind = "course";
constexpr std::size_t kMostNameBytes = 80;

const char* role_name(CourseRole role) {
  return role == CourseRole::Staff ? "staff" : role == CourseRole::Student ? "student" : "none";
}

Refusal not_found(const std::string& id) {
  return {404, "no course " + engine::printable(id, 20) + " of yours"};
}

bool contains(const std::vector<std::string>& keys, const std::string& key) {
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}

}  // namespace

CourseRole Course::role_of(const std::string& key) const {
  if (contains(staff, key)) return CourseRole::Staff;
  return contains(students, key) ? CourseRole::Student : CourseRole::None;
}

json Course::to_json() const {
  return {{"id", id},
          {"name", name},
          {"join_code", join_code},
          {"staff", staff},
          {"students", students}};
}

std::optional<Course> Course::from_json(const std::string& text) {
  const json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return std::nullopt;
  Course c;
  try {
    c.id = j.at("id").get<std::string>();
    c.name = j.at("name").get<std::string>();
    c.join_code = j.at("join_code").get<std::string>();
    c.staff = j.at("staff").get<std::vector<std::string>>();
    c.students = j.at("students").get<std::vector<std::string>>();
  } catch (const json::exception&) {
    return std::nullopt;
  }
  return c;
}

std::optional<std::string> Courses::bad_name(const std::string& name) {
  if (engine::trim(name).empty()) return "a course's name is needed (\"name\")";
  if (name.size() > kMostNameBytes)
    return "a course's name has at most " + std::to_string(kMostNameBytes) + " bytes";
  if (engine::escape_invalid_utf8(name) != name) return "a course's name is UTF-8 text";
  if (std::any_of(name.begin(), name.end(),
                  [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
    return "a course's name has no control characters";
  return std::nullopt;
}

Answer<json> Courses::create(const Account& teacher, const std::string& name) {
  if (teacher.bot) return Refusal{403, "a bot cannot teach a course"};
  if (auto why = bad_name(name)) return Refusal{400, *why};
  Course course{secret().substr(0, 12), name, secret().substr(0, 8), {teacher.key}, {}};
  if (store_.put_record(kKind, course.id, course.to_json().dump(), /*only_new=*/true) !=
      Written::Kept)
    return Refusal{503, "the course could not be kept; try again"};
  return json{{"id", course.id}, {"name", course.name}, {"join_code", course.join_code}};
}

std::optional<std::pair<Course, CourseRole>> Courses::member_of(const Account& who,
                                                                const std::string& id) const {
  const auto text = store_.record(kKind, id);
  if (!text) return std::nullopt;
  auto course = Course::from_json(*text);
  if (!course) return std::nullopt;
  const CourseRole role = course->role_of(who.key);
  if (role == CourseRole::None) return std::nullopt;
  return std::pair{std::move(*course), role};
}

Answer<json> Courses::join(const Account& who, const std::string& id, const std::string& code) {
  if (who.bot) return Refusal{403, "a bot cannot join a course"};
  std::optional<Refusal> refused;
  CourseRole role = CourseRole::None;
  const auto written = store_.update_record(
      kKind, id, [&](const std::optional<std::string>& text) -> std::optional<std::string> {
        auto course = text ? Course::from_json(*text) : std::nullopt;
        // A wrong code and a course that is not there are one answer.
        if (!course || code != course->join_code) {
          refused = Refusal{404, "no course " + engine::printable(id, 20) + " with that code"};
          return std::nullopt;
        }
        refused.reset();
        role = course->role_of(who.key);
        if (role != CourseRole::None) return std::nullopt;  // a member already
        role = CourseRole::Student;
        course->students.push_back(who.key);
        return course->to_json().dump();
      });
  if (refused) return *refused;
  (void)written;
  return json{{"id", id}, {"role", role_name(role)}};
}

Answer<json> Courses::add_staff(const Account& who, const std::string& id, const Account& added) {
  if (added.bot) return Refusal{400, "a bot cannot be staff"};
  std::optional<Refusal> refused;
  store_.update_record(kKind, id,
                       [&](const std::optional<std::string>& text) -> std::optional<std::string> {
                         auto course = text ? Course::from_json(*text) : std::nullopt;
                         refused.reset();
                         if (!course || course->role_of(who.key) == CourseRole::None) {
                           refused = not_found(id);
                           return std::nullopt;
                         }
                         if (course->role_of(who.key) != CourseRole::Staff) {
                           refused = Refusal{403, "only the course's staff add staff"};
                           return std::nullopt;
                         }
                         if (course->role_of(added.key) == CourseRole::Staff) return std::nullopt;
                         std::erase(course->students, added.key);  // a student made staff
                         course->staff.push_back(added.key);
                         return course->to_json().dump();
                       });
  if (refused) return *refused;
  return json{{"id", id}, {"added", added.name}, {"role", "staff"}};
}

Answer<json> Courses::view(const Account& who, const std::string& id) const {
  const auto found = member_of(who, id);
  if (!found) return not_found(id);
  const auto& [course, role] = *found;
  json out = {{"id", course.id}, {"name", course.name}, {"role", role_name(role)}};
  if (role != CourseRole::Staff) return out;
  out["join_code"] = course.join_code;
  out["staff"] = course.staff;
  out["students"] = course.students;
  return out;
}

json Courses::mine(const Account& who) const {
  json out = json::array();
  for (const auto& [id, text] : store_.records(kKind)) {
    const auto course = Course::from_json(text);
    if (!course) continue;
    const CourseRole role = course->role_of(who.key);
    if (role != CourseRole::None)
      out.push_back({{"id", course->id}, {"name", course->name}, {"role", role_name(role)}});
  }
  return out;
}

}  // namespace web
