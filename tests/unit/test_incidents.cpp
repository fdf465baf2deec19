#include "checks/catalogue.hpp"
#include "incidents/backup_status.hpp"
#include "incidents/commands.hpp"
#include "incidents/incidents.hpp"
#include "incidents/start_gate.hpp"
#include "report/finding_codec.hpp"

#include <catch2/catch.hpp>

using namespace rwdoctor;
using namespace rwdoctor::incidents;
using checks::Repair;
using checks::Severity;

namespace {

struct Builder
{
  std::vector<FindingFacts> findings;

  Builder& add(const std::string& check, Severity severity, std::optional<int> job, std::optional<int> object,
               std::optional<int> fragment = std::nullopt, std::vector<Repair> repairs = {}, bool statement = false)
  {
    FindingFacts facts;
    facts.id = static_cast<int>(findings.size()) + 1;
    facts.check = check;
    facts.severity = severity;
    facts.job_id = job;
    facts.object_id = object;
    facts.fragment_id = fragment;
    facts.database_id = 1;
    facts.repairs = std::move(repairs);
    facts.has_statement = statement;
    findings.push_back(facts);
    return *this;
  }
};

std::vector<std::string>
texts(const std::vector<Command>& commands)
{
  std::vector<std::string> result;
  for (const auto& command : commands) {
    result.push_back(command.text);
  }
  return result;
}

std::vector<int>
roots_in_order(const Analysis& analysis)
{
  std::vector<int> roots;
  for (const auto& incident : analysis.incidents) {
    roots.push_back(incident.root);
  }
  return roots;
}

} // namespace

TEST_CASE("every check of the catalogue has a pass", "[incidents]")
{
  for (const auto& id : checks::Catalogue::builtin().ids()) {
    INFO(id);
    CHECK(place_of(id).listed);
  }
  CHECK_FALSE(place_of("no-such-check").listed);
  CHECK(place_of("foreign-keys-missing").rank < place_of("object-database-invalid").rank);
  CHECK(place_of("job-without-fragments").pass == Pass::jobs);
}

TEST_CASE("the demo incident: four root causes in pass order", "[incidents]")
{
  // The findings of sql/demo/incident.sql at HEAD, ids in severity order as check reports them.
  Builder b;
  b.add("object-database-invalid", Severity::critical, 14, 14, {}, {Repair::fix, Repair::manual, Repair::drop_job},
        true)                                                                                                 // 1
    .add("object-schema-invalid", Severity::critical, 14, 14, {}, {Repair::manual})                       // 2
    .add("job-without-fragments", Severity::critical, 16, std::nullopt, {},
         {Repair::restore_fragments, Repair::drop_job})                                                      // 3
    .add("relation-without-job", Severity::critical, 41, 41, {}, {Repair::drop_job, Repair::manual})         // 4
    .add("relation-without-job", Severity::critical, 41, 42, {}, {Repair::drop_job, Repair::manual})         // 5
    .add("relation-without-job", Severity::critical, 41, 43, {}, {Repair::drop_job, Repair::manual})         // 6
    .add("fragment-without-job", Severity::critical, 41, 41, 19, {Repair::drop_job, Repair::manual})         // 7
    .add("fragment-without-job", Severity::critical, 41, 41, 20, {Repair::drop_job, Repair::manual})         // 8
    .add("job-type-invalid", Severity::error, 16, 16, {}, {Repair::drop_job, Repair::manual})                // 9
    .add("object-orphaned", Severity::warning, 16, 16, {}, {Repair::manual})                                 // 10
    .add("object-orphaned", Severity::warning, 16, 17, {}, {Repair::manual}, true)                           // 11
    .add("object-orphaned", Severity::warning, 16, 18, {}, {Repair::manual}, true)                           // 12
    .add("object-orphaned", Severity::warning, std::nullopt, 44, {}, {Repair::fix, Repair::manual}, true)   // 13
    .add("object-parent-invalid", Severity::warning, 14, 15, {}, {Repair::manual})                           // 14
    .add("subscription-invalid", Severity::warning, 16, 29, {}, {Repair::manual});                           // 15
  const auto analysis = analyse(b.findings);

  REQUIRE(roots_in_order(analysis) == std::vector<int>{1, 4, 3, 13});
  CHECK(analysis.incidents[0].pass == Pass::placement);
  CHECK(analysis.incidents[0].findings == std::vector<int>{1, 2, 14});
  CHECK(analysis.incidents[0].recommended == Repair::fix); // rwdoctor runs the UPDATE the data determines
  CHECK(analysis.incidents[0].statement_applies);
  CHECK(analysis.incidents[1].findings == std::vector<int>{4, 5, 6, 7, 8});
  CHECK(analysis.incidents[1].recommended == Repair::drop_job);
  CHECK(analysis.incidents[2].findings == std::vector<int>{3, 9, 10, 11, 12, 15});
  CHECK(analysis.incidents[2].recommended == Repair::restore_fragments);
  CHECK(analysis.incidents[2].alternatives == std::vector<Repair>{Repair::drop_job});
  CHECK(analysis.incidents[2].jobs == std::vector<int>{16});
  CHECK(analysis.incidents[3].pass == Pass::leftovers);
  CHECK(analysis.incidents[3].statement_applies);
  CHECK(analysis.incidents[3].recommended == Repair::fix);

  CHECK_FALSE(analysis.cause[0].has_value());
  CHECK(analysis.cause[1] == 1);
  CHECK(analysis.cause[4] == 4); // internal table 42 follows from its job's own object
  CHECK(analysis.cause[10] == 3);
  CHECK(analysis.cause[14] == 3); // the subscription on job 16
  CHECK(analysis.incident[10] == 3);
  for (std::size_t i = 0; i < analysis.incident.size(); ++i) {
    CHECK(analysis.incident[i].has_value());
  }
}

TEST_CASE("without belong_to_oid, type-less tables right after a job without fragments are its own", "[incidents]")
{
  Builder b;
  b.add("job-without-fragments", Severity::critical, 16, std::nullopt, {}, {Repair::restore_fragments}) // 1
    .add("object-orphaned", Severity::warning, std::nullopt, 17, {}, {Repair::manual}, true)             // 2
    .add("object-orphaned", Severity::warning, std::nullopt, 18, {}, {Repair::manual}, true)             // 3
    .add("object-orphaned", Severity::warning, std::nullopt, 20, {}, {Repair::manual}, true)             // 4: a gap
    .add("object-orphaned", Severity::warning, std::nullopt, 15, {}, {Repair::manual}, true);            // 5: before
  b.findings[3].database_id = 1;
  const auto analysis = analyse(b.findings);
  CHECK(analysis.cause[1] == 1);
  CHECK(analysis.cause[2] == 1);
  CHECK_FALSE(analysis.cause[3].has_value());
  CHECK_FALSE(analysis.cause[4].has_value());
  REQUIRE(analysis.incidents.size() == 3);
  CHECK(analysis.incidents[0].findings == std::vector<int>{1, 2, 3});

  SECTION("another database breaks the run")
  {
    b.findings[1].database_id = 2;
    const auto other = analyse(b.findings);
    CHECK_FALSE(other.cause[1].has_value());
    CHECK_FALSE(other.cause[2].has_value());
  }
}

TEST_CASE("orphans of a missing foreign key follow from it", "[incidents]")
{
  Builder b;
  b.add("foreign-keys-missing", Severity::warning, std::nullopt, std::nullopt)                       // 1
    .add("fragment-without-job", Severity::critical, 7, std::nullopt, 70, {Repair::drop_job})         // 2
    .add("pending-sink-state-orphaned", Severity::warning, std::nullopt, std::nullopt, std::nullopt); // 3
  b.findings[0].relation = "fragment";
  const auto analysis = analyse(b.findings);
  CHECK(analysis.cause[1] == 1);
  CHECK_FALSE(analysis.cause[2].has_value()); // its key is there
  REQUIRE(analysis.incidents.size() == 2);
  CHECK(analysis.incidents[0].pass == Pass::structure);
  CHECK(analysis.incidents[0].findings == std::vector<int>{1, 2});
}

TEST_CASE("transient findings alone make no incident; a leftover with more findings gets no DELETE", "[incidents]")
{
  Builder b;
  b.add("object-orphaned", Severity::info, std::nullopt, 5, {}, {}, true)                          // 1
    .add("object-orphaned", Severity::warning, std::nullopt, 9, {}, {Repair::manual}, true)        // 2
    .add("object-parent-invalid", Severity::warning, 9, 10, {}, {Repair::manual});                 // 3
  const auto analysis = analyse(b.findings);
  CHECK_FALSE(analysis.incident[0].has_value());
  REQUIRE(analysis.incidents.size() == 1);
  CHECK(analysis.incidents[0].findings == std::vector<int>{2, 3});
  CHECK_FALSE(analysis.incidents[0].statement_applies);
  CHECK(analysis.incidents[0].recommended == Repair::manual);
  const auto commands = commands_for(analysis.incidents[0], b.findings[1], "DELETE FROM object WHERE oid = 9;", {});
  CHECK(texts(commands) == std::vector<std::string>{"rwdoctor explain object-orphaned"});
  CHECK(commands[0].by_hand_choice);
}

TEST_CASE("a leftover whose other findings are about itself alone keeps its DELETE", "[incidents]")
{
  Builder b;
  b.add("object-orphaned", Severity::warning, std::nullopt, 44, {}, {Repair::fix, Repair::manual}, true) // 1
    .add("object-parent-invalid", Severity::warning, std::nullopt, 44, {}, {Repair::manual});          // 2
  const auto analysis = analyse(b.findings);
  REQUIRE(analysis.incidents.size() == 1);
  CHECK(analysis.incidents[0].findings == std::vector<int>{1, 2});
  CHECK(analysis.incidents[0].statement_applies);
  CHECK(analysis.incidents[0].recommended == Repair::fix);
}

TEST_CASE("commands name the meta store and quote the statement for the shell", "[incidents]")
{
  Builder b;
  b.add("object-database-invalid", Severity::critical, 14, 14, {}, {Repair::manual, Repair::drop_job}, true);
  const auto analysis = analyse(b.findings);
  CommandContext context{" -d 'meta data' --schema rw", " -d 'meta data'", "rw", ""};
  const auto commands =
    commands_for(analysis.incidents[0], b.findings[0], "UPDATE object SET database_id = 1 WHERE oid = 14;", context);
  // No drop: a drop of a job in the wrong database would span two databases.
  REQUIRE(commands.size() == 1);
  CHECK(commands[0].repair == Repair::manual);
  CHECK_FALSE(commands[0].by_hand_choice);
  CHECK(commands[0].text ==
        "psql -d 'meta data' -c 'SET search_path TO rw; UPDATE object SET database_id = 1 WHERE oid = 14;'");

  b.add("job-without-fragments", Severity::critical, 16, 16, {}, {Repair::restore_fragments, Repair::drop_job});
  const auto second = analyse(b.findings);
  REQUIRE(second.incidents.size() == 2);
  const auto restore = commands_for(second.incidents[1], b.findings[1], std::nullopt, context);
  CHECK(restore[0].repair == Repair::restore_fragments);
  CHECK(restore[1].repair == Repair::drop_job);
  CHECK(texts(restore) ==
        std::vector<std::string>{"rwdoctor repair restore --job 16 --from BACKUP -d 'meta data' --schema rw --dry-run",
                                 "rwdoctor repair drop --job 16 -d 'meta data' --schema rw --dry-run"});
}

TEST_CASE("an edge that crosses databases because its other end was moved follows from that move", "[incidents]")
{
  Builder b;
  b.add("object-database-invalid", Severity::critical, 14, 14, {}, {Repair::fix, Repair::manual, Repair::drop_job},
        true)                                                                                  // 1
    .add("edge-cross-database", Severity::critical, 16, 16, 3, {Repair::manual})               // 2
    .add("edge-cross-database", Severity::critical, 24, 24, 8, {Repair::manual})               // 3
    .add("job-without-fragments", Severity::critical, 26, 26, {}, {Repair::restore_fragments}); // 4
  b.findings[1].other_job = 14;
  b.findings[2].other_job = 39; // its other end is placed well: a cross edge of its own
  const auto analysis = analyse(b.findings);
  CHECK(analysis.cause[1] == 1);
  CHECK_FALSE(analysis.cause[2].has_value());
  REQUIRE(analysis.incidents.size() == 3);
  CHECK(analysis.incidents[0].findings == std::vector<int>{1, 2});
  CHECK(analysis.incidents[0].recommended == Repair::fix);
  // Only an edge is about two jobs: a finding about the job itself stays its own root.
  b.findings[3].other_job = 14;
  CHECK_FALSE(analyse(b.findings).cause[3].has_value());
}

TEST_CASE("a table's incoming_sinks finding about a broken sink follows from the sink's job", "[incidents]")
{
  Builder b;
  b.add("job-without-fragments", Severity::critical, 31, 31, {}, {Repair::restore_fragments, Repair::drop_job}) // 1
    .add("incoming-sinks-mismatch", Severity::warning, 30, 30, {}, {Repair::manual})                          // 2
    .add("incoming-sinks-mismatch", Severity::warning, 19, 19, {}, {Repair::manual});                         // 3
  b.findings[1].other_job = 31;
  b.findings[2].other_job = 26; // a sink without a broken job: the table's own incident
  const auto analysis = analyse(b.findings);
  CHECK(analysis.cause[1] == 1);
  CHECK_FALSE(analysis.cause[2].has_value());
  REQUIRE(analysis.incidents.size() == 2);
  CHECK(analysis.incidents[0].findings == std::vector<int>{1, 2});
}

TEST_CASE("an info finding is not the root of an inconsistency about the same job", "[incidents]")
{
  Builder b;
  b.add("job-stuck", Severity::info, 26, 26, {}, {Repair::manual})                                    // 1
    .add("stream-node-mismatch", Severity::error, 26, 26, 9, {Repair::drop_job, Repair::manual}); // 2
  const auto analysis = analyse(b.findings);
  CHECK(analysis.cause[0] == 2);
  CHECK_FALSE(analysis.cause[1].has_value());
  REQUIRE(analysis.incidents.size() == 1);
  CHECK(analysis.incidents[0].root == 2);
  CHECK(analysis.incidents[0].recommended == Repair::drop_job);
}

TEST_CASE("findings about the store itself are one incident per check", "[incidents]")
{
  Builder b;
  b.add("schema-drift", Severity::error, {}, {}, {}, {Repair::manual})                 // 1
    .add("schema-drift", Severity::critical, {}, {}, {}, {Repair::manual})             // 2
    .add("foreign-keys-missing", Severity::warning, {}, {}, {}, {Repair::manual})      // 3
    .add("job-without-fragments", Severity::critical, 16, 16, {}, {Repair::drop_job}) // 4
    .add("schema-drift", Severity::error, {}, {}, {}, {Repair::manual});              // 5
  const auto analysis = analyse(b.findings);
  CHECK(analysis.cause[1] == 1);
  CHECK(analysis.cause[4] == 1);
  CHECK_FALSE(analysis.cause[2].has_value());
  REQUIRE(analysis.incidents.size() == 3);
  CHECK(analysis.incidents[0].findings == std::vector<int>{1, 2, 5});
}

TEST_CASE("the spool codec keeps every byte of a finding", "[incidents][report]")
{
  checks::Finding finding;
  finding.check = "object-orphaned";
  finding.severity = Severity::error;
  finding.consequence = checks::Consequence::ddl_error;
  finding.job_id = -3;
  finding.object_id = 2147483647;
  finding.name = std::string("a\0b\xff", 4);
  finding.message = "line\nbreak";
  finding.repairs = {Repair::fix, Repair::manual};
  finding.statement = "";
  finding.relation = "fragment";
  finding.other_job = 14;
  finding.clears_after_start = true;
  const auto bytes = report::encode_finding(finding);
  const auto back = report::decode_finding(bytes);
  CHECK(back.check == finding.check);
  CHECK(back.severity == finding.severity);
  CHECK(back.consequence == finding.consequence);
  CHECK(back.job_id == finding.job_id);
  CHECK_FALSE(back.fragment_id.has_value());
  CHECK(back.object_id == finding.object_id);
  CHECK(back.name == finding.name);
  CHECK_FALSE(back.job_status.has_value());
  CHECK(back.message == finding.message);
  CHECK(back.repairs == finding.repairs);
  CHECK(back.statement == std::optional<std::string>(""));
  CHECK(back.relation == "fragment");
  CHECK(back.other_job == 14);
  CHECK(back.clears_after_start);
  CHECK_THROWS_AS(report::decode_finding(bytes.substr(0, bytes.size() - 1)), std::logic_error);
  CHECK_THROWS_AS(report::decode_finding(bytes + "x"), std::logic_error);
}

TEST_CASE("guard: an incident with a critical finding blocks the start unless its check is allowed", "[incidents]")
{
  Builder b;
  b.add("job-without-fragments", Severity::critical, 16, std::nullopt, {},
        {Repair::restore_fragments, Repair::drop_job})                                             // 1
    .add("relation-without-job", Severity::critical, 41, 41, {}, {Repair::drop_job, Repair::manual}) // 2
    .add("stream-node-mismatch", Severity::error, 24, 24, 7, {Repair::drop_job})                     // 3
    .add("job-type-invalid", Severity::error, 16, 16, {}, {Repair::drop_job, Repair::manual});       // 4
  const auto analysis = analyse(b.findings);
  REQUIRE(analysis.incidents.size() == 3);

  const auto all = decide_start(b.findings, analysis, {});
  CHECK(all.blocking.size() == 2); // the error-only incident of job 24 does not block
  for (const int id : all.blocking) {
    const auto& incident = analysis.incidents.at(static_cast<std::size_t>(id - 1));
    CHECK(b.findings.at(static_cast<std::size_t>(incident.root - 1)).severity == Severity::critical);
  }
  CHECK(all.allowed.empty());

  const auto one_allowed = decide_start(b.findings, analysis, {"relation-without-job"});
  REQUIRE(one_allowed.blocking.size() == 1);
  CHECK(analysis.incidents.at(static_cast<std::size_t>(one_allowed.blocking.front() - 1)).jobs
        == std::vector<int>{16});
  CHECK(one_allowed.allowed == std::vector<int>{2});

  const auto both_allowed = decide_start(b.findings, analysis, {"relation-without-job", "job-without-fragments"});
  CHECK(both_allowed.blocking.empty());
  CHECK(both_allowed.allowed == std::vector<int>{1, 2});
}

TEST_CASE("a job that runs is never offered a drop; one that cannot run is", "[incidents][advice]")
{
  // The trial's duplicated split on a CREATED source: a warning that costs one offset; a drop
  // would destroy the source, its MV and their state. Whatever the check offers, no drop.
  Builder b;
  b.add("split-duplicated", Severity::warning, 15, 15, 101, {Repair::drop_job, Repair::manual});
  b.findings[0].consequence = checks::Consequence::silent;
  b.findings[0].job_status = "CREATED";
  CHECK(job_runs(b.findings, 15));
  auto analysis = analyse(b.findings);
  REQUIRE(analysis.incidents.size() == 1);
  CHECK(analysis.incidents[0].recommended == Repair::manual);
  CHECK(analysis.incidents[0].alternatives.empty());
  CHECK(analysis.incidents[0].job_runs);
  CommandContext context;
  context.rwdoctor_arguments = " -d meta";
  for (const auto& text : texts(commands_for(analysis.incidents[0], b.findings[0], std::nullopt, context))) {
    CHECK(text.find("repair drop") == std::string::npos);
  }

  // A CREATING job (a backfill) runs too; an error that only fails DDL does not stop it.
  b.findings[0].job_status = "CREATING";
  b.findings[0].severity = Severity::error;
  b.findings[0].consequence = checks::Consequence::ddl_error;
  CHECK(job_runs(b.findings, 15));

  // The same job with a finding that fails recovery cannot run: the drop is offered.
  b.findings[0].consequence = checks::Consequence::recovery_error;
  CHECK_FALSE(job_runs(b.findings, 15));
  analysis = analyse(b.findings);
  CHECK(analysis.incidents[0].recommended == Repair::drop_job);

  // A warning on a job that cannot run as it is: INITIAL (recovery deletes it), or without a
  // streaming_job row (its status unknown), or a critical finding about it anywhere.
  for (const auto& status : {std::optional<std::string>("INITIAL"), std::optional<std::string>()}) {
    Builder stuck;
    stuck.add("job-stuck", Severity::warning, 30, 30, {}, {Repair::drop_job, Repair::manual});
    stuck.findings[0].consequence = checks::Consequence::ddl_error;
    stuck.findings[0].job_status = status;
    CHECK_FALSE(job_runs(stuck.findings, 30));
    CHECK(analyse(stuck.findings).incidents.at(0).recommended == Repair::drop_job);
  }
  Builder lost;
  lost.add("split-duplicated", Severity::warning, 15, 15, 101, {Repair::drop_job, Repair::manual})
    .add("job-without-fragments", Severity::critical, 15, 15, {}, {Repair::restore_fragments, Repair::drop_job});
  lost.findings[0].job_status = "CREATED";
  lost.findings[1].job_status = "CREATED";
  lost.findings[1].consequence = checks::Consequence::data_loss;
  CHECK_FALSE(job_runs(lost.findings, 15));

  // Only findings about the job count: another job's crash does not make this one droppable,
  // and a finding about an internal table of the job (job_id set) counts for the job.
  Builder two;
  two.add("split-duplicated", Severity::warning, 15, 15, 101, {Repair::drop_job, Repair::manual})
    .add("job-without-fragments", Severity::critical, 16, 16, {}, {Repair::restore_fragments, Repair::drop_job})
    .add("state-table-mismatch", Severity::critical, 15, 17, {}, {Repair::restore_fragments});
  two.findings[0].job_status = "CREATED";
  two.findings[1].consequence = checks::Consequence::data_loss;
  CHECK_FALSE(job_runs(two.findings, 16));
  two.findings[2].consequence = checks::Consequence::silent;
  CHECK(job_runs(two.findings, 15));
  two.findings[2].consequence = checks::Consequence::data_loss;
  CHECK_FALSE(job_runs(two.findings, 15));
  CHECK_FALSE(job_runs(two.findings, 99)); // no finding at all: nothing says it runs
}

// check --from's rule: the subject not in the backup, else the same finding there, else held;
// a store-level root (no job, object or fragment) is keyed by its subject's name.
TEST_CASE("what a backup can do for an incident", "[incidents][backup]")
{
  Builder built;
  built.add("job-without-fragments", Severity::critical, 16, 16, std::nullopt,
            {Repair::restore_fragments, Repair::drop_job});
  built.add("sequence-behind", Severity::warning, std::nullopt, std::nullopt, std::nullopt, {Repair::fix}, true);
  built.findings[1].subject_name = "object_oid_seq";
  const auto& job_root = built.findings[0];
  const auto& store_root = built.findings[1];

  BackupFacts empty;
  CHECK(backup_status(job_root, empty) == BackupStatus::not_in_backup);
  CHECK(backup_status(store_root, empty) == BackupStatus::holds);

  BackupFacts held;
  held.held = {16};
  CHECK(backup_status(job_root, held) == BackupStatus::holds);
  held.faults.insert(fault_key(job_root));
  held.faults.insert(fault_key(store_root));
  CHECK(backup_status(job_root, held) == BackupStatus::same_fault);
  CHECK(backup_status(store_root, held) == BackupStatus::same_fault);
  // Another fragment of the same job, or another sequence, is another fault.
  auto other = job_root;
  other.fragment_id = 7;
  CHECK(backup_status(other, held) == BackupStatus::holds);
  auto other_sequence = store_root;
  other_sequence.subject_name = "actor_actor_id_seq";
  CHECK(backup_status(other_sequence, held) == BackupStatus::holds);

  CHECK(to_string(BackupStatus::holds) == "holds");
  CHECK(to_string(BackupStatus::not_in_backup) == "not-in-backup");
  CHECK(to_string(BackupStatus::same_fault) == "same-fault");

  Incident incident;
  incident.recommended = Repair::restore_fragments;
  incident.alternatives = {Repair::drop_job, Repair::manual};
  auto kept = incident;
  CHECK_FALSE(drop_restore_the_backup_cannot_give(kept, BackupStatus::holds));
  CHECK(kept.recommended == Repair::restore_fragments);
  CHECK(drop_restore_the_backup_cannot_give(incident, BackupStatus::same_fault));
  CHECK(incident.recommended == Repair::drop_job);
  CHECK(incident.alternatives == std::vector<Repair>{Repair::manual});
  CHECK_FALSE(drop_restore_the_backup_cannot_give(incident, BackupStatus::not_in_backup)); // nothing left to take
  Incident only_restore;
  only_restore.recommended = Repair::restore_rows;
  CHECK(drop_restore_the_backup_cannot_give(only_restore, BackupStatus::not_in_backup));
  CHECK(only_restore.recommended == Repair::manual);

  CHECK(backup_line(BackupStatus::holds, job_root) == "backup: holds job 16 without this fault");
  CHECK(backup_line(BackupStatus::holds, store_root) == "backup: does not have this fault");
  CHECK(backup_line(BackupStatus::not_in_backup, job_root)
        == "backup: job 16 is not in the backup: nothing of it can be restored from there");
}
