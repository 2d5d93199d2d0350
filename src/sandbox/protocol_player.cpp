#include "sandbox/protocol_player.hpp"

#include <unistd.h>

#include <algorithm>
#include <fstream>

#include "engine/protocol.hpp"
#include "engine/words.hpp"
#include "sandbox/call.hpp"

namespace sandbox {
namespace {

class ProtocolPlayer final : public engine::AnyBot {
 public:
  ProtocolPlayer(const std::string& command, const ProgramSeat& seat, std::string game,
                 engine::Params params, const std::vector<std::string>* moves)
      : argv_(command_line(command)),
        seat_(seat),
        game_(std::move(game)),
        params_(std::move(params)),
        moves_(moves) {}

  std::string choose(const engine::AnyState& state) override {
    fault_.reset();
    const std::filesystem::path folder = seat_.seat->path();
    const std::string request = folder.string() + ".request";
    {
      std::ofstream out(request, std::ios::binary | std::ios::trunc);
      out << engine::protocol_request(game_, params_, state, *moves_, seat_.limits.time_ms, clock_,
                                      ++decisions_)
                 .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
          << "\n";
      if (!out) return fail("crash", "its request could not be written beside " + folder.string());
    }
    const CallOutcome r =
        run_call(argv_, folder.string(), seat_.limits, seat_.seat->confinement(), request);
    ::unlink(request.c_str());
    if (r.end == CallOutcome::End::TimedOut) return fail("time", describe_end(r, seat_.limits));
    if (r.end != CallOutcome::End::Exited) return fail("crash", describe_end(r, seat_.limits));
    if (r.code != 0) return fail("crash", "exit " + std::to_string(r.code) + last_words(r));
    const std::string action = engine::protocol_answer(r.output);
    if (action.empty()) return fail("illegal action", "it answered no action" + last_words(r));
    return action;
  }
  void set_time_ms(int) override {}
  // Told in the request; the call is cut at what the clock has left.
  void set_clock(const engine::SeatClock& clock) override {
    clock_ = clock;
    seat_.limits.time_ms = std::max(1, clock.remaining_ms);
  }
  std::optional<engine::Fault> fault() const override { return fault_; }

 private:
  std::string fail(std::string kind, std::string detail) {
    fault_ = engine::Fault{std::move(kind), std::move(detail)};
    return "";
  }
  static std::string last_words(const CallOutcome& r) {
    return r.output.empty() ? "" : " (it printed \"" + engine::printable(r.output, 120) + "\")";
  }

  std::vector<std::string> argv_;
  ProgramSeat seat_;
  std::string game_;
  engine::Params params_;
  const std::vector<std::string>* moves_;
  std::optional<engine::SeatClock> clock_;
  std::uint64_t decisions_ = 0;  // the worlds' seeds of a game with hidden things
  std::optional<engine::Fault> fault_;
};

}  // namespace

std::unique_ptr<engine::AnyBot> make_protocol_player(const std::string& command,
                                                     const ProgramSeat& seat, std::string game,
                                                     engine::Params params,
                                                     const std::vector<std::string>* moves) {
  if (command_line(command).empty()) return nullptr;
  return std::make_unique<ProtocolPlayer>(command, seat, std::move(game), std::move(params), moves);
}

}  // namespace sandbox
