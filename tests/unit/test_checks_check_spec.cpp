#include "checks/catalogue.hpp"
#include "checks/check_lookup.hpp"
#include "checks/check_spec.hpp"
#include "core/error.hpp"
#include "incidents/start_gate.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <regex>

using namespace rwdoctor;
using namespace rwdoctor::checks;

namespace {

const char* const k_valid = R"(-- id: demo-check
-- title: a demo check
-- invariant: INV-08
-- severity: error
-- consequence: recovery-error
-- repairs: drop-job manual
-- requires: fragment object.belong_to_oid
-- since: m20250106_072104_fragment_relation
-- meta-node: fails
-- explain:
--   first line: with a colon
--   second line
SELECT 1 AS object_id;
)";

std::string
replace(std::string text, const std::string& from, const std::string& to)
{
  text.replace(text.find(from), from.size(), to);
  return text;
}

} // namespace

TEST_CASE("a check file header parses into its spec", "[check_spec]")
{
  const auto spec = parse_check_file("sql/checks/demo-check.sql", k_valid);
  CHECK(spec.id == "demo-check");
  CHECK(spec.variant.empty());
  CHECK(spec.invariant_number() == 8);
  CHECK(spec.severity == Severity::error);
  CHECK(spec.consequence == Consequence::recovery_error);
  CHECK(spec.repairs == std::vector<Repair>{Repair::drop_job, Repair::manual});
  CHECK(spec.required_relations == std::vector<std::string>{"fragment", "object.belong_to_oid"});
  CHECK(spec.read_tables() == std::set<std::string>{"fragment", "object"});
  CHECK(spec.explain == "first line: with a colon\nsecond line");
  CHECK(spec.query == "SELECT 1 AS object_id;");
  CHECK(spec.kind == CheckKind::query);
  CHECK(!spec.scoped);
  const auto jobs =
    parse_check_file("sql/checks/demo-check.sql", replace(k_valid, "-- meta-node:", "-- scope: jobs\n-- meta-node:"));
  CHECK(jobs.scoped);
  CHECK(jobs.scope_sets == std::vector<ScopeSet>{ScopeSet::jobs});
  const auto sets = parse_check_file("sql/checks/demo-check.sql",
                                     replace(k_valid, "-- meta-node:", "-- scope: jobs tables upstream\n-- meta-node:"));
  CHECK(sets.scope_sets == std::vector<ScopeSet>{ScopeSet::jobs, ScopeSet::tables, ScopeSet::upstream});
  const auto children = parse_check_file("sql/checks/demo-check.sql",
                                         replace(k_valid, "-- meta-node:", "-- scope: jobs children\n-- meta-node:"));
  CHECK(children.scope_sets == std::vector<ScopeSet>{ScopeSet::jobs, ScopeSet::children});
  CHECK(spec.scope_sets.empty());
  CHECK(spec.worst_severity == Severity::error); // defaults to severity
  const auto worse = parse_check_file("sql/checks/demo-check.sql",
                                      replace(k_valid, "-- consequence:", "-- worst-severity: critical\n-- consequence:"));
  CHECK(worse.severity == Severity::error);
  CHECK(worse.worst_severity == Severity::critical);
}

TEST_CASE("a variant file takes its tag from the name", "[check_spec]")
{
  const auto spec = parse_check_file("sql/checks/demo-check@old.sql", k_valid);
  CHECK(spec.id == "demo-check");
  CHECK(spec.variant == "old");
}

TEST_CASE("malformed check headers are refused with the file and line", "[check_spec]")
{
  const auto refused = [](const std::string& text, const std::string& needle) {
    try {
      parse_check_file("sql/checks/demo-check.sql", text);
      FAIL("accepted: " << text);
    } catch (const OperationalError& error) {
      INFO(error.what());
      CHECK(std::string(error.what()).find(needle) != std::string::npos);
      CHECK(std::string(error.what()).find("sql/checks/demo-check.sql:") == 0);
    }
  };
  refused(replace(k_valid, "severity: error", "severity: fatal"), "unknown severity 'fatal'");
  refused(replace(k_valid, "consequence: recovery-error", "consequence: boom"), "unknown consequence");
  refused(replace(k_valid, "repairs: drop-job manual", "repairs: drop-job rm-rf"), "unknown repair 'rm-rf'");
  refused(replace(k_valid, "-- since:", "-- sinse:"), "unknown header key 'sinse'");
  refused(replace(k_valid, "id: demo-check", "id: other-check"), "does not match the file name");
  refused(replace(k_valid, "-- title: a demo check\n", ""), "header needs");
  refused(replace(k_valid, "SELECT 1 AS object_id;\n", ""), "no query after the header");
  refused(replace(k_valid, "-- meta-node:", "-- scope: objects\n-- meta-node:"), "unknown scope 'objects'");
  // jobs first, each other set at most once and in ScopeSet's order, so $N means one set
  refused(replace(k_valid, "-- meta-node:", "-- scope: fragments\n-- meta-node:"), "unknown scope 'fragments'");
  refused(replace(k_valid, "-- meta-node:", "-- scope: jobs tables fragments\n-- meta-node:"),
          "unknown scope 'jobs tables fragments'");
  refused(replace(k_valid, "-- meta-node:", "-- scope: jobs jobs\n-- meta-node:"), "unknown scope 'jobs jobs'");
  refused(replace(k_valid, "-- meta-node:", "-- scope: jobs children tables\n-- meta-node:"),
          "unknown scope 'jobs children tables'");
  refused(replace(k_valid, "-- meta-node:", "-- scope:\n-- meta-node:"), "empty scope");
  refused(replace(k_valid, "-- meta-node:", "-- worst-severity: warning\n-- meta-node:"),
          "worst-severity is milder than severity");
  refused(replace(k_valid, "-- meta-node:", "-- worst-severity: awful\n-- meta-node:"), "unknown severity 'awful'");
}

TEST_CASE("guard runs the checks that can be critical, and only those", "[catalogue]")
{
  const auto& catalogue = Catalogue::builtin();
  const auto gate = incidents::start_gate_checks(catalogue);
  // A check critical in its own header, one critical only in some rows, one never critical.
  CHECK(std::count(gate.begin(), gate.end(), "job-without-fragments") == 1);
  CHECK(std::count(gate.begin(), gate.end(), "stream-node-mismatch") == 1);
  CHECK(std::count(gate.begin(), gate.end(), "incoming-sinks-mismatch") == 1); // critical on v2.3 and older
  CHECK(std::count(gate.begin(), gate.end(), "object-orphaned") == 0);
  CHECK(std::count(gate.begin(), gate.end(), "job-stuck") == 0);
  for (const auto& id : catalogue.ids()) {
    INFO(id);
    const bool gated = std::count(gate.begin(), gate.end(), id) == 1;
    CHECK(gated == (worst_severity(catalogue, id) == Severity::critical));
  }
}

// Critical means a cited crash: the guard blocks a meta node's start on these checks, so each
// file that can report critical names, in its explain, the RisingWave code that panics, aborts
// or fails recovery forever, as "path.rs:LINE @ RELEASE" (a tag such as v2.4.0, or HEAD).
TEST_CASE("every check that can be critical cites the RisingWave code that crashes", "[catalogue]")
{
  const std::regex citation(R"([\w/.-]+\.rs:\d+[^@]{0,80}@ ?(v\d+\.\d+(\.\d+)?|HEAD))");
  const auto& catalogue = Catalogue::builtin();
  for (const auto& id : catalogue.ids()) {
    for (const auto& spec : catalogue.variants(id)) {
      if (spec.worst_severity != Severity::critical) {
        continue;
      }
      INFO(spec.path << " can report critical but its explain cites no RisingWave code as path.rs:LINE @ RELEASE");
      CHECK(std::regex_search(spec.explain, citation));
    }
  }
  CHECK_FALSE(std::regex_search(std::string("the meta node panics (controller/scale.rs)"), citation));
  CHECK(std::regex_search(std::string("unwrap() (src/meta/src/barrier/rpc.rs:879-894\n@ v2.8.0)"), citation));
}

TEST_CASE("the built-in catalogue holds every contract check id", "[catalogue]")
{
  const auto& catalogue = Catalogue::builtin();
  const std::vector<std::string> required = {
    "foreign-keys-missing", "object-database-invalid", "object-schema-invalid", "object-type-mismatch",
    "object-orphaned", "object-parent-invalid", "job-type-invalid", "job-without-fragments",
    "relation-without-job", "fragment-without-job", "job-parallelism-invalid", "job-status-invalid",
    "no-shuffle-incompatible", "edge-cross-database", "ensemble-invalid", "state-table-mismatch",
    "dml-fragment-invalid", "source-fragment-invalid", "source-splits-missing", "blob-malformed",
    "job-without-state-table", "sink-into-table-invalid", "dependency-invalid", "subscription-invalid",
    "pending-sink-state-orphaned", "stream-node-mismatch", "actor-missing",
    // from real incidents (N-numbers of real-incidents.md)
    "actor-vnode-invalid", "backfill-orders-invalid", "incoming-sinks-mismatch", "job-stuck", "schema-drift", "sequence-behind", "sink-target-lost", "split-duplicated", "system-parameter-invalid", "table-mview-fragment-invalid",
    "vnode-count-invalid"};
  for (const auto& id : required) {
    INFO(id);
    CHECK(catalogue.contains(id));
  }
  CHECK(catalogue.ids().size() == required.size());
  // catalogue order follows the invariant numbers; checks from real incidents come after them
  CHECK(catalogue.ids().front() == "foreign-keys-missing");
  CHECK(catalogue.ids()[25] == "stream-node-mismatch");
  CHECK(catalogue.ids()[26] == "actor-missing");
  CHECK(catalogue.ids().back() == "vnode-count-invalid");
  for (const auto& id : catalogue.ids()) {
    for (const auto& variant : catalogue.variants(id)) {
      INFO(variant.path);
      // A scoped file takes exactly the parameters its scope names ($1 ... $N, each used,
      // since PostgreSQL cannot type an unused one), any other file none.
      const auto parameters = variant.scope_sets.size();
      CHECK(variant.scoped == (parameters > 0));
      for (std::size_t number = 1; number <= 5; ++number) {
        INFO("$" << number);
        CHECK((variant.query.find(fmt::format("${}", number)) != std::string::npos) == (number <= parameters));
      }
      CHECK(!variant.explain.empty());
    }
  }
}

TEST_CASE("variant selection follows tables and migrations", "[catalogue]")
{
  const auto catalogue = Catalogue::from_files({
    {"sql/checks/demo-check.sql", k_valid},
    {"sql/checks/demo-check@old.sql",
     replace(replace(k_valid, "-- since: m20250106_072104_fragment_relation\n", "-- until: m20250106_072104_fragment_relation\n"),
             "requires: fragment object.belong_to_oid", "requires: fragment")},
  });
  rwdoctor::store::SchemaFacts facts;
  facts.tables = {"fragment", "object"};
  facts.columns = {"object.belong_to_oid"};
  rwdoctor::store::Generation generation;

  SECTION("old store: the variant applies")
  {
    const auto chosen = select_variant(catalogue, "demo-check", facts, generation);
    REQUIRE(chosen.spec != nullptr);
    CHECK(chosen.spec->variant == "old");
  }
  SECTION("new store: the main file applies")
  {
    generation.applied.insert("m20250106_072104_fragment_relation");
    const auto chosen = select_variant(catalogue, "demo-check", facts, generation);
    REQUIRE(chosen.spec != nullptr);
    CHECK(chosen.spec->variant.empty());
  }
  SECTION("a missing relation makes it not applicable, with the reason")
  {
    facts.tables = {"object"};
    const auto chosen = select_variant(catalogue, "demo-check", facts, generation);
    CHECK(chosen.spec == nullptr);
    CHECK(chosen.reason.find("fragment") != std::string::npos);
  }
  CHECK(applies_to(catalogue.primary("demo-check")) == "v2.3+");
}

TEST_CASE("a check is found by its id or its invariant; a typo gets suggestions", "[catalogue]")
{
  const auto& catalogue = Catalogue::builtin();
  CHECK(find_check(catalogue, "job-without-fragments") == std::optional<std::string>("job-without-fragments"));
  for (const auto* label : {"INV-08", "inv-08", "INV-8", "inv-8", "Inv-008"}) {
    INFO(label);
    CHECK(find_check(catalogue, label) == std::optional<std::string>("job-without-fragments"));
  }
  CHECK(find_check(catalogue, "INV-10") == std::optional<std::string>("fragment-without-job"));
  CHECK(find_check(catalogue, "INV-1") == std::optional<std::string>("foreign-keys-missing"));
  CHECK(find_check(catalogue, "N5") == std::optional<std::string>("split-duplicated"));
  CHECK(find_check(catalogue, "n13") == std::optional<std::string>("job-stuck"));
  for (const auto* unknown : {"INV-99", "INV-", "", "0", "job-without-fragment", "N0"}) {
    INFO(unknown);
    CHECK_FALSE(find_check(catalogue, unknown).has_value());
  }
  CHECK(similar_checks(catalogue, "job-without-fragment").front() == "job-without-fragments");
  CHECK(similar_checks(catalogue, "job-withuot-fragments").front() == "job-without-fragments");
  CHECK(similar_checks(catalogue, "object-").size() >= 5); // a prefix: every object-* check
  CHECK(similar_checks(catalogue, "completely-else").empty());
  CHECK(edit_distance("kitten", "sitting") == 3);
  CHECK(edit_distance("", "abc") == 3);
  CHECK(edit_distance("same", "same") == 0);
}
