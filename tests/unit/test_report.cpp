#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "checks/raw_finding.hpp"
#include "core/error.hpp"
#include "report/check_layout.hpp"
#include "report/check_renderer.hpp"
#include "report/json_report.hpp"
#include "report/text_report.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>

using namespace rwdoctor;
using namespace rwdoctor::checks;

namespace {

CheckReport
sample_report()
{
  CheckReport report;
  report.meta_store = {"metadata", "public", "v3.0.1–v3.0.3", 70, {}, {}, std::nullopt};
  report.checks.push_back({"job-without-fragments", CheckStatus::ran, 1, "", "sql/checks/job-without-fragments.sql", ""});
  report.checks.push_back({"actor-missing", CheckStatus::not_applicable, 0, "", "before v2.7", ""});
  Finding finding;
  finding.check = "job-without-fragments";
  finding.severity = Severity::critical;
  finding.consequence = Consequence::data_loss;
  finding.job_id = 1004;
  finding.object_id = 1004;
  finding.database_id = 1;
  finding.object_type = "TABLE";
  finding.name = "dev.public.mv_orders";
  finding.job_status = "CREATED";
  finding.message = "streaming job 1004 (CREATED, FOREGROUND) has no fragment rows";
  finding.repairs = {Repair::restore_fragments, Repair::drop_job};
  report.findings.push_back(finding);
  Finding transient = finding;
  transient.severity = Severity::info;
  transient.consequence = Consequence::transient;
  transient.job_id = 1010;
  transient.object_id = 1010;
  transient.name.reset();
  transient.repairs.clear();
  report.findings.push_back(transient);
  return report;
}

} // namespace

TEST_CASE("check JSON follows format_version 1 exactly", "[report][json]")
{
  const auto document = nlohmann::ordered_json::parse(report::render_check_json(sample_report()));
  CHECK(document["format_version"] == 1);
  CHECK(document["meta_store"]["generation"] == "v3.0.1–v3.0.3");
  CHECK(document["meta_store"]["migrations"] == 70);
  CHECK(document["meta_store"]["unknown_migrations"].empty());
  CHECK(document["meta_store"]["schema"] == "public");
  REQUIRE(document["checks"].size() == 2);
  CHECK(document["checks"][0] == nlohmann::ordered_json{{"id", "job-without-fragments"}, {"status", "ran"}, {"findings", 1}, {"error", nullptr}});
  CHECK(document["checks"][1]["status"] == "not_applicable");
  const auto& finding = document["findings"][0];
  std::vector<std::string> keys;
  for (const auto& item : finding.items()) {
    keys.push_back(item.key());
  }
  // format_version 1's fields in their order, then the fields the incident workflow and the advice issue added.
  CHECK(keys == std::vector<std::string>{"id", "check", "severity", "consequence", "job_id", "fragment_id", "object_id",
                                         "database_id", "object_type", "name", "job_status", "message", "repairs",
                                         "statement", "cause", "incident", "clears_after_start",
                                         "kind_from_fragments", "name_from_backup", "kind_from_backup"});
  CHECK(finding["kind_from_fragments"].is_null());
  CHECK(finding["name_from_backup"].is_null());
  CHECK(finding["kind_from_backup"].is_null());
  CHECK(document["incidents"][0]["backup"].is_null()); // without --from
  CHECK(finding["id"] == 1);
  CHECK(finding["cause"].is_null());
  CHECK(finding["incident"] == 1);
  CHECK(document["findings"][1]["incident"].is_null()); // info only: no incident
  REQUIRE(document["incidents"].size() == 1);
  CHECK(document["incidents"][0]["root"] == 1);
  CHECK(document["incidents"][0]["recommended"] == "restore-fragments");
  CHECK(document["incidents"][0]["jobs"] == nlohmann::ordered_json::array({1004}));
  CHECK(finding["fragment_id"].is_null());
  CHECK(finding["repairs"] == nlohmann::ordered_json::array({"restore-fragments", "drop-job"}));
  CHECK(document["findings"][1]["name"].is_null());
  CHECK(document["summary"] == nlohmann::ordered_json{{"critical", 1}, {"error", 0}, {"warning", 0}, {"info", 1}});
}

TEST_CASE("the verdict follows the exit code contract", "[report]")
{
  auto report = sample_report();
  CHECK(verdict(report) == ExitCode::inconsistent);
  report.findings.erase(report.findings.begin());
  CHECK(verdict(report) == ExitCode::clean); // info only
  report.checks[0].status = CheckStatus::failed;
  CHECK(verdict(report) == ExitCode::operational); // an incomplete check never exits 0
}

TEST_CASE("text output groups by incident and names the subject", "[report][text]")
{
  const auto text = report::render_check_text(sample_report(), Catalogue::builtin(), report::Colour::off,
                                              report::Verbosity::normal);
  CHECK(text.find("INCIDENT 1 of 1, pass 3 (jobs): job 1004 (TABLE, CREATED) dev.public.mv_orders") != std::string::npos);
  CHECK(text.find("[job-without-fragments] job 1004 (TABLE, CREATED) dev.public.mv_orders (#1, critical)") != std::string::npos);
  CHECK(text.find("repairs: restore-fragments, drop-job") != std::string::npos);
  CHECK(text.find("INFO (1): transient states") != std::string::npos);
  CHECK(text.find("WHAT TO DO") != std::string::npos);
  CHECK(text.find("  1. job 1004 dev.public.mv_orders: job-without-fragments\n"
                  "     rwdoctor repair restore --job 1004 --from BACKUP --dry-run\n"
                  "     or, without a backup: rwdoctor repair drop --job 1004 --dry-run\n") != std::string::npos);
  CHECK(text.rfind("summary: 1 critical, 0 error, 0 warning, 1 info in 1 incident\n") != std::string::npos);
  CHECK(text.find("(CREATED) <no table row: a table, materialized view or index; name unknown>") != std::string::npos);
  CHECK(text.find("\x1b[") == std::string::npos);
  const auto quiet = report::render_check_text(sample_report(), Catalogue::builtin(), report::Colour::off,
                                               report::Verbosity::quiet);
  CHECK(quiet.find("INFO") == std::string::npos);
  CHECK(quiet.find("summary") == std::string::npos);
  const auto coloured = report::render_check_text(sample_report(), Catalogue::builtin(), report::Colour::on,
                                                  report::Verbosity::normal);
  CHECK(coloured.find("\x1b[1;31m") != std::string::npos);
}

// A TABLE job whose "table" row is gone: its fragments' type masks (describe_objects.sql) tell
// a materialized view from a table, and the text and JSON say which.
TEST_CASE("a job without its table row is named by what its fragments say it is", "[report][text]")
{
  auto report = sample_report();
  auto& nameless = report.findings.back();
  REQUIRE_FALSE(nameless.name);
  for (const auto& [kind, shown] : std::vector<std::pair<std::string, std::string>>{
         {"MATERIALIZED VIEW", "a materialized view"}, {"TABLE", "a table"}}) {
    nameless.kind_from_fragments = kind;
    const auto text = report::render_check_text(report, Catalogue::builtin(), report::Colour::off,
                                                report::Verbosity::normal);
    INFO(text);
    CHECK(text.find("(CREATED) <no table row: " + shown + " by its fragments; name unknown>") != std::string::npos);
    CHECK(text.find("a table, materialized view or index") == std::string::npos);
    const auto document = nlohmann::ordered_json::parse(report::render_check_json(report));
    CHECK(document["findings"].back()["kind_from_fragments"] == kind);
  }
}

// check --from: the renderer asks its backup source once for all incidents; each incident
// says what the backup can do for it, a restore the backup cannot give leaves the advice, and
// a nameless object carries the backup's name and kind (live's `name` stays null).
TEST_CASE("check --from: what the backup can do per incident, and its names", "[report][text][json]")
{
  auto report = sample_report();
  report.findings.front().name.reset(); // live lost job 1004's table row
  for (const auto& [status, line] : std::vector<std::pair<std::string, std::string>>{
         {"holds", "backup: holds job 1004 without this fault"},
         {"same-fault", "backup: has the same fault, so a restore from it would bring the fault back"},
         {"not-in-backup", "backup: job 1004 is not in the backup"}}) {
    DYNAMIC_SECTION(status)
    {
      std::vector<incidents::FindingFacts> asked_roots;
      std::vector<int> asked_nameless;
      const auto source = [&, status = status](const std::vector<incidents::FindingFacts>& roots,
                                               const std::vector<int>& nameless) {
        asked_roots = roots;
        asked_nameless = nameless;
        incidents::BackupFacts facts;
        if (status != "not-in-backup") {
          facts.held.insert(1004);
          facts.names.emplace(1004, incidents::BackupName{"dev.public.mv_orders", "MATERIALIZED VIEW"});
        }
        if (status == "same-fault") {
          facts.faults.insert(incidents::fault_key(incidents::facts_of(0, report.findings.front())));
        }
        return facts;
      };
      incidents::CommandContext context;
      context.backup_argument = "backup_db";
      auto text_renderer = report::CheckRenderer::text(Catalogue::builtin(), report::Colour::off,
                                                       report::Verbosity::normal, context);
      text_renderer.set_backup_source(source);
      const auto text = std::move(text_renderer).render(report);
      INFO(text);
      CHECK(asked_roots.size() == 1);
      CHECK(asked_nameless == std::vector<int>{1004, 1010});
      CHECK(text.find(line) != std::string::npos);
      CHECK(text.find("without a backup") == std::string::npos);
      CHECK(text.find("BACKUP") == std::string::npos);
      if (status == "holds") {
        CHECK(text.find("job 1004 (CREATED) <no table row; the backup's materialized view dev.public.mv_orders>")
              != std::string::npos);
        CHECK(text.find("rwdoctor repair restore --job 1004 --from backup_db --dry-run") != std::string::npos);
        CHECK(text.find("  1. job 1004 dev.public.mv_orders (in the backup): job-without-fragments") != std::string::npos);
        CHECK(text.find("or: rwdoctor repair drop --job 1004 --from backup_db --dry-run") != std::string::npos);
      } else {
        CHECK(text.find("repair restore") == std::string::npos);
        CHECK(text.find(status == "same-fault" ? "  1. job 1004 dev.public.mv_orders (in the backup): job-without-fragments\n"
                                                  "     rwdoctor repair drop --job 1004 --from backup_db"
                                                : "  1. job 1004: job-without-fragments\n"
                                                  "     rwdoctor repair drop --job 1004 --from backup_db")
              != std::string::npos);
      }
      auto json_renderer = report::CheckRenderer::json(context);
      json_renderer.set_backup_source(source);
      const auto document = nlohmann::json::parse(std::move(json_renderer).render(report));
      CHECK(document["incidents"][0]["backup"] == status);
      CHECK(document["incidents"][0]["recommended"] == (status == "holds" ? "restore-fragments" : "drop-job"));
      CHECK(document["findings"][0]["name"].is_null());
      CHECK(document["findings"][0]["name_from_backup"]
            == (status == "not-in-backup" ? nlohmann::json(nullptr) : nlohmann::json("dev.public.mv_orders")));
    }
  }
}

TEST_CASE("a drop among a running job's repairs says it needs --drop-running; the JSON keeps the list",
          "[report][text]")
{
  auto report = sample_report();
  report.findings.pop_back();
  auto& finding = report.findings.front();
  finding.check = "actor-vnode-invalid";
  finding.severity = Severity::warning;
  finding.consequence = Consequence::ddl_error;
  finding.message = "fragment 16 of job 1004 has 3 actors whose vnode bitmaps cover 200 of 256 vnodes";
  finding.repairs = {Repair::drop_job, Repair::manual};
  const auto text = report::render_check_text(report, Catalogue::builtin(), report::Colour::off,
                                              report::Verbosity::normal);
  CHECK(text.find("repairs: drop-job (only with --drop-running: the job runs), manual\n") != std::string::npos);
  CHECK(text.find("repair drop") == std::string::npos);
  const auto json = nlohmann::json::parse(report::render_check_json(report));
  CHECK(json["findings"][0]["repairs"] == nlohmann::json::array({"drop-job", "manual"}));

  // A job that does not run (no fragments: it crashes the meta node) keeps the plain word.
  const auto stopped = report::render_check_text(sample_report(), Catalogue::builtin(), report::Colour::off,
                                                 report::Verbosity::normal);
  CHECK(stopped.find("--drop-running") == std::string::npos);
}

TEST_CASE("compact findings fit the terminal, on their own lines below 64 columns", "[report][text]")
{
  const auto& catalogue = Catalogue::builtin();
  auto finding = sample_report().findings.front();
  for (const int width : {120, 80, 64}) {
    const auto line = report::layout::text_finding(finding, {}, catalogue, report::Verbosity::compact, width);
    INFO(width << ": " << line);
    const bool whole =
      line == "  critical [job-without-fragments] streaming job 1004 (CREATED, FOREGROUND) has no fragment rows\n";
    const bool cut = width < 98 && line.size() == static_cast<std::size_t>(width) + 1
                     && line.find("...\n") == line.size() - 4;
    CHECK((whole || cut));
  }
  CHECK(report::layout::text_finding(finding, {}, catalogue, report::Verbosity::compact, 40)
        == "  critical [job-without-fragments]\n"
           "    streaming job 1004 (CREATED,\n"
           "    FOREGROUND) has no fragment rows\n");
  // A long message: at most three lines, each within the width, the last one cut with "...".
  finding.message = "fragment 17 of job 16: its plan's Merge reads from upstream fragment 12, which "
                    "fragment_relation does not connect to it; the meta node builds the actor graph from "
                    "fragment_relation and the plan disagrees with it";
  for (const int width : {63, 40, 20}) {
    const auto text = report::layout::text_finding(finding, {}, catalogue, report::Verbosity::compact, width);
    INFO(width << ":\n" << text);
    std::vector<std::string> lines;
    for (std::size_t start = 0; start < text.size();) {
      const auto end = text.find('\n', start);
      REQUIRE(end != std::string::npos); // every line ends with a newline
      lines.push_back(text.substr(start, end - start));
      start = end + 1;
    }
    REQUIRE(lines.size() == 4);
    CHECK(lines[0] == "  critical [job-without-fragments]"); // an id is never cut: it is pasted
    CHECK(lines[1].rfind("    fragment 17", 0) == 0);
    CHECK(lines[3].size() >= 7);
    CHECK(lines[3].substr(lines[3].size() - 3) == "...");
    for (std::size_t i = 1; i < lines.size(); ++i) {
      CHECK(lines[i].size() <= static_cast<std::size_t>(width));
      CHECK(lines[i].find("  ", 4) == std::string::npos); // no space doubled where the message broke
    }
  }
  // The renderer passes the width through.
  auto renderer = report::CheckRenderer::text(catalogue, report::Colour::off, report::Verbosity::compact, {}, 40);
  const auto text = std::move(renderer).render(sample_report());
  CHECK(text.find("  critical [job-without-fragments]\n    streaming job 1004 (CREATED,\n") != std::string::npos);
}

TEST_CASE("query rows become raw findings; bad rows are refused", "[report]")
{
  db::Rows rows;
  rows.columns = {"object_id", "job_id", "fragment_id", "message", "severity", "consequence"};
  rows.values = {{"7", "7", std::nullopt, std::string("m"), std::string("info"), std::string("transient")}};
  const auto findings = raw_findings_from_rows(rows);
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].object_id == 7);
  CHECK_FALSE(findings[0].fragment_id.has_value());
  CHECK(findings[0].severity == Severity::info);
  rows.values[0][4] = std::string("fatal");
  CHECK_THROWS_AS(raw_findings_from_rows(rows), OperationalError);
  rows.values[0][4] = std::nullopt;
  rows.values[0][0] = std::string("seven");
  CHECK_THROWS_AS(raw_findings_from_rows(rows), OperationalError);
  rows.columns[3] = "text";
  CHECK_THROWS_AS(raw_findings_from_rows(rows), OperationalError);
}

TEST_CASE("the catalogue renders as text and JSON", "[report]")
{
  const auto& catalogue = Catalogue::builtin();
  const auto json = nlohmann::json::parse(report::render_catalogue_json(catalogue));
  CHECK(json["checks"].size() == catalogue.ids().size());
  CHECK(json["checks"][0]["id"] == "foreign-keys-missing");
  const auto text = report::render_catalogue_text(catalogue);
  CHECK(text.find("job-without-fragments") != std::string::npos);
  CHECK(text.rfind("CHECK ", 0) == 0); // a header row
  // Fitted to the terminal: every line within the width, every check listed, at any width.
  for (const int width : {120, 80, 60, 40}) {
    const auto fitted = report::render_catalogue_text(catalogue, width);
    for (std::size_t start = 0; start < fitted.size();) {
      const auto end = fitted.find('\n', start);
      const auto line = fitted.substr(start, end - start);
      INFO(width << ": " << line);
      CHECK(line.size() <= static_cast<std::size_t>(width));
      start = end + 1;
    }
    for (const auto& id : catalogue.ids()) {
      CHECK(fitted.find(id) != std::string::npos);
    }
    CHECK((fitted.rfind("CHECK ", 0) == 0) == (width >= 63));
  }
  const auto explain = report::render_explain_text(catalogue, "job-without-fragments");
  CHECK(explain.find("INV-08") != std::string::npos);
  // No source path a DBA does not have: the binary prints the queries itself.
  CHECK(explain.find("sql/checks/") == std::string::npos);
  CHECK(explain.find("rwdoctor explain job-without-fragments --sql") != std::string::npos);
  const auto sql = report::render_explain_sql(catalogue, "job-without-fragments");
  CHECK(sql.rfind("-- job-without-fragments: main query (applies to: ", 0) == 0);
  CHECK(sql.find(catalogue.primary("job-without-fragments").query) != std::string::npos);
  const auto variants = report::render_explain_sql(catalogue, "edge-cross-database");
  CHECK(variants.find("-- edge-cross-database: variant @dispatcher (applies to: ") != std::string::npos);
  // every explanation fits an 80-column terminal
  for (const auto& id : catalogue.ids()) {
    const auto explained = report::render_explain_text(catalogue, id);
    for (std::size_t start = 0; start < explained.size();) {
      const auto end = explained.find('\n', start);
      const auto line = explained.substr(start, end - start);
      INFO(id << ": " << line);
      CHECK((line.size() <= 80 || line.find(' ') == std::string::npos));
      start = end + 1;
    }
  }
}

namespace {

// The lines of `text`, each without its newline.
std::vector<std::string>
lines_of(const std::string& text)
{
  std::vector<std::string> lines;
  for (std::size_t start = 0; start < text.size();) {
    const auto end = text.find('\n', start);
    lines.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    start = end == std::string::npos ? text.size() : end + 1;
  }
  return lines;
}

} // namespace

TEST_CASE("quiet and verbose findings break at spaces on a terminal, a number with its unit", "[report][text]")
{
  const auto& catalogue = Catalogue::builtin();
  auto finding = sample_report().findings.front();
  finding.message = "fragment 17 of job 16: its plan's Merge reads from upstream fragment 12, which "
                    "fragment_relation does not connect to it; the materialized view stops after 10 s";
  finding.repairs.push_back(Repair::manual);
  for (const auto verbosity : {report::Verbosity::quiet, report::Verbosity::normal}) {
    const auto wide = report::layout::text_finding(finding, {}, catalogue, verbosity, 0);
    const auto fitted = report::layout::text_finding(finding, {}, catalogue, verbosity, 80);
    INFO(fitted);
    std::string words_wide;
    std::string words_fitted;
    for (const auto& line : lines_of(fitted)) {
      CHECK(line.size() <= 80);
    }
    // The same words in the same order: only spaces became line breaks.
    const auto words = [](std::string text) {
      std::replace(text.begin(), text.end(), '\n', ' ');
      std::string out;
      for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != ' ' || (!out.empty() && out.back() != ' ')) {
          out += text[i];
        }
      }
      return out;
    };
    CHECK(words(wide) == words(fitted));
    CHECK(fitted.find("10 s") != std::string::npos);
    CHECK(lines_of(fitted).size() > lines_of(wide).size());
  }
  // the number keeps its unit where the line breaks
  CHECK(report::fitted_text_line("rwdoctor: waiting for the locks (--lock-timeout 10000 ms): pid 4242", 54, "  ")
        == "rwdoctor: waiting for the locks (--lock-timeout\n  10000 ms): pid 4242\n");
  CHECK(report::fitted_text_line("took 10 seconds", 10, "  ") == "took 10\n  seconds\n");
}

TEST_CASE("headers and what to do break at spaces where they do not fit, commands with a backslash",
          "[report][text][bad-input]")
{
  const auto& catalogue = Catalogue::builtin();
  incidents::CommandContext context;
  context.rwdoctor_arguments = " -d 'dbname=metadata user=rw_admin' -h /var/run/postgresql -p 5432";
  const auto render = [&](int width) {
    auto renderer = report::CheckRenderer::text(catalogue, report::Colour::off, report::Verbosity::compact, context, width);
    return std::move(renderer).render(sample_report());
  };
  const auto wide = render(0);
  CHECK(wide.find("  all of it in one run: rwdoctor repair all --from BACKUP -d 'dbname=metadata user=rw_admin' -h "
                  "/var/run/postgresql -p 5432 --dry-run\n")
        != std::string::npos);
  // The text with every continued command joined again, as a shell would; only what is never
  // broken may pass the width: an option with its value (the quoted conninfo, the socket
  // directory at 30 columns), a finding's severity and check id.
  const auto joined_fitting = [](const std::string& text, int width) {
    std::string joined;
    for (const auto& line : lines_of(text)) {
      if (line.size() > static_cast<std::size_t>(width)) {
        INFO(line);
        CHECK((line.find("-d 'dbname=metadata user=rw_admin'") != std::string::npos
               || line.find("-h /var/run/postgresql \\") != std::string::npos
               || line.find("[job-without-fragments]") != std::string::npos));
      }
      joined += line + "\n";
    }
    for (auto at = joined.find(" \\\n"); at != std::string::npos; at = joined.find(" \\\n")) {
      const auto next = joined.find_first_not_of(' ', at + 3);
      joined.replace(at, next - at, " ");
    }
    return joined;
  };
  // From 64 columns on what to do is laid out as without a width, but a line longer than the
  // terminal is broken at spaces, a command with a backslash, not wrapped inside a word.
  for (const int width : {64, 80}) {
    const auto text = render(width);
    INFO(width << ":\n" << text);
    const auto joined = joined_fitting(text, width);
    CHECK(joined.find("\n     rwdoctor repair restore --job 1004 --from BACKUP -d 'dbname=metadata user=rw_admin' -h "
                      "/var/run/postgresql -p 5432 --dry-run\n")
          != std::string::npos);
    CHECK(joined.find("\n     or, without a backup: rwdoctor repair drop --job 1004 -d 'dbname=metadata user=rw_admin' "
                      "-h /var/run/postgresql -p 5432 --dry-run\n")
          != std::string::npos);
    CHECK(joined.find("\n  all of it in one run: rwdoctor repair all --from BACKUP -d 'dbname=metadata user=rw_admin' -h "
                      "/var/run/postgresql -p 5432 --dry-run\n")
          != std::string::npos);
    CHECK(text.find(" \\\n") != std::string::npos);
  }
  for (const int width : {63, 40, 30}) {
    const auto text = render(width);
    INFO(width << ":\n" << text);
    const auto joined = joined_fitting(text, width);
    // Every command is there whole once its lines are joined, the quoted conninfo unbroken.
    CHECK(joined.find("     rwdoctor repair restore --job 1004 --from BACKUP -d 'dbname=metadata user=rw_admin' -h "
                      "/var/run/postgresql -p 5432 --dry-run\n")
          != std::string::npos);
    CHECK(joined.find("     or, without a backup:\n     rwdoctor repair drop --job 1004 -d") != std::string::npos);
    CHECK(joined.find("  all of it in one run:\n     rwdoctor repair all --from BACKUP -d") != std::string::npos);
    CHECK(text.find("\nINCIDENT 1 of 1,") != std::string::npos);
    CHECK(text.find("critical,") != std::string::npos);
  }
}

TEST_CASE("a plan's apply command goes below its label on a narrow terminal, whole when joined", "[report][text]")
{
  const std::string command = "rwdoctor repair restore --job 16 --from 'dbname=meta_backup user=rw' -d metadata "
                              "-h /var/run/postgresql -p 5432 --yes";
  CHECK(report::apply_plan_line(command, 0) == "\nto apply this plan: " + command + "\n");
  CHECK(report::apply_plan_line("rwdoctor repair restore --job 16 --from meta_backup --yes", 80)
        == "\nto apply this plan: rwdoctor repair restore --job 16 --from meta_backup --yes\n");
  // longer than the line: broken between words, the option values whole
  CHECK(report::apply_plan_line(command, 80) == "\nto apply this plan: rwdoctor repair restore --job 16 \\\n"
                                                "  --from 'dbname=meta_backup user=rw' -d metadata -h /var/run/postgresql \\\n"
                                                "  -p 5432 --yes\n");
  // A unit too long for the continuation indent gives up some of it, so that its " \\" stays
  // on its line (a terminal that wrapped it would break the paste).
  const auto narrow = report::apply_plan_line(command, 40);
  CHECK(narrow == "\nto apply this plan:\n"
                  "  rwdoctor repair restore --job 16 \\\n"
                  "   --from 'dbname=meta_backup user=rw' \\\n"
                  "    -d metadata -h /var/run/postgresql \\\n"
                  "    -p 5432 --yes\n");
}

TEST_CASE("checks that could not run for one reason are one entry, fitted to the terminal", "[report][text]")
{
  CheckRun run;
  const auto failed = [](const std::string& id, const std::string& error) {
    CheckOutcome outcome;
    outcome.id = id;
    outcome.status = CheckStatus::failed;
    outcome.error = error;
    return outcome;
  };
  run.checks = {failed("fragment-without-job", "the meta store is missing table fragment_relation"),
                CheckOutcome{"job-stuck", CheckStatus::ran, 0, "", "", ""},
                failed("no-shuffle-incompatible", "the meta store is missing table fragment_relation"),
                failed("blob-malformed", "query failed: canceling statement due to statement timeout"),
                failed("edge-cross-database", "the meta store is missing table fragment_relation")};
  const auto text = report::layout::text_failed_checks(run, report::Colour::off, 80);
  CHECK(text == "\nCHECKS THAT COULD NOT RUN (4)\n"
                "  [fragment-without-job, no-shuffle-incompatible, edge-cross-database] the meta\n"
                "    store is missing table fragment_relation\n"
                "  [blob-malformed] query failed: canceling statement due to statement timeout\n");
  CHECK(report::layout::text_failed_checks(CheckRun{}, report::Colour::off, 80).empty());
}
