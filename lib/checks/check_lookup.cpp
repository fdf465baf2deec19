#include "checks/check_lookup.hpp"

#include <algorithm>
#include <cctype>

namespace rwdoctor::checks {

namespace {

// "INV-08" and "inv-8" -> "inv-8"; "N5" -> "n5": case and leading zeros do not matter.
std::string
normalised_label(std::string_view text)
{
  std::string out;
  bool in_number = false;
  for (const char c : text) {
    const bool digit = std::isdigit(static_cast<unsigned char>(c)) != 0;
    if (digit && !in_number && c == '0') {
      continue; // a leading zero of the number
    }
    in_number = digit;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

} // namespace

std::size_t
edit_distance(std::string_view a, std::string_view b)
{
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) {
    row[j] = j;
  }
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::optional<std::string>
find_check(const Catalogue& catalogue, std::string_view text)
{
  if (catalogue.contains(std::string(text))) {
    return std::string(text);
  }
  const auto label = normalised_label(text);
  if (label.empty()) {
    return std::nullopt;
  }
  for (const auto& id : catalogue.ids()) {
    if (normalised_label(catalogue.primary(id).invariant) == label) {
      return id;
    }
  }
  return std::nullopt;
}

std::vector<std::string>
similar_checks(const Catalogue& catalogue, std::string_view text)
{
  std::vector<std::pair<std::size_t, std::string>> scored;
  for (const auto& id : catalogue.ids()) {
    const auto distance = edit_distance(text, id);
    const bool prefix = text.size() >= 3 && id.compare(0, text.size(), text) == 0;
    if (distance <= 2 || prefix) {
      scored.emplace_back(prefix ? 0 : distance, id);
    }
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& left, const auto& right) { return left.first < right.first; });
  std::vector<std::string> ids;
  for (const auto& entry : scored) {
    ids.push_back(entry.second);
  }
  return ids;
}

} // namespace rwdoctor::checks
