// The id sets that scoped check queries take as parameters (CheckSpec::scope_sets), read once
// per check run in the run's snapshot, so that every scoped query finds the scope's fragments,
// table rows and upstream edges by primary key instead of scanning for them again.
#pragma once

#include "checks/check_spec.hpp"
#include "db/meta_store_session.hpp"
#include "store/schema_facts.hpp"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rwdoctor::checks {

class ScopeArrays
{
public:
  // The whole store: every set is NULL.
  ScopeArrays() = default;

  // Reads, for `jobs`, the sets that `specs` (nullptr entries ignored) name, with
  // sql/store/scope_*.sql. A set whose tables the store lacks is empty: no check that
  // names it applies there.
  static ScopeArrays read(db::MetaStoreSession& session, const store::SchemaFacts& facts, const std::set<int>& jobs,
                          const std::vector<const CheckSpec*>& specs);

  // $1, $2, ... of `spec`'s query (none unless it is scoped).
  db::MetaStoreSession::QueryParams params_for(const CheckSpec& spec) const;

private:
  std::map<ScopeSet, std::string> m_arrays; // PostgreSQL int[] literals; empty map: whole store
};

} // namespace rwdoctor::checks
