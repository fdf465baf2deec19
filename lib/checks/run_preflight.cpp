// Before a check run reads any check's rows: the selection is valid, the database is a
// RisingWave meta store, and what the report says about the store.
#include "checks/run_preflight.hpp"

#include "core/error.hpp"
#include "store/generation.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rwdoctor::checks {

void
require_known_checks(const Catalogue& catalogue, const CheckSelection& selection)
{
  for (const auto& id : selection.check_ids) {
    if (!catalogue.contains(id)) {
      throw UsageError(fmt::format("unknown check '{}'", id), "Run 'rwdoctor checks' to list the check ids.");
    }
  }
}

void
require_meta_store(const db::MetaStoreSession& session, const store::SchemaFacts& facts)
{
  const auto hint = "Point -d at the database the meta node uses (its --sql-endpoint), and pass --schema if "
                    "the tables live in another schema than the connection's current one.";
  if (!facts.has("seaql_migrations")) {
    throw OperationalError(fmt::format("database \"{}\" is not a RisingWave meta store: schema \"{}\" has no "
                                       "seaql_migrations table",
                                       session.database(), session.schema()),
                           hint);
  }
  if (!facts.has("object") || !facts.has("streaming_job")) {
    throw OperationalError(fmt::format("database \"{}\" is not a RisingWave meta store: schema \"{}\" has "
                                       "seaql_migrations but no {} table",
                                       session.database(), session.schema(),
                                       facts.has("object") ? "streaming_job" : "object"),
                           hint);
  }
}

void
describe_meta_store(db::MetaStoreSession& session, const store::SchemaFacts& facts,
                    const store::Generation& generation, CheckRun& report)
{
  report.meta_store.database = session.database();
  report.meta_store.schema = session.schema();
  report.meta_store.generation = generation.label;
  report.meta_store.migrations = generation.migration_count;
  report.meta_store.unknown_migrations = generation.unknown_migrations;
  if (!generation.unknown_migrations.empty()) {
    report.warnings.push_back(fmt::format(
      "the meta store has {} migration(s) this rwdoctor does not know ({}...); it was written by a newer "
      "RisingWave, so checks may miss new invariants",
      generation.unknown_migrations.size(), generation.unknown_migrations.front()));
  }
  for (const auto& table : store::expected_tables(generation)) {
    if (!facts.has(table)) {
      report.meta_store.missing_tables.push_back(table);
    }
  }
  try {
    report.meta_store.leader_heartbeat_age_s = session.leader_heartbeat_age_seconds(facts);
  } catch (const OperationalError& error) {
    report.warnings.push_back(fmt::format("cannot read the meta leader's heartbeat: {}", error.what()));
  }
}

std::vector<std::string>
selected_ids(const Catalogue& catalogue, const CheckSelection& selection)
{
  if (selection.check_ids.empty()) {
    return catalogue.ids();
  }
  std::vector<std::string> ids;
  for (const auto& id : catalogue.ids()) {
    if (std::find(selection.check_ids.begin(), selection.check_ids.end(), id) != selection.check_ids.end()) {
      ids.push_back(id);
    }
  }
  return ids;
}

std::optional<int>
resolve_database(db::MetaStoreSession& session, const CheckSelection& selection)
{
  if (!selection.database) {
    return std::nullopt;
  }
  const auto names = session.database_names();
  std::string known;
  for (const auto& [id, name] : names) {
    if (name == *selection.database) {
      return id;
    }
    known += fmt::format("{}{}", known.empty() ? "" : ", ", name);
  }
  throw UsageError(fmt::format("database \"{}\" does not exist in the meta store", *selection.database),
                   fmt::format("Pick one of the RisingWave databases: {}.", known.empty() ? "(none)" : known));
}

} // namespace rwdoctor::checks
