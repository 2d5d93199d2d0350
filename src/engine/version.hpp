// The version of gridgames, as the programs' --version and the records'
// application fields (SGF's AP) give it.
#pragma once

namespace engine {

inline constexpr const char* kVersion = "1.0";

}  // namespace engine
