// gridgames-call-init: the sandbox's first process as a program of its own
// (sandbox/call.hpp: run_call_init). The sandbox starts it once a call, and
// it is a fraction of the size of the programs that confine calls, so a call
// starts sooner (most of all in the sanitizer build, where a start of the
// whole gridgames took 0.17 s and of this 0.06 s). The programs answer
// --call-init themselves too, for when it is not beside them.
#include <cstdio>
#include <string_view>

#include "sandbox/call.hpp"

int main(int argc, char** argv) {
  if (argc > 1 && std::string_view(argv[1]) == "--call-init")
    return sandbox::run_call_init({argv + 2, argv + argc});
  std::fputs(
      "gridgames-call-init: the first process of gridgames's sandbox, which starts it with "
      "--call-init USER FOLDER PROGRAM...; it is not run by hand\n",
      stderr);
  return 2;
}
