#pragma once

#include <string>
#include <string_view>

namespace rwdoctor::util {

// Lower-case hex SHA-256 of `data` (OpenSSL libcrypto).
std::string sha256_hex(std::string_view data);

} // namespace rwdoctor::util
