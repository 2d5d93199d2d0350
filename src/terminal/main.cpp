// The terminal program of one game, GRIDGAMES_GAME (the build makes one for
// every registered game without a program of its own: src/CMakeLists.txt).
#include "terminal/terminal.hpp"

int main(int argc, char** argv) {
  return terminal::main_of(GRIDGAMES_GAME, argc, argv);
}
