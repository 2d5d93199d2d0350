// SimOdyssey's transcripts (the project, Phase 2): simodyssey_fuzz.hpp.
// fuzz-links: simodyssey_session
#include "simodyssey_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz_simodyssey<simodyssey::kPhase2>(data, size);
  return 0;
}
