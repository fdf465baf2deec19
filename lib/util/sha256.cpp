#include "util/sha256.hpp"

#include "core/error.hpp"

#include <fmt/format.h>
#include <openssl/evp.h>

#include <memory>

namespace rwdoctor::util {

std::string
sha256_hex(std::string_view data)
{
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (!context || EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) != 1
      || EVP_DigestUpdate(context.get(), data.data(), data.size()) != 1
      || EVP_DigestFinal_ex(context.get(), digest, &length) != 1) {
    throw OperationalError("cannot compute a sha-256 checksum (libcrypto failed)");
  }
  std::string hex;
  hex.reserve(length * 2);
  for (unsigned int i = 0; i < length; ++i) {
    hex += fmt::format("{:02x}", digest[i]);
  }
  return hex;
}

} // namespace rwdoctor::util
