#include "games/sword-and-shield/ai.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "engine/alphabeta.hpp"
#include "engine/mcts.hpp"

namespace sword_and_shield {
namespace {

using Action = State::Action;

// The search's evaluation, in pieces (tried at 100-400 ms a decision against
// the tree search with random playouts it replaced, 2026-11-24).
constexpr int kSearchWidth = 8;           // children a node searches below the horizon
constexpr double kSwordAtTheFace = 1.0;   // a sword piece next to the opponent's face
constexpr int kFarthest = 14;             // a sword piece this far from it counts nothing
constexpr double kThreatToMove = 3.0;     // a sword next to the face, its player to move
constexpr double kThreatAfterTurn = 1.0;  // the same, the opponent to move
constexpr double kPiecesPerLogit = 2.0;   // the score's scale in the value's logistic curve

// The state after `action` and, while it is still the player's turn, passes.
State after_turn(const State& state, const Action& action) {
  State next = state.for_search();
  const int player = state.to_move();
  next.apply(action);
  for (int guard = 0; guard < 4 && !next.over() && next.to_move() == player &&
                      next.game().phase() != Phase::Reaction;
       ++guard) {
    next.apply({Action::Kind::Pass, 0, 0, 0});
  }
  return next;
}

// Turning a piece does not change its sides, only where they point.
bool has_sword(int piece) {
  const auto sides = base_sides(piece % kPiecesPerSide);
  return std::find(sides.begin(), sides.end(), Side::Sword) != sides.end();
}

// Yellow's value in [0, 1] of a score in pieces.
double yellow_value(double score) {
  return 1.0 / (1.0 + std::exp(-score / kPiecesPerLogit));
}

}  // namespace

engine::Returns position_values(const State& state) {
  if (state.over()) return engine::win_shares(state.returns(), 2);
  engine::Returns values{};
  values[0] = yellow_value(material(state.game(), 0));
  values[1] = 1.0 - values[0];
  return values;
}

double attack_score(const Position& game) {
  double score = material(game, 0);
  bool threat[2] = {false, false};
  for (int row = 1; row <= kSize; ++row) {
    for (int col = 1; col <= kSize; ++col) {
      const int piece = game.at({row, col});
      if (piece < 0 || piece >= kPieces || !has_sword(piece)) continue;
      const int player = owner_of_piece(piece);
      const Coord face = Position::face_square(1 - player);
      const int distance = std::abs(row - face.row) + std::abs(col - face.col);
      const double sign = player == kYellow ? 1.0 : -1.0;
      score += sign * kSwordAtTheFace * (kFarthest - distance) / (kFarthest - 1);
      // A piece that has acted this turn cannot turn toward the face.
      if (distance == 1 && !(player == game.turn() && game.acted(piece))) threat[player] = true;
    }
  }
  for (int player : {kYellow, kGreen}) {
    if (!threat[player]) continue;
    const bool to_move = player == game.turn() && game.phase() != Phase::Reaction;
    score += (player == kYellow ? 1.0 : -1.0) * (to_move ? kThreatToMove : kThreatAfterTurn);
  }
  return score;
}

Action greedy_action(const State& state, engine::Random& rng) {
  std::vector<Action> legal;
  state.legal_actions(legal);
  const auto player = static_cast<std::size_t>(state.to_move());
  return *engine::best_of(legal, rng, [&](const Action& action) {
    return position_values(after_turn(state, action))[player];
  });
}

Action ai_action(const State& state, const AiOptions& options) {
  std::vector<Action> legal;
  state.legal_actions(legal);
  if (legal.size() == 1) return legal.front();
  engine::Random rng(options.seed);
  engine::SearchLimits limits;
  if (options.nodes > 0) {
    limits.iterations = options.nodes;
  } else {
    limits.deadline = engine::search_deadline(options.start, options.time_ms);
  }
  engine::AlphaBeta<State> search(kSearchWidth);
  return search.search(state.for_search(), limits, rng,
                       [](const State& leaf) { return yellow_value(attack_score(leaf.game())); });
}

}  // namespace sword_and_shield
