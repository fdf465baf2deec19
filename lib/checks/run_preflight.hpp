// Before a check run reads any check's rows: the selection is valid, the database is a
// RisingWave meta store, and what the report says about the store.
#pragma once

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "db/meta_store_session.hpp"
#include "store/generation.hpp"
#include "store/schema_facts.hpp"

#include <optional>
#include <string>
#include <vector>

namespace rwdoctor::checks {

// Throws UsageError for a check id of `selection` the catalogue does not have.
void require_known_checks(const Catalogue& catalogue, const CheckSelection& selection);

// Throws OperationalError unless the session's schema (whose tables `facts` lists) has
// seaql_migrations, object and streaming_job: a RisingWave meta store.
void require_meta_store(const db::MetaStoreSession& session, const store::SchemaFacts& facts);

// The run's facts about the meta store (`report.meta_store`): database, schema, generation,
// migrations and missing tables, the meta leader's heartbeat; with warnings about migrations
// this build does not know and a heartbeat it cannot read.
void describe_meta_store(db::MetaStoreSession& session, const store::SchemaFacts& facts,
                         const store::Generation& generation, CheckRun& report);

// The check ids to run in catalogue order: all, or those `selection` names.
std::vector<std::string> selected_ids(const Catalogue& catalogue, const CheckSelection& selection);

// The id of the RisingWave database `selection` names (--database), nullopt without one.
// Throws UsageError naming the databases there are when it does not exist.
std::optional<int> resolve_database(db::MetaStoreSession& session, const CheckSelection& selection);

} // namespace rwdoctor::checks
