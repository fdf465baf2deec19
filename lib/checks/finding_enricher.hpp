// Turns raw findings into reported findings: the check's defaults, the object's type,
// database, qualified name and job status from the catalog, and the repairs that apply.
#pragma once

#include "checks/check_spec.hpp"
#include "checks/raw_finding.hpp"
#include "db/meta_store_session.hpp"

#include <string>
#include <utility>
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

// Describes every object the findings name (one query) and builds the findings. A failed
// description leaves names empty and adds a line to `warnings`.
std::vector<Finding>
enrich_findings(db::MetaStoreSession& session, const std::vector<std::pair<const CheckSpec*, RawFinding>>& raw,
                std::vector<std::string>& warnings);

} // namespace rwdoctor::checks
