#include "web/identity.hpp"

#include <sodium.h>

#include <stdexcept>

#include "engine/words.hpp"

namespace web {
namespace {

constexpr std::size_t kRandomDigits = 32, kSignatureDigits = 32;

bool hex(std::string_view text) {
  return text.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

}  // namespace

Identities::Identities(std::string_view key_hex) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium cannot start");
  if (key_hex.size() != 2 * key_.size() || !hex(key_hex))
    throw std::runtime_error("the store's secret is not 64 hex digits");
  std::size_t length = 0;
  sodium_hex2bin(key_.data(), key_.size(), key_hex.data(), key_hex.size(), nullptr, &length,
                 nullptr);
}

std::string Identities::signature(std::string_view random) const {
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256(mac, reinterpret_cast<const unsigned char*>(random.data()), random.size(),
                         key_.data());
  char text[2 * kSignatureDigits + 1];
  sodium_bin2hex(text, sizeof text, mac, kSignatureDigits / 2);
  return text;
}

std::string Identities::issue() const {
  unsigned char bytes[kRandomDigits / 2];
  randombytes_buf(bytes, sizeof bytes);
  char random[kRandomDigits + 1];
  sodium_bin2hex(random, sizeof random, bytes, sizeof bytes);
  return random + signature(random);
}

bool Identities::genuine(std::string_view value) const {
  if (value.size() != kRandomDigits + kSignatureDigits || !hex(value)) return false;
  const std::string expected = signature(value.substr(0, kRandomDigits));
  return sodium_memcmp(expected.data(), value.data() + kRandomDigits, kSignatureDigits) == 0;
}

std::optional<std::string> cookie_value(std::string_view header, std::string_view name) {
  const std::string prefix = std::string(name) + "=";
  while (!header.empty()) {
    const std::size_t semicolon = header.find(';');
    const std::string_view pair = engine::trim(header.substr(0, semicolon));
    header = semicolon == std::string_view::npos ? "" : header.substr(semicolon + 1);
    if (!pair.starts_with(prefix)) continue;
    const std::string_view value = pair.substr(prefix.size());
    if ((value.size() == kRandomDigits || value.size() == kRandomDigits + kSignatureDigits) &&
        hex(value))
      return std::string(value);
  }
  return std::nullopt;
}

}  // namespace web
