#include "incidents/incidents.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace rwdoctor::incidents {

namespace {

using checks::Repair;

bool
offers(const FindingFacts& finding, Repair repair)
{
  return std::find(finding.repairs.begin(), finding.repairs.end(), repair) != finding.repairs.end();
}

// The checks that report rows a foreign key from `table` would have removed with their parent.
bool
reports_orphans_of(std::string_view check, std::string_view table)
{
  static const std::multimap<std::string_view, std::string_view> k_orphans = {
    {"fragment", "fragment-without-job"},
    {"object", "object-database-invalid"},
    {"object", "object-schema-invalid"},
    {"object", "object-parent-invalid"},
    {"pending_sink_state", "pending-sink-state-orphaned"},
    {"subscription", "subscription-invalid"},
    {"table", "state-table-mismatch"},
  };
  const auto [first, last] = k_orphans.equal_range(table);
  return std::any_of(first, last, [&](const auto& entry) { return entry.second == check; });
}

// Rule 1's order: an inconsistency before an info finding (a legitimately transient state, a
// CREATING job's age say, explains no error beside it), then the rank of the check, then the
// job's own object, then arrival.
auto
root_key(const FindingFacts& finding)
{
  const bool own_object = !finding.object_id || finding.object_id == finding.job_id;
  return std::make_tuple(checks::counts_as_inconsistency(finding.severity) ? 0 : 1, place_of(finding.check).rank,
                         own_object ? 0 : 1, finding.id);
}

std::optional<int>
subject_of(const FindingFacts& finding)
{
  return finding.job_id ? finding.job_id : finding.object_id;
}

void
attach_by_subject(const std::vector<FindingFacts>& findings, Analysis& analysis)
{
  std::map<int, const FindingFacts*> roots;
  for (const auto& finding : findings) {
    if (const auto subject = subject_of(finding)) {
      auto& root = roots[*subject];
      if (root == nullptr || root_key(finding) < root_key(*root)) {
        root = &finding;
      }
    }
  }
  for (const auto& finding : findings) {
    if (const auto subject = subject_of(finding)) {
      const auto* root = roots.at(*subject);
      if (root != &finding) {
        analysis.cause[finding.id - 1] = root->id;
      }
    }
  }
}

void
attach_orphans_to_keys(const std::vector<FindingFacts>& findings, Analysis& analysis)
{
  std::map<std::string_view, int> key_of_table; // the first foreign-keys-missing finding per table
  for (const auto& finding : findings) {
    if (finding.check == "foreign-keys-missing" && !finding.relation.empty()) {
      key_of_table.emplace(finding.relation, finding.id);
    }
  }
  if (key_of_table.empty()) {
    return;
  }
  for (const auto& finding : findings) {
    if (analysis.cause[finding.id - 1]) {
      continue;
    }
    for (const auto& [table, key] : key_of_table) {
      if (key != finding.id && reports_orphans_of(finding.check, table)) {
        analysis.cause[finding.id - 1] = key;
        break;
      }
    }
  }
}

void
attach_typeless_internal_tables(const std::vector<FindingFacts>& findings, Analysis& analysis)
{
  // oid -> root object-orphaned finding without a job
  std::map<int, const FindingFacts*> typeless;
  std::map<int, const FindingFacts*> jobs_without_fragments;
  for (const auto& finding : findings) {
    if (analysis.cause[finding.id - 1]) {
      continue;
    }
    if (finding.check == "object-orphaned" && finding.object_id && !finding.job_id) {
      typeless.emplace(*finding.object_id, &finding);
    } else if (finding.check == "job-without-fragments" && finding.job_id) {
      jobs_without_fragments.emplace(*finding.job_id, &finding);
    }
  }
  for (const auto& [job, job_finding] : jobs_without_fragments) {
    for (int oid = job + 1;; ++oid) {
      const auto next = typeless.find(oid);
      if (next == typeless.end() || next->second->database_id != job_finding->database_id) {
        break;
      }
      analysis.cause[next->second->id - 1] = job_finding->id;
    }
  }
}

// Findings about the store itself (no job, object or fragment: a missing foreign key, a
// drifted column) of one check are one incident: they are mended together, by the same hand,
// and a list of identical "meta store" steps says nothing more. A finding that names its own
// subject (a sequence behind its table) is its own incident: the subjects are independent,
// each has its own step, and none follows from another.
void
attach_store_findings(const std::vector<FindingFacts>& findings, Analysis& analysis)
{
  std::map<std::string, int> first; // check -> its first store-level finding
  for (const auto& finding : findings) {
    if (analysis.cause[finding.id - 1] || finding.job_id || finding.object_id || finding.fragment_id
        || !finding.subject_name.empty()) {
      continue;
    }
    const auto [entry, inserted] = first.emplace(finding.check, finding.id);
    if (!inserted) {
      analysis.cause[finding.id - 1] = entry->second;
    }
  }
}

// A finding about a link between two jobs (other_job) that `follows` selects, and that has no
// cause yet, follows from the other job's first root finding in `root_pass`.
template <typename Follows>
void
attach_links(const std::vector<FindingFacts>& findings, Analysis& analysis, Pass root_pass, Follows follows)
{
  std::map<int, int> roots; // job -> its first root finding in root_pass
  for (const auto& finding : findings) {
    const auto subject = subject_of(finding);
    if (subject && !analysis.cause[finding.id - 1] && place_of(finding.check).pass == root_pass) {
      roots.emplace(*subject, finding.id);
    }
  }
  for (const auto& finding : findings) {
    if (analysis.cause[finding.id - 1] || !finding.other_job || !follows(finding)) {
      continue;
    }
    const auto root = roots.find(*finding.other_job);
    if (root != roots.end() && root->second != finding.id) {
      analysis.cause[finding.id - 1] = root->second;
    }
  }
}

int
root_of(const Analysis& analysis, int id)
{
  // Causes point to a finding of a lower rank or to a structure finding, so chains are short;
  // the bound guards against a cycle all the same.
  for (std::size_t step = 0; step < analysis.cause.size() && analysis.cause[id - 1]; ++step) {
    id = *analysis.cause[id - 1];
  }
  return id;
}

void
recommend(const std::vector<FindingFacts>& findings, Incident& incident)
{
  const auto& root = findings[incident.root - 1];
  // A leftover's DELETE is safe only when nothing else is known than about the object itself
  // (its missing type row, a parent column it lacks: the delete takes all of it away); a
  // placement fix (the object's database) is what its consequences need.
  const auto about_the_object = [&](int id) {
    const auto& finding = findings[static_cast<std::size_t>(id) - 1];
    return finding.object_id == root.object_id && !finding.job_id;
  };
  incident.job_runs = root.job_id && job_runs(findings, *root.job_id);
  incident.statement_applies =
    root.has_statement
    && (incident.pass != Pass::leftovers
        || std::all_of(incident.findings.begin(), incident.findings.end(), about_the_object));
  std::vector<Repair> possible;
  if (offers(root, Repair::restore_fragments) && root.job_id) {
    possible.push_back(Repair::restore_fragments);
  } else if (offers(root, Repair::restore_rows) && (root.job_id || !root.subject_name.empty())) {
    possible.push_back(Repair::restore_rows); // a job's rows, or a store-level row (a system parameter)
  }
  // rwdoctor runs the statement itself (undo, audit) where the check offers the fix.
  if (incident.statement_applies) {
    possible.push_back(offers(root, Repair::fix) ? Repair::fix : Repair::manual);
  }
  // A drop plans from the object's placement, so a job in the wrong database is placed first;
  // it is never offered for a job that runs (job_runs).
  if (offers(root, Repair::drop_job) && root.job_id && incident.pass != Pass::placement && !incident.job_runs) {
    possible.push_back(Repair::drop_job);
  }
  if (possible.empty() || (possible.size() == 1 && !root.job_id && possible.front() == Repair::restore_rows)) {
    possible.push_back(Repair::manual); // without a backup, by hand
  }
  incident.recommended = possible.front();
  incident.alternatives.assign(possible.begin() + 1, possible.end());
}

} // namespace

bool
job_runs(const std::vector<FindingFacts>& findings, int job)
{
  const auto stops_the_job = [](const FindingFacts& finding) {
    const bool serious = finding.severity == checks::Severity::critical || finding.severity == checks::Severity::error;
    return serious
           && (finding.consequence == checks::Consequence::panic
               || finding.consequence == checks::Consequence::data_loss
               || finding.consequence == checks::Consequence::recovery_error);
  };
  bool running = false;
  for (const auto& finding : findings) {
    const bool about_the_job = finding.job_id ? *finding.job_id == job : finding.object_id == job;
    if (!about_the_job) {
      continue;
    }
    if (stops_the_job(finding)) {
      return false;
    }
    if (finding.object_id == job && finding.job_status
        && (*finding.job_status == "CREATED" || *finding.job_status == "CREATING")) {
      running = true;
    }
  }
  return running;
}

FindingFacts
facts_of(int id, const checks::Finding& finding)
{
  FindingFacts facts;
  facts.id = id;
  facts.check = finding.check;
  facts.severity = finding.severity;
  facts.consequence = finding.consequence;
  facts.job_id = finding.job_id;
  facts.object_id = finding.object_id;
  facts.fragment_id = finding.fragment_id;
  facts.database_id = finding.database_id;
  facts.relation = finding.relation;
  facts.other_job = finding.other_job;
  facts.repairs = finding.repairs;
  facts.has_statement = finding.statement.has_value();
  facts.job_status = finding.job_status;
  if (!finding.job_id && !finding.object_id && !finding.fragment_id) {
    facts.subject_name = finding.name.value_or("");
  }
  return facts;
}

std::vector<FindingFacts>
facts_of(const std::vector<checks::Finding>& findings)
{
  std::vector<FindingFacts> facts;
  facts.reserve(findings.size());
  for (const auto& finding : findings) {
    facts.push_back(facts_of(static_cast<int>(facts.size()) + 1, finding));
  }
  return facts;
}

Analysis
analyse(const std::vector<FindingFacts>& findings)
{
  Analysis analysis;
  analysis.cause.resize(findings.size());
  analysis.incident.resize(findings.size());
  attach_by_subject(findings, analysis);
  attach_orphans_to_keys(findings, analysis);
  attach_typeless_internal_tables(findings, analysis);
  attach_store_findings(findings, analysis);
  // An edge that crosses databases because the job at its other end sits in the wrong
  // database follows from that job's placement finding (only a link is about two jobs; a
  // job's own finding stays with its own root).
  attach_links(findings, analysis, Pass::placement,
               [](const FindingFacts& finding) { return place_of(finding.check).pass == Pass::graph; });
  // A table's incoming_sinks that misses or misnames a sink whose own job is broken (its
  // fragments gone, say) follows from that job's finding: restoring the sink lists it again,
  // dropping it leaves nothing to list.
  // A sink whose target table lost its rows (its target_table dangling, or NULL while its
  // edge into the table is still there) follows from the table's own broken rows the same
  // way: their restore puts the table and the pointer back.
  attach_links(findings, analysis, Pass::jobs, [](const FindingFacts& finding) {
    return finding.check == "incoming-sinks-mismatch" || finding.check == "sink-target-lost"
           || finding.check == "sink-into-table-invalid";
  });

  std::map<int, std::vector<int>> members; // root id -> finding ids, ascending
  for (const auto& finding : findings) {
    members[root_of(analysis, finding.id)].push_back(finding.id);
  }
  std::vector<Incident> incidents;
  for (auto& [root, ids] : members) {
    const bool counts = std::any_of(ids.begin(), ids.end(), [&](int id) {
      return checks::counts_as_inconsistency(findings[id - 1].severity);
    });
    if (!counts) {
      continue;
    }
    Incident incident;
    incident.root = root;
    incident.pass = place_of(findings[root - 1].check).pass;
    incident.findings = ids;
    std::set<int> jobs;
    for (const int id : ids) {
      if (findings[id - 1].job_id) {
        jobs.insert(*findings[id - 1].job_id);
      }
    }
    incident.jobs.assign(jobs.begin(), jobs.end());
    // Root first, its consequences after it.
    std::stable_partition(incident.findings.begin(), incident.findings.end(), [&](int id) { return id == root; });
    recommend(findings, incident);
    incidents.push_back(std::move(incident));
  }
  const auto order_key = [&](const Incident& incident) {
    const auto& root = findings[incident.root - 1];
    return std::make_tuple(number(incident.pass), place_of(root.check).rank,
                           subject_of(root).value_or(root.fragment_id.value_or(0)), root.id);
  };
  std::sort(incidents.begin(), incidents.end(),
            [&](const Incident& a, const Incident& b) { return order_key(a) < order_key(b); });
  for (std::size_t i = 0; i < incidents.size(); ++i) {
    incidents[i].id = static_cast<int>(i) + 1;
    incidents[i].order = incidents[i].id;
    for (const int id : incidents[i].findings) {
      analysis.incident[id - 1] = incidents[i].id;
    }
  }
  analysis.incidents = std::move(incidents);
  return analysis;
}

bool
remove_restores(Incident& incident)
{
  const auto restores = [](checks::Repair repair) {
    return repair == checks::Repair::restore_fragments || repair == checks::Repair::restore_rows;
  };
  std::vector<checks::Repair> repairs = {incident.recommended};
  repairs.insert(repairs.end(), incident.alternatives.begin(), incident.alternatives.end());
  const auto kept_end = std::remove_if(repairs.begin(), repairs.end(), restores);
  if (kept_end == repairs.end()) {
    return false;
  }
  repairs.erase(kept_end, repairs.end());
  if (repairs.empty()) {
    repairs.push_back(checks::Repair::manual);
  }
  incident.recommended = repairs.front();
  incident.alternatives.assign(repairs.begin() + 1, repairs.end());
  return true;
}

} // namespace rwdoctor::incidents
