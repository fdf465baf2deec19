// report::CheckRenderer, the one rendering path of `rwdoctor check`: findings fed per check in
// catalogue order (as the streaming runner emits them) render exactly as the sorted report,
// the JSON is exactly what nlohmann prints for the same document, and spool failures are
// operational errors.
#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "core/error.hpp"
#include "report/check_renderer.hpp"
#include "report/json_report.hpp"
#include "report/spool_file.hpp"
#include "report/text_report.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sys/resource.h>

#include <algorithm>
#include <csignal>
#include <sstream>

using namespace rwdoctor;
using namespace rwdoctor::checks;

namespace {

Finding
make(const std::string& check, Severity severity, int job_id, const std::string& message)
{
  Finding finding;
  finding.check = check;
  finding.severity = severity;
  finding.consequence = severity == Severity::info ? Consequence::transient : Consequence::data_loss;
  finding.job_id = job_id;
  finding.object_id = job_id;
  finding.database_id = 1;
  finding.object_type = "TABLE";
  finding.name = "dev.public.t" + std::to_string(job_id);
  finding.job_status = "CREATED";
  finding.message = message;
  if (severity != Severity::info) {
    finding.repairs = {Repair::drop_job, Repair::manual};
  }
  return finding;
}

// Findings of three checks as the runner streams them: checks in catalogue order, severities
// mixed within a check. Messages that a careless splice would break: quotes, a line break,
// non-ASCII, invalid UTF-8.
std::vector<Finding>
findings_in_check_order()
{
  std::vector<Finding> findings = {
    make("object-orphaned", Severity::warning, 101, "first \"quoted\" warning"),
    make("object-orphaned", Severity::info, 102, "info of object-orphaned"),
    make("object-orphaned", Severity::warning, 103, "second warning\nwith a line break"),
    make("job-without-fragments", Severity::critical, 201, "critical one \xc3\xa9"),
    make("job-without-fragments", Severity::info, 202, "info of job-without-fragments"),
    make("job-without-fragments", Severity::critical, 203, "critical two \xff"),
    make("state-table-mismatch", Severity::error, 301, "an error"),
    make("state-table-mismatch", Severity::warning, 302, "warning of state-table-mismatch"),
  };
  findings[2].fragment_id = 7;
  findings[3].repairs.clear();
  findings[5].name.reset();
  findings[6].database_id.reset();
  return findings;
}

CheckRun
run_of(const std::vector<Finding>& findings)
{
  CheckRun run;
  run.meta_store = {"metadata", "public", "v3.0.1–v3.0.3", 70, {"m_future"}, {}, std::nullopt};
  for (const auto& id : Catalogue::builtin().ids()) {
    CheckOutcome outcome{id, CheckStatus::ran, 0, "", "", ""};
    outcome.findings = static_cast<std::size_t>(
      std::count_if(findings.begin(), findings.end(), [&](const Finding& finding) { return finding.check == id; }));
    run.checks.push_back(outcome);
  }
  run.checks[1].status = CheckStatus::not_applicable;
  return run;
}

// The report run_checks(...) -> CheckReport returns for the same findings: stable-sorted by
// severity, then catalogue order.
CheckReport
sorted_report(const std::vector<Finding>& findings)
{
  CheckReport report;
  static_cast<CheckRun&>(report) = run_of(findings);
  report.findings = findings;
  const auto& ids = Catalogue::builtin().ids();
  const auto position = [&](const std::string& id) { return std::find(ids.begin(), ids.end(), id) - ids.begin(); };
  std::stable_sort(report.findings.begin(), report.findings.end(), [&](const Finding& a, const Finding& b) {
    return a.severity != b.severity ? a.severity < b.severity : position(a.check) < position(b.check);
  });
  return report;
}

std::string
streamed(report::CheckRenderer renderer, const std::vector<Finding>& findings)
{
  for (const auto& finding : findings) {
    renderer.accept(finding);
  }
  std::ostringstream out;
  renderer.finish(out, run_of(findings));
  return out.str();
}

} // namespace

TEST_CASE("findings streamed in check order render exactly as the sorted report", "[report][renderer]")
{
  const auto findings = findings_in_check_order();
  const auto report = sorted_report(findings);
  const auto& catalogue = Catalogue::builtin();
  REQUIRE(report.findings.front().check == "job-without-fragments"); // the order really differs

  CHECK(streamed(report::CheckRenderer::json(), findings) == report::render_check_json(report));
  for (const auto colour : {report::Colour::off, report::Colour::on}) {
    for (const auto verbosity : {report::Verbosity::normal, report::Verbosity::quiet}) {
      INFO("colour " << (colour == report::Colour::on) << ", quiet " << (verbosity == report::Verbosity::quiet));
      CHECK(streamed(report::CheckRenderer::text(catalogue, colour, verbosity), findings) ==
            report::render_check_text(report, catalogue, colour, verbosity));
    }
  }
}

TEST_CASE("check JSON is exactly nlohmann's dump(2) of the document", "[report][renderer][json]")
{
  const auto findings = findings_in_check_order();
  const auto json = report::render_check_json(sorted_report(findings));
  // Reprinting the parsed document (keys kept in order) reproduces every byte: the spliced
  // findings array has nlohmann's separators, brackets and indentation.
  const auto document = nlohmann::ordered_json::parse(json);
  CHECK(document.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n" == json);
  REQUIRE(document["findings"].size() == findings.size());
  std::vector<std::string> order;
  for (const auto& finding : document["findings"]) {
    order.push_back(finding["severity"].get<std::string>() + " " + finding["check"].get<std::string>() + " " +
                    std::to_string(finding["job_id"].get<int>()));
  }
  CHECK(order == std::vector<std::string>{"critical job-without-fragments 201", "critical job-without-fragments 203",
                                          "error state-table-mismatch 301", "warning object-orphaned 101",
                                          "warning object-orphaned 103", "warning state-table-mismatch 302",
                                          "info object-orphaned 102", "info job-without-fragments 202"});
  CHECK(document["findings"][2]["database_id"].is_null());
  CHECK(document["findings"][0]["repairs"].empty());
  CHECK(document["summary"] == nlohmann::ordered_json{{"critical", 2}, {"error", 1}, {"warning", 3}, {"info", 2}});
  CHECK(json.find("\"repairs\": []") != std::string::npos);
}

TEST_CASE("a report without findings renders the empty cases", "[report][renderer]")
{
  const auto report = sorted_report({});
  const auto json = report::render_check_json(report);
  CHECK(json.find("\n  \"findings\": [],\n  \"incidents\": [],\n  \"summary\": {") != std::string::npos);
  CHECK(nlohmann::ordered_json::parse(json).dump(2) + "\n" == json);

  const auto& catalogue = Catalogue::builtin();
  const auto text = report::render_check_text(report, catalogue, report::Colour::off, report::Verbosity::normal);
  const auto header_end = text.find('\n', text.find('\n') + 1) + 1;
  CHECK(text.substr(header_end) == "\nsummary: 0 critical, 0 error, 0 warning, 0 info\nno inconsistency found\n");
  CHECK(report::render_check_text(report, catalogue, report::Colour::off, report::Verbosity::quiet).empty());
}

TEST_CASE("text groups carry their counts and keep check order", "[report][renderer][text]")
{
  const auto findings = findings_in_check_order();
  const auto& catalogue = Catalogue::builtin();
  const auto text = report::render_check_text(sorted_report(findings), catalogue, report::Colour::off,
                                              report::Verbosity::quiet);
  CHECK(text == "\nCRITICAL (2)\n"
                "  [job-without-fragments] job 201 (TABLE, CREATED) dev.public.t201\n"
                "    critical one \xc3\xa9\n"
                "  [job-without-fragments] job 203 (CREATED) <no table row: a table, materialized view or index; "
                "name unknown>\n"
                "    critical two \xff\n"
                "\nERROR (1)\n"
                "  [state-table-mismatch] job 301 (TABLE, CREATED) dev.public.t301\n"
                "    an error\n"
                "\nWARNING (3)\n"
                "  [object-orphaned] job 101 (TABLE, CREATED) dev.public.t101\n"
                "    first \"quoted\" warning\n"
                "  [object-orphaned] fragment 7 of job 103 (TABLE, CREATED) dev.public.t103\n"
                "    second warning\\x0awith a line break\n"
                "  [state-table-mismatch] job 302 (TABLE, CREATED) dev.public.t302\n"
                "    warning of state-table-mismatch\n");

  const auto coloured = report::render_check_text(sorted_report(findings), catalogue, report::Colour::on,
                                                  report::Verbosity::normal);
  CHECK(coloured.find("\n\x1b[1;31mINCIDENT 1 of ") != std::string::npos);
  CHECK(coloured.find("\n\x1b[2mINFO (2): transient states RisingWave finishes by itself\x1b[0m\n") != std::string::npos);
  CHECK(coloured.find("\nsummary: 2 critical, 1 error, 3 warning, 2 info in ") != std::string::npos);
}

TEST_CASE("the renderer counts quiet info findings and forgets a discarded check", "[report][renderer]")
{
  const auto findings = findings_in_check_order();
  auto quiet = report::CheckRenderer::text(Catalogue::builtin(), report::Colour::off, report::Verbosity::quiet);
  quiet.accept(findings[1]);
  CHECK(quiet.count(Severity::info) == 1);
  CHECK_FALSE(quiet.inconsistency_found());

  // A check that fails partway reports no findings: what it sent is gone, later checks follow.
  auto renderer = report::CheckRenderer::json();
  renderer.begin_check();
  renderer.accept(findings[0]);
  renderer.begin_check();
  renderer.accept(findings[3]);
  renderer.accept(make("job-without-fragments", Severity::warning, 999, std::string(10000, 'x')));
  renderer.discard_check();
  CHECK(renderer.count(Severity::critical) == 0);
  renderer.begin_check();
  renderer.accept(findings[6]);
  std::ostringstream out;
  const std::vector<Finding> kept = {findings[0], findings[6]};
  renderer.finish(out, run_of(kept));
  CHECK(out.str() == report::render_check_json(sorted_report(kept)));
  CHECK(renderer.inconsistency_found());
}

TEST_CASE("a spool file that cannot be written is an operational error", "[report][renderer]")
{
  // A file size limit makes the temporary file's writes fail the way a full disk does.
  rlimit saved{};
  REQUIRE(getrlimit(RLIMIT_FSIZE, &saved) == 0);
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  rlimit small = saved;
  small.rlim_cur = 64 * 1024;
  REQUIRE(setrlimit(RLIMIT_FSIZE, &small) == 0);
  std::string message;
  std::string hint;
  try {
    report::SpoolFile spool;
    for (int i = 0; i < 64; ++i) {
      spool.write(std::string(4096, 'x'));
    }
    std::ostringstream out;
    spool.copy_to(out);
  } catch (const OperationalError& error) {
    message = error.what();
    hint = error.hint();
  }
  setrlimit(RLIMIT_FSIZE, &saved);
  std::signal(SIGXFSZ, old_handler);
  CHECK(message.rfind("cannot write a temporary file for the findings: ", 0) == 0);
  CHECK_FALSE(hint.empty());
}
