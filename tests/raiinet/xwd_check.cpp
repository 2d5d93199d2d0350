// Checks an X window dump (xwd) is not blank: it has the dimensions of a
// screen and many distinct colours. Prints what it found.
#include <cstdint>
#include <fstream>
#include <iostream>
#include <iterator>
#include <set>
#include <vector>

namespace {

std::uint32_t big_endian(const std::vector<unsigned char>& data, std::size_t at) {
  return (std::uint32_t{data[at]} << 24) | (std::uint32_t{data[at + 1]} << 16) |
         (std::uint32_t{data[at + 2]} << 8) | std::uint32_t{data[at + 3]};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: xwd_check FILE.xwd\n";
    return 2;
  }
  std::ifstream file(argv[1], std::ios::binary);
  const std::vector<unsigned char> data((std::istreambuf_iterator<char>(file)), {});
  if (data.size() < 100) {
    std::cerr << "FAIL: not an xwd file\n";
    return 1;
  }
  const std::uint32_t header = big_endian(data, 0);
  const std::uint32_t width = big_endian(data, 16);
  const std::uint32_t height = big_endian(data, 20);
  const std::uint32_t bits_per_pixel = big_endian(data, 44);
  const std::uint32_t bytes_per_line = big_endian(data, 48);
  const std::uint32_t colours = big_endian(data, 76);
  const std::size_t pixels = header + colours * 12;
  const std::uint32_t bytes = bits_per_pixel / 8;
  if ((bytes != 3 && bytes != 4) || pixels + std::size_t{bytes_per_line} * height > data.size()) {
    std::cerr << "FAIL: an xwd file this check does not read (" << bits_per_pixel
              << " bits a pixel)\n";
    return 1;
  }
  std::set<std::uint32_t> distinct;
  for (std::uint32_t y = 0; y < height; ++y) {
    for (std::uint32_t x = 0; x < width; ++x) {
      const std::size_t at = pixels + std::size_t{y} * bytes_per_line + std::size_t{x} * bytes;
      std::uint32_t value = 0;
      for (std::uint32_t b = 0; b < bytes; ++b) value = (value << 8) | data[at + b];
      distinct.insert(value);
      if (distinct.size() > 1000) break;
    }
  }
  std::cout << width << " x " << height << " screen, " << distinct.size() << "+ colours\n";
  if (distinct.size() < 8) {
    std::cerr << "FAIL: the screen is blank\n";
    return 1;
  }
  return 0;
}
