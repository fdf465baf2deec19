// Property tests on random synthetic catalogs. For a seed and a generation:
//   1. a random healthy catalog (copies, width, blob size, fan-in from the seed) is clean;
//   2. every inconsistency kind below is injected into its own random unit, and check finds
//      each one (recall 100%) and reports nothing in any other unit (no false positives);
//   3. every repairable kind is repaired (drop or restore, chosen by the seed) and check then
//      reports exactly the untouched kinds' units;
//   4. undoing those repairs, newest first, gives the injected state back byte-identical.
// CI runs a fixed seed set. Long mode: RWDOCTOR_PROPERTY_CASES=N runs N seeds per generation
// from RWDOCTOR_PROPERTY_FIRST_SEED (default 1000); RWDOCTOR_PROPERTY_SEED=S runs only seed S.
// A failure names its seed and generation.
#include "check_helpers.hpp"
#include "cli_runner.hpp"
#include "process_runner.hpp"
#include "repair_test_support.hpp"
#include "synthetic_catalog.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <numeric>
#include <random>
#include <set>

namespace rwdoctor::test {
namespace {

enum class RepairMode { none, drop, restore, drop_or_restore };

struct ExpectedFinding
{
  const char* check;
  const char* subject; // "job", "object" or "fragment"
  int demo_id;         // id in the demo catalog (unit 0)
  checks::Severity severity;
};

struct InjectionKind
{
  const char* name;
  std::vector<std::string> generations; // empty: all
  // Statements with {o} (object id shift) and {f} (fragment id shift) of the chosen unit.
  std::vector<const char*> statements;
  std::vector<ExpectedFinding> expected;
  RepairMode repair = RepairMode::none;
  int repair_job = 0; // demo job id the repair names
};

using checks::Severity;

// One kind per check id (foreign-keys-missing, schema-drift, sequence-behind,
// system-parameter-invalid and job-stuck excepted: they are about the store's schema,
// sequences, settings and the age of a job, not a unit; tests/injections covers them). Ids are the demo catalog's (see sql/demo/catalog.sql).
const std::vector<InjectionKind>&
injection_kinds()
{
  static const std::vector<InjectionKind> kinds = {
    {"seed incident: fragments of mv_orders deleted", {},
     {"DELETE FROM fragment WHERE job_id = 16 + {o}"},
     {{"job-without-fragments", "job", 16, Severity::critical}}, RepairMode::drop_or_restore, 16},
    {"actor rows of a fragment deleted", {"v2_4"},
     {"DELETE FROM actor WHERE fragment_id = 8 + {f}"},
     {{"actor-missing", "fragment", 8, Severity::critical}}, RepairMode::restore, 24},
    // From v2.7 (before: an error, tests/injections/relation-without-job--v2-4.sql).
    {"streaming_job row of low_stock deleted", {"v2_8", "v3_0_3", "head"},
     {"DELETE FROM streaming_job WHERE job_id = 39 + {o}"},
     {{"fragment-without-job", "fragment", 18, Severity::critical},
      {"relation-without-job", "object", 39, Severity::critical}}, RepairMode::drop, 39},
    {"streaming_job row of Top Customers deleted", {"v2_8", "v3_0_3", "head"},
     {"DELETE FROM streaming_job WHERE job_id = 24 + {o}"},
     {{"relation-without-job", "object", 24, Severity::critical}}, RepairMode::drop, 24},
    {"a view given a streaming job", {},
     {"INSERT INTO streaming_job (job_id, job_status, create_type, timezone, parallelism, max_parallelism) "
      "VALUES (28 + {o}, 'CREATED', 'FOREGROUND', 'UTC', '\"Adaptive\"', 256)"},
     {{"job-type-invalid", "job", 28, Severity::error}}, RepairMode::drop, 28},
    {"state table of a sink deleted", {},
     {"DELETE FROM object WHERE oid = 32 + {o}", "UPDATE fragment SET state_table_ids = '[]' WHERE fragment_id = 12 + {f}"},
     {{"job-without-state-table", "job", 31, Severity::error}}, RepairMode::drop, 31},
    {"stream_node truncated", {},
     {"UPDATE fragment SET stream_node = decode('0a0a0102', 'hex') WHERE fragment_id = 8 + {f}"},
     {{"blob-malformed", "fragment", 8, Severity::critical}}},
    {"object_dependency row deleted", {},
     {"DELETE FROM object_dependency WHERE oid = 16 + {o} AND used_by = 24 + {o}"},
     {{"dependency-invalid", "job", 24, Severity::warning}}},
    {"DML fragment points at the MVIEW fragment", {},
     {"UPDATE \"table\" SET dml_fragment_id = 11 + {f} WHERE table_id = 30 + {o}"},
     {{"dml-fragment-invalid", "job", 30, Severity::error}}},
    {"edge from the shop database into dev", {},
     {"INSERT INTO fragment_relation (source_fragment_id, target_fragment_id, dispatcher_type, dist_key_indices, "
      "output_indices) VALUES (17 + {f}, 15 + {f}, 'HASH', '[0]', '[0,1,2]')",
      "INSERT INTO object_dependency (oid, used_by) VALUES (38 + {o}, 33 + {o})"},
     {{"edge-cross-database", "fragment", 15, Severity::critical}}},
    {"NO_SHUFFLE ensemble with two entry jobs", {},
     {"INSERT INTO fragment_relation (source_fragment_id, target_fragment_id, dispatcher_type, dist_key_indices, "
      "output_indices) VALUES (5 + {f}, 8 + {f}, 'NO_SHUFFLE', '[]', '[0,1,2]')",
      "INSERT INTO object_dependency (oid, used_by) VALUES (19 + {o}, 24 + {o})"},
     {{"ensemble-invalid", "fragment", 3, Severity::error}}},
    {"parallelism that does not parse", {},
     {"UPDATE streaming_job SET parallelism = '{{\"Fixed\": \"four\"}}' WHERE job_id = 38 + {o}"},
     {{"job-parallelism-invalid", "job", 38, Severity::error}}},
    {"unknown job status", {},
     {"UPDATE streaming_job SET job_status = 'RUNNING' WHERE job_id = 24 + {o}"},
     {{"job-status-invalid", "job", 24, Severity::error}}},
    {"NO_SHUFFLE edge between HASH and SINGLE fragments", {},
     {"UPDATE fragment_relation SET dispatcher_type = 'NO_SHUFFLE' "
      "WHERE source_fragment_id = 19 + {f} AND target_fragment_id = 20 + {f}"},
     {{"no-shuffle-incompatible", "fragment", 20, Severity::critical}}},
    {"object moved to another database", {"v2_4", "v2_8", "v3_0_3"},
     {"UPDATE object SET database_id = 2 WHERE oid = 24 + {o}"},
     {{"object-database-invalid", "object", 24, Severity::critical}}},
    {"view row deleted", {},
     {"DELETE FROM view WHERE view_id = 28 + {o}"},
     {{"object-orphaned", "object", 28, Severity::warning}}},
    {"internal table belongs to its schema", {"head"},
     {"UPDATE object SET belong_to_oid = 2 WHERE oid = 17 + {o}"},
     {{"object-parent-invalid", "object", 17, Severity::warning}}},
    {"object in a schema of another database", {"v2_4", "v2_8", "v3_0_3"},
     {"UPDATE object SET schema_id = 9 WHERE oid = 28 + {o}"},
     {{"object-schema-invalid", "object", 28, Severity::critical}}},
    {"view typed as a table", {},
     {"UPDATE object SET obj_type = 'TABLE' WHERE oid = 28 + {o}"},
     {{"object-type-mismatch", "object", 28, Severity::critical}}},
    {"pending sink state of unknown kind", {"v2_8", "v3_0_3", "head"},
     {"UPDATE pending_sink_state SET sink_state = 'LOST' WHERE sink_id = 26 + {o} AND sink_state = 'PENDING'"},
     {{"pending-sink-state-orphaned", "object", 26, Severity::error}}},
    {"sink-into-table fragment without the SINK flag", {},
     {"UPDATE fragment SET fragment_type_mask = 16 WHERE fragment_id = 12 + {f}"},
     {{"sink-into-table-invalid", "job", 31, Severity::error}}},
    {"SOURCE_SCAN fragment also flagged SOURCE", {},
     {"UPDATE fragment SET fragment_type_mask = 1025 WHERE fragment_id = 2 + {f}"},
     {{"source-fragment-invalid", "fragment", 2, Severity::critical}}},
    {"splits of a source backfill fragment deleted", {"v2_8", "v3_0_3", "head"},
     {"DELETE FROM fragment_splits WHERE fragment_id = 2 + {f}"},
     {{"source-splits-missing", "fragment", 2, Severity::warning}}},
    {"splits of source actors cleared", {"v2_4"},
     {"UPDATE actor SET splits = NULL WHERE fragment_id = 1 + {f}"},
     {{"source-splits-missing", "fragment", 1, Severity::warning}}},
    {"internal table's vnode_count differs from its fragment's", {},
     {"UPDATE \"table\" SET vnode_count = 128 WHERE table_id = 18 + {o}"},
     {{"vnode-count-invalid", "job", 16, Severity::error}}},
    {"a table's DML fragment also flagged Mview", {"v2_8", "v3_0_3", "head"},
     {"UPDATE fragment SET fragment_type_mask = fragment_type_mask | 2 WHERE fragment_id = 10 + {f}"},
     {{"table-mview-fragment-invalid", "job", 30, Severity::error}}},
    {"a background creating job's backfill order names its Mview fragment", {"v2_8", "v3_0_3", "head"},
     {"UPDATE streaming_job SET job_status = 'CREATING', create_type = 'BACKGROUND', "
      "backfill_orders = jsonb_build_object((13 + {f})::text, jsonb_build_array(15 + {f})) WHERE job_id = 33 + {o}"},
     {{"backfill-orders-invalid", "job", 33, Severity::critical}}},
    {"a sink into a table missing from its incoming_sinks", {"v2_4"},
     {"UPDATE \"table\" SET incoming_sinks = '[]' WHERE table_id = 30 + {o}"},
     {{"incoming-sinks-mismatch", "job", 30, Severity::warning}}},
    {"two actors of a fragment share a vnode bitmap", {"v2_4"},
     {"UPDATE actor SET vnode_bitmap = (SELECT vnode_bitmap FROM actor WHERE fragment_id = 3 + {f} ORDER BY actor_id "
      "LIMIT 1) WHERE actor_id = (SELECT max(actor_id) FROM actor WHERE fragment_id = 3 + {f})"},
     {{"actor-vnode-invalid", "fragment", 3, Severity::error}}},
    {"two actors of a source fragment hold the same split", {"v2_4"},
     {"UPDATE actor SET splits = (SELECT a.splits FROM actor a WHERE a.fragment_id = 1 + {f} ORDER BY a.actor_id LIMIT 1) "
      "WHERE fragment_id = 1 + {f}"},
     {{"split-duplicated", "fragment", 1, Severity::error}}},
    {"a fragment_splits row lists its splits twice", {"v2_8", "v3_0_3", "head"},
     {"UPDATE fragment_splits SET splits = splits || splits WHERE fragment_id = 1 + {f}"},
     {{"split-duplicated", "fragment", 1, Severity::warning}}},
    {"the edge a Merge reads from is gone", {},
     {"DELETE FROM fragment_relation WHERE source_fragment_id = 2 + {f} AND target_fragment_id = 3 + {f}"},
     {{"stream-node-mismatch", "fragment", 3, Severity::error}}},
    {"a fragment's plan copied from another job's", {},
     {"UPDATE fragment SET stream_node = (SELECT stream_node FROM fragment WHERE fragment_id = 17 + {f}) "
      "WHERE fragment_id = 7 + {f}"},
     {{"stream-node-mismatch", "fragment", 7, Severity::critical}}},
    {"state table moved to another fragment", {},
     {"UPDATE \"table\" SET fragment_id = 2 + {f} WHERE table_id = 18 + {o}"},
     {{"state-table-mismatch", "job", 16, Severity::error}}},
    {"subscription in an unknown state", {},
     {"UPDATE subscription SET subscription_state = 3 WHERE subscription_id = 29 + {o}"},
     {{"subscription-invalid", "object", 29, Severity::warning}}},
  };
  return kinds;
}

bool
applies(const InjectionKind& kind, const std::string& generation)
{
  return kind.generations.empty() ||
         std::find(kind.generations.begin(), kind.generations.end(), generation) != kind.generations.end();
}

int
shifted(const ExpectedFinding& expected, int unit)
{
  return std::string(expected.subject) == "fragment" ? unit_fragment_id(expected.demo_id, unit)
                                                     : unit_object_id(expected.demo_id, unit);
}

bool
matches(const checks::Finding& finding, const ExpectedFinding& expected, int unit)
{
  const std::string subject = expected.subject;
  const auto& id = subject == "job" ? finding.job_id : subject == "object" ? finding.object_id : finding.fragment_id;
  return finding.check == expected.check && finding.severity == expected.severity && id &&
         *id == shifted(expected, unit);
}

struct Placement
{
  const InjectionKind* kind;
  int unit;
  bool restore; // the repair restores instead of dropping (where the kind allows both)
  bool dropped = false; // set once the repair dropped the job
};

// is_orphaned_extra_state_table, in a unit whose seed-incident job was dropped, before HEAD.
bool
known_drop_leftover(const checks::Finding& finding, int unit, const std::vector<Placement>& placements,
                    const std::string& generation, int copies)
{
  const bool dropped_here = std::any_of(placements.begin(), placements.end(), [&](const Placement& placement) {
    return placement.unit == unit && placement.dropped && placement.kind->repair == RepairMode::drop_or_restore;
  });
  return dropped_here && generation != "head" && is_orphaned_extra_state_table(finding, copies);
}

// Findings outside `allowed_units` and not `tolerated`, described; empty when there are none.
std::string
findings_outside(const checks::CheckReport& report, const UnitMap& units, const std::set<int>& allowed_units,
                 const std::function<bool(const checks::Finding&, int unit)>& tolerated = {})
{
  std::string text;
  for (const auto& finding : report.findings) {
    const auto unit = units.unit_of(finding);
    if (!unit || (allowed_units.count(*unit) == 0 && !(tolerated && tolerated(finding, *unit)))) {
      text += fmt::format("  {} job={} object={} fragment={} (unit {}): {}\n", finding.check,
                          finding.job_id ? std::to_string(*finding.job_id) : "-",
                          finding.object_id ? std::to_string(*finding.object_id) : "-",
                          finding.fragment_id ? std::to_string(*finding.fragment_id) : "-",
                          unit ? std::to_string(*unit) : "none", finding.message);
    }
  }
  return text;
}

std::set<int>
units_of(const std::vector<Placement>& placements, bool repaired)
{
  std::set<int> units;
  for (const auto& placement : placements) {
    if ((placement.kind->repair != RepairMode::none) == repaired) {
      units.insert(placement.unit);
    }
  }
  return units;
}

void
run_property_case(std::uint64_t seed, const std::string& generation)
{
  INFO("property case: seed " << seed << ", generation " << generation
                              << " (rerun: RWDOCTOR_PROPERTY_SEED=" << seed << ")");
  std::mt19937_64 random(seed);
  const auto draw = [&](int low, int high) { return std::uniform_int_distribution<int>(low, high)(random); };

  std::vector<const InjectionKind*> kinds;
  for (const auto& kind : injection_kinds()) {
    if (applies(kind, generation)) {
      kinds.push_back(&kind);
    }
  }
  SyntheticShape shape;
  shape.copies = static_cast<int>(kinds.size()) - 1 + draw(0, 6);
  shape.width = draw(0, 4);
  shape.blob_bytes = draw(0, 1) == 1 ? draw(200, 3000) : 0;
  shape.seed = seed;
  // 1 to 9, not drawn, so that a seed's other draws stay what they were before the knob
  // existed; the CI seeds 1, 2 and 3 give 1, 5 and 9.
  shape.fan_in = 1 + static_cast<int>((seed * 4 + 5) % 9);
  INFO("shape: copies " << shape.copies << ", width " << shape.width << ", blob_bytes " << shape.blob_bytes
                        << ", fan_in " << shape.fan_in);

  // 1. healthy: clean
  ScratchDatabase healthy(generation);
  grow_synthetic_catalog(healthy, shape);
  const auto healthy_report = check_database(healthy.name());
  INFO("healthy catalog findings:\n" << describe(healthy_report));
  REQUIRE(healthy_report.findings.empty());
  const auto units = UnitMap::read(healthy.name(), shape.copies);

  // 2. every kind in its own unit
  std::vector<int> free_units(static_cast<std::size_t>(shape.copies) + 1);
  std::iota(free_units.begin(), free_units.end(), 0);
  std::shuffle(free_units.begin(), free_units.end(), random);
  std::vector<Placement> placements;
  for (std::size_t i = 0; i < kinds.size(); ++i) {
    placements.push_back({kinds[i], free_units[i], draw(0, 1) == 1});
  }
  const auto backup = ScratchDatabase::copy_of(healthy);
  const auto live = ScratchDatabase::copy_of(healthy);
  std::string injection_sql;
  for (const auto& placement : placements) {
    for (const auto* statement : placement.kind->statements) {
      injection_sql += fmt::format(fmt::runtime(statement), fmt::arg("o", unit_object_id(0, placement.unit)),
                                   fmt::arg("f", unit_fragment_id(0, placement.unit)));
      injection_sql += ";\n";
    }
  }
  live.execute(injection_sql);
  const auto injected_dump = dump_meta_tables(live.name());

  const auto injected_report = check_database(live.name());
  INFO("findings after injection:\n" << describe(injected_report));
  for (const auto& placement : placements) {
    for (const auto& expected : placement.kind->expected) {
      INFO("injection '" << placement.kind->name << "' in unit " << placement.unit << ": expected " << expected.check
                         << " " << expected.subject << " " << shifted(expected, placement.unit));
      CHECK(std::any_of(injected_report.findings.begin(), injected_report.findings.end(),
                        [&](const checks::Finding& finding) { return matches(finding, expected, placement.unit); }));
    }
  }
  std::set<int> injected_units = units_of(placements, true);
  const auto untouched_repairs = units_of(placements, false);
  injected_units.insert(untouched_repairs.begin(), untouched_repairs.end());
  CHECK(findings_outside(injected_report, units, injected_units) == "");

  // 3. repair everything repairable
  const TemporaryDirectory undo_directory;
  std::vector<std::string> undo_files;
  for (auto& placement : placements) {
    const auto mode = placement.kind->repair;
    if (mode == RepairMode::none) {
      continue;
    }
    const bool restore = mode == RepairMode::restore || (mode == RepairMode::drop_or_restore && placement.restore);
    const auto job = std::to_string(unit_object_id(placement.kind->repair_job, placement.unit));
    const auto undo_file = undo_directory.file(fmt::format("undo-{}.json", undo_files.size()));
    const auto result =
      restore ? run_cli({"repair", "restore", "--job", job, "--from", "dbname=" + backup.name(), "--yes",
                         "--undo-file", undo_file, "-d", live.name()})
              : run_cli({"repair", "drop", "--job", job, "--cascade", "--max-objects", "100000", "--yes",
                         "--undo-file", undo_file, "-d", live.name()});
    INFO((restore ? "restore" : "drop") << " of job " << job << " for '" << placement.kind->name << "':\n"
                                        << result.out << result.err);
    REQUIRE(result.code == 1);
    placement.dropped = !restore;
    undo_files.push_back(undo_file);
  }
  const auto repaired_report = check_database(live.name());
  INFO("findings after the repairs:\n" << describe(repaired_report));
  const auto tolerated = [&](const checks::Finding& finding, int unit) {
    return known_drop_leftover(finding, unit, placements, generation, shape.copies);
  };
  CHECK(findings_outside(repaired_report, units, units_of(placements, false), tolerated) == "");
  for (const auto& placement : placements) {
    if (placement.kind->repair != RepairMode::none) {
      continue;
    }
    for (const auto& expected : placement.kind->expected) {
      INFO("untouched injection '" << placement.kind->name << "' in unit " << placement.unit);
      CHECK(std::any_of(repaired_report.findings.begin(), repaired_report.findings.end(),
                        [&](const checks::Finding& finding) { return matches(finding, expected, placement.unit); }));
    }
  }

  // 4. undo, newest first
  for (auto file = undo_files.rbegin(); file != undo_files.rend(); ++file) {
    const auto result = run_cli({"undo", *file, "--yes", "-d", live.name()});
    INFO("undo " << *file << ":\n" << result.out << result.err);
    REQUIRE(result.code == 0);
  }
  CHECK(dump_difference(injected_dump, dump_meta_tables(live.name())).empty());
}

std::optional<std::uint64_t>
environment_number(const char* name)
{
  const char* value = std::getenv(name);
  if (value == nullptr || *value == '\0') {
    return std::nullopt;
  }
  return std::stoull(value);
}

std::vector<std::uint64_t>
property_seeds()
{
  if (const auto only = environment_number("RWDOCTOR_PROPERTY_SEED")) {
    return {*only};
  }
  if (const auto cases = environment_number("RWDOCTOR_PROPERTY_CASES")) {
    const auto first = environment_number("RWDOCTOR_PROPERTY_FIRST_SEED").value_or(1000);
    std::vector<std::uint64_t> seeds(*cases);
    std::iota(seeds.begin(), seeds.end(), first);
    return seeds;
  }
  return {1, 2, 3}; // the CI set
}

} // namespace

TEST_CASE("random catalogs: every injected kind is found, repaired and undone", "[db][property]")
{
  for (const auto& generation : generations()) {
    for (const auto seed : property_seeds()) {
      DYNAMIC_SECTION("seed " << seed << " on " << generation)
      {
        run_property_case(seed, generation);
      }
    }
  }
}

} // namespace rwdoctor::test
