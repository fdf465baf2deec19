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
// any); `owner` is the job the object belongs to (an internal table's, a subscription's),
// the finding's job_id when the check gave none. Exposed for unit tests.
Finding
make_finding(const CheckSpec& spec, const RawFinding& raw, const db::ObjectInfo* object,
             std::optional<int> owner = std::nullopt);

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
  // `with_parent`: the store has object.belong_to_oid (db::MetaStoreSession::object_owners).
  FindingEnricher(db::MetaStoreSession& session, bool with_parent, std::vector<std::string>& warnings)
    : m_session(session), m_with_parent(with_parent), m_warnings(warnings)
  {
  }

  // The findings of `raw` (all from check `spec`), in the same order.
  std::vector<Finding> enrich(const CheckSpec& spec, const std::vector<RawFinding>& raw);

private:
  db::MetaStoreSession& m_session;
  bool m_with_parent;
  std::vector<std::string>& m_warnings;
  bool m_failed = false;
};

} // namespace rwdoctor::checks
