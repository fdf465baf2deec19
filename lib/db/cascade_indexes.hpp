// Indexes that make a repair's deletes linear. For every deleted row PostgreSQL looks for the
// rows that reference it, and RisingWave's schema leaves many referencing columns without an
// index (fragment.job_id, "table".fragment_id, fragment_relation.target_fragment_id,
// object.schema_id, ...), so each look is a scan of the whole referencing table: deleting
// 100 jobs' 913 objects at scale M took 47 s, with these indexes 0.4 s (building them
// included). A repair creates them inside its transaction, right before it deletes, and
// drops them again before it commits: no other session ever sees them, and a repair that
// rolls back takes them with it. The meta store's schema is the same afterwards.
#pragma once

#include "db/meta_store_session.hpp"

#include <string>
#include <vector>

namespace rwdoctor::db {

// The name of each temporary index: this prefix and its number, 1, 2, ...
inline constexpr const char* k_cascade_index_prefix = "rwdoctor_cascade_";

struct CascadeIndex
{
  std::string name;                 // rwdoctor_cascade_<n>, in the meta store's schema
  std::string table;
  std::vector<std::string> columns; // the foreign key's referencing columns
};

// One index for each foreign key between `tables` whose referencing columns no index
// serves (sql/repair/unindexed_foreign_keys.sql).
std::vector<CascadeIndex> plan_cascade_indexes(MetaStoreSession& session, const std::vector<std::string>& tables);

// The statements, as a plan shows them.
std::string create_statement(const CascadeIndex& index);
std::string drop_statement(const CascadeIndex& index);

// Creates `indexes`, each in its own savepoint. One that cannot be created (the role does not
// own the table, the name is taken) is left out: the deletes are then only slower. Returns
// the indexes created, for drop_cascade_indexes.
std::vector<CascadeIndex> create_cascade_indexes(MetaStoreSession& session, const std::vector<CascadeIndex>& indexes);

// Drops what create_cascade_indexes created; waits at most lock_timeout for sessions that
// read the tables. Throws OperationalError: the repair must then roll back.
void drop_cascade_indexes(MetaStoreSession& session, const std::vector<CascadeIndex>& created);

} // namespace rwdoctor::db
