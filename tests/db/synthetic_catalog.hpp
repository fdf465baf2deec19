// The benchmark's synthetic meta store (bench/sql/synthetic_catalog.sql) in scratch databases:
// a large, varied, healthy catalog made of "units", each a shifted copy of the demo catalog's
// 12 jobs, so a test can name any unit's objects from the demo's id map.
#pragma once

#include "checks/finding.hpp"
#include "scratch_database.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rwdoctor::test {

struct SyntheticShape
{
  int copies = 0;     // units beyond the demo's own (unit 0)
  int width = 0;      // mean extra fragments per widened job
  int blob_bytes = 0; // mean stream_node size; 0 keeps the demo's blobs
  int fan_in = 3;     // edges into every extra fragment from its nearest predecessors
  int ensemble = 1;   // the most extra fragments of a job joined by NO_SHUFFLE (1: none)
  std::uint64_t seed = 1;
};

// Shifts that turn a demo id into the id of the same row in unit `unit`.
inline int unit_object_id(int demo_oid, int unit) { return demo_oid + 30 * unit; }
inline int unit_fragment_id(int demo_fragment_id, int unit) { return demo_fragment_id + 20 * unit; }

// Grows the demo catalog in `database` (a fresh ScratchDatabase(generation)) to `shape`.
void grow_synthetic_catalog(const ScratchDatabase& database, const SyntheticShape& shape);

// Deletes the fragments of `count` leaf jobs chosen by `seed` (bench/sql/break_leaf_jobs.sql);
// returns their ids, ascending.
std::vector<int> break_leaf_jobs(const ScratchDatabase& database, int count, std::uint64_t seed);

// A known limit of `repair drop` before HEAD (README, Reliability): once the fragment delete
// has cascaded a job's table rows away, nothing in the store links an internal-table object to
// its job except an oid that directly follows the job's, and the generator gives its extra state
// tables oids after every copied unit. Dropping such a job leaves those objects behind as
// object-orphaned warnings, which a DBA deletes by hand. True for exactly those findings.
bool is_orphaned_extra_state_table(const checks::Finding& finding, int copies);

// Which unit every object and fragment of a synthetic catalog belongs to (extra fragments and
// their state tables belong to their job's unit).
class UnitMap
{
public:
  static UnitMap read(const std::string& dbname, int copies);
  // The unit of the finding's job, else its object, else its fragment; nullopt when the finding
  // names none of them or only unknown ids.
  std::optional<int> unit_of(const checks::Finding& finding) const;

private:
  std::map<int, int> m_object_unit;
  std::map<int, int> m_fragment_unit;
};

} // namespace rwdoctor::test
