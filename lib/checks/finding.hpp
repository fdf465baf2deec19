// What a check reports: plain values, no I/O. The string forms are part of the scripting
// contract (JSON fields, check catalogue) and must never change.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rwdoctor::checks {

enum class Severity { critical, error, warning, info };
enum class Consequence { panic, recovery_error, data_loss, ddl_error, silent, transient };
// restore_rows: `repair restore` puts back rows the backup has and live lacks (a job's
// streaming_job row); fix: a deterministic repair without a backup (incidents/).
enum class Repair { drop_job, restore_fragments, restore_rows, fix, manual };

std::string_view to_string(Severity severity);
std::string_view to_string(Consequence consequence);
std::string_view to_string(Repair repair);

// Parse the contract spelling ("critical", "data-loss", "drop-job"); nullopt when unknown.
std::optional<Severity> parse_severity(std::string_view text);
std::optional<Consequence> parse_consequence(std::string_view text);
std::optional<Repair> parse_repair(std::string_view text);

// True when a finding offering `offered` is repaired by the command for `command`: `repair
// restore` puts back fragment graphs (restore-fragments) and any other rows the backup has
// (restore-rows).
bool repaired_by(Repair offered, Repair command);
// True when one of `offered` is repaired by the command for `command`.
bool offers_repair(const std::vector<Repair>& offered, Repair command);

// True for severities that count toward exit code 4 (everything but info).
bool counts_as_inconsistency(Severity severity);

struct Finding
{
  std::string check;
  Severity severity = Severity::warning;
  Consequence consequence = Consequence::silent;
  std::optional<int> job_id;
  std::optional<int> fragment_id;
  std::optional<int> object_id;
  std::optional<int> database_id;
  std::optional<std::string> object_type;
  std::optional<std::string> name;        // database.schema.name, quoted where needed
  std::optional<std::string> job_status;
  // A TABLE job whose "table" row is gone (no name): "TABLE" or "MATERIALIZED VIEW" as its
  // fragments' type masks tell; nullopt otherwise. JSON `kind_from_fragments`.
  std::optional<std::string> kind_from_fragments;
  // `check --from`: the backup's name and kind ("MATERIALIZED VIEW", "SINK", ...) of an object
  // live has no name for (its type row is gone); nullopt otherwise. JSON `name_from_backup`,
  // `kind_from_backup`. `name` stays live's.
  std::optional<std::string> name_from_backup;
  std::optional<std::string> kind_from_backup;
  std::string message;
  std::vector<Repair> repairs;
  // The statement that repairs the finding by hand when the data determines it (e.g. "UPDATE
  // object SET database_id = 1 WHERE oid = 14;"), from the check's optional `statement`
  // column; nullopt when the data leaves a choice to a person.
  std::optional<std::string> statement;
  // Structure findings only (foreign-keys-missing, sequence-behind; a check's optional
  // `relation` column): the meta table the finding is about, so that the incident analysis
  // can attach that table's orphans to it and a fix can find its rows. Not part of the JSON.
  std::string relation;
  // A finding about a link between two jobs (an edge): the job at the other end, so that the
  // incident analysis can tell an edge that crosses databases because that job was moved.
  // Not part of the JSON.
  std::optional<int> other_job;
  // True when only RisingWave itself clears the finding, after the meta node starts (a table
  // waiting for the legacy-table migration task, a source waiting for its split
  // reassignment): it does not stop the start, and there is nothing to do before it. JSON
  // `clears_after_start`, from the check's optional column of that name.
  bool clears_after_start = false;
};

} // namespace rwdoctor::checks
