// The web pages' files, built into the program (src/web/assets/, embedded by
// embed.cmake) so that the server works without the source tree or internet.
#pragma once

#include <string_view>

namespace web {

// The file of this name, or empty when there is none.
std::string_view asset(std::string_view name);

}  // namespace web
