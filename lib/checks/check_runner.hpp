// Runs the selected checks over one snapshot of the meta store and collects every finding
// (never stopping at the first). A check that cannot run is reported as failed and the
// others still run; the verdict never says "clean" when a check did not run.
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
};

struct MetaStoreSummary
{
  std::string database;
  std::string schema;
  std::string generation;
  std::size_t migrations = 0;
  std::vector<std::string> unknown_migrations;
  std::vector<std::string> missing_tables;
};

struct CheckReport
{
  MetaStoreSummary meta_store;
  std::vector<CheckOutcome> checks;
  std::vector<Finding> findings;     // sorted: severity, catalogue order, ids
  std::vector<std::string> warnings; // for stderr, e.g. unknown migrations
};

struct CheckSelection
{
  std::vector<std::string> check_ids; // empty = all
  std::set<int> job_ids;              // empty = all
  std::optional<std::string> database;
  // How, not what: connections to read with (`check --jobs N`). Above 1, blob-malformed's
  // scan runs on N - 1 more connections sharing the snapshot, alongside the other checks.
  int jobs = 1;
};

class ProgressListener
{
public:
  virtual ~ProgressListener() = default;
  virtual void on_check(std::size_t index, std::size_t total, const std::string& id) = 0;
  virtual void on_done() = 0;
};

// Reads the store through `session` and runs the checks of `selection`. Throws
// OperationalError when the database is not a meta store, UsageError for an unknown check id
// or database name.
CheckReport
run_checks(db::MetaStoreSession& session, const Catalogue& catalogue, const CheckSelection& selection,
           ProgressListener* progress);

// 8 when any check failed, else 4 when a finding above info remains, else 0.
ExitCode
verdict(const CheckReport& report);

} // namespace rwdoctor::checks
