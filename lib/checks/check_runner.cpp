#include "checks/check_runner.hpp"

#include "checks/analyzers.hpp"
#include "checks/blob_scan.hpp"
#include "checks/raw_finding.hpp"
#include "checks/finding_enricher.hpp"
#include "core/error.hpp"
#include "store/generation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace rwdoctor::checks {

namespace {

void
require_meta_store(const db::MetaStoreSession& session, const store::SchemaFacts& facts)
{
  const auto hint = "Point -d at the database the meta node uses (its --sql-endpoint), and pass --schema if "
                    "the tables live in another schema than the connection's current one.";
  if (!facts.has("seaql_migrations")) {
    throw OperationalError(fmt::format("database \"{}\" is not a RisingWave meta store: schema \"{}\" has no "
                                       "seaql_migrations table",
                                       session.database(), session.schema()),
                           hint);
  }
  if (!facts.has("object") || !facts.has("streaming_job")) {
    throw OperationalError(fmt::format("database \"{}\" is not a RisingWave meta store: schema \"{}\" has "
                                       "seaql_migrations but no {} table",
                                       session.database(), session.schema(),
                                       facts.has("object") ? "streaming_job" : "object"),
                           hint);
  }
}

std::vector<std::string>
selected_ids(const Catalogue& catalogue, const CheckSelection& selection)
{
  if (selection.check_ids.empty()) {
    return catalogue.ids();
  }
  std::vector<std::string> ids;
  for (const auto& id : catalogue.ids()) {
    if (std::find(selection.check_ids.begin(), selection.check_ids.end(), id) != selection.check_ids.end()) {
      ids.push_back(id);
    }
  }
  return ids;
}

std::optional<int>
resolve_database(db::MetaStoreSession& session, const CheckSelection& selection)
{
  if (!selection.database) {
    return std::nullopt;
  }
  const auto names = session.database_names();
  std::string known;
  for (const auto& [id, name] : names) {
    if (name == *selection.database) {
      return id;
    }
    known += fmt::format("{}{}", known.empty() ? "" : ", ", name);
  }
  throw UsageError(fmt::format("database \"{}\" does not exist in the meta store", *selection.database),
                   fmt::format("Pick one of the RisingWave databases: {}.", known.empty() ? "(none)" : known));
}

// The check whose scan may run on sibling connections: it reads only blobs, never the other
// checks' rows, and it is by far the longest (most of a check run at every scale).
constexpr std::string_view k_parallel_check = "blob-malformed";

// Starts blob-malformed's scan on up to `selection.jobs - 1` sibling connections when it is
// selected and applies; nullptr otherwise. A sibling that cannot be opened costs speed, not
// the check: a warning says so and the scan uses the connections it has (or the main one).
std::unique_ptr<ParallelBlobScan>
start_parallel_blob_scan(db::MetaStoreSession& session, const Catalogue& catalogue, const std::vector<std::string>& ids,
                         const store::SchemaFacts& facts, const store::Generation& generation, int jobs,
                         std::vector<std::string>& warnings)
{
  if (jobs <= 1 || std::find(ids.begin(), ids.end(), k_parallel_check) == ids.end()
      || select_variant(catalogue, std::string(k_parallel_check), facts, generation).spec == nullptr) {
    return nullptr;
  }
  const auto snapshot_id = session.export_snapshot();
  std::vector<std::unique_ptr<db::MetaStoreSession>> siblings;
  for (int i = 1; i < jobs; ++i) {
    try {
      siblings.push_back(session.open_sibling(snapshot_id));
    } catch (const OperationalError& error) {
      warnings.push_back(fmt::format("--jobs {}: checking with {} connection(s): {}", jobs, siblings.size() + 1,
                                     error.what()));
      break;
    }
  }
  if (siblings.empty()) {
    return nullptr;
  }
  return std::make_unique<ParallelBlobScan>(facts, std::move(siblings));
}

bool
is_selected(const Finding& finding, const CheckSelection& selection, std::optional<int> database_id)
{
  if (!selection.job_ids.empty()) {
    const auto wanted = [&](std::optional<int> id) { return id && selection.job_ids.count(*id) != 0; };
    if (!wanted(finding.job_id) && !wanted(finding.object_id)) {
      return false;
    }
  }
  return !database_id || finding.database_id == database_id;
}

} // namespace

std::string_view
to_string(CheckStatus status)
{
  switch (status) {
  case CheckStatus::ran:
    return "ran";
  case CheckStatus::not_applicable:
    return "not_applicable";
  case CheckStatus::failed:
    return "failed";
  }
  return "failed";
}

CheckReport
run_checks(db::MetaStoreSession& session, const Catalogue& catalogue, const CheckSelection& selection,
           ProgressListener* progress)
{
  for (const auto& id : selection.check_ids) {
    if (!catalogue.contains(id)) {
      throw UsageError(fmt::format("unknown check '{}'", id), "Run 'rwdoctor checks' to list the check ids.");
    }
  }

  CheckReport report;
  const auto facts = session.schema_facts();
  require_meta_store(session, facts);
  const auto generation = store::detect_generation(session.applied_migrations());
  report.meta_store.database = session.database();
  report.meta_store.schema = session.schema();
  report.meta_store.generation = generation.label;
  report.meta_store.migrations = generation.migration_count;
  report.meta_store.unknown_migrations = generation.unknown_migrations;
  if (!generation.unknown_migrations.empty()) {
    report.warnings.push_back(fmt::format(
      "the meta store has {} migration(s) this rwdoctor does not know ({}...); it was written by a newer "
      "RisingWave, so checks may miss new invariants",
      generation.unknown_migrations.size(), generation.unknown_migrations.front()));
  }
  for (const auto& table : store::expected_tables(generation)) {
    if (!facts.has(table)) {
      report.meta_store.missing_tables.push_back(table);
    }
  }
  const auto database_id = resolve_database(session, selection);

  SessionBlobSource blobs(session);
  const auto ids = selected_ids(catalogue, selection);
  auto parallel_blobs =
    start_parallel_blob_scan(session, catalogue, ids, facts, generation, selection.jobs, report.warnings);
  std::vector<std::pair<const CheckSpec*, RawFinding>> raw;
  for (std::size_t index = 0; index < ids.size(); ++index) {
    const auto& id = ids[index];
    if (progress != nullptr) {
      progress->on_check(index, ids.size(), id);
    }
    CheckOutcome outcome;
    outcome.id = id;
    const auto applicability = select_variant(catalogue, id, facts, generation);
    if (applicability.spec == nullptr) {
      const auto& missing = report.meta_store.missing_tables;
      const auto required_missing = std::find_if(
        catalogue.primary(id).required_relations.begin(), catalogue.primary(id).required_relations.end(),
        [&](const std::string& relation) { return std::find(missing.begin(), missing.end(), relation) != missing.end(); });
      if (required_missing != catalogue.primary(id).required_relations.end()) {
        outcome.status = CheckStatus::failed;
        outcome.error = fmt::format("the meta store is missing table {}", *required_missing);
      } else {
        outcome.status = CheckStatus::not_applicable;
        outcome.note = applicability.reason;
      }
      report.checks.push_back(std::move(outcome));
      continue;
    }
    const auto& spec = *applicability.spec;
    outcome.note = spec.path;
    try {
      const auto rows = session.run_check_query(spec.query);
      std::vector<RawFinding> found;
      if (spec.kind == CheckKind::analyzer) {
        const auto* analyzer = find_analyzer(spec.id);
        if (analyzer == nullptr) {
          throw OperationalError(fmt::format("no analyzer is registered for check '{}'", spec.id));
        }
        found = parallel_blobs && spec.id == k_parallel_check ? parallel_blobs->take()
                                                              : (*analyzer)(AnalyzerInput{rows, generation, facts, blobs});
      } else {
        found = raw_findings_from_rows(rows);
      }
      outcome.findings = found.size();
      for (auto& finding : found) {
        raw.emplace_back(&spec, std::move(finding));
      }
    } catch (const Error& error) {
      outcome.status = CheckStatus::failed;
      outcome.error = error.what();
    }
    report.checks.push_back(std::move(outcome));
  }
  if (progress != nullptr) {
    progress->on_done();
  }

  report.findings = enrich_findings(session, raw, report.warnings);

  // Selection by job or database applies to findings; per-check counts follow suit.
  if (!selection.job_ids.empty() || database_id) {
    std::map<std::string, std::size_t> counts;
    auto& findings = report.findings;
    findings.erase(std::remove_if(findings.begin(), findings.end(),
                                  [&](const Finding& finding) { return !is_selected(finding, selection, database_id); }),
                   findings.end());
    for (const auto& finding : findings) {
      ++counts[finding.check];
    }
    for (auto& outcome : report.checks) {
      outcome.findings = counts[outcome.id];
    }
  }

  std::map<std::string, std::size_t> order;
  for (std::size_t i = 0; i < catalogue.ids().size(); ++i) {
    order[catalogue.ids()[i]] = i;
  }
  std::stable_sort(report.findings.begin(), report.findings.end(), [&](const Finding& a, const Finding& b) {
    if (a.severity != b.severity) {
      return a.severity < b.severity;
    }
    return order[a.check] < order[b.check];
  });
  return report;
}

ExitCode
verdict(const CheckReport& report)
{
  const bool failed = std::any_of(report.checks.begin(), report.checks.end(),
                                  [](const CheckOutcome& outcome) { return outcome.status == CheckStatus::failed; });
  if (failed) {
    return ExitCode::operational;
  }
  const bool inconsistent = std::any_of(report.findings.begin(), report.findings.end(), [](const Finding& finding) {
    return counts_as_inconsistency(finding.severity);
  });
  return inconsistent ? ExitCode::inconsistent : ExitCode::clean;
}

} // namespace rwdoctor::checks
