// `rwdoctor repair all`: every incident of a store in one plan, one transaction and one undo
// file, on the demo incident of every generation and on random mixes of root causes (one of
// which blocks another's repair until it is repaired first).

#include "process_runner.hpp"
#include "scratch_database.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <random>
#include <string>
#include <vector>

using namespace rwdoctor;

namespace {

using test::run_rwdoctor;

// The value after `marker` up to the end of its line, in `text`.
std::string
line_after(const std::string& text, const std::string& marker)
{
  const auto at = text.rfind(marker);
  if (at == std::string::npos) {
    return {};
  }
  const auto end = text.find('\n', at);
  return text.substr(at + marker.size(), end - at - marker.size());
}

std::vector<std::string>
step_repairs(const nlohmann::json& plan)
{
  std::vector<std::string> repairs;
  for (const auto& step : plan["steps"]) {
    repairs.push_back(step["repair"]);
  }
  return repairs;
}

// Root causes on the demo catalog, each a different job or object. The placement of job 14
// blocks the restore of job 16 (its neighbour) until it is fixed.
struct Injection
{
  const char* name;
  const char* sql;
};

const std::vector<Injection>&
injections()
{
  static const std::vector<Injection> all = {
    {"job 16 lost its fragments", "DELETE FROM fragment WHERE job_id = 16;"},
    {"job 14 in a non-database", "UPDATE object SET database_id = 2 WHERE oid = 14;"},
    {"job 41 lost its streaming_job row", "DELETE FROM streaming_job WHERE job_id = 41;"},
    {"leftover object 44",
     "INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id) VALUES (44, 'TABLE', 1, 2, 1);"},
    {"job 24 lost its fragments", "DELETE FROM fragment WHERE job_id = 24;"},
    {"object's sequence behind", "SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('object', 'oid'), 3);"},
    {"job 16's internal tables lost their object rows",
     "DELETE FROM object WHERE oid IN (SELECT table_id FROM \"table\" WHERE belongs_to_job_id = 16);"},
    {"job 24's dependency on job 16 gone", "DELETE FROM object_dependency WHERE oid = 16 AND used_by = 24;"},
  };
  return all;
}

// A repair all that ran: every incident repaired, check clean, every meta table the
// backup's; then its undo file takes the store back to `injected`, byte for byte.
void
expect_repaired_and_undone(const test::ProcessOutcome& applied, const test::ScratchDatabase& live,
                           const test::ScratchDatabase& backup, const std::string& undo_file,
                           const std::string& injected)
{
  INFO(applied.describe());
  REQUIRE(applied.exit_code == 1);
  CHECK(run_rwdoctor({"check", "-d", live.name()}).exit_code == 0);
  CHECK(test::dump_meta_tables(live.name()) == test::dump_meta_tables(backup.name()));
  const auto undone = run_rwdoctor({"undo", undo_file, "--yes"});
  INFO(undone.describe());
  CHECK(undone.exit_code == 0);
  CHECK(test::dump_meta_tables(live.name()) == injected);
}

} // namespace

TEST_CASE("repair all repairs the demo incident in one run, and its undo takes all of it back", "[db][all]")
{
  for (const auto& generation : test::generations()) {
    DYNAMIC_SECTION(generation)
    {
      const test::ScratchDatabase backup(generation);
      const auto live = test::ScratchDatabase::copy_of(backup);
      live.execute(test::read_source_file("sql/demo/incident.sql"));
      const auto injected = test::dump_meta_tables(live.name());

      const auto json = run_rwdoctor({"repair", "all", "-d", live.name(), "--from", backup.name(), "--dry-run",
                                  "--format", "json"});
      INFO(json.describe());
      REQUIRE(json.exit_code == 4);
      const auto plan = nlohmann::json::parse(json.out);
      CHECK(step_repairs(plan) == std::vector<std::string>{"fix", "restore", "restore", "fix"});
      CHECK(plan["remaining"].empty());
      CHECK(test::dump_meta_tables(live.name()) == injected); // a dry run writes nothing

      const auto dry = run_rwdoctor({"repair", "all", "-d", live.name(), "--from", backup.name(), "--dry-run"});
      INFO(dry.describe());
      CHECK(dry.exit_code == 4);
      CHECK(dry.out.find("  1 of 4  job 14") != std::string::npos);
      CHECK(dry.out.find("UPDATE object SET database_id = 1 WHERE oid = 14;") != std::string::npos);
      CHECK(dry.out.find("  4 of 4  object 44") != std::string::npos);
      const auto apply = line_after(dry.out, "to apply this plan: ");
      REQUIRE(apply.rfind("rwdoctor repair all --from ", 0) == 0);

      // The printed command, as pasted.
      const auto applied = test::run_process(
        {"/bin/sh", "-c", fmt::format("'{}' {}", test::rwdoctor_binary(), apply.substr(std::string("rwdoctor ").size()))});
      INFO(applied.describe());
      REQUIRE(applied.exit_code == 1);
      CHECK(test::unwrapped(applied.out).find("repaired 4 of 4 incident(s) in one transaction") != std::string::npos);
      const auto clean = run_rwdoctor({"check", "-d", live.name()});
      CHECK(clean.exit_code == 0);
      // Every meta table is the backup's, byte for byte: object 44 was never in it.
      CHECK(test::dump_meta_tables(live.name()) == test::dump_meta_tables(backup.name()));

      // A second run has nothing to do.
      const auto again = run_rwdoctor({"repair", "all", "-d", live.name(), "--from", backup.name(), "--yes"});
      INFO(again.describe());
      CHECK(again.exit_code == 0);
      CHECK(again.out.find("nothing to do") != std::string::npos);
      // Piped (no plan shown first), it shows no empty plan before it.
      CHECK(again.out.find("plan:") == std::string::npos);

      // One undo file takes every step back: the injected state, byte for byte.
      const auto undo = line_after(applied.out, "to take the repair back: ");
      REQUIRE(undo.rfind("rwdoctor undo ", 0) == 0);
      const auto undone = test::run_process(
        {"/bin/sh", "-c", fmt::format("'{}' {}", test::rwdoctor_binary(), undo.substr(std::string("rwdoctor ").size()))});
      INFO(undone.describe());
      CHECK(undone.exit_code == 0);
      CHECK(test::dump_meta_tables(live.name()) == injected);
    }
  }
}

TEST_CASE("restore puts back the object rows of a job's internal tables and its object_dependency rows",
          "[db][all]")
{
  for (const auto& generation : test::generations()) {
    DYNAMIC_SECTION(generation)
    {
      const test::ScratchDatabase backup(generation);
      const auto live = test::ScratchDatabase::copy_of(backup);
      live.execute(std::string(injections()[6].sql) + injections()[7].sql);
      const auto injected = test::dump_meta_tables(live.name());
      const auto report = nlohmann::json::parse(run_rwdoctor({"check", "-d", live.name(), "--format", "json"}).out);
      std::vector<std::string> recommended;
      for (const auto& incident : report["incidents"]) {
        recommended.push_back(incident["recommended"]);
      }
      CHECK(recommended == std::vector<std::string>{"restore-rows", "restore-fragments"});

      // One job at a time, as check prints it: the dependency first.
      const auto dependency = run_rwdoctor({"repair", "restore", "--job", "24", "-d", live.name(), "--from",
                                            backup.name(), "--dry-run", "--format", "json"});
      INFO(dependency.describe());
      REQUIRE(dependency.exit_code == 4);
      const auto plan = nlohmann::json::parse(dependency.out);
      CHECK(plan["row_counts"] == nlohmann::json{{"object_dependency", 1}});

      const test::TemporaryDirectory directory;
      const auto undo_file = directory.file("undo.json");
      const auto applied = run_rwdoctor({"repair", "all", "-d", live.name(), "--from", backup.name(), "--yes",
                                         "--undo-file", undo_file});
      expect_repaired_and_undone(applied, live, backup, undo_file, injected);
    }
  }
}

TEST_CASE("repair all without a backup fixes, drops, and lists what stays with why", "[db][all]")
{
  const test::ScratchDatabase live("head");
  live.execute(test::read_source_file("sql/demo/incident.sql"));
  const auto first = run_rwdoctor({"repair", "all", "-d", live.name(), "--yes"});
  INFO(first.describe());
  CHECK(first.exit_code == 4);
  CHECK(first.out.find("repaired 3 of 4 incident(s)") != std::string::npos);
  CHECK(test::unwrapped(first.out).find("not repaired: drop refused: objects depend on the jobs to drop") != std::string::npos);
  CHECK(test::unwrapped(first.out).find("run repair all again with --from BACKUP") != std::string::npos);
  const auto report = run_rwdoctor({"check", "-d", live.name(), "--format", "json"});
  const auto left = nlohmann::json::parse(report.out);
  REQUIRE(left["incidents"].size() == 1);
  CHECK(left["incidents"][0]["jobs"] == nlohmann::json::array({16}));

  // With --cascade the drop takes the dependents too, and the store is clean.
  const auto second = run_rwdoctor({"repair", "all", "-d", live.name(), "--cascade", "--yes"});
  INFO(second.describe());
  CHECK(second.exit_code == 1);
  CHECK(run_rwdoctor({"check", "-d", live.name()}).exit_code == 0);
}

TEST_CASE("with a backup that holds the job, a refused restore is never traded for a drop unless asked",
          "[db][all]")
{
  for (const auto& generation : {std::string("v2_8"), std::string("head")}) {
    DYNAMIC_SECTION(generation)
    {
      const test::ScratchDatabase backup(generation);
      const auto live = test::ScratchDatabase::copy_of(backup);
      live.execute("DELETE FROM fragment WHERE job_id = 16");
      // The backup's job 16 sits in another schema: its restore is refused ("differs between
      // live and backup"), yet the backup holds every row of it.
      backup.execute("UPDATE object SET schema_id = 6 WHERE oid = 16");
      const auto before = test::dump_meta_tables(live.name());
      const auto held = run_rwdoctor({"repair", "all", "-d", live.name(), "--from", backup.name(), "--cascade", "--yes"});
      INFO(held.describe());
      CHECK(held.exit_code == 4);
      CHECK(test::unwrapped(held.out).find("not repaired: restore refused: ") != std::string::npos);
      CHECK(test::unwrapped(held.out).find("drop refused: the backup holds job 16, and a drop would trade its rows and state "
                                "away") != std::string::npos);
      CHECK(test::dump_meta_tables(live.name()) == before);

      // Asked for by name, the drop is planned, and its plan says what it discards.
      const auto asked = run_rwdoctor({"repair", "all", "-d", live.name(), "--from", backup.name(), "--cascade",
                                       "--drop-unrestorable", "--dry-run"});
      INFO(asked.describe());
      CHECK(asked.exit_code == 4);
      CHECK(test::unwrapped(asked.out).find("drop objects 16, ") != std::string::npos);
      CHECK(test::unwrapped(asked.out).find("job 16's state in Hummock (3 tables: 16, 17, 18;") != std::string::npos);
      CHECK(test::unwrapped(asked.out).find("--cascade --drop-unrestorable") != std::string::npos);
    }
  }
}

TEST_CASE("repair all refuses bad input and changes nothing", "[db][all]")
{
  const test::ScratchDatabase live("head");
  live.execute(test::read_source_file("sql/demo/incident.sql"));
  const auto before = test::dump_meta_tables(live.name());
  const auto both = run_rwdoctor({"repair", "all", "-d", live.name(), "--dry-run", "--yes"});
  CHECK(both.exit_code == 16);
  const auto neither = run_rwdoctor({"repair", "all", "-d", live.name()}); // not a terminal
  CHECK(neither.exit_code == 16);
  const auto no_object = run_rwdoctor({"repair", "fix", "-d", live.name(), "--dry-run"});
  CHECK(no_object.exit_code == 16);
  const auto bad_object = run_rwdoctor({"repair", "fix", "-d", live.name(), "--object", "x", "--dry-run"});
  CHECK(bad_object.exit_code == 16);
  CHECK(bad_object.err.find("HINT: ") != std::string::npos);
  const auto bad_backup = run_rwdoctor({"repair", "all", "-d", live.name(), "--from", "no_such_database_here", "--yes"});
  INFO(bad_backup.describe());
  CHECK(bad_backup.exit_code == 8);
  CHECK(bad_backup.err.find("backup: ") != std::string::npos);
  // A fix of an object whose finding has no fix: nothing to plan for it.
  const auto healthy = run_rwdoctor({"repair", "fix", "-d", live.name(), "--object", "24", "--dry-run"});
  INFO(healthy.describe());
  CHECK(healthy.exit_code == 0);
  CHECK(test::dump_meta_tables(live.name()) == before);
  // A stale plan: the store changed between the dry run's plan and --yes of a saved plan.
  const test::TemporaryDirectory directory;
  const auto plan_file = directory.file("plan.json");
  const auto saved = run_rwdoctor({"repair", "all", "-d", live.name(), "--dry-run", "--plan-out", plan_file});
  INFO(saved.describe());
  REQUIRE(saved.exit_code == 4);
  live.execute("UPDATE object SET database_id = 3 WHERE oid = 14;");
  const auto stale = run_rwdoctor({"apply", plan_file, "-d", live.name(), "--yes"});
  INFO(stale.describe());
  CHECK(stale.exit_code == 32);
  CHECK(stale.err.find("the plan is stale") != std::string::npos);
}

TEST_CASE("repair all resolves random mixes of root causes in one run; undo restores the mix byte for byte",
          "[db][all][property]")
{
  std::mt19937 random(20261203);
  for (int round = 0; round < 6; ++round) {
    const auto& generation = test::generations()[static_cast<std::size_t>(round) % test::generations().size()];
    std::vector<const Injection*> mix;
    for (const auto& injection : injections()) {
      if (random() % 2 == 0) {
        mix.push_back(&injection);
      }
    }
    if (round == 0) { // a placement that blocks a restore until it is fixed, always once
      mix = {&injections()[0], &injections()[1]};
    }
    if (round == 1) { // two restores that block each other (each is the other's broken neighbour)
      mix = {&injections()[0], &injections()[4]};
    }
    if (round == 2) { // object and object_dependency rows put back (restore-rows)
      mix = {&injections()[6], &injections()[7]};
    }
    if (round == 3) { // a restored job's edges to a downstream job need that job's dependency row back
      mix = {&injections()[0], &injections()[7]};
    }
    if (mix.size() < 2) {
      mix.push_back(&injections()[round % 2 == 0 ? 2 : 3]);
      mix.push_back(&injections()[round % 2 == 0 ? 4 : 1]);
    }
    std::string names;
    std::string sql;
    for (const auto* injection : mix) {
      names += fmt::format("{}{}", names.empty() ? "" : ", ", injection->name);
      sql += injection->sql;
    }
    DYNAMIC_SECTION(fmt::format("round {} on {}: {}", round, generation, names))
    {
      const test::ScratchDatabase backup(generation);
      const auto live = test::ScratchDatabase::copy_of(backup);
      live.execute(sql);
      const auto injected = test::dump_meta_tables(live.name());
      const test::TemporaryDirectory directory;
      const auto undo_file = directory.file("undo.json");
      const auto plan_file = directory.file("plan.json");
      // Made as a dry run and applied as saved: the plan inside the transaction, each step
      // planned after the ones before it, must be the plan the dry run showed.
      const auto planned = run_rwdoctor({"repair", "all", "-d", live.name(), "--from", backup.name(), "--dry-run",
                                         "--plan-out", plan_file});
      INFO(planned.describe());
      REQUIRE(planned.exit_code == 4);
      CHECK(test::unwrapped(planned.out).find("not repaired") == std::string::npos);
      const auto applied =
        run_rwdoctor({"apply", plan_file, "--from", backup.name(), "--yes", "--undo-file", undo_file});
      expect_repaired_and_undone(applied, live, backup, undo_file, injected);
    }
  }
}

TEST_CASE("repair all on a terminal: choose per incident, a refused choice is explained, view, skip, apply",
          "[db][all]")
{
  const test::ScratchDatabase backup("head");
  const auto live = test::ScratchDatabase::copy_of(backup);
  live.execute(test::read_source_file("sql/demo/incident.sql"));
  const test::TemporaryDirectory directory;
  test::ProcessOptions options;
  options.environment = {"NO_COLOR=1"};
  options.terminal_columns = 80;
  options.terminal_rows = 24;
  test::PtyProcess walk({test::rwdoctor_binary(), "repair", "all", "-d", live.name(), "--from", backup.name(),
                         "--undo-file", directory.file("undo.json")},
                        options);
  auto at = walk.wait_for("  1 of 4  job 14");
  at = walk.wait_for("[n]o: ", at);
  // Job 14 sits in the wrong database: the drop its finding offers is refused, and says why.
  walk.type("c\n");
  at = walk.wait_for("incident (1-4): ", at);
  walk.type("1\n");
  at = walk.wait_for("repair incident 1 by [f]ix, [d]rop, or [s]kip it: ", at);
  walk.type("d\n");
  at = walk.wait_for("incident 1 cannot be repaired that way: drop refused: ", at);
  const auto refusal_at = at;
  at = walk.wait_for("[n]o: ", at);
  // Not printed over by the plan again: the reason stays on the screen above the prompt.
  CHECK(walk.output().substr(refusal_at, at - refusal_at).find("plan: repair") == std::string::npos);
  CHECK(walk.output().substr(refusal_at, at - refusal_at).find("the plan stays as it was.") != std::string::npos);
  // The full plan of one step.
  walk.type("v\n");
  at = walk.wait_for("incident (1-4): ", at);
  walk.type("3\n");
  at = walk.wait_for("plan: restore the rows of job(s) 16", at);
  at = walk.wait_for("press Enter to go back to the plan ", at);
  walk.type("\n");
  at = walk.wait_for("[n]o: ", at);
  // Skip the leftover: the plan repairs three of four.
  walk.type("c\n");
  at = walk.wait_for("incident (1-4): ", at);
  walk.type("4\n");
  at = walk.wait_for("repair incident 4 by [f]ix, or [s]kip it: ", at);
  walk.type("s\n");
  at = walk.wait_for("plan: repair 3 of 4 incident(s)", at);
  at = walk.wait_for("not repaired: skipped", at);
  at = walk.wait_for("[n]o: ", at);
  walk.type("a\n");
  at = walk.wait_for("repaired 3 of 4 incident(s) in one transaction", at);
  const auto outcome = walk.wait();
  INFO(outcome.describe());
  CHECK(outcome.exit_code == 4);
  const auto report = run_rwdoctor({"check", "-d", live.name(), "--format", "json"});
  const auto left = nlohmann::json::parse(report.out);
  REQUIRE(left["incidents"].size() == 1);
  CHECK(left["findings"][left["incidents"][0]["root"].get<int>() - 1]["object_id"] == 44);

  // Saying no changes nothing.
  const auto before = test::dump_meta_tables(live.name());
  test::PtyProcess no({test::rwdoctor_binary(), "repair", "all", "-d", live.name(), "--from", backup.name()}, options);
  no.wait_for("[n]o: ");
  no.type("n\n");
  const auto refused = no.wait();
  CHECK(refused.exit_code == 32);
  CHECK(refused.out.find("not applied; nothing was changed") != std::string::npos);
  CHECK(test::dump_meta_tables(live.name()) == before);

  // A healthy store has no plan to walk: nothing to do, and no prompt.
  test::PtyProcess healthy({test::rwdoctor_binary(), "repair", "all", "-d", backup.name()}, options);
  healthy.wait_for("the checks found no incident; nothing to do");
  const auto clean = healthy.wait();
  CHECK(clean.exit_code == 0);
  CHECK(clean.out.find("[n]o: ") == std::string::npos);
}

TEST_CASE("repair fix moves a sequence that is behind its table, and undo says it stays moved", "[db][all]")
{
  for (const auto& generation : test::generations()) {
    DYNAMIC_SECTION(generation)
    {
      const test::ScratchDatabase live(generation);
      live.execute(test::read_source_file("tests/injections/sequence-behind.sql"));
      const auto before = test::dump_meta_tables(live.name());
      const auto report = run_rwdoctor({"check", "-d", live.name(), "--format", "json"});
      const auto found = nlohmann::json::parse(report.out);
      REQUIRE(found["incidents"].size() == 1);
      const auto command = found["incidents"][0]["commands"][0].get<std::string>();
      CHECK(command.rfind("rwdoctor repair fix --check sequence-behind -d ", 0) == 0);
      // The finding names its sequence (there is no catalog object to name).
      REQUIRE(found["findings"].size() == 1);
      CHECK(found["findings"][0]["name"] == "public.object_oid_seq");
      CHECK(found["findings"][0]["object_id"].is_null());
      const test::TemporaryDirectory directory;
      const auto fixed = run_rwdoctor({"repair", "fix", "--check", "sequence-behind", "-d", live.name(), "--yes",
                                       "--undo-file", directory.file("undo.json")});
      INFO(fixed.describe());
      CHECK(fixed.exit_code == 1);
      CHECK(run_rwdoctor({"check", "-d", live.name()}).exit_code == 0);
      CHECK(test::dump_meta_tables(live.name()) == before); // no row changed
      const auto undone = run_rwdoctor({"undo", directory.file("undo.json"), "--yes"});
      INFO(undone.describe());
      CHECK(undone.exit_code == 0);
      CHECK(test::unwrapped(undone.out).find("which stay moved forward") != std::string::npos);
      CHECK(run_rwdoctor({"check", "-d", live.name()}).exit_code == 0);
      // A check id that does not exist is a usage error.
      const auto unknown = run_rwdoctor({"repair", "fix", "--check", "sequence-behnid", "-d", live.name(), "--dry-run"});
      CHECK(unknown.exit_code == 16);
      CHECK(unknown.err.find("HINT: ") != std::string::npos);
    }
  }
}
