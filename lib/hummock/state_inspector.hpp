// Reads the meta store's Hummock evidence (sql/hummock/) through a session, once, and grades
// the state tables of the jobs asked about (state_grades). Never writes: the hummock_* tables
// are RisingWave's, and editing them cannot bring state back. A row that does not decode is
// left out of the evidence and named in it; a Hummock table that cannot be read makes every
// grade unknown, never an error.
#pragma once

#include "db/meta_store_session.hpp"
#include "hummock/incident_state.hpp"
#include "hummock/state_grades.hpp"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace rwdoctor::hummock {

class StateInspector
{
public:
  // `session` must outlive the inspector; its snapshot is the one graded.
  explicit StateInspector(db::MetaStoreSession& session);

  // The state tables of `jobs` as live's catalog names them, with `extra` tables attributed
  // to a job by the caller (an internal table whose "table" row is gone: the incident analysis
  // knows whose it is), graded.
  StateSummary grade_jobs(const std::vector<int>& jobs, const std::vector<std::pair<int, std::uint32_t>>& extra = {});

  // Each incident's jobs and attributed tables (incident_state.hpp), graded in one batch.
  std::vector<StateSummary> grade_incidents(const std::vector<incidents::Incident>& incidents,
                                            const std::vector<incidents::FindingFacts>& facts);

  // `tables` as (job, table id) pairs, graded (e.g. the tables a backup lists for a job).
  // A job counts as CREATED when live's streaming_job row says so, or, with `created_jobs`
  // (an undo file's jobs, whose rows live no longer has), when it is in that set.
  StateSummary grade_tables(const std::vector<std::pair<int, std::uint32_t>>& tables,
                            const std::set<int>* created_jobs = nullptr);

  // Each of `jobs` graded from its own pairs of `tables`, as grade_tables grades one job, with
  // one batch of queries for all of them (a job without pairs gets an empty summary).
  std::map<int, StateSummary> grade_each_job(const std::vector<std::pair<int, std::uint32_t>>& tables,
                                             const std::vector<int>& jobs, const std::set<int>* created_jobs = nullptr);

  // Each of `jobs` graded as grade_jobs({job}, its pairs of `extra`) grades it, in one batch.
  std::map<int, StateSummary> grade_jobs_each(const std::vector<int>& jobs,
                                              const std::vector<std::pair<int, std::uint32_t>>& extra);

  // The state table ids of `jobs` in this session's catalog, as (job, table id): the job's
  // table, internal tables, index table and fragments' state_table_ids, the TABLE objects
  // whose parent it is (object.belong_to_oid), and the row-less TABLE objects allocated right
  // after it (its internal tables, once a fragment delete cascaded their rows away).
  std::vector<std::pair<int, std::uint32_t>> state_tables_of(const std::vector<int>& jobs);

  // The evidence as read (for tests and the plan's record).
  const HummockEvidence& evidence();

private:
  void load();
  // hummock_version_stats, id 0, into m_evidence.stats, one entry at a time.
  void read_version_stats();
  // The catalog's owner of each of `ids` (see m_owners), in the order of `ids`; an id the
  // query returns no row for is left out, and a repeated id comes back repeated.
  std::vector<TableOwner> owners_of(const std::vector<int>& ids);
  const store::SchemaFacts& facts();
  // The subset of `tables` whose object row is a TABLE.
  std::vector<std::pair<int, std::uint32_t>> table_objects_only(const std::vector<std::pair<int, std::uint32_t>>& tables);
  // Each (job, table) graded, in the order given.
  std::vector<TableState> grade_pairs(const std::vector<std::pair<int, std::uint32_t>>& tables,
                                      const std::set<int>* created_jobs);

  db::MetaStoreSession& m_session;
  bool m_loaded = false;
  std::optional<store::SchemaFacts> m_facts;
  HummockEvidence m_evidence;
  Reconstruction m_rebuilt;
  std::map<int, std::uint64_t> m_frontiers;
  // table_owners.sql's row of each table id read so far. Read once per inspector: an inspector
  // lives within one snapshot or one plan, before anything is written.
  std::map<std::uint32_t, TableOwner> m_owners;
};

// Grades each incident's jobs and attributed tables through `inspector`, which must outlive
// the source.
IncidentStateSource incident_state_source(StateInspector& inspector);

} // namespace rwdoctor::hummock
