#include "repair/restore_backup_side.hpp"

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "core/error.hpp"
#include "repair/repair_checks.hpp"
#include "store/generation.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <memory>
#include <set>

namespace rwdoctor::repair {

namespace {

// The graph's tables besides the fragments, read through the fragments' ids and the jobs.
void
read_graph_neighbourhood(db::MetaStoreSession& backup, const std::vector<int>& jobs, BackupGraph& graph)
{
  const auto facts = backup.schema_facts();
  const auto generation = store::detect_generation(backup.applied_migrations());
  const bool actors_used = !generation.has(store::migration::fragment_splits);
  const auto& fragment_ids = graph.fragment_ids;
  if (facts.has("fragment_relation")) {
    graph.tables.push_back(select_union(backup, "fragment_relation",
                                        {{"source_fragment_id", fragment_ids}, {"target_fragment_id", fragment_ids}}));
  }
  if (facts.has("fragment_splits")) {
    graph.tables.push_back(db::select_rows(backup, "fragment_splits", "fragment_id", fragment_ids));
  }
  if (actors_used && facts.has("actor")) {
    auto actors = db::select_rows(backup, "actor", "fragment_id", fragment_ids);
    if (facts.has("actor_dispatcher")) {
      // Also the rows of other jobs' actors that dispatch into these fragments: the fragment
      // delete cascaded them away too (dispatcher_id), and before v2.3 they are the edges.
      graph.tables.push_back(select_union(backup, "actor_dispatcher",
                                          {{"actor_id", db::int_values(actors, "actor_id")}, {"dispatcher_id", fragment_ids}}));
    }
    graph.tables.push_back(std::move(actors));
  }
  auto tables = select_union(backup, "table", {{"table_id", jobs}, {"belongs_to_job_id", jobs}});
  graph.table_ids = db::int_values(tables, "table_id");
  graph.tables.push_back(std::move(tables));
  graph.tables.push_back(db::select_rows(backup, "index", "index_table_id", graph.table_ids));
  if (facts.has("refresh_job")) {
    graph.tables.push_back(db::select_rows(backup, "refresh_job", "table_id", graph.table_ids));
  }
  graph.tables.push_back(db::select_rows(backup, "object", "oid", graph.table_ids));
  std::vector<int> owners = graph.table_ids;
  owners.insert(owners.end(), jobs.begin(), jobs.end());
  graph.tables.push_back(select_union(backup, "object_dependency", {{"used_by", owners}, {"oid", owners}}));
  if (facts.has("user_privilege")) {
    graph.tables.push_back(db::select_rows(backup, "user_privilege", "oid", graph.table_ids));
  }
}

BackupGraph
read_backup_graph(db::MetaStoreSession& backup, const std::vector<int>& jobs)
{
  BackupGraph graph;
  // The fragment rows carry the blobs and take most of the read: a sibling session on the
  // backup's snapshot reads them while this one reads the rest through the fragments' ids.
  std::unique_ptr<db::MetaStoreSession> sibling;
  try {
    sibling = backup.open_sibling(backup.export_snapshot());
  } catch (const OperationalError&) {
    // No second connection (a failed export aborts the transaction, so the next read fails
    // and explains it): everything is read here, one table after another.
  }
  std::future<db::CapturedTable> sibling_fragments;
  if (sibling) {
    sibling_fragments = std::async(std::launch::async, [&sibling, &jobs] {
      return db::select_rows(*sibling, "fragment", "job_id", jobs);
    });
  }
  auto fragments = sibling ? db::CapturedTable{} : db::select_rows(backup, "fragment", "job_id", jobs);
  graph.fragment_ids = sibling ? ids_of(backup, "sql/repair/fragments_of_jobs.sql", jobs)
                               : db::int_values(fragments, "fragment_id");
  read_graph_neighbourhood(backup, jobs, graph);
  if (sibling) {
    fragments = sibling_fragments.get();
    if (db::int_values(fragments, "fragment_id") != graph.fragment_ids) {
      throw OperationalError("the backup's fragment rows and fragment ids differ although both were read from one snapshot");
    }
  }
  graph.tables.insert(graph.tables.begin(), std::move(fragments));
  return graph;
}

// The thread of a BackupSide: the rows, handed to `rows`, then, once `run_checks` says so,
// the backup's own checks for the jobs, returned.
checks::CheckReport
read_backup_side(db::MetaStoreSession& backup, const std::vector<int>& jobs, std::promise<BackupRows>& rows,
                 std::future<bool>& run_checks)
{
  BackupRows side;
  try {
    side.graph = read_backup_graph(backup, jobs);
    side.pointers = read_backup_pointers(backup, side.graph.tables, jobs);
    side.migrations = backup.applied_migrations();
    side.objects = backup.run_file("sql/repair/describe_plan_objects.sql", {util::pg_int_array(jobs)}).values;
    side.names = backup.describe_objects(jobs);
    side.jobs = db::select_rows(backup, "streaming_job", "job_id", jobs);
  } catch (...) {
    side.read_error = std::current_exception();
  }
  rows.set_value(std::move(side));
  if (!run_checks.get()) {
    throw OperationalError("the backup's checks did not run: the plan ended first");
  }
  const std::set<int> job_set(jobs.begin(), jobs.end());
  return checks::run_checks(backup, checks::Catalogue::builtin(), repair_check_selection(job_set, job_set), nullptr);
}

} // namespace

BackupSide::BackupSide(db::MetaStoreSession& backup, const std::vector<int>& jobs)
{
  std::promise<BackupRows> rows_promise;
  m_rows = rows_promise.get_future();
  // The promise moves into the thread, which outlives the plan when the checks are taken.
  m_checks = std::async(std::launch::async, [&backup, jobs, rows = std::move(rows_promise),
                                             run = m_run_checks.get_future()]() mutable {
    return read_backup_side(backup, jobs, rows, run);
  });
}

BackupSide::~BackupSide()
{
  start_checks(false);
}

BackupRows
BackupSide::rows()
{
  return m_rows.get();
}

void
BackupSide::start_checks(bool run)
{
  if (!m_decided) {
    m_decided = true;
    m_run_checks.set_value(run);
  }
}

BackupChecks&
BackupSide::checks()
{
  return m_checks;
}

std::vector<std::string>
backup_check_refusals(BackupChecks& backup_checks)
{
  std::vector<std::string> refusals;
  checks::CheckReport report;
  try {
    report = backup_checks.get();
  } catch (const Error& error) {
    refusals.push_back(fmt::format("{}: {}", k_backup_unusable, error.what()));
    return refusals;
  }
  for (const auto& finding : report.findings) {
    if (checks::counts_as_inconsistency(finding.severity)) {
      refusals.push_back(fmt::format("the backup's own rows are inconsistent: [{}] {}", finding.check, finding.message));
    }
  }
  return refusals;
}

} // namespace rwdoctor::repair
