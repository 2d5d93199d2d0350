// Undo history by snapshots: a stack of earlier states. Game states are
// copyable values, so undo is "take the last snapshot back".
#pragma once

#include <cassert>
#include <cstddef>
#include <utility>
#include <vector>

namespace engine {

template <typename State>
class History {
 public:
  void push(const State& state) { states_.push_back(state); }
  bool empty() const { return states_.empty(); }
  std::size_t size() const { return states_.size(); }

  // The most recent snapshot, removed from the history.
  State pop() {
    assert(!empty());
    State state = std::move(states_.back());
    states_.pop_back();
    return state;
  }

  // Drops the snapshots past the first `size` (after restoring an earlier one).
  void truncate(std::size_t size) {
    if (size < states_.size()) states_.resize(size);
  }

 private:
  std::vector<State> states_;
};

}  // namespace engine
