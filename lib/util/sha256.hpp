#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace rwdoctor::util {

// Lower-case hex SHA-256 of `data` (OpenSSL libcrypto).
std::string sha256_hex(std::string_view data);

// SHA-256 of data given in pieces, so a large document is hashed without being built in
// memory: the result equals sha256_hex of the pieces concatenated.
class Sha256
{
public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  void update(std::string_view data);
  // Lower-case hex digest of everything given so far; the object is finished afterwards.
  std::string finish_hex();

private:
  struct Context;
  std::unique_ptr<Context> context_;
};

} // namespace rwdoctor::util
