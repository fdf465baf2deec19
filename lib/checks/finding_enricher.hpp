// Turns raw findings into reported findings: the check's defaults, the object's type,
// database, qualified name and job status from the catalog, and the repairs that apply. A
// finding about an object that belongs to another object's job (internal table, associated
// source, subscription) carries that job's id.
#pragma once

#include "checks/check_spec.hpp"
#include "checks/raw_finding.hpp"
#include "db/meta_store_session.hpp"

#include <optional>
#include <string>
#include <vector>

namespace rwdoctor::checks {

// Pure part: builds the finding from `spec`, `raw` and the description of its object (if
// any). Exposed for unit tests.
Finding
make_finding(const CheckSpec& spec, const RawFinding& raw, const db::ObjectInfo* object);

// `database.schema.name`, each part quoted where SQL would need it; nullopt when the
// object's own name is unknown (its type row is gone).
std::optional<std::string>
qualified_name(const db::ObjectInfo& object);

// Enriches findings block by block: one description query per block, so memory follows the
// block, not the run. After a failed description the enricher stops describing (a failure
// such as a statement timeout would only repeat per block): that block's and every later
// finding keeps empty names, and `warnings` gets one line for the whole run.
class FindingEnricher
{
public:
  FindingEnricher(db::MetaStoreSession& session, std::vector<std::string>& warnings)
    : m_session(session), m_warnings(warnings)
  {
  }

  // The findings of `raw` (all from check `spec`), in the same order.
  std::vector<Finding> enrich(const CheckSpec& spec, const std::vector<RawFinding>& raw);

private:
  db::MetaStoreSession& m_session;
  std::vector<std::string>& m_warnings;
  bool m_failed = false;
  std::optional<bool> m_with_parent; // object.belong_to_oid exists; read once, on first need
};

} // namespace rwdoctor::checks
