#include "case_shard.hpp"

#include <cstdlib>
#include <stdexcept>
#include <string>

namespace rwdoctor::test {

namespace {

struct Shard
{
  std::size_t index = 0;
  std::size_t count = 1;
};

Shard
parse_shard(const std::string& text)
{
  const auto slash = text.find('/');
  const auto digits = [](const std::string& part) {
    return !part.empty() && part.size() <= 3 && part.find_first_not_of("0123456789") == std::string::npos;
  };
  if (slash != std::string::npos && digits(text.substr(0, slash)) && digits(text.substr(slash + 1))) {
    const Shard shard{std::stoul(text.substr(0, slash)), std::stoul(text.substr(slash + 1))};
    if (shard.count > 0 && shard.index < shard.count) {
      return shard;
    }
  }
  throw std::invalid_argument("RWDOCTOR_TEST_SHARD must be K/N with 0 <= K < N, not '" + text + "'");
}

const Shard&
this_shard()
{
  static const Shard shard = [] {
    const char* text = std::getenv("RWDOCTOR_TEST_SHARD");
    return text == nullptr || *text == '\0' ? Shard{} : parse_shard(text);
  }();
  return shard;
}

} // namespace

bool
in_this_shard(std::size_t case_index)
{
  const auto& shard = this_shard();
  return case_index % shard.count == shard.index;
}

} // namespace rwdoctor::test
