// How much of an oracle's behaviour random scripts reach: the distinct
// messages of its transcripts (`gridgames grade --random N --coverage DIR`).
#pragma once

#include <cstddef>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace grading {

// A line as a message, or "" when it is none: its numbers made "#", a
// capital letter standing alone "@" (a row's letter, an entity's), its
// runs of spaces one, kept when it has at least two words of three letters
// or more, one of them small (a message, a state line, an event: "Planet
// got devoured by blackhole (id: -#) at Sector:#:#"), so that the rows of
// a board ("-W-- PPP* ---- PYP-") or a list of sectors ("[-#,*]->Luminosity:#")
// do not count as messages.
std::string message_of(std::string_view line);

class MessageCoverage {
 public:
  // The distinct messages of the oracle's outputs.
  explicit MessageCoverage(const std::vector<std::string>& oracle_outputs);
  // Marks every oracle message `output` has as reached.
  void reach(std::string_view output);
  std::size_t total() const { return messages_.size(); }
  std::size_t reached() const { return reached_.size(); }
  // The oracle's messages not reached, in their order.
  std::vector<std::string> missed() const;

 private:
  std::set<std::string> messages_;
  std::set<std::string> reached_;
};

}  // namespace grading
