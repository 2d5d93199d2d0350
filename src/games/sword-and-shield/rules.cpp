#include "games/sword-and-shield/rules.hpp"

#include <algorithm>

namespace sword_and_shield {
namespace {

// CLARIFICATIONS §5: north, east, south, west at orientation 0.
constexpr std::array<std::string_view, kPiecesPerSide> kPieceSides = {
    "SHSS", "S0SS", "HHHH", "S0H0", "0000", "SHHS", "SSSS", "S0HH", "0H00", "SHSH", "SH0S", "S000",
    "SHH0", "0HH0", "S0SH", "S0HS", "S00H", "SH0H", "0H0H", "S0S0", "S00S", "SH00", "SHHH", "0HHH"};

bool is_piece(std::int8_t content) {
  return content >= 0 && content < kPieces;
}
bool is_face(std::int8_t content) {
  return content == kYellowFace || content == kGreenFace;
}

}  // namespace

std::optional<Dir> parse_move_direction(std::string_view word) {
  if (word == "up") return Dir::N;
  if (word == "right") return Dir::E;
  if (word == "down") return Dir::S;
  if (word == "left") return Dir::W;
  return std::nullopt;
}

std::array<Side, 4> base_sides(int index) {
  std::array<Side, 4> sides{};
  for (std::size_t i = 0; i < 4; ++i) {
    const char c = kPieceSides[static_cast<std::size_t>(index)][i];
    sides[i] = c == 'S' ? Side::Sword : c == 'H' ? Side::Shield : Side::Nothing;
  }
  return sides;
}

int owner_of_piece(int piece) {
  return piece < kPiecesPerSide ? kYellow : kGreen;
}

char piece_letter(int piece) {
  return static_cast<char>((owner_of_piece(piece) == kYellow ? 'a' : 'A') + piece % kPiecesPerSide);
}

std::optional<int> piece_of_letter(char letter) {
  if (letter >= 'a' && letter < 'a' + kPiecesPerSide) return letter - 'a';
  if (letter >= 'A' && letter < 'A' + kPiecesPerSide) return kPiecesPerSide + (letter - 'A');
  return std::nullopt;
}

std::string player_name(int player) {
  return player == kYellow ? "Yellow" : "Green";
}

bool Position::on_board(Coord c) {
  if (c.row < 1 || c.row > kSize || c.col < 1 || c.col > kSize) return false;
  const bool cut_top = (c.row == 1 && c.col <= 2) || (c.row == 2 && c.col == 1);
  const bool cut_bottom = (c.row == 10 && c.col >= 9) || (c.row == 9 && c.col == 10);
  return !cut_top && !cut_bottom;
}

Coord Position::creation_square(int player) {
  return player == kYellow ? Coord{8, 8} : Coord{3, 3};
}
Coord Position::face_square(int player) {
  return player == kYellow ? Coord{9, 9} : Coord{2, 2};
}

Position::Position() {
  cells_.fill(kEmpty);
  places_.fill(Place::Unused);
  turns_.fill(0);
  acted_.fill(false);
  cells_[index(face_square(kYellow))] = kYellowFace;
  cells_[index(face_square(kGreen))] = kGreenFace;
}

Side Position::side(int piece, Dir d) const {
  // Turning a piece clockwise by k quarters brings its side k places back to d.
  const int k = turns_[static_cast<std::size_t>(piece)];
  const int base = (side_index(d) - k + 4) % 4;
  return base_sides(piece % kPiecesPerSide)[static_cast<std::size_t>(base)];
}

char Position::label(Coord c) const {
  const std::int8_t content = at(c);
  if (content == kYellowFace) return '0';
  if (content == kGreenFace) return '1';
  return is_piece(content) ? piece_letter(content) : ' ';
}

std::optional<Coord> Position::where(int content) const {
  for (int row = 1; row <= kSize; ++row) {
    for (int col = 1; col <= kSize; ++col) {
      if (at({row, col}) == content) return Coord{row, col};
    }
  }
  return std::nullopt;
}

std::optional<Refusal> Position::own_piece_on_board(int piece) const {
  if (phase_ == Phase::Over) return Refusal::GameOver;
  if (phase_ == Phase::Reaction) return Refusal::ChooseReactionFirst;
  if (phase_ == Phase::Create) return Refusal::CreateOrPassFirst;
  if (piece < 0 || piece >= kPieces) return Refusal::NoSuchPiece;
  if (owner_of_piece(piece) != turn_) return Refusal::NotYours;
  if (place(piece) != Place::Board) return Refusal::NotOnBoard;
  if (acted(piece)) return Refusal::AlreadyActed;
  return std::nullopt;
}

void Position::put(int piece, Coord square, int quarter_turns) {
  cells_[index(square)] = static_cast<std::int8_t>(piece);
  places_[static_cast<std::size_t>(piece)] = Place::Board;
  turns_[static_cast<std::size_t>(piece)] = static_cast<std::uint8_t>(quarter_turns);
}

std::optional<Refusal> Position::create(int piece, int quarter_turns) {
  events_.clear();
  if (phase_ != Phase::Create) return Refusal::NotCreatePhase;
  if (piece < 0 || piece >= kPieces) return Refusal::NoSuchPiece;
  if (owner_of_piece(piece) != turn_) return Refusal::NotYours;
  if (place(piece) != Place::Unused) return Refusal::AlreadyUsed;
  const Coord square = creation_square(turn_);
  cells_[index(square)] = static_cast<std::int8_t>(piece);
  places_[static_cast<std::size_t>(piece)] = Place::Board;
  turns_[static_cast<std::size_t>(piece)] = static_cast<std::uint8_t>(quarter_turns);
  phase_ = Phase::Act;
  start_chain();
  resolve();
  return std::nullopt;
}

std::optional<Refusal> Position::move(int piece, Dir dir) {
  events_.clear();
  if (auto e = own_piece_on_board(piece)) return e;
  const auto from = std::find(cells_.begin(), cells_.end(), static_cast<std::int8_t>(piece));
  const int i = static_cast<int>(from - cells_.begin());
  const Coord square{i / kSize + 1, i % kSize + 1};
  push(square, dir);
  after_action(piece);
  return std::nullopt;
}

std::optional<Refusal> Position::rotate(int piece, int quarter_turns) {
  events_.clear();
  if (auto e = own_piece_on_board(piece)) return e;
  if (turns_[static_cast<std::size_t>(piece)] == quarter_turns) {
    return Refusal::SameOrientation;
  }
  turns_[static_cast<std::size_t>(piece)] = static_cast<std::uint8_t>(quarter_turns);
  after_action(piece);
  return std::nullopt;
}

std::optional<Refusal> Position::pass() {
  events_.clear();
  if (phase_ == Phase::Over) return Refusal::GameOver;
  if (phase_ == Phase::Reaction) return Refusal::ChooseReactionBeforePassing;
  if (phase_ == Phase::Create) {
    phase_ = Phase::Act;
    creation_skipped_ = false;
    return std::nullopt;
  }
  turn_ = 1 - turn_;
  start_turn();
  return std::nullopt;
}

void Position::start_turn() {
  acted_.fill(false);
  const bool square_taken = at(creation_square(turn_)) != kEmpty;
  bool piece_left = false;
  for (int p = 0; p < kPieces; ++p)
    piece_left |= owner_of_piece(p) == turn_ && place(p) == Place::Unused;
  creation_skipped_ = square_taken || !piece_left;
  phase_ = creation_skipped_ ? Phase::Act : Phase::Create;
}

std::optional<Refusal> Position::choose(const Reaction& choice) {
  events_.clear();
  if (phase_ != Phase::Reaction) return Refusal::NoReactionWaiting;
  for (const Reaction& r : pending_) {
    if (r == choice) {
      pending_.clear();
      phase_ = Phase::Act;
      chain_without_end_ = false;
      apply(r);
      if (phase_ != Phase::Over && remember_position()) resolve();
      return std::nullopt;
    }
  }
  return Refusal::NoSuchReaction;
}

bool Position::is_open(Coord c) const {
  return on_board(c) && !is_face(at(c));
}

void Position::push(Coord from, Dir d) {
  std::vector<Coord> line;
  for (Coord c = from; is_open(c) && at(c) != kEmpty; c = c + step(d)) line.push_back(c);
  for (auto it = line.rbegin(); it != line.rend(); ++it) {
    const Coord to = *it + step(d);
    const auto piece = at(*it);
    cells_[index(*it)] = kEmpty;
    if (is_open(to)) {
      cells_[index(to)] = piece;
    } else {
      events_.push_back({Event::Kind::Buried, -1, piece});
      bury(piece);
    }
  }
}

void Position::bury(int piece) {
  places_[static_cast<std::size_t>(piece)] = Place::Cemetery;
  for (auto& cell : cells_) {
    if (cell == piece) cell = kEmpty;
  }
}

bool Position::is_consistent() const {
  std::array<int, kPieces> seen{};
  for (int row = 1; row <= kSize; ++row) {
    for (int col = 1; col <= kSize; ++col) {
      const std::int8_t content = at({row, col});
      if (is_piece(content)) ++seen[static_cast<std::size_t>(content)];
      if (!on_board({row, col}) && content != kEmpty) return false;
    }
  }
  for (int p = 0; p < kPieces; ++p) {
    if (seen[static_cast<std::size_t>(p)] != (place(p) == Place::Board ? 1 : 0)) return false;
  }
  return at(face_square(kYellow)) == kYellowFace && at(face_square(kGreen)) == kGreenFace;
}

std::vector<Reaction> Position::reactions() const {
  std::vector<Reaction> found;
  for (int row = 1; row <= kSize; ++row) {
    for (int col = 1; col <= kSize; ++col) {
      const Coord a{row, col};
      if (!on_board(a) || at(a) == kEmpty) continue;
      for (Dir d : {Dir::E, Dir::S}) {
        const Coord b = a + step(d);
        if (!on_board(b) || at(b) == kEmpty) continue;
        const Side sa = is_piece(at(a)) ? side(at(a), d) : Side::Nothing;
        const Side sb = is_piece(at(b)) ? side(at(b), opposite(d)) : Side::Nothing;
        if (sa == Side::Sword || sb == Side::Sword) found.push_back({a, b});
      }
    }
  }
  return found;
}

void Position::apply(const Reaction& r) {
  const Dir toward = r.second.row > r.first.row ? Dir::S : Dir::E;
  const std::int8_t a = at(r.first);
  const std::int8_t b = at(r.second);
  const Side sa = is_piece(a) ? side(a, toward) : Side::Nothing;
  const Side sb = is_piece(b) ? side(b, opposite(toward)) : Side::Nothing;
  // One side of each pair holds the sword (or both do).
  const auto hit = [&](std::int8_t attacker, std::int8_t victim) {
    if (is_face(victim)) {
      winner_ = victim == kYellowFace ? kGreen : kYellow;
      phase_ = Phase::Over;
      events_.push_back({Event::Kind::FaceHit, attacker, victim, *winner_});
    } else {
      events_.push_back({Event::Kind::SwordKills, attacker, victim});
      bury(victim);
    }
  };
  if (sa == Side::Sword && sb == Side::Sword) {
    events_.push_back({Event::Kind::SwordsClash, a, b});
    bury(a);
    bury(b);
  } else if (sa == Side::Sword) {
    if (sb == Side::Shield) {
      events_.push_back({Event::Kind::ShieldPushes, a, b});
      push(r.first, opposite(toward));
    } else {
      hit(a, b);
    }
  } else {
    if (sa == Side::Shield) {
      events_.push_back({Event::Kind::ShieldPushes, b, a});
      push(r.second, toward);
    } else {
      hit(b, a);
    }
  }
}

void Position::resolve() {
  while (phase_ != Phase::Over) {
    std::vector<Reaction> found = reactions();
    if (found.empty()) return;
    if (found.size() > 1) {
      pending_ = std::move(found);
      phase_ = Phase::Reaction;
      return;
    }
    apply(found.front());
    if (phase_ == Phase::Over || !remember_position()) return;
  }
}

bool Position::remember_position() {
  std::string position = key();
  if (std::find(chain_positions_.begin(), chain_positions_.end(), position) !=
      chain_positions_.end()) {
    chain_without_end_ = true;
    return false;
  }
  chain_positions_.push_back(std::move(position));
  return true;
}

void Position::after_action(int piece) {
  acted_[static_cast<std::size_t>(piece)] = true;
  start_chain();
  resolve();
}

void Position::start_chain() {
  chain_positions_.clear();
  chain_without_end_ = false;
  creation_skipped_ = false;
}

std::string Position::key() const {
  std::string k(cells_.begin(), cells_.end());
  k.append(turns_.begin(), turns_.end());
  return k;
}

}  // namespace sword_and_shield
