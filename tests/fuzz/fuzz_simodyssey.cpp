// SimOdyssey's transcripts (the lab, Phase 1): simodyssey_fuzz.hpp.
// fuzz-links: simodyssey_session
#include "simodyssey_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz_simodyssey<simodyssey::kPhase1>(data, size);
  return 0;
}
