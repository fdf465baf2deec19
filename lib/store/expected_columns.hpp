// The columns a meta store of a given generation should have, as RisingWave's applied SeaORM
// migrations (sea-query's PostgreSQL type mapping) leave them, for comparison with what
// pg_catalog reports. Pure data, no I/O.
#pragma once

#include "store/generation.hpp"

#include <string_view>
#include <vector>

namespace rwdoctor::store {

struct ExpectedColumn
{
  std::string_view table;  // "fragment"
  std::string_view column; // "vnode_count"
  // As pg_catalog.format_type(atttypid, atttypmod) prints it: "integer" (serial columns too),
  // "character varying", "character varying(255)", "jsonb", "json", "bytea", "bigint", "boolean",
  // "smallint", "text", "uuid", "timestamp without time zone", "timestamp with time zone".
  std::string_view type;
  bool not_null = false; // NOT NULL or part of the primary key
  // Also correct when non-empty: the type the column keeps in a store that an older release
  // initialised. RisingWave edited some creating migrations (v2.2 turned function.body and
  // subscription.definition from character varying into text) without a migration that converts
  // existing stores, so both types are legitimate in an upgraded store of the same generation.
  std::string_view legacy_type = {};
};

// Every column of every table that RisingWave's applied migrations create in a store of
// `generation`, as they stand after all of those migrations ran (columns added, dropped, renamed
// and retyped, tables dropped and re-created), plus the tables the meta node creates itself:
// seaql_migrations and the election tables.
// - Sorted by table, then column; each (table, column) at most once.
// - Decided by set membership (`Generation::has`) of the migrations that add, change and drop
//   each column, so a store with a partial or unusual set gets the columns of what it applied,
//   and migrations unknown to this build are ignored.
// - A store without m20230908_072257_init (an empty or foreign seaql_migrations) gets no
//   columns at all, not even the meta node's own tables: RisingWave defines no shape for such a
//   store, so there is nothing to compare it with.
// - The types are those RisingWave v2.0 and later create; a store initialised by a v1.x
//   release may differ where the init migration changed before v2.0.
std::vector<ExpectedColumn>
expected_columns(const Generation& generation);

} // namespace rwdoctor::store
