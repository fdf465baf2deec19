// Turns raw findings into reported findings: the check's defaults, the object's type,
// database, qualified name and job status from the catalog, and the repairs that apply. A
// finding about an object that belongs to another object's job (internal table, associated
// source, subscription) carries that job's id.
#pragma once

#include "checks/check_spec.hpp"
#include "checks/raw_finding.hpp"
#include "db/meta_store_session.hpp"

#include <cstddef>
#include <map>
#include <optional>
#include <set>
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

// Enriches findings block by block: one description query per block for the objects no earlier
// block of the run described (the checks of one run read one snapshot, and an incident's
// objects come back in the findings of several checks); the descriptions kept are bounded
// (k_kept_descriptions), so memory follows the block, not the run. After a failed description the enricher stops describing (a failure
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

  // At most this many descriptions (and as many owners) are kept between blocks; past it the
  // kept ones are forgotten and read again when a later block names them.
  static constexpr std::size_t k_kept_descriptions = 20000;

private:
  // Describes the objects of `wanted` and reads the owners of `jobless` that are not kept yet.
  void describe(const std::set<int>& wanted, const std::set<int>& jobless);

  db::MetaStoreSession& m_session;
  bool m_with_parent;
  std::vector<std::string>& m_warnings;
  bool m_failed = false;
  std::map<int, db::ObjectInfo> m_objects; // oid -> description, for oids with an object row
  std::set<int> m_described;               // oids asked for, found or not
  std::map<int, int> m_owners;             // oid -> the job it belongs to
  std::set<int> m_owners_read;             // oids whose owner was asked for, found or not
};

} // namespace rwdoctor::checks
