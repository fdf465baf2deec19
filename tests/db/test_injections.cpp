// Data-driven integration tests: every file in tests/injections/ breaks one invariant of the
// healthy demo catalog, and its header says which findings the checks must report.
#include "check_helpers.hpp"
#include "scratch_database.hpp"
#include "case_shard.hpp"
#include "util/text.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <set>

using namespace rwdoctor;

namespace {

struct Expectation
{
  std::string check;
  std::string subject; // job_id | fragment_id | object_id
  int id = 0;
  std::string severity;
};

struct InjectionCase
{
  std::string file;
  std::vector<std::string> generations;
  std::vector<Expectation> expectations;
  std::vector<std::string> expect_none; // checks that must report nothing
  std::string expect_worst;             // no finding may be more severe than this
  bool expect_clean = false;
  std::string sql;
};

InjectionCase
parse_injection(const std::filesystem::path& path)
{
  InjectionCase injection;
  injection.file = path.filename().string();
  injection.sql = test::read_source_file("tests/injections/" + injection.file);
  injection.generations = test::generations();
  std::size_t offset = 0;
  while (offset < injection.sql.size()) {
    const auto end = injection.sql.find('\n', offset);
    const auto line = std::string_view(injection.sql).substr(offset, end == std::string::npos ? std::string::npos : end - offset);
    offset = end == std::string::npos ? injection.sql.size() : end + 1;
    if (!util::starts_with(line, "--")) {
      break;
    }
    const auto body = util::trim(line.substr(2));
    if (util::starts_with(body, "generations:")) {
      const auto words = util::split_words(body.substr(12));
      if (!(words.size() == 1 && words[0] == "all")) {
        injection.generations = words;
      }
    } else if (body == "expect-clean") {
      injection.expect_clean = true;
    } else if (util::starts_with(body, "expect-none:")) {
      // "expect-none: <check>...": a legitimate state these checks must not report.
      for (const auto& check : util::split_words(body.substr(12))) {
        INFO(injection.file << ": " << body);
        REQUIRE(checks::Catalogue::builtin().contains(check));
        injection.expect_none.push_back(check);
      }
    } else if (util::starts_with(body, "expect-worst:")) {
      // "expect-worst: <severity>": nothing above it (say, no critical a guard would block on).
      const auto words = util::split_words(body.substr(13));
      INFO(injection.file << ": " << body);
      REQUIRE(words.size() == 1);
      REQUIRE(checks::parse_severity(words[0]).has_value());
      injection.expect_worst = words[0];
    } else if (util::starts_with(body, "expect:")) {
      const auto words = util::split_words(body.substr(7));
      // "<check> [<subject>=<id>] severity=<severity>"; store-wide findings have no subject.
      INFO(injection.file << ": " << body);
      REQUIRE((words.size() == 2 || words.size() == 3));
      Expectation expectation;
      expectation.check = words[0];
      if (words.size() == 3) {
        const auto equals = words[1].find('=');
        REQUIRE(equals != std::string::npos);
        expectation.subject = words[1].substr(0, equals);
        REQUIRE((expectation.subject == "job_id" || expectation.subject == "fragment_id"
                 || expectation.subject == "object_id"));
        REQUIRE(util::parse_int32(words[1].substr(equals + 1), expectation.id));
      }
      REQUIRE(util::starts_with(words.back(), "severity="));
      expectation.severity = words.back().substr(9);
      injection.expectations.push_back(expectation);
    }
  }
  return injection;
}

std::vector<InjectionCase>
all_injections()
{
  std::vector<InjectionCase> cases;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(RWDOCTOR_SOURCE_DIR) + "/tests/injections")) {
    if (entry.path().extension() == ".sql") {
      cases.push_back(parse_injection(entry.path()));
    }
  }
  std::sort(cases.begin(), cases.end(), [](const auto& a, const auto& b) { return a.file < b.file; });
  return cases;
}

bool
matches(const checks::Finding& finding, const Expectation& expectation)
{
  if (finding.check != expectation.check || checks::to_string(finding.severity) != expectation.severity) {
    return false;
  }
  if (expectation.subject.empty()) {
    return true;
  }
  const auto& id = expectation.subject == "job_id"        ? finding.job_id
                   : expectation.subject == "fragment_id" ? finding.fragment_id
                                                          : finding.object_id;
  return id == expectation.id;
}

} // namespace

TEST_CASE("the healthy demo catalog is clean on every generation", "[db][demo]")
{
  for (const auto& generation : test::all_generations()) {
    DYNAMIC_SECTION(generation)
    {
      const test::ScratchDatabase database(generation);
      const auto report = test::check_database(database.name());
      INFO(test::describe(report));
      CHECK(checks::verdict(report) == ExitCode::clean);
      for (const auto& outcome : report.checks) {
        INFO(outcome.id << ": " << outcome.error << outcome.note);
        CHECK(outcome.status != checks::CheckStatus::failed);
      }
      CHECK(report.meta_store.unknown_migrations.empty());
      CHECK(report.meta_store.missing_tables.empty());
    }
  }
}

TEST_CASE("every check id has at least one injection", "[db][injections]")
{
  const auto cases = all_injections();
  for (const auto& id : checks::Catalogue::builtin().ids()) {
    INFO(id);
    CHECK(std::any_of(cases.begin(), cases.end(), [&](const InjectionCase& injection) {
      return std::any_of(injection.expectations.begin(), injection.expectations.end(),
                         [&](const Expectation& expectation) { return expectation.check == id; });
    }));
  }
}

namespace {

// What two runs of a check are compared by.
std::string
finding_line(const checks::Finding& finding)
{
  return fmt::format("{} {} job={} fragment={} object={}: {}", finding.check, checks::to_string(finding.severity),
                     finding.job_id ? std::to_string(*finding.job_id) : "-",
                     finding.fragment_id ? std::to_string(*finding.fragment_id) : "-",
                     finding.object_id ? std::to_string(*finding.object_id) : "-", finding.message);
}

std::set<std::string>
finding_lines(const checks::CheckReport& report)
{
  std::set<std::string> lines;
  for (const auto& finding : report.findings) {
    lines.insert(finding_line(finding));
  }
  return lines;
}

std::vector<std::string>
scoped_check_ids()
{
  std::vector<std::string> ids;
  for (const auto& id : checks::Catalogue::builtin().ids()) {
    const auto& variants = checks::Catalogue::builtin().variants(id);
    if (std::any_of(variants.begin(), variants.end(), [](const checks::CheckSpec& spec) { return spec.scoped; })) {
      ids.push_back(id);
    }
  }
  return ids;
}

// The findings the injection's header names, each with its subject and severity.
void
require_expected_findings(const InjectionCase& injection, const checks::CheckReport& report)
{
  INFO(test::describe(report));
  for (const auto& outcome : report.checks) {
    INFO(outcome.id << ": " << outcome.error);
    CHECK(outcome.status != checks::CheckStatus::failed);
  }
  for (const auto& expectation : injection.expectations) {
    INFO("expected " << expectation.check << " " << expectation.subject << "=" << expectation.id << " "
                     << expectation.severity);
    CHECK(std::any_of(report.findings.begin(), report.findings.end(),
                      [&](const checks::Finding& finding) { return matches(finding, expectation); }));
  }
  // rwdoctor guard runs the checks that can be critical: no finding may be worse than
  // its check declares (CheckSpec::worst_severity).
  for (const auto& finding : report.findings) {
    INFO(finding.check << " reported " << checks::to_string(finding.severity) << ": " << finding.message);
    CHECK(finding.severity >= checks::worst_severity(checks::Catalogue::builtin(), finding.check));
  }
  for (const auto& finding : report.findings) {
    INFO(finding.check << " reported " << checks::to_string(finding.severity) << ": " << finding.message);
    CHECK(std::find(injection.expect_none.begin(), injection.expect_none.end(), finding.check)
          == injection.expect_none.end());
    if (!injection.expect_worst.empty()) {
      CHECK(finding.severity >= *checks::parse_severity(injection.expect_worst));
    }
  }
  if (injection.expect_clean) {
    CHECK(checks::verdict(report) == ExitCode::clean);
  }
}

// The contract of CheckSpec::scoped: a run scoped to a job reports every finding of the
// whole-store run about that job (and more where the evidence involves it), never a finding
// the whole-store run lacks; a scope of every job reports every finding about a job. All runs
// share the session's one snapshot, so they read the same rows.
void
require_scoped_runs_agree(db::MetaStoreSession& session, const std::vector<std::string>& scoped_ids)
{
  checks::CheckSelection whole;
  whole.check_ids = scoped_ids;
  const auto full = checks::run_checks(session, checks::Catalogue::builtin(), whole, nullptr);
  const auto full_lines = finding_lines(full);

  std::set<int> jobs;
  for (const auto& row : session.run_check_query("SELECT job_id FROM streaming_job").values) {
    jobs.insert(std::stoi(row[0].value_or("0")));
  }
  jobs.insert(999999); // no such job
  std::vector<std::set<int>> scopes;
  for (const int job : jobs) {
    scopes.push_back({job});
  }
  scopes.push_back(jobs);
  for (const auto& scope : scopes) {
    auto selection = whole;
    selection.scope_jobs = scope;
    const auto scoped = checks::run_checks(session, checks::Catalogue::builtin(), selection, nullptr);
    const auto scoped_lines = finding_lines(scoped);
    INFO("scope: " << fmt::format("{}", fmt::join(scope, ",")) << "\nfull run:\n" << test::describe(full)
                   << "scoped run:\n" << test::describe(scoped));
    for (const auto& outcome : scoped.checks) {
      INFO(outcome.id << ": " << outcome.error);
      CHECK(outcome.status != checks::CheckStatus::failed);
    }
    for (const auto& line : scoped_lines) {
      INFO(line);
      CHECK(full_lines.count(line) == 1);
    }
    for (const auto& finding : full.findings) {
      const bool about_scope = (finding.job_id && scope.count(*finding.job_id) != 0)
                               || (finding.object_id && scope.count(*finding.object_id) != 0);
      if (about_scope) {
        INFO(finding_line(finding));
        CHECK(scoped_lines.count(finding_line(finding)) == 1);
      }
    }
  }
}

} // namespace

// One scratch database per injection and generation (and the healthy store), read by one
// session: the whole-store run must report what the injection's header expects, and the
// scoped runs must keep CheckSpec::scoped's contract on it.
TEST_CASE("every injected inconsistency is found with its subject and severity, and scoped runs agree",
          "[db][injections][scope]")
{
  const auto scoped_ids = scoped_check_ids();
  REQUIRE(scoped_ids.size() >= 4);
  auto cases = all_injections();
  REQUIRE(cases.size() >= 26);
  InjectionCase healthy;
  healthy.file = "(healthy)";
  healthy.generations = test::generations();
  healthy.expect_clean = true;
  cases.push_back(healthy);
  std::size_t case_index = 0;
  for (const auto& injection : cases) {
    for (const auto& generation : injection.generations) {
      if (!test::in_this_shard(case_index++)) {
        continue;
      }
      DYNAMIC_SECTION(injection.file << " on " << generation)
      {
        REQUIRE(std::find(test::all_generations().begin(), test::all_generations().end(), generation)
                != test::all_generations().end());
        const test::ScratchDatabase database(generation);
        if (!injection.sql.empty()) {
          database.execute(injection.sql);
        }
        db::ConnectionOptions options;
        options.dbname = database.name();
        db::MetaStoreSession session(options);
        require_expected_findings(injection, checks::run_checks(session, checks::Catalogue::builtin(), {}, nullptr));
        require_scoped_runs_agree(session, scoped_ids);
      }
    }
  }
}
