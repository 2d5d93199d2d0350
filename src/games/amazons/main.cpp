// amazons: the extended game of the Amazons.
//   amazons name | phase=placement ... | phase=movement ...   the tournament player
//   amazons play [BOARD] [players=...] [amazons=N] [seed=N]   people at one computer
// Built with AMAZONS_INTERACTIVE_DEFAULT, `amazons` alone starts `play`.
#include <iostream>
#include <string>
#include <vector>

#include "games/amazons/play.hpp"
#include "games/amazons/protocol/program.hpp"
#include "games/amazons/protocol/referee.hpp"
#include "sandbox/call.hpp"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  try {
#ifdef AMAZONS_INTERACTIVE_DEFAULT
    if (args.empty()) return amazons::run_play({}, std::cin, std::cout);
#endif
    // The referee's sandbox starts this program first, to run a call.
    if (!args.empty() && args[0] == "--call-init")
      return sandbox::run_call_init({args.begin() + 1, args.end()});
    if (!args.empty() && args[0] == "referee")
      return amazons::run_referee({args.begin() + 1, args.end()});
    if (!args.empty() && args[0] == "play") {
      return amazons::run_play({args.begin() + 1, args.end()}, std::cin, std::cout);
    }
    return amazons::run_program(args);
  } catch (const std::exception& e) {
    std::cerr << "amazons: internal error: " << e.what() << "\n";
    return amazons::kInternal;
  }
}
