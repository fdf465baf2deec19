// What the meta store says about the Hummock state of a job's state tables, as a grade per
// table with its evidence. Pure: the evidence is read elsewhere (hummock/state_inspector) and
// handed in. The meta store cannot rebuild Hummock's current version (its base is a checkpoint
// in the object store), so a grade is what the surviving rows support:
//   removed  a surviving version delta (or time-travel delta) lists the table in
//            removed_table_ids: unregistered, and nothing ever registers a table again;
//   absent   missing from a time-travel snapshot (plus every later delta) that was taken after
//            the table was registered: a table of a CREATED job is, and a table created later
//            is registered (table ids are never reused);
//   lagging  registered, but its committed epoch is behind the other tables of its database,
//            for a CREATED job;
//   unknown  no evidence either way (no Hummock rows, time travel off, a gap in the deltas);
//   present  registered at its database's newest epoch (or, without a snapshot, in the stats).
// See hummock-state.md in the project's shared notes for the RisingWave code behind each rule.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rwdoctor::hummock {

// Worst first: the order in which a summary picks its grade.
enum class Grade { removed, absent, lagging, unknown, present };

std::string_view grade_name(Grade grade);

// True for the grades whose job a restore must not bring back: every recovery rejects a job
// whose tables are not registered ("state table {id} is not registered to hummock",
// src/meta/src/barrier/mod.rs:139 @ v2.2.0, :144 @ v2.4.0, :180 @ v2.8.0, :183 @ HEAD; worse
// before v2.2: v2.1 asserts "table id {id} not registered to hummock but in recovered job",
// src/meta/src/barrier/recovery.rs:258-263 @ v2.1.5, a crash loop, and v2.0 panics at the
// first commit, src/meta/src/hummock/manager/transaction.rs:199 @ v2.0.7), and one whose tables
// lag the rest of their database aborts the meta node ("{} has different committed epoch to
// {}", an assert_eq! in src/meta/src/barrier/rpc.rs:510 @ v2.4.0, :724 @ v2.8.0, :710 @ HEAD).
// The purge that unregisters them is purge_state_table_from_hummock, called by every global
// recovery (src/meta/src/barrier/context/recovery.rs:355 @ v2.4.0, :664 @ v2.8.0, :948 @ HEAD).
bool blocks_restore(Grade grade);

// True for removed and absent: the tables are gone from Hummock for good, so a restore can
// never run and a drop discards nothing more (lagging tables may catch up; unknown is unknown).
bool state_gone(Grade grade);

struct TableInfo
{
  std::uint64_t committed_epoch = 0;
  std::uint64_t compaction_group_id = 0;
};

// One HummockVersionDelta, only the fields read.
struct VersionDelta
{
  std::uint64_t id = 0;
  std::uint64_t prev_id = 0;
  std::vector<std::uint32_t> removed_table_ids;
  std::vector<std::pair<std::uint32_t, TableInfo>> table_infos; // state_table_info_delta
};

// One HummockVersion from hummock_time_travel_version: its full state_table_info.
struct VersionSnapshot
{
  std::uint64_t id = 0;
  std::map<std::uint32_t, TableInfo> tables;
};

// One entry of hummock_version_stats: key versions and uncompressed key + value bytes.
struct TableStats
{
  std::int64_t keys = 0;
  std::int64_t bytes = 0;
};

// Everything the meta store holds about Hummock's registrations, read in one snapshot.
struct HummockEvidence
{
  bool readable = true; // false: the store has no Hummock tables (or they could not be read)
  std::optional<VersionSnapshot> snapshot;   // the newest time-travel version that decodes
  std::vector<VersionDelta> deltas;          // hummock_version_delta, ascending id
  std::vector<VersionDelta> time_travel;     // hummock_time_travel_delta above the snapshot, ascending
  std::map<std::uint32_t, TableStats> stats; // hummock_version_stats, id 0
  std::vector<std::string> undecodable;      // "hummock_version_delta 8807", ... (rows skipped)
};

// Registrations as the evidence rebuilds them: the snapshot, then every later delta by id (a
// hummock_version_delta row where there is one, else the time-travel delta).
struct Reconstruction
{
  struct Entry
  {
    TableInfo info;
    std::uint64_t version = 0; // the snapshot or delta that last set it
  };
  std::optional<std::uint64_t> base;                  // the snapshot's version id
  std::uint64_t newest = 0;                           // the largest version id seen
  std::map<std::uint32_t, Entry> registered;          // only meaningful with a base
  std::map<std::uint32_t, std::uint64_t> removed_in;  // table -> the delta that removed it
  // Versions above the base that no surviving delta covers: a registration or removal there
  // is invisible. As (first, last) ranges.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> gaps;
};

Reconstruction reconstruct(const HummockEvidence& evidence);

// Who a state table belongs to, as the catalog says.
struct TableOwner
{
  std::uint32_t table_id = 0;
  std::optional<int> job_id;
  std::optional<int> database_id;
  bool job_created = false; // the job's streaming_job row says CREATED
  bool table_object = false; // its object row exists and is a TABLE
  // The job is a batch-refresh materialized view (streaming_job.refresh_interval_sec set, HEAD
  // after v3.0.3): RisingWave recovers it as an independent checkpoint job with its own
  // committed epoch (src/meta/src/barrier/context/recovery.rs:107-114, rpc.rs:1131-1141 @ HEAD
  // 448c6570), so its tables sit behind their database between refreshes by design. They are
  // left out of the database's frontier and never graded lagging.
  bool batch_refresh = false;
};

// The newest committed epoch per database over the registered tables of CREATED jobs
// (creating jobs may lag on purpose: snapshot backfill; batch-refresh jobs have their own).
std::map<int, std::uint64_t> database_frontiers(const Reconstruction& rebuilt, const std::vector<TableOwner>& owners);

struct TableState
{
  std::uint32_t table_id = 0;
  Grade grade = Grade::unknown;
  std::optional<std::int64_t> keys;
  std::optional<std::int64_t> bytes;
  std::string evidence;
};

TableState grade_table(const TableOwner& owner, const HummockEvidence& evidence, const Reconstruction& rebuilt,
                       const std::map<int, std::uint64_t>& frontiers);

struct StateSummary
{
  Grade grade = Grade::unknown; // the worst table's; unknown when there are no tables
  std::optional<std::int64_t> keys;  // summed over the tables with a stats entry; null without any
  std::optional<std::int64_t> bytes;
  std::vector<TableState> tables; // ascending table id
  std::uint64_t newest_version = 0; // 0 when no version was seen
};

StateSummary summarize(std::vector<TableState> tables, std::uint64_t newest_version);

// a + b, held at the int64 limits instead of overflowing (stats are read from JSON anyone may
// have written).
std::int64_t saturating_add(std::int64_t a, std::int64_t b);

// "2026-12-01 02:58:12 UTC" for an epoch: (epoch >> 16) ms after 2021-04-01 00:00:00 UTC
// (src/common/src/util/epoch.rs in RisingWave).
std::string epoch_time(std::uint64_t epoch);

// "12.3 M" for a count, "2.1 GiB" for bytes.
std::string human_count(std::int64_t count);
std::string human_bytes(std::int64_t bytes);

// The one line an incident's report gives its state ("state: 3 tables, ... present in
// Hummock ..."); empty when the summary has no tables.
std::string state_line(const StateSummary& summary);

// What a drop of `job` does to its state, for the plan's notes: what it discards, or that the
// state is already gone; empty when the job has no state tables.
std::string drop_note(int job, const StateSummary& summary);

// Why a restore of `job` is refused, or nullopt when its grade does not block one.
std::optional<std::string> restore_refusal(int job, const StateSummary& summary);

} // namespace rwdoctor::hummock
