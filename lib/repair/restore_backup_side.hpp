// The backup's side of a restore plan: the rows of the jobs' fragment graph and what the plan
// compares with live, read on the backup's own connection and thread while live's side is
// read, then the backup's own checks for the jobs, started when the plan says so.
#pragma once

#include "checks/check_runner.hpp"
#include "db/meta_store_session.hpp"
#include "db/row_store.hpp"
#include "repair/plan_reads.hpp"
#include "repair/restore_pointers.hpp"

#include <exception>
#include <future>
#include <string>
#include <string_view>
#include <vector>

namespace rwdoctor::repair {

// The backup's own checks for the restored jobs, still running on the backup's connection.
using BackupChecks = std::future<checks::CheckReport>;

// The start of the refusal for a backup whose checks could not run.
inline constexpr std::string_view k_backup_unusable = "the backup cannot be used";

// The backup's rows of the jobs' fragment graph: fragments, their edges (either end), splits,
// legacy actors, the jobs' table rows, their indexes and refresh jobs; and the rows of the
// objects of those tables (internal tables): their object rows, their privileges, and the
// object_dependency rows of the jobs and those objects. Which of the object rows, privileges
// and dependencies a restore puts back is decided against live (keep_objects_to_restore).
struct BackupGraph
{
  std::vector<db::CapturedTable> tables;
  std::vector<int> fragment_ids; // sorted
  std::vector<int> table_ids;    // sorted
};

// What the plan reads from the backup besides its checks. A failed read is kept and raised
// only if the plan gets as far as needing the rows; before that a refusal (such as a backup
// whose checks cannot run) may explain it better.
struct BackupRows
{
  BackupGraph graph;
  std::vector<std::string> migrations;
  std::vector<PlanRow> objects;         // describe_plan_objects.sql
  std::vector<db::ObjectInfo> names;
  db::CapturedTable jobs;               // the jobs' streaming_job rows
  std::vector<BackupPointers> pointers; // rows of other objects pointing into the graph
  std::exception_ptr read_error;
};

// The backup's side, started on construction: the thread reads BackupRows, hands them to
// rows(), and then waits for start_checks. Once the rows are handed over the thread no longer
// touches anything of the plan's, so its checks may run beside the restore's writes. A side
// destroyed before start_checks(true) never runs them; its destructor waits for the thread
// unless checks() was moved out to the caller.
class BackupSide
{
public:
  BackupSide(db::MetaStoreSession& backup, const std::vector<int>& jobs);
  BackupSide(const BackupSide&) = delete;
  BackupSide& operator=(const BackupSide&) = delete;
  ~BackupSide();

  BackupRows rows();             // waits for the rows; call once
  void start_checks(bool run);   // the first call decides; later ones do nothing
  BackupChecks& checks();        // the checks' future: wait on it, or move it to the caller

private:
  std::promise<bool> m_run_checks;
  bool m_decided = false;
  std::future<BackupRows> m_rows;
  BackupChecks m_checks;
};

// Waits for `backup_checks`; one refusal for each inconsistency they found, or one saying
// the backup cannot be used if they could not run.
std::vector<std::string> backup_check_refusals(BackupChecks& backup_checks);

} // namespace rwdoctor::repair
