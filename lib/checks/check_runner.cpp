#include "checks/check_runner.hpp"

#include "checks/analyzers.hpp"
#include "checks/blob_scan.hpp"
#include "checks/stream_node_digest.hpp"
#include "checks/finding_enricher.hpp"
#include "checks/finding_stream.hpp"
#include "checks/raw_finding.hpp"
#include "checks/run_preflight.hpp"
#include "checks/scope_arrays.hpp"
#include "checks/sibling_checks.hpp"
#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "store/generation.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <thread>

namespace rwdoctor::checks {

namespace {

// The check whose scan may run on sibling connections: it reads only blobs, never the other
// checks' rows, and it is by far the longest (most of a check run at every scale).
constexpr std::string_view k_parallel_check = "blob-malformed";

// Starts blob-malformed's scan on up to `selection.jobs - 1` connections of its own (binary
// COPY, db/blob_copy_session.hpp) when it is selected and applies; nullptr otherwise. A
// connection that cannot be opened costs speed, not the check: a warning says so and the
// scan uses the connections it has (or the main one).
std::unique_ptr<ParallelBlobScan>
start_parallel_blob_scan(db::MetaStoreSession& session, const Catalogue& catalogue, const std::vector<std::string>& ids,
                         const store::SchemaFacts& facts, const store::Generation& generation, int jobs,
                         bool warn_if_fewer, StreamNodeDigests* stream_nodes, std::vector<std::string>& warnings)
{
  if (jobs <= 1 || std::find(ids.begin(), ids.end(), k_parallel_check) == ids.end()
      || select_variant(catalogue, std::string(k_parallel_check), facts, generation).spec == nullptr) {
    return nullptr;
  }
  const auto snapshot_id = session.export_snapshot();
  std::vector<std::unique_ptr<db::BlobCopySession>> siblings;
  for (int i = 1; i < jobs; ++i) {
    try {
      siblings.push_back(session.open_blob_copy_session(snapshot_id));
    } catch (const OperationalError& error) {
      if (warn_if_fewer) {
        warnings.push_back(fmt::format("--connections {}: checking with {} connection(s): {}", jobs,
                                       siblings.size() + 1, error.what()));
      }
      break;
    }
  }
  if (siblings.empty()) {
    return nullptr;
  }
  return std::make_unique<ParallelBlobScan>(facts, std::move(siblings), stream_nodes);
}

// What an analyzer needs besides its rows.
struct AnalyzerContext
{
  const store::Generation& generation;
  const store::SchemaFacts& facts;
  BlobSource& blobs;
  ParallelBlobScan* parallel_blobs; // blob-malformed's scan already running on siblings, or nullptr
  StreamNodeDigests* stream_nodes;  // see AnalyzerInput::stream_nodes
  const ScopeArrays& scope; // the parameters of scoped checks (CheckSelection::scope_jobs)
};

// Streams `spec`'s findings to `emit`: a query check's rows a cursor block at a time; a
// streaming analyzer's input a block at a time, another analyzer's whole (it is catalog-sized);
// an analyzer's findings a block at a time.
void
run_one_check(db::MetaStoreSession& session, const CheckSpec& spec, const AnalyzerContext& context,
              const std::function<void(std::vector<RawFinding>)>& emit)
{
  const auto params = context.scope.params_for(spec);
  // The check's id leads the statement, so the server's statement log and pg_stat_activity
  // name the check a slow statement belongs to (bench/statement-costs.awk sums them by it).
  const auto query = fmt::format("/* rwdoctor check {} */ {}", spec.id, spec.query);
  if (spec.kind != CheckKind::analyzer) {
    session.scan_check_query(
      query, k_block_rows, [&](const db::Rows& block) { emit(raw_findings_from_rows(block)); }, params);
    return;
  }
  if (const auto* streaming = find_streaming_analyzer(spec.id)) {
    const auto analyzer = (*streaming)(StreamingAnalyzerContext{context.generation, context.blobs, context.stream_nodes});
    session.scan_check_query(
      query, k_block_rows, [&](const db::Rows& block) { analyzer->take(block); }, params);
    emit(analyzer->finish());
    return;
  }
  const auto* analyzer = find_analyzer(spec.id);
  if (analyzer == nullptr) {
    throw OperationalError(fmt::format("no analyzer is registered for check '{}'", spec.id));
  }
  // The input rows live only inside this lambda: the findings are streamed without them.
  auto found = [&] {
    const auto rows = session.run_check_query(query, params);
    if (context.parallel_blobs != nullptr && spec.id == k_parallel_check) {
      return context.parallel_blobs->take();
    }
    return (*analyzer)(AnalyzerInput{rows, context.generation, context.facts, context.blobs, context.stream_nodes});
  }();
  emit(std::move(found));
}

// The run's shareable checks: every applicable one, but for those that need the blob scan
// of this connection's run (blob-malformed takes its findings, stream-node-mismatch its
// digests).
std::vector<std::size_t>
shareable_checks(const std::vector<std::string>& ids, const std::vector<const CheckSpec*>& specs,
                 const ParallelBlobScan* parallel_blobs)
{
  std::vector<std::size_t> shareable;
  for (std::size_t index = 0; index < specs.size(); ++index) {
    const bool needs_scan =
      parallel_blobs != nullptr && (ids[index] == k_parallel_check || ids[index] == "stream-node-mismatch");
    if (specs[index] != nullptr && !needs_scan) {
      shareable.push_back(index);
    }
  }
  return shareable;
}

// Starts the sibling that shares the run's applicable checks, or returns nullptr. With
// blob-malformed's scan on sibling connections, a late sibling (SiblingChecks::OpenSession):
// it opens once the scan is done and has closed its connections, so the run keeps to its
// number of connections, and takes up the checks the loop has not reached (at scale M the
// scan's connection idled for a third of a guard run before). Otherwise a sibling opened now
// when asked for (CheckSelection::share_with_sibling); without a second connection a warning
// says so and the run reads on one.
std::unique_ptr<SiblingChecks>
start_sibling_checks(db::MetaStoreSession& session, const CheckSelection& selection, const std::vector<std::string>& ids,
                     const std::vector<const CheckSpec*>& specs, const AnalyzerContext& context,
                     std::vector<std::string>& warnings)
{
  auto shareable = shareable_checks(ids, specs, context.parallel_blobs);
  if ((!selection.share_with_sibling && context.parallel_blobs == nullptr) || shareable.size() < 2) {
    return nullptr;
  }
  // The sibling's analyzers read blobs through the sibling; everything else is the run's.
  auto run = [&specs, &context](db::MetaStoreSession& on, std::size_t index) {
    SessionBlobSource blobs(on);
    const AnalyzerContext own{context.generation, context.facts, blobs, nullptr, nullptr, context.scope};
    std::vector<RawFinding> found;
    run_one_check(on, *specs[index], own, [&](std::vector<RawFinding> block) {
      found.insert(found.end(), std::make_move_iterator(block.begin()), std::make_move_iterator(block.end()));
    });
    return found;
  };
  // A failed export aborts the session's transaction: that error ends the run.
  const auto snapshot_id = session.export_snapshot();
  if (auto* const scan = context.parallel_blobs) {
    // open_sibling reads only the session's connection options, never its connection.
    auto open = [scan, &session, snapshot_id]() -> std::unique_ptr<db::MetaStoreSession> {
      return scan->wait_scanned() ? session.open_sibling(snapshot_id) : nullptr;
    };
    return std::make_unique<SiblingChecks>(SiblingChecks::OpenSession(open), std::move(shareable), run);
  }
  std::unique_ptr<db::MetaStoreSession> sibling;
  try {
    sibling = session.open_sibling(snapshot_id);
  } catch (const OperationalError& error) {
    warnings.push_back(fmt::format("checking on one connection: {}", error.what()));
    return nullptr;
  }
  return std::make_unique<SiblingChecks>(std::move(sibling), std::move(shareable), run);
}

// Stops the blob scan when the run ends, before its late sibling is waited for: a sibling
// still waiting for the scan then gives up at once (an interrupted run does not wait for the
// rest of the scan).
class StopScanOnExit
{
public:
  explicit StopScanOnExit(ParallelBlobScan* scan) : m_scan(scan) {}
  ~StopScanOnExit()
  {
    if (m_scan != nullptr) {
      m_scan->stop();
    }
  }
  StopScanOnExit(const StopScanOnExit&) = delete;
  StopScanOnExit& operator=(const StopScanOnExit&) = delete;

private:
  ParallelBlobScan* m_scan;
};

// Collects a streaming run's findings for the sorted CheckReport.
class CollectingSink : public FindingSink
{
public:
  explicit CollectingSink(std::vector<Finding>& findings) : m_findings(findings) {}
  void accept(Finding finding) override { m_findings.push_back(std::move(finding)); }
  void begin_check() override { m_mark = m_findings.size(); }
  void discard_check() override { m_findings.resize(m_mark); }

private:
  std::vector<Finding>& m_findings;
  std::size_t m_mark = 0;
};

// The outcome of check `id` when no variant of it applies to this store (`spec`, its primary
// variant): failed when a table it requires is missing, else not applicable for the reason
// `applicability` gives.
CheckOutcome
unrunnable_outcome(const std::string& id, const CheckSpec& spec, const Applicability& applicability,
                   const std::vector<std::string>& missing_tables)
{
  CheckOutcome outcome;
  outcome.id = id;
  const auto required_missing =
    std::find_if(spec.required_relations.begin(), spec.required_relations.end(), [&](const std::string& relation) {
      return std::find(missing_tables.begin(), missing_tables.end(), relation) != missing_tables.end();
    });
  if (required_missing != spec.required_relations.end()) {
    outcome.status = CheckStatus::failed;
    outcome.error = fmt::format("the meta store is missing table {}", *required_missing);
  } else {
    outcome.status = CheckStatus::not_applicable;
    outcome.note = applicability.reason;
  }
  return outcome;
}

// Runs check `id` (its variant `spec`) through `run` (here or on the sibling), its findings
// streamed through `stream`. An error fails the check alone, its findings discarded; a
// failing sink or an interrupt ends the run.
CheckOutcome
run_streamed_check(const std::string& id, const CheckSpec& spec, FindingStream& stream,
                   const std::function<void(const std::function<void(std::vector<RawFinding>)>&)>& run)
{
  CheckOutcome outcome;
  outcome.id = id;
  outcome.note = spec.path;
  stream.begin_check();
  try {
    run([&](std::vector<RawFinding> block) { stream.emit(spec, std::move(block)); });
    stream.end_check(spec);
    outcome.findings = stream.count();
  } catch (const Error& error) {
    if (stream.sink_failed() || interrupted()) {
      throw; // a cancelled repair stops here, not with every later check marked failed
    }
    stream.discard_check();
    outcome.status = CheckStatus::failed;
    outcome.error = error.what();
    outcome.hint = error.hint();
  }
  return outcome;
}

} // namespace

int
default_connections()
{
  return std::thread::hardware_concurrency() >= 2 ? 2 : 1;
}

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

CheckRun
run_checks(db::MetaStoreSession& session, const Catalogue& catalogue, const CheckSelection& selection,
           ProgressListener* progress, FindingSink& sink)
{
  require_known_checks(catalogue, selection);
  CheckRun report;
  const auto facts = session.schema_facts();
  require_meta_store(session, facts);
  const auto generation = store::detect_generation(session.applied_migrations());
  describe_meta_store(session, facts, generation, report);
  const auto database_id = resolve_database(session, selection);

  SessionBlobSource blobs(session);
  const auto ids = selected_ids(catalogue, selection);
  std::vector<Applicability> applicability;
  std::vector<const CheckSpec*> specs;
  for (const auto& id : ids) {
    applicability.push_back(select_variant(catalogue, id, facts, generation));
    specs.push_back(applicability.back().spec);
  }
  // blob-malformed digests the plans it reads for stream-node-mismatch, which comes after it.
  StreamNodeDigests stream_node_digests;
  const auto selected = [&](std::string_view id) { return std::find(ids.begin(), ids.end(), id) != ids.end(); };
  auto* const stream_nodes =
    selected(k_parallel_check) && selected("stream-node-mismatch") ? &stream_node_digests : nullptr;
  const auto parallel_blobs = start_parallel_blob_scan(session, catalogue, ids, facts, generation, selection.jobs,
                                                       selection.warn_if_fewer_connections, stream_nodes,
                                                       report.warnings);
  const auto scope = selection.scope_jobs ? ScopeArrays::read(session, facts, *selection.scope_jobs, specs)
                                          : ScopeArrays();
  const AnalyzerContext context{generation, facts, blobs, parallel_blobs.get(), stream_nodes, scope};
  const auto sibling = start_sibling_checks(session, selection, ids, specs, context, report.warnings);
  const StopScanOnExit stop_scan(parallel_blobs.get());
  FindingEnricher enricher(session, facts.has("object.belong_to_oid"), report.warnings);
  // Selection by job or database applies to findings; per-check counts follow suit.
  FindingStream stream(enricher, selection, database_id, sink);
  for (std::size_t index = 0; index < ids.size(); ++index) {
    if (progress != nullptr) {
      progress->on_check(index, ids.size(), ids[index]);
    }
    if (specs[index] == nullptr) {
      report.checks.push_back(unrunnable_outcome(ids[index], catalogue.primary(ids[index]), applicability[index],
                                                 report.meta_store.missing_tables));
      continue;
    }
    // blob-malformed's turn comes before its scan is done: the loop runs the checks after it
    // meanwhile (their findings kept until their turn) instead of waiting.
    if (parallel_blobs && ids[index] == k_parallel_check) {
      while (sibling && !parallel_blobs->scanned() && sibling->run_ahead(session)) {
      }
      parallel_blobs->help(session);
    }
    const auto run_here = [&](const std::function<void(std::vector<RawFinding>)>& emit) {
      if (sibling && !sibling->claim(index)) {
        emit(sibling->take(index));
      } else {
        run_one_check(session, *specs[index], context, emit);
      }
    };
    report.checks.push_back(run_streamed_check(ids[index], *specs[index], stream, run_here));
  }
  if (progress != nullptr) {
    progress->on_done();
  }
  return report;
}

CheckReport
run_checks(db::MetaStoreSession& session, const Catalogue& catalogue, const CheckSelection& selection,
           ProgressListener* progress)
{
  CheckReport report;
  CollectingSink sink(report.findings);
  static_cast<CheckRun&>(report) = run_checks(session, catalogue, selection, progress, sink);

  // Findings arrive per check in catalogue order; the stable sort keeps that within a severity.
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
verdict(const CheckRun& run, bool inconsistency_found)
{
  const bool failed = std::any_of(run.checks.begin(), run.checks.end(),
                                  [](const CheckOutcome& outcome) { return outcome.status == CheckStatus::failed; });
  if (failed) {
    return ExitCode::operational;
  }
  return inconsistency_found ? ExitCode::inconsistent : ExitCode::clean;
}

ExitCode
verdict(const CheckReport& report)
{
  return verdict(report, std::any_of(report.findings.begin(), report.findings.end(), [](const Finding& finding) {
                   return counts_as_inconsistency(finding.severity);
                 }));
}

} // namespace rwdoctor::checks
