#include "games/sword-and-shield/text.hpp"

namespace sword_and_shield::text {

std::string event_line(const Event& e) {
  const auto name = [](int piece) {
    return std::string(1, piece_letter(piece)) + " (" + player_name(owner_of_piece(piece)) + ")";
  };
  switch (e.kind) {
    case Event::Kind::SwordKills:
      return "The sword of " + name(e.by) + " sends " + name(e.piece) + " to the cemetery.\n";
    case Event::Kind::SwordsClash:
      return "The swords of " + name(e.by) + " and " + name(e.piece) +
             " meet: both go to the cemetery.\n";
    case Event::Kind::ShieldPushes:
      return "The shield of " + name(e.piece) + " pushes " + name(e.by) + " back.\n";
    case Event::Kind::FaceHit:
      return "The sword of " + name(e.by) + " strikes " +
             player_name(e.piece == kYellowFace ? kYellow : kGreen) +
             "'s face: " + player_name(e.winner) + " wins.\n";
    case Event::Kind::Buried:
      return name(e.piece) +
             " goes off the board (an edge, a cut corner or a face) to the cemetery.\n";
  }
  return "";
}

std::string refusal_message(Refusal refusal, char letter, char other) {
  const std::string piece = "piece " + std::string(1, letter);
  switch (refusal) {
    case Refusal::GameOver:
      return "the game is over";
    case Refusal::ChooseReactionFirst:
      return "choose a reaction first";
    case Refusal::ChooseReactionBeforePassing:
      return "choose a reaction before passing";
    case Refusal::CreateOrPassFirst:
      return "create a piece or pass first";
    case Refusal::NotCreatePhase:
      return "pieces are created only at the start of a turn";
    case Refusal::NoSuchPiece:
      return "there is no piece '" + std::string(1, letter) + "'";
    case Refusal::NotYours:
      return piece + " is not yours";
    case Refusal::NotOnBoard:
      return piece + " is not on the board";
    case Refusal::AlreadyActed:
      return piece + " has moved or turned this turn already";
    case Refusal::AlreadyUsed:
      return piece + " has been used already";
    case Refusal::SameOrientation:
      return piece + " is already in that orientation";
    case Refusal::NoReactionWaiting:
      return "no reaction is waiting for a choice";
    case Refusal::NoSuchReaction:
      return std::string("no reaction between ") + letter + " and " + other + " is possible";
  }
  return "";
}

namespace {

constexpr std::size_t kPiecesPerRow = 12;

char vertical(Side s) {
  return s == Side::Sword ? '|' : s == Side::Shield ? '#' : ' ';
}
char horizontal(Side s) {
  return s == Side::Sword ? '-' : s == Side::Shield ? '#' : ' ';
}

std::array<std::string, 3> sides_lines(const std::array<Side, 4>& s, char centre) {
  return {std::string{' ', vertical(s[0]), ' '},
          std::string{horizontal(s[3]), centre, horizontal(s[1])},
          std::string{' ', vertical(s[2]), ' '}};
}

std::array<std::string, 3> cell_lines(const Position& game, Coord c) {
  if (!Position::on_board(c)) return {"   ", "   ", "   "};
  const std::int8_t content = game.at(c);
  if (content == kEmpty) {
    const bool creation =
        c == Position::creation_square(kYellow) || c == Position::creation_square(kGreen);
    return {"   ", creation ? " + " : " . ", "   "};
  }
  if (content == kYellowFace || content == kGreenFace) {
    return {"   ", std::string{' ', game.label(c), ' '}, "   "};
  }
  std::array<Side, 4> sides{};
  for (int d = 0; d < 4; ++d)
    sides[static_cast<std::size_t>(d)] =
        game.side(content, engine::kOrthogonalDirections[static_cast<std::size_t>(d)]);
  return sides_lines(sides, piece_letter(content));
}

std::string pieces(const Position& game, int player, Place where) {
  std::vector<int> listed;
  for (int p = 0; p < kPieces; ++p) {
    if (owner_of_piece(p) == player && game.place(p) == where) listed.push_back(p);
  }
  const std::string title =
      player_name(player) + (where == Place::Unused ? " unused:" : " cemetery:");
  if (listed.empty()) return title + " none\n";
  std::string out = title + "\n";
  for (std::size_t start = 0; start < listed.size(); start += kPiecesPerRow) {
    const std::size_t end = std::min(listed.size(), start + kPiecesPerRow);
    for (std::size_t line = 0; line < 3; ++line) {
      std::string text;
      for (std::size_t i = start; i < end; ++i) {
        text += (i > start ? " " : "") + piece_lines(listed[i], 0)[line];
      }
      out += text + "\n";
    }
  }
  return out;
}

}  // namespace

std::array<std::string, 3> piece_lines(int piece, int quarter_turns) {
  const std::array<Side, 4> base = base_sides(piece % kPiecesPerSide);
  std::array<Side, 4> turned{};
  for (int d = 0; d < 4; ++d) {
    turned[static_cast<std::size_t>((d + quarter_turns) % 4)] = base[static_cast<std::size_t>(d)];
  }
  return sides_lines(turned, piece_letter(piece));
}

std::string board(const Position& game) {
  std::string out = "     ";
  for (int col = 1; col <= kSize; ++col) {
    const std::string n = std::to_string(col);
    out += n.size() == 1 ? " " + n + " " : n + " ";
  }
  out += "\n";
  const std::string frame = "    +" + std::string(3 * kSize, '-') + "+\n";
  out += frame;
  for (int row = 1; row <= kSize; ++row) {
    std::array<std::string, 3> lines;
    for (int col = 1; col <= kSize; ++col) {
      const auto cell = cell_lines(game, {row, col});
      for (std::size_t i = 0; i < 3; ++i) lines[i] += cell[i];
    }
    for (std::size_t i = 0; i < 3; ++i) {
      std::string margin = "    ";
      if (i == 1) {
        const std::string n = std::to_string(row);
        margin = std::string(3 - n.size(), ' ') + n + " ";
      }
      out += margin + "|" + lines[i] + "|\n";
    }
  }
  return out + frame;
}

std::string status(const Position& game) {
  const std::string who = player_name(game.turn());
  switch (game.phase()) {
    case Phase::Create:
      return who + "'s turn: create <letter> <0|90|180|270>, or pass.\n";
    case Phase::Act:
      return who +
             "'s turn: move <letter> <up|right|down|left>, rotate <letter> <1-4>, or pass to "
             "end the turn.\n";
    case Phase::Reaction: {
      std::string out = who + "'s turn: choose a reaction by its two letters:";
      for (const Reaction& r : game.pending()) {
        out += std::string(" ") + game.label(r.first) + game.label(r.second);
      }
      return out + "\n";
    }
    case Phase::Over:
      return player_name(*game.winner()) + " wins!\n";
  }
  return "";
}

std::string display(const Position& game) {
  return pieces(game, kGreen, Place::Unused) + pieces(game, kGreen, Place::Cemetery) + board(game) +
         pieces(game, kYellow, Place::Unused) + pieces(game, kYellow, Place::Cemetery) +
         status(game);
}

namespace {

char side_letter(Side s) {
  return s == Side::Sword ? 'S' : s == Side::Shield ? 'H' : '0';
}

// A cell in five characters: the letter, then its sides north, east, south,
// west as the handout writes them (S sword, H shield, 0 nothing).
std::string compact_cell(const Position& game, Coord c) {
  if (!Position::on_board(c)) return "     ";
  const std::int8_t content = game.at(c);
  if (content == kEmpty) {
    const bool creation =
        c == Position::creation_square(kYellow) || c == Position::creation_square(kGreen);
    return creation ? "  +  " : "  .  ";
  }
  if (content == kYellowFace || content == kGreenFace)
    return "  " + std::string(1, game.label(c)) + "  ";
  std::string cell(1, piece_letter(content));
  for (Dir d : engine::kOrthogonalDirections) cell += side_letter(game.side(content, d));
  return cell;
}

std::string compact_pieces(const Position& game, int player, Place where) {
  std::string letters;
  for (int p = 0; p < kPieces; ++p) {
    if (owner_of_piece(p) == player && game.place(p) == where) letters += piece_letter(p);
  }
  return player_name(player) + (where == Place::Unused ? " unused: " : " cemetery: ") +
         (letters.empty() ? "none" : letters) + "\n";
}

}  // namespace

std::string compact_display(const Position& game) {
  std::string out = compact_pieces(game, kGreen, Place::Unused) +
                    compact_pieces(game, kGreen, Place::Cemetery) + "    ";
  for (int col = 1; col <= kSize; ++col) {
    const std::string n = std::to_string(col);
    out += " " + std::string(5 - n.size(), ' ') + n;
  }
  out += "\n";
  for (int row = 1; row <= kSize; ++row) {
    const std::string n = std::to_string(row);
    out += std::string(3 - n.size(), ' ') + n + " ";
    for (int col = 1; col <= kSize; ++col) out += " " + compact_cell(game, {row, col});
    out += "\n";
  }
  return out +
         "  (a piece: its letter, then its sides north, east, south, west: S sword, H shield)\n" +
         compact_pieces(game, kYellow, Place::Unused) +
         compact_pieces(game, kYellow, Place::Cemetery) + status(game);
}

}  // namespace sword_and_shield::text
