#include "games/raiinet/setup.hpp"

#include <algorithm>

#include "engine/random.hpp"
#include "engine/words.hpp"

namespace raiinet {
namespace {

std::string ability_letters() {
  std::string letters;
  for (const AbilitySpec& a : abilities()) letters += a.letter;
  return letters;
}

std::optional<LinkValue> parse_link_value(std::string_view token) {
  if (token.size() != 2 || (token[0] != 'V' && token[0] != 'D') || token[1] < '1' ||
      token[1] > '4') {
    return std::nullopt;
  }
  return LinkValue{token[0] == 'V' ? Kind::Virus : Kind::Data, token[1] - '0'};
}

}  // namespace

std::variant<std::array<char, kCards>, SetupError> parse_ability_order(std::string_view order) {
  const std::string letters = ability_letters();
  if (order.size() != kCards) {
    return SetupError{"an ability order is " + std::to_string(kCards) + " letters among " +
                      letters + ", not \"" + engine::printable(order, 20) + "\""};
  }
  std::array<char, kCards> cards{};
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (letters.find(order[i]) == std::string::npos) {
      return SetupError{"'" + std::string(1, order[i]) + "' is not an ability; the abilities are " +
                        letters};
    }
    if (std::count(order.begin(), order.end(), order[i]) > 2) {
      return SetupError{"ability '" + std::string(1, order[i]) + "' appears more than twice"};
    }
    cards[i] = order[i];
  }
  return cards;
}

std::variant<Placement, SetupError> parse_placement(std::string_view text) {
  const auto words = engine::split_words(text);
  if (words.size() != kLinks) {
    return SetupError{"a placement holds 8 links (V1-V4 and D1-D4, each once), not " +
                      std::to_string(words.size()) + " words"};
  }
  Placement placement;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const auto value = parse_link_value(words[i]);
    if (!value) {
      return SetupError{"word " + std::to_string(i + 1) + " \"" + engine::printable(words[i], 10) +
                        "\" is not a link (V1-V4 or D1-D4)"};
    }
    if (std::find(placement.begin(), placement.begin() + static_cast<long>(i), *value) !=
        placement.begin() + static_cast<long>(i)) {
      return SetupError{"link " + std::string(words[i]) + " appears twice"};
    }
    placement[i] = *value;
  }
  return placement;
}

Placement random_placement(engine::Random& rng) {
  Placement placement;
  for (int i = 0; i < kLinks; ++i) {
    placement[static_cast<std::size_t>(i)] = {i < 4 ? Kind::Virus : Kind::Data, i % 4 + 1};
  }
  for (int i = kLinks - 1; i > 0; --i) {
    std::swap(placement[static_cast<std::size_t>(i)],
              placement[rng.below(static_cast<std::uint32_t>(i + 1))]);
  }
  return placement;
}

}  // namespace raiinet
