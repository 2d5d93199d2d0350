// Sword and Shield's fixed action ids and observation tensor (engine::Encoded).
#include <algorithm>

#include "games/sword-and-shield/state.hpp"

namespace sword_and_shield {
namespace {

using Kind = State::Action::Kind;

constexpr int kMoveBase = 4 * kPieces, kRotateBase = 8 * kPieces, kPass = 12 * kPieces;
constexpr int kReactBase = kPass + 1;
constexpr std::array<Dir, 4> kSides = {Dir::N, Dir::E, Dir::S, Dir::W};

}  // namespace

std::optional<Coord> State::square_of(char label) const {
  if (label == '0' || label == '1') return game_.where(label == '0' ? kYellowFace : kGreenFace);
  const auto piece = piece_of_letter(label);
  return piece ? game_.where(*piece) : std::nullopt;
}

int State::action_id(const Action& action) const {
  const int piece = piece_of_letter(action.first).value_or(0);
  switch (action.kind) {
    case Kind::Create:
      return piece * 4 + action.value;
    case Kind::Move:
      return kMoveBase + piece * 4 + action.value;
    case Kind::Rotate:
      return kRotateBase + piece * 4 + action.value;
    case Kind::Pass:
      return kPass;
    case Kind::React: {
      const auto a = square_of(action.first), b = square_of(action.second);
      if (!a || !b) return kReactBase;
      const Coord first = std::min(
          *a, *b, [](Coord x, Coord y) { return x.row != y.row ? x.row < y.row : x.col < y.col; });
      const bool below = a->col == b->col;
      return kReactBase + ((first.row - 1) * kSize + first.col - 1) * 2 + (below ? 1 : 0);
    }
  }
  return kPass;
}

std::optional<State::Action> State::action_of_id(int id) const {
  if (id < 0 || id >= num_distinct_actions()) return std::nullopt;
  if (id < kPass) {
    const Kind kind = id < kMoveBase ? Kind::Create : id < kRotateBase ? Kind::Move : Kind::Rotate;
    const int within = id % kMoveBase;
    return Action{kind, piece_letter(within / 4), 0, within % 4};
  }
  if (id == kPass) return Action{Kind::Pass, 0, 0, 0};
  const int square = (id - kReactBase) / 2;
  const Coord first{square / kSize + 1, square % kSize + 1};
  const Coord second =
      (id - kReactBase) % 2 ? Coord{first.row + 1, first.col} : Coord{first.row, first.col + 1};
  if (second.row > kSize || second.col > kSize) return std::nullopt;
  const char a = game_.label(first), b = game_.label(second);
  if (a == ' ' || b == ' ' || a == '.' || b == '.') return std::nullopt;
  return Action{Kind::React, a, b, 0};
}

void State::observation_tensor(int player, std::span<float> out) const {
  // Nothing is hidden; the planes are the viewer's side's first (mine, then theirs).
  std::fill(out.begin(), out.end(), 0.0f);
  const auto seat = [&](int side) { return engine::seat_plane(side, player, 2); };
  constexpr int n = kSize * kSize;
  const auto plane = [&](int index) { return out.subspan(static_cast<std::size_t>(index * n), n); };
  const auto fill = [&](int index, float value) {
    auto cells = plane(index);
    std::fill(cells.begin(), cells.end(), value);
  };
  for (int row = 1; row <= kSize; ++row) {
    for (int col = 1; col <= kSize; ++col) {
      const int at = (row - 1) * kSize + col - 1;
      const std::int8_t what = game_.at({row, col});
      if (what == kYellowFace || what == kGreenFace) {
        plane(18 + seat(what == kGreenFace ? 1 : 0))[at] = 1.0f;
        continue;
      }
      if (what < 0 || what >= kPieces) continue;
      const int base = seat(owner_of_piece(what)) * 9;
      plane(base)[at] = 1.0f;
      for (std::size_t s = 0; s < kSides.size(); ++s) {
        const Side side = game_.side(what, kSides[s]);
        if (side == Side::Sword) plane(base + 1 + static_cast<int>(s))[at] = 1.0f;
        if (side == Side::Shield) plane(base + 5 + static_cast<int>(s))[at] = 1.0f;
      }
    }
  }
  const Phase phase = game_.phase();
  if (phase == Phase::Create) fill(20, 1.0f);
  if (phase == Phase::Act) fill(21, 1.0f);
  if (phase == Phase::Reaction) fill(22, 1.0f);
  if (!over()) fill(23 + seat(game_.turn()), 1.0f);
  for (int side = 0; side < 2; ++side) {
    int unused = 0, buried = 0;
    for (int piece = side * kPiecesPerSide; piece < (side + 1) * kPiecesPerSide; ++piece) {
      unused += game_.place(piece) == Place::Unused;
      buried += game_.place(piece) == Place::Cemetery;
    }
    fill(25 + seat(side), static_cast<float>(unused) / kPiecesPerSide);
    fill(27 + seat(side), static_cast<float>(buried) / kPiecesPerSide);
  }
  for (const Reaction& r : game_.pending()) {
    for (const Coord c : {r.first, r.second}) plane(29)[(c.row - 1) * kSize + c.col - 1] = 1.0f;
  }
}

}  // namespace sword_and_shield
