// Sets of squares as bits, for the AI's evaluations' floods: every square a
// player reaches in one more queen move (or king step) is one pass of
// shifts and masks over the whole board, instead of a walk square by square.
//
// Square (r, c) is bit r * width + c with width = cols + 1: the extra column
// is never free, so a shift that runs off a row's end lands there and is
// masked away. Words is the number of 64-bit words (2 for the classic
// 10 x 10: 110 bits); flood_words() picks it for a board.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <type_traits>

#include "games/amazons/lines/lines.hpp"

namespace amazons {

template <int Words>
struct Bits {
  std::array<std::uint64_t, Words> w{};

  void set(int bit) { w[static_cast<std::size_t>(bit >> 6)] |= std::uint64_t{1} << (bit & 63); }
  // ORs `bits` in from bit `at` on (all of them within the words).
  void set_run(int at, std::uint64_t bits) {
    const int word = at >> 6, shift = at & 63;
    w[static_cast<std::size_t>(word)] |= bits << shift;
    if (shift != 0 && word + 1 < Words)
      w[static_cast<std::size_t>(word + 1)] |= bits >> (64 - shift);
  }
  // Calls f(bit) for every bit set, lowest first.
  template <typename F>
  void for_each(F&& f) const {
    for (int i = 0; i < Words; ++i)
      for (std::uint64_t x = w[static_cast<std::size_t>(i)]; x != 0; x &= x - 1)
        f(i * 64 + std::countr_zero(x));
  }
  bool empty() const {
    std::uint64_t any = 0;
    for (std::uint64_t x : w) any |= x;
    return any == 0;
  }
  int count() const {
    int n = 0;
    for (std::uint64_t x : w) n += std::popcount(x);
    return n;
  }
  Bits& operator|=(const Bits& o) {
    for (int i = 0; i < Words; ++i) w[i] |= o.w[i];
    return *this;
  }
  Bits& operator&=(const Bits& o) {
    for (int i = 0; i < Words; ++i) w[i] &= o.w[i];
    return *this;
  }
  friend Bits operator|(Bits a, const Bits& b) { return a |= b; }
  friend Bits operator&(Bits a, const Bits& b) { return a &= b; }
  friend Bits operator~(Bits a) {
    for (std::uint64_t& x : a.w) x = ~x;
    return a;
  }
  // Every bit moved `by` (>= 0) places up or down; bits moved past the end
  // are lost.
  Bits up(int by) const {
    Bits r;
    if constexpr (Words == 2) {  // the classic board: one 128-bit shift
      if (by < 128) r.set_wide(wide() << by);
    } else {
      const int words = by >> 6, bits = by & 63;
      for (int i = Words - 1; i >= words; --i) {
        std::uint64_t v = w[static_cast<std::size_t>(i - words)] << bits;
        if (bits != 0 && i - words - 1 >= 0)
          v |= w[static_cast<std::size_t>(i - words - 1)] >> (64 - bits);
        r.w[static_cast<std::size_t>(i)] = v;
      }
    }
    return r;
  }
  Bits down(int by) const {
    Bits r;
    if constexpr (Words == 2) {
      if (by < 128) r.set_wide(wide() >> by);
    } else {
      const int words = by >> 6, bits = by & 63;
      for (int i = 0; i + words < Words; ++i) {
        std::uint64_t v = w[static_cast<std::size_t>(i + words)] >> bits;
        if (bits != 0 && i + words + 1 < Words)
          v |= w[static_cast<std::size_t>(i + words + 1)] << (64 - bits);
        r.w[static_cast<std::size_t>(i)] = v;
      }
    }
    return r;
  }

 private:
  __extension__ using Wide = unsigned __int128;
  Wide wide() const { return static_cast<Wide>(w[1]) << 64 | w[0]; }
  void set_wide(Wide x) {
    w = {static_cast<std::uint64_t>(x), static_cast<std::uint64_t>(x >> 64)};
  }
};

// The words a board of rows x cols needs (a power of two up to 64), or 0 if
// it needs more.
constexpr int flood_words(int rows, int cols) {
  const int bits = rows * (cols + 1);
  for (int words = 2; words <= 64; words *= 2)
    if (bits <= 64 * words) return words;
  return 0;
}

// Calls f(std::integral_constant<int, Words>) with the words the board
// needs, and returns what it returns.
template <typename F>
decltype(auto) with_flood_words(int rows, int cols, F&& f) {
  switch (flood_words(rows, cols)) {
    case 2:
      return f(std::integral_constant<int, 2>{});
    case 4:
      return f(std::integral_constant<int, 4>{});
    case 8:
      return f(std::integral_constant<int, 8>{});
    case 16:
      return f(std::integral_constant<int, 16>{});
    case 32:
      return f(std::integral_constant<int, 32>{});
    default:
      return f(std::integral_constant<int, 64>{});
  }
}

// Floods over a board's bits: its width (cols + 1) and how many doublings
// a slide needs to cross its longest line.
template <int Words>
class Flood {
 public:
  using Set = Bits<Words>;

  Flood(int rows, int cols)
      : width_(cols + 1),
        doublings_(std::bit_width(static_cast<unsigned>((rows > cols ? rows : cols) - 1))) {}

  int width() const { return width_; }
  int bit(int row, int col) const { return row * width() + col; }
  // The board's free squares.
  Set free_squares(const LineBoard& board) const {
    Set free;
    for (int r = 0; r < board.rows(); ++r) free.set_run(bit(r, 0), board.row_free(r));
    return free;
  }

  // The free squares one queen move from `from` (free: `open`).
  Set queen_step(const Set& from, const Set& open) const {
    const int w = width();
    const std::array<int, 4> axes{1, w, w + 1, w - 1};
    Set reached;
    for (int axis : axes) reached |= slide<true>(from, open, axis) | slide<false>(from, open, axis);
    return reached;
  }

  // The free squares one king step from `from`.
  Set king_step(const Set& from, const Set& open) const {
    const int w = width();
    const std::array<int, 4> axes{1, w, w + 1, w - 1};
    Set reached;
    for (int axis : axes) reached |= from.up(axis) | from.down(axis);
    return reached & open;
  }

 private:
  // The free squares reached from `from` along the axis, upwards or down:
  // a Kogge-Stone fill, each doubling extending every run of free squares
  // by as many steps as it has so far.
  template <bool Up>
  Set slide(Set fill, Set free, int axis) const {
    const auto shift = [](const Set& s, int by) { return Up ? s.up(by) : s.down(by); };
    const Set open = free;
    for (int d = 0; d < doublings_; ++d) {
      fill |= free & shift(fill, axis << d);
      free &= shift(free, axis << d);
    }
    return shift(fill, axis) & open;
  }

  int width_;
  int doublings_;
};

}  // namespace amazons
