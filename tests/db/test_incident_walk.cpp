// The trial's incident end to end, as a DBA walks it with nothing but what rwdoctor prints:
// check, then every entry of WHAT TO DO in order (each dry run, then the command it prints to
// apply it), then check again. No SQL is written by the test.

#include "process_runner.hpp"
#include "scratch_database.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>

using namespace rwdoctor;

namespace {

// `command` as printed, run through the shell, with `rwdoctor` the binary under test and
// BACKUP the backup's database.
test::ProcessOutcome
run_printed(std::string command, const std::string& backup)
{
  const std::string rwdoctor = "rwdoctor ";
  if (command.rfind(rwdoctor, 0) == 0) {
    command = fmt::format("'{}' {}", test::rwdoctor_binary(), command.substr(rwdoctor.size()));
  }
  const auto placeholder = command.find(" --from BACKUP ");
  if (placeholder != std::string::npos) {
    command.replace(placeholder, std::string(" --from BACKUP ").size(), fmt::format(" --from {} ", backup));
  }
  return test::run_process({"/bin/sh", "-c", command});
}

// The command a dry run prints after its plan.
std::string
apply_command_of(const std::string& dry_run_output)
{
  const std::string marker = "to apply this plan: ";
  const auto at = dry_run_output.rfind(marker);
  if (at == std::string::npos) {
    return {};
  }
  const auto end = dry_run_output.find('\n', at);
  return dry_run_output.substr(at + marker.size(), end - at - marker.size());
}

nlohmann::json
check_json(const std::string& database)
{
  const auto result = test::run_process({test::rwdoctor_binary(), "check", "-d", database, "--format", "json"});
  INFO(result.describe());
  REQUIRE(result.exited);
  REQUIRE(result.exit_code == 4);
  return nlohmann::json::parse(result.out);
}

} // namespace

TEST_CASE("the demo incident, from crash loop to a clean store with the commands check prints", "[db][incident]")
{
  for (const auto& generation : test::generations()) {
    DYNAMIC_SECTION(generation)
    {
      const test::ScratchDatabase backup(generation);
      const auto live = test::ScratchDatabase::copy_of(backup);
      live.execute(test::read_source_file("sql/demo/incident.sql"));

      // Four root causes, in pass order: placement, the job without its streaming_job row, the
      // job without fragments (whose restore needs job 14 placed first), the leftover.
      const auto report = check_json(live.name());
      const auto& incidents = report["incidents"];
      REQUIRE(incidents.size() == 4);
      std::vector<std::string> roots;
      std::vector<std::string> recommended;
      for (const auto& incident : incidents) {
        roots.push_back(report["findings"][incident["root"].get<int>() - 1]["check"]);
        recommended.push_back(incident["recommended"]);
      }
      CHECK(roots == std::vector<std::string>{"object-database-invalid", "relation-without-job",
                                              "job-without-fragments", "object-orphaned"});
      CHECK(recommended == std::vector<std::string>{"fix", "restore-rows", "restore-fragments", "fix"});
      CHECK(incidents[0]["jobs"] == nlohmann::json::array({14}));
      CHECK(incidents[1]["jobs"] == nlohmann::json::array({41}));
      CHECK(incidents[2]["jobs"] == nlohmann::json::array({16}));
      CHECK(incidents[0]["commands"][0].get<std::string>().rfind("rwdoctor repair fix --object 14 -d ", 0) == 0);
      CHECK(incidents[1]["commands"][0].get<std::string>().rfind("rwdoctor repair restore --job 41 --from BACKUP -d ", 0) == 0);
      CHECK(incidents[2]["commands"][0].get<std::string>().rfind("rwdoctor repair restore --job 16 --from BACKUP -d ", 0) == 0);
      CHECK(incidents[3]["commands"][0].get<std::string>().rfind("rwdoctor repair fix --object 44 -d ", 0) == 0);
      // Every finding belongs to one of them; the job's internal tables follow from it.
      for (const auto& finding : report["findings"]) {
        INFO(finding.dump());
        CHECK(finding["incident"].is_number());
        if (finding["object_id"] == 17 || finding["object_id"] == 18) {
          CHECK(finding["incident"] == 3);
          CHECK(finding["statement"].is_null()); // never "delete the internal table"
        }
      }

      // The restore of job 16 first would roll back on job 14: it refuses before, naming it.
      const auto early = run_printed(incidents[2]["commands"][0], backup.name());
      INFO(early.describe());
      CHECK(early.exit_code == 32);
      CHECK(early.out.find("neighbour job 14 is already broken") != std::string::npos);

      for (const auto& incident : incidents) {
        const auto command = incident["commands"][0].get<std::string>();
        INFO("incident " << incident["id"] << ": " << command);
        const auto first = run_printed(command, backup.name());
        INFO(first.describe());
        REQUIRE(first.exit_code == 4); // a dry run that found what it repairs
        const auto apply = apply_command_of(first.out);
        REQUIRE(apply.find(" --yes") != std::string::npos);
        const auto applied = run_printed(apply, backup.name());
        INFO(applied.describe());
        CHECK(applied.exit_code == 1);
      }

      const auto after = test::run_process({test::rwdoctor_binary(), "check", "-d", live.name()});
      INFO(after.describe());
      CHECK(after.exit_code == 0);
      // Every meta table is the backup's, byte for byte: object 44 was never in it.
      CHECK(test::dump_meta_tables(live.name()) == test::dump_meta_tables(backup.name()));
    }
  }
}

TEST_CASE("on an 80x24 terminal, the last screenful of check is the WHAT TO DO block", "[db][incident]")
{
  const test::ScratchDatabase live("head");
  live.execute(test::read_source_file("sql/demo/incident.sql"));
  test::ProcessOptions options;
  options.environment = {"NO_COLOR=1"};
  options.terminal_columns = 80;
  options.terminal_rows = 24;
  test::PtyProcess check({test::rwdoctor_binary(), "check", "-d", live.name()}, options);
  const auto outcome = check.wait();
  INFO(outcome.describe());
  CHECK(outcome.exit_code == 4);
  std::vector<std::string> lines;
  std::istringstream in(outcome.out);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') {
      line.pop_back();
    }
    lines.push_back(line);
  }
  REQUIRE(lines.size() > 24);
  const std::vector<std::string> screen(lines.end() - 24, lines.end());
  std::string shown;
  for (const auto& line : screen) {
    shown += line + "\n";
  }
  INFO(shown);
  CHECK(shown.find("WHAT TO DO, in this order") != std::string::npos);
  CHECK(shown.find("  4. object 44") != std::string::npos);
  CHECK(shown.find("  all of it in one run: rwdoctor repair all --from BACKUP -d ") != std::string::npos);
  CHECK(shown.find("summary: 8 critical, 1 error, 8 warning, 0 info in 4 incidents") != std::string::npos);
  // Compact: one line per finding, cut to the terminal's width.
  const auto finding_line = std::find_if(lines.begin(), lines.end(), [](const std::string& line) {
    return line.rfind("  critical [object-database-invalid]", 0) == 0;
  });
  REQUIRE(finding_line != lines.end());
  CHECK(finding_line->size() <= 80);
}
