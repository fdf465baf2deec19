#include "checks/scope_arrays.hpp"

#include "util/text.hpp"

#include <algorithm>

namespace rwdoctor::checks {

namespace {

bool
named(const std::vector<const CheckSpec*>& specs, ScopeSet set)
{
  return std::any_of(specs.begin(), specs.end(), [set](const CheckSpec* spec) {
    return spec != nullptr && std::find(spec->scope_sets.begin(), spec->scope_sets.end(), set) != spec->scope_sets.end();
  });
}

// The one int[] literal `path` returns for `arguments`.
std::string
read_array(db::MetaStoreSession& session, const char* path, const std::vector<std::string>& arguments)
{
  const auto rows = session.run_file(path, arguments);
  return rows.values.empty() || !rows.values.front().front() ? "{}" : *rows.values.front().front();
}

} // namespace

ScopeArrays
ScopeArrays::read(db::MetaStoreSession& session, const store::SchemaFacts& facts, const std::set<int>& jobs,
                  const std::vector<const CheckSpec*>& specs)
{
  ScopeArrays arrays;
  const auto job_array = util::pg_int_array(std::vector<int>(jobs.begin(), jobs.end()));
  arrays.m_arrays[ScopeSet::jobs] = job_array;
  const bool upstream = named(specs, ScopeSet::upstream);
  const bool tables = named(specs, ScopeSet::tables);
  // `tables` and `upstream` are found from the fragments.
  if (named(specs, ScopeSet::fragments) || upstream || tables) {
    arrays.m_arrays[ScopeSet::fragments] =
      facts.has("fragment") ? read_array(session, "sql/store/scope_fragments.sql", {job_array}) : "{}";
  }
  const auto& fragment_array = arrays.m_arrays[ScopeSet::fragments];
  if (tables) {
    arrays.m_arrays[ScopeSet::tables] =
      facts.has("table") ? read_array(session, "sql/store/scope_tables.sql", {job_array, fragment_array}) : "{}";
  }
  if (upstream) {
    arrays.m_arrays[ScopeSet::upstream] =
      facts.has("fragment_relation") ? read_array(session, "sql/store/scope_upstream.sql", {fragment_array}) : "{}";
  }
  if (named(specs, ScopeSet::children)) {
    arrays.m_arrays[ScopeSet::children] = facts.has("object.belong_to_oid")
                                            ? read_array(session, "sql/store/scope_children.sql", {job_array})
                                            : "{}";
  }
  return arrays;
}

db::MetaStoreSession::QueryParams
ScopeArrays::params_for(const CheckSpec& spec) const
{
  db::MetaStoreSession::QueryParams params;
  for (const auto set : spec.scope_sets) {
    const auto found = m_arrays.find(set);
    params.push_back(found == m_arrays.end() ? std::nullopt : std::optional<std::string>(found->second));
  }
  return params;
}

} // namespace rwdoctor::checks
