#include "checks/catalogue.hpp"

#include "core/error.hpp"
#include "sql/embedded_sql.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

namespace rwdoctor::checks {

Catalogue
Catalogue::from_files(const std::vector<std::pair<std::string, std::string>>& files)
{
  Catalogue catalogue;
  for (const auto& [path, contents] : files) {
    auto spec = parse_check_file(path, contents);
    auto& list = catalogue.m_variants[spec.id];
    if (spec.variant.empty()) {
      list.insert(list.begin(), std::move(spec));
    } else {
      list.push_back(std::move(spec));
    }
  }
  for (const auto& [id, list] : catalogue.m_variants) {
    if (!list.front().variant.empty()) {
      throw OperationalError(fmt::format("check '{}' has variants but no main file sql/checks/{}.sql", id, id),
                             "Every check needs a main file; variants are named <id>@<tag>.sql.");
    }
    catalogue.m_ids.push_back(id);
  }
  std::sort(catalogue.m_ids.begin(), catalogue.m_ids.end(), [&](const std::string& a, const std::string& b) {
    // Checks of the invariants first, in their order; those from real incidents after them.
    const auto rank = [&](const std::string& id) {
      const int number = catalogue.primary(id).invariant_number();
      return number == 0 ? std::numeric_limits<int>::max() : number;
    };
    const int na = rank(a);
    const int nb = rank(b);
    return na != nb ? na < nb : a < b;
  });
  return catalogue;
}

const Catalogue&
Catalogue::builtin()
{
  static const Catalogue catalogue = [] {
    std::vector<std::pair<std::string, std::string>> files;
    for (const auto& file : sql::embedded_sql_files()) {
      if (util::starts_with(file.path, "sql/checks/")) {
        files.emplace_back(std::string(file.path), std::string(file.contents));
      }
    }
    return from_files(files);
  }();
  return catalogue;
}

const std::vector<CheckSpec>&
Catalogue::variants(const std::string& id) const
{
  const auto found = m_variants.find(id);
  if (found == m_variants.end()) {
    throw UsageError(fmt::format("unknown check '{}'", id), "Run 'rwdoctor checks' to list the check ids.");
  }
  return found->second;
}

Applicability
select_variant(const Catalogue& catalogue, const std::string& id, const store::SchemaFacts& facts,
               const store::Generation& generation)
{
  Applicability result;
  for (const auto& spec : catalogue.variants(id)) {
    std::string reason;
    for (const auto& relation : spec.required_relations) {
      if (!facts.has(relation)) {
        reason = fmt::format("the store has no {} {}", relation.find('.') == std::string::npos ? "table" : "column",
                             relation);
        break;
      }
    }
    if (reason.empty() && !spec.since.empty() && !generation.has(spec.since)) {
      reason = fmt::format("applies from {} on (migration {} not applied)", store::first_release_of(spec.since),
                           spec.since);
    }
    if (reason.empty() && !spec.until.empty() && generation.has(spec.until)) {
      reason = fmt::format("applies before {} only (migration {} applied)", store::first_release_of(spec.until),
                           spec.until);
    }
    if (reason.empty()) {
      result.spec = &spec;
      result.reason.clear();
      return result;
    }
    if (result.reason.empty()) {
      result.reason = reason;
    }
  }
  return result;
}

Severity
worst_severity(const Catalogue& catalogue, const std::string& id)
{
  Severity worst = Severity::info;
  for (const auto& spec : catalogue.variants(id)) {
    worst = std::min(worst, spec.worst_severity); // critical is the smallest value
  }
  return worst;
}

std::string
applies_to(const CheckSpec& spec)
{
  const bool since = !spec.since.empty();
  const bool until = !spec.until.empty();
  if (since && until) {
    return fmt::format("{}+ before {}", store::first_release_of(spec.since), store::first_release_of(spec.until));
  }
  if (since) {
    const auto release = store::first_release_of(spec.since);
    return release == "head" ? release : fmt::format("{}+", release);
  }
  if (until) {
    return fmt::format("before {}", store::first_release_of(spec.until));
  }
  return "all";
}

} // namespace rwdoctor::checks
