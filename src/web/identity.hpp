// A browser's identity: the value of its cookie, under which the server
// keeps the seats it holds ("Your games"). Only servers issue identities,
// signed with the secret of their store (HMAC-SHA-256, libsodium), so that
// a value they never issued is refused: nobody fixes another browser's
// identity in advance.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace web {

class Identities {
 public:
  // `key_hex`: the store's secret, 64 hex digits.
  explicit Identities(std::string_view key_hex);
  // A new identity: 32 random hex digits, then 32 of their signature.
  std::string issue() const;
  // Whether `value` is an identity these servers issued.
  bool genuine(std::string_view value) const;

 private:
  std::string signature(std::string_view random) const;
  std::array<unsigned char, 32> key_{};
};

// The value of the cookie `name` in a Cookie header, whatever it is (a
// well-formed one: 32 or 64 hex digits), or nothing.
std::optional<std::string> cookie_value(std::string_view cookie_header, std::string_view name);

}  // namespace web
