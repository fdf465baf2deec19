// CheckSpec::required_relations names every table a check's query reads, so that a store
// without one of them gets "not applicable" or "missing table" instead of an SQL error.
// PostgreSQL's own plan says which tables a query reads; this holds every check file,
// whole-store and scoped, on every generation to it.
#include "checks/catalogue.hpp"
#include "checks/scope_arrays.hpp"
#include "db/meta_store_session.hpp"
#include "scratch_database.hpp"
#include "store/generation.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <string>

using namespace rwdoctor;

namespace {

// The tables of schema `schema` that the plan's nodes scan, subplans and init plans included.
void
collect_relations(const nlohmann::json& node, const std::string& schema, std::set<std::string>& tables)
{
  if (node.is_array()) {
    for (const auto& element : node) {
      collect_relations(element, schema, tables);
    }
    return;
  }
  if (!node.is_object()) {
    return;
  }
  if (node.contains("Relation Name") && node.value("Schema", "") == schema) {
    tables.insert(node["Relation Name"].get<std::string>());
  }
  for (const auto& [key, value] : node.items()) {
    if (value.is_array() || value.is_object()) {
      collect_relations(value, schema, tables);
    }
  }
}

std::set<std::string>
planned_relations(db::MetaStoreSession& session, const std::string& query,
                  const db::MetaStoreSession::QueryParams& params)
{
  const auto rows = session.run_check_query("EXPLAIN (VERBOSE, FORMAT JSON) " + query, params);
  REQUIRE(rows.values.size() == 1);
  std::set<std::string> tables;
  collect_relations(nlohmann::json::parse(rows.values[0][0].value_or("[]")), session.schema(), tables);
  return tables;
}

} // namespace

TEST_CASE("every check's requires header names each table its query reads", "[db][checks][reads]")
{
  const auto& catalogue = checks::Catalogue::builtin();
  std::set<std::string> explained; // variant files
  int reading_files = 0;             // plans that read a table of the store, over all generations
  for (const auto& generation_name : test::all_generations()) {
    INFO("generation " << generation_name);
    const test::ScratchDatabase database(generation_name);
    db::ConnectionOptions options;
    options.dbname = database.name();
    db::MetaStoreSession session(options);
    const auto facts = session.schema_facts();
    const auto generation = store::detect_generation(session.applied_migrations());
    std::set<int> jobs;
    for (const auto& row : session.run_check_query("SELECT job_id FROM streaming_job").values) {
      jobs.insert(std::stoi(row[0].value_or("0")));
    }
    REQUIRE(jobs.size() >= 3);
    // Every variant whose relations this generation has, also those its since/until rule
    // out here: the dispatcher variants are for stores older than any generation modelled.
    for (const auto& id : catalogue.ids()) {
      for (const auto& variant : catalogue.variants(id)) {
        const auto* spec = &variant;
        if (!std::all_of(spec->required_relations.begin(), spec->required_relations.end(),
                         [&](const std::string& relation) { return facts.has(relation); })) {
          continue;
        }
        explained.insert(spec->path);
        const auto declared = spec->read_tables();
        auto read = planned_relations(session, spec->query, checks::ScopeArrays().params_for(*spec));
        if (spec->scoped) {
          const auto scope = checks::ScopeArrays::read(session, facts, jobs, {spec});
          const auto scoped_read = planned_relations(session, spec->query, scope.params_for(*spec));
          read.insert(scoped_read.begin(), scoped_read.end());
        }
        reading_files += read.empty() ? 0 : 1;
        INFO(spec->path << " reads " << fmt::format("{}", fmt::join(read, " ")) << "; requires names "
                        << fmt::format("{}", fmt::join(declared, " ")));
        for (const auto& table : read) {
          INFO("undeclared table: " << table);
          CHECK(declared.count(table) == 1);
        }
      }
    }
  }
  // The plans were read: most files read tables of the store (blob-malformed's and
  // foreign-keys-missing's queries read only PostgreSQL's catalog).
  CHECK(reading_files >= 60);
  // Every variant file was explained on one of the generations, so none escapes the test.
  for (const auto& id : catalogue.ids()) {
    for (const auto& spec : catalogue.variants(id)) {
      INFO(spec.path << ": no generation the tests model has its relations");
      CHECK(explained.count(spec.path) == 1);
    }
  }
}
