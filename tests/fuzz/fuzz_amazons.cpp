// Amazons board files: the reader and validator on any input; an accepted
// board writes back to a canonical form that reads back identically; then the
// player places or moves on it and the result is one legal placement or turn.
// fuzz-links: amazons_rules
#include <cstdint>
#include <string>

#include "engine/random.hpp"
#include "games/amazons/ai/player.hpp"
#include "games/amazons/protocol/verify.hpp"
#include "invariant.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 20000) return 0;
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto parsed = amazons::read_board(text);
  if (auto* e = std::get_if<amazons::FileError>(&parsed)) {
    FUZZ_CHECK(e->line >= 1 && !e->message.empty());
    return 0;
  }
  const amazons::Board& board = std::get<amazons::Board>(parsed);
  if (board.rows() * board.cols() > 2500) return 0;
  const std::string canonical = amazons::write_board(board);
  auto again = amazons::read_board(canonical);
  FUZZ_CHECK(std::holds_alternative<amazons::Board>(again));
  FUZZ_CHECK(std::get<amazons::Board>(again) == board);
  FUZZ_CHECK(amazons::write_board(std::get<amazons::Board>(again)) == canonical);
  engine::Random rng(size);
  for (const amazons::PlayerLine& p : board.players()) {
    amazons::Board after = board;
    if (const auto turn = amazons::choose_turn(board, p.id, rng)) {
      FUZZ_CHECK(!amazons::play_turn(after, p.id, *turn));
      bool gave_up = false;  // a long chain of horses may be too long a search: not a wrong answer
      FUZZ_CHECK(!amazons::check_turn(board, after, p.id, &gave_up) || gave_up);
    } else {
      FUZZ_CHECK(!amazons::can_move(board, p.id));
    }
  }
  if (!board.players().empty()) {
    const int id = board.players().front().id;
    if (const auto at = amazons::choose_placement(board, id, rng)) {
      amazons::Board placed = board;
      FUZZ_CHECK(!amazons::place_amazon(placed, id, *at));
      FUZZ_CHECK(!amazons::check_placement(board, placed, id));
    }
  }
  return 0;
}
