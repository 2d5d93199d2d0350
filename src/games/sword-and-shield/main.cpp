// sword-and-shield: two players push and react, at one terminal.
//   sword-and-shield           commands from standard input
//   sword-and-shield -b FILE   commands from FILE, each echoed as "> command"
#include <fstream>
#include <iostream>
#include <string>

#include "games/sword-and-shield/session.hpp"

int main(int argc, char** argv) {
  std::ifstream file;
  const bool batch = argc == 3 && std::string(argv[1]) == "-b";
  if (batch) {
    file.open(argv[2], std::ios::binary);
    if (!file) {
      std::cerr << "sword-and-shield: cannot open \"" << argv[2] << "\"\n";
      return 2;
    }
  } else if (argc != 1) {
    std::cerr << "usage: sword-and-shield [-b FILE]\n";
    return 2;
  }
  std::istream& in = batch ? static_cast<std::istream&>(file) : std::cin;
  sas::Session session;
  std::cout << session.display();
  std::string line;
  while (!session.finished() && std::getline(in, line)) {
    if (batch) std::cout << "> " << line << "\n";
    std::cout << session.execute(line) << std::flush;
  }
  return 0;
}
