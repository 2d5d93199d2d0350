#include "sandbox/project_files.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string_view>

#include "engine/words.hpp"

// The top CMakeLists.txt defines both from what the build installs.
#ifndef GRIDGAMES_PROGRAM_NAMES
#error "GRIDGAMES_PROGRAM_NAMES: the project's programs, comma-separated"
#endif
#ifndef GRIDGAMES_PYTHON_PACKAGE
#error "GRIDGAMES_PYTHON_PACKAGE: the folder the Python package installs into, or empty"
#endif

namespace sandbox {
namespace {

namespace fs = std::filesystem;

// The prefixes an installation may be under: /, /usr, /usr/local, and the
// one of this program (PREFIX/bin/PROGRAM).
std::vector<fs::path> prefixes() {
  std::vector<fs::path> found = {"/", "/usr", "/usr/local"};
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  if (!error) found.push_back(self.parent_path().parent_path());
  return found;
}

// `path` canonical, if it exists and is in the system's folders.
std::optional<std::string> shown_in_system(const fs::path& path) {
  std::error_code error;
  if (!fs::exists(path, error)) return std::nullopt;
  const fs::path real = fs::canonical(path, error);
  if (error || !in_system_folders(real.string())) return std::nullopt;
  return real.string();
}

void add_once(std::vector<std::string>& list, const std::string& item) {
  if (std::find(list.begin(), list.end(), item) == list.end()) list.push_back(item);
}

// The Python package's folders under `prefix`: lib/python3/dist-packages
// (Debian's) and lib/python3.N/{dist,site}-packages.
std::vector<fs::path> python_packages(const fs::path& prefix) {
  std::vector<fs::path> found = {prefix / "lib/python3/dist-packages/gridgames"};
  std::error_code error;
  for (fs::directory_iterator it(prefix / "lib", error), end; !error && it != end;
       it.increment(error)) {
    if (!it->path().filename().string().starts_with("python3.")) continue;
    for (const char* kind : {"dist-packages", "site-packages"})
      found.push_back(it->path() / kind / "gridgames");
  }
  return found;
}

}  // namespace

bool in_system_folders(const std::string& path) {
  return std::any_of(std::begin(kSystemFolders), std::end(kSystemFolders), [&](const char* folder) {
    return path == folder || path.starts_with(std::string(folder) + "/");
  });
}

const std::vector<std::string>& project_program_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> split = engine::split_on(GRIDGAMES_PROGRAM_NAMES, ',');
    std::erase(split, "");
    return split;
  }();
  return names;
}

ProjectFiles project_files_in_system(const std::vector<std::string>& named) {
  ProjectFiles hidden;
  std::vector<fs::path> folders;
  if (std::string_view(GRIDGAMES_PYTHON_PACKAGE) != "")
    folders.emplace_back(GRIDGAMES_PYTHON_PACKAGE);
  for (const fs::path& prefix : prefixes()) {
    for (const char* programs : {"bin", "sbin", "games"})
      for (const std::string& name : project_program_names())
        if (auto real = shown_in_system(prefix / programs / name))
          if (std::find(named.begin(), named.end(), *real) == named.end())
            add_once(hidden.programs, *real);
    folders.push_back(prefix / "libexec/gridgames");
    for (const fs::path& package : python_packages(prefix)) folders.push_back(package);
  }
  for (const fs::path& folder : folders) {
    std::error_code error;
    if (!fs::is_directory(folder, error)) continue;
    if (auto real = shown_in_system(folder)) add_once(hidden.folders, *real);
  }
  return hidden;
}

}  // namespace sandbox
