// Runs the selected checks over one snapshot of the meta store and reports every finding
// (never stopping at the first), either streamed to a sink as the checks produce them or
// collected and sorted. A check that cannot run is reported as failed and the others still
// run; the verdict never says "clean" when a check did not run.
#pragma once

#include "checks/catalogue.hpp"
#include "checks/finding.hpp"
#include "core/exit_code.hpp"
#include "db/meta_store_session.hpp"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rwdoctor::checks {

enum class CheckStatus { ran, not_applicable, failed };
std::string_view to_string(CheckStatus status);

struct CheckOutcome
{
  std::string id;
  CheckStatus status = CheckStatus::ran;
  std::size_t findings = 0;
  std::string error;   // failed: why (one line)
  std::string note;    // not_applicable: why; ran: which variant file
  std::string hint;    // failed: what to do, when the error says (Error::hint), else empty
};

struct MetaStoreSummary
{
  std::string database;
  std::string schema;
  std::string generation;
  std::size_t migrations = 0;
  std::vector<std::string> unknown_migrations;
  std::vector<std::string> missing_tables;
  std::optional<double> leader_heartbeat_age_s; // election_leader; nullopt when unknown
};

// What a run reports besides its findings.
struct CheckRun
{
  MetaStoreSummary meta_store;
  std::vector<CheckOutcome> checks;  // in catalogue order; findings counted after the selection
  std::vector<std::string> warnings; // for stderr, e.g. unknown migrations
};

struct CheckReport : CheckRun
{
  std::vector<Finding> findings; // sorted: severity, then catalogue order, then as the check produced them
};

// Receives the findings of a streaming run: checks in catalogue order, each check's findings
// in the order the check produced them, already enriched and selected.
class FindingSink
{
public:
  virtual ~FindingSink() = default;
  virtual void accept(Finding finding) = 0;
  // A check starts: a later discard_check() forgets what arrives from here on.
  virtual void begin_check() = 0;
  // The check failed after some of its findings arrived: forget them (a failed check
  // reports none).
  virtual void discard_check() = 0;
};

struct CheckSelection
{
  std::vector<std::string> check_ids; // empty = all
  std::set<int> job_ids;              // empty = all
  // How much to read, not what to report: when set, checks whose file declares `scope: jobs`
  // (CheckSpec::scoped) read only the rows that can give a finding involving these jobs, and
  // the other checks read everything. Findings are still filtered by job_ids alone.
  std::optional<std::set<int>> scope_jobs;
  std::optional<std::string> database;
  // How, not what: connections to read with (`check --connections N`; check and guard pass
  // default_connections() when it is not given). Above 1, blob-malformed's scan runs on
  // N - 1 more connections sharing the snapshot, alongside the other checks.
  int jobs = 1;
  // False when `jobs` is a default rather than the user's --connections: a connection that
  // cannot be opened (a role's CONNECTION LIMIT, a full max_connections) then slows the run
  // down without a warning, since nobody asked for it.
  bool warn_if_fewer_connections = true;
  // How, not what: the query checks are shared between the session and one more connection
  // that reads its snapshot (checks/sibling_checks.hpp); blob-malformed's scan is left as
  // `jobs` says. Only for a session that has written nothing: the sibling does not see the
  // session's own writes. In a repair the sibling reads in its own REPEATABLE READ
  // transaction, so PostgreSQL's serializable checking does not track its reads; the repair
  // took its snapshot after locking its tables, so no write commits while either connection
  // reads and none that committed before is missing.
  bool share_with_sibling = false;
};

// The connections check and guard read with unless told: 2 on a machine with two cores or
// more, so the blob scan overlaps the SQL checks, else 1 (the scan would only take turns
// with them on the one core).
int default_connections();

class ProgressListener
{
public:
  virtual ~ProgressListener() = default;
  virtual void on_check(std::size_t index, std::size_t total, const std::string& id) = 0;
  virtual void on_done() = 0;
};

// Reads the store through `session`, runs the checks of `selection` and hands each finding
// to `sink` as soon as its block is enriched, so memory does not grow with the number of
// findings: query checks are read through a cursor in blocks, analyzer findings are enriched
// in blocks too. Throws OperationalError when the database is not a meta store, UsageError
// for an unknown check id or database name; an exception from `sink` ends the run.
CheckRun
run_checks(db::MetaStoreSession& session, const Catalogue& catalogue, const CheckSelection& selection,
           ProgressListener* progress, FindingSink& sink);

// The same run with every finding collected and sorted (see CheckReport), for callers that
// compare or search findings (repairs, tests).
CheckReport
run_checks(db::MetaStoreSession& session, const Catalogue& catalogue, const CheckSelection& selection,
           ProgressListener* progress);

// 8 when any check of `run` failed, else 4 when `inconsistency_found` (a finding above info),
// else 0.
ExitCode
verdict(const CheckRun& run, bool inconsistency_found);

ExitCode
verdict(const CheckReport& report);

} // namespace rwdoctor::checks
