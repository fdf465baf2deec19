// Which RisingWave release a meta store was migrated to, decided purely from the set of
// names in its seaql_migrations table (set membership, never the greatest name or the row
// count: RisingWave applies migrations in list order, not name order).
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace rwdoctor::store {

// Every migration this build knows, in RisingWave's apply order (HEAD 448c6570b1b9).
const std::vector<std::string_view>&
known_migrations();

struct Generation
{
  // The releases of the newest migration set that is completely applied: "v2.0" ... "v2.3",
  // "v2.4.0", "v2.4.1–v2.4.4", "v2.5" ... "v2.8", "v3.0.0", "v3.0.1–v3.0.3", "head";
  // "unknown" when not even v2.0's set is complete.
  std::string label;
  std::size_t migration_count = 0;              // rows in seaql_migrations
  std::vector<std::string> unknown_migrations;  // applied but unknown to this build (sorted)
  std::set<std::string, std::less<>> applied;   // every applied migration name

  // True when `migration` is applied.
  bool
  has(std::string_view migration) const
  {
    return applied.find(migration) != applied.end();
  }
};

// Classifies `applied` (the version column of seaql_migrations). Pure.
Generation
detect_generation(const std::vector<std::string>& applied);

// The first release that contains `migration`, e.g. "v2.7" for m20251005_000000_fragment_splits,
// or "unknown". Used to show when a check applies.
std::string
first_release_of(std::string_view migration);

// Sentinel migrations that checks and the schema cross-check refer to by meaning.
namespace migration {
inline constexpr std::string_view init = "m20230908_072257_init";
inline constexpr std::string_view fragment_relation = "m20250106_072104_fragment_relation";
inline constexpr std::string_view remove_dispatcher = "m20250509_102041_remove_dispatcher";
inline constexpr std::string_view fragment_splits = "m20251005_000000_fragment_splits";
inline constexpr std::string_view fragment_parallelism = "m20251016_220528_fragment_parallelism";
inline constexpr std::string_view pending_sink_state = "m20251124_195858_pending_sink_state";
inline constexpr std::string_view pending_sink_state_fk = "m20260624_000000_pending_sink_state_object_fk";
inline constexpr std::string_view subscription_dependent_fk = "m20260705_000000_subscription_dependent_object_fk";
inline constexpr std::string_view object_belong_to_oid = "m20260805_000000_object_belong_to_oid";
} // namespace migration

} // namespace rwdoctor::store

namespace rwdoctor::store {

// Tables RisingWave's applied migrations must have created (and not dropped) in `generation`;
// a meta store without one of them cannot be checked completely.
std::vector<std::string>
expected_tables(const Generation& generation);

} // namespace rwdoctor::store
