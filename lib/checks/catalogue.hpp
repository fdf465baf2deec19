// The check catalogue: every sql/checks/*.sql file embedded in this build, grouped by id.
#pragma once

#include "checks/check_spec.hpp"
#include "store/generation.hpp"
#include "store/schema_facts.hpp"

#include <map>
#include <string>
#include <vector>

namespace rwdoctor::checks {

class Catalogue
{
public:
  // Parses `files` (path, contents) whose path is under sql/checks/. Throws OperationalError
  // for a malformed file.
  static Catalogue from_files(const std::vector<std::pair<std::string, std::string>>& files);

  // The catalogue built into this binary (parsed once).
  static const Catalogue& builtin();

  // Check ids in catalogue order (by invariant number, then id).
  const std::vector<std::string>& ids() const { return m_ids; }

  bool contains(const std::string& id) const { return m_variants.count(id) != 0; }

  // All variants of `id`; the main file (no '@') first. `id` must exist.
  const std::vector<CheckSpec>& variants(const std::string& id) const;

  // The main file of `id` (for titles and explanations).
  const CheckSpec& primary(const std::string& id) const { return variants(id).front(); }

private:
  std::vector<std::string> m_ids;
  std::map<std::string, std::vector<CheckSpec>> m_variants;
};

// Why a variant does or does not apply to a store.
struct Applicability
{
  const CheckSpec* spec = nullptr; // the variant to run, or nullptr when none applies
  std::string reason;              // when none applies: e.g. "needs table fragment_splits (v2.7+)"
};

// Picks the variant of `id` that applies to a store with `facts` and `generation`: its
// required relations exist and its since/until migrations hold. Pure.
Applicability
select_variant(const Catalogue& catalogue, const std::string& id, const store::SchemaFacts& facts,
               const store::Generation& generation);

// The most severe a finding of `id` can be on any store: the worst of its variants'
// worst_severity. `id` must exist.
Severity
worst_severity(const Catalogue& catalogue, const std::string& id);

// "v2.7+", "up to v2.6", "v2.3+ up to v2.4" or "all": the releases a variant's since/until
// migrations describe.
std::string
applies_to(const CheckSpec& spec);

} // namespace rwdoctor::checks
