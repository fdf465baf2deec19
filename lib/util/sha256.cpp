#include "util/sha256.hpp"

#include "core/error.hpp"

#include <fmt/format.h>
#include <openssl/evp.h>

namespace rwdoctor::util {

struct Sha256::Context
{
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> digest{EVP_MD_CTX_new(), &EVP_MD_CTX_free};
};

namespace {

[[noreturn]] void
libcrypto_failed()
{
  throw OperationalError("cannot compute a sha-256 checksum (libcrypto failed)");
}

} // namespace

Sha256::Sha256() : context_(std::make_unique<Context>())
{
  if (!context_->digest || EVP_DigestInit_ex(context_->digest.get(), EVP_sha256(), nullptr) != 1) {
    libcrypto_failed();
  }
}

Sha256::~Sha256() = default;

void
Sha256::update(std::string_view data)
{
  if (EVP_DigestUpdate(context_->digest.get(), data.data(), data.size()) != 1) {
    libcrypto_failed();
  }
}

std::string
Sha256::finish_hex()
{
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_DigestFinal_ex(context_->digest.get(), digest, &length) != 1) {
    libcrypto_failed();
  }
  std::string hex;
  hex.reserve(length * 2);
  for (unsigned int i = 0; i < length; ++i) {
    hex += fmt::format("{:02x}", digest[i]);
  }
  return hex;
}

std::string
sha256_hex(std::string_view data)
{
  Sha256 digest;
  digest.update(data);
  return digest.finish_hex();
}

} // namespace rwdoctor::util
