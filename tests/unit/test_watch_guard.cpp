// rwdoctor guard's verdict and rwdoctor watch's schedule and metrics, without a server.
#include "report/guard_report.hpp"
#include "watch/watch_metrics.hpp"
#include "watch/watch_schedule.hpp"

#include <catch2/catch.hpp>

using namespace rwdoctor;
using namespace rwdoctor::checks;

namespace {

CheckReport
gate_report()
{
  CheckReport report;
  report.meta_store = {"metadata", "public", "head", 95, {}, {}, std::nullopt};
  report.checks.push_back({"job-without-fragments", CheckStatus::ran, 1, "", "", ""});
  report.checks.push_back({"stream-node-mismatch", CheckStatus::ran, 1, "", "", ""});
  Finding lost;
  lost.check = "job-without-fragments";
  lost.severity = Severity::critical;
  lost.consequence = Consequence::data_loss;
  lost.job_id = 16;
  lost.object_id = 16;
  lost.database_id = 1;
  lost.name = "dev.public.mv_orders";
  lost.message = "streaming job 16 (CREATED, FOREGROUND) has no fragment rows";
  lost.repairs = {Repair::restore_fragments, Repair::drop_job};
  report.findings.push_back(lost);
  Finding plan;
  plan.check = "stream-node-mismatch";
  plan.severity = Severity::error;
  plan.consequence = Consequence::recovery_error;
  plan.job_id = 24;
  plan.object_id = 24;
  plan.fragment_id = 7;
  plan.database_id = 1;
  plan.message = "fragment 7 of job 24: a Merge reads fragment 3, which has no edge to it";
  plan.repairs = {Repair::drop_job};
  report.findings.push_back(plan);
  return report;
}

bool
contains(const std::string& text, const std::string& part)
{
  return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("guard: a critical incident blocks with the command that repairs it", "[guard]")
{
  incidents::CommandContext commands{" -d metadata", " -d metadata", "", ""};
  const auto judged = report::judge_start(gate_report(), {}, commands);
  INFO(judged.out << judged.err);
  CHECK(judged.code == ExitCode::inconsistent);
  CHECK(contains(judged.out, "do not start the meta node: 1 incident would crash it or lose state"));
  CHECK(contains(judged.out, "1. job 16 dev.public.mv_orders: job-without-fragments: streaming job 16"));
  CHECK(contains(judged.out, "; repair: rwdoctor repair restore --job 16 --from BACKUP -d metadata --dry-run"));
  CHECK(contains(judged.out, "BACKUP: the conninfo"));
  CHECK(contains(judged.out, "every incident repaired in one run: rwdoctor repair all --from BACKUP -d metadata --dry-run"));
  CHECK(contains(judged.out, "rwdoctor guard: the whole report: rwdoctor check -d metadata\n"));
  CHECK_FALSE(contains(judged.out, "job 24")); // an error, not critical: it does not block
  CHECK(judged.err.empty());
}

TEST_CASE("guard: --allow accepts a check's critical findings loudly", "[guard]")
{
  const auto judged = report::judge_start(gate_report(), {"job-without-fragments"}, {});
  INFO(judged.out << judged.err);
  CHECK(judged.code == ExitCode::clean);
  CHECK(contains(judged.out, "the meta node may start: 2 checks found nothing that crashes it or loses state "
                             "(besides what --allow accepted)"));
  CHECK(contains(judged.err, "WARNING: --allow job-without-fragments accepts 1 critical finding for this start"));

  auto clean = gate_report();
  clean.findings.clear();
  const auto unused = report::judge_start(clean, {"job-without-fragments"}, {});
  CHECK(unused.code == ExitCode::clean);
  CHECK(contains(unused.err, "--allow job-without-fragments: this check found nothing to accept"));
}

TEST_CASE("guard: a check that could not run means it cannot tell, unless something blocks", "[guard]")
{
  auto report = gate_report();
  report.checks.push_back({"blob-malformed", CheckStatus::failed, 0, "canceling statement due to statement timeout",
                           "", "Raise --statement-timeout."});
  const auto blocked = report::judge_start(report, {}, {});
  CHECK(blocked.code == ExitCode::inconsistent); // what was found is enough to refuse the start
  CHECK(contains(blocked.err, "check blob-malformed could not run: canceling statement"));

  report.findings.erase(report.findings.begin()); // only the error finding is left
  const auto unknown = report::judge_start(report, {}, {});
  INFO(unknown.out << unknown.err);
  CHECK(unknown.code == ExitCode::operational);
  CHECK(unknown.out.empty());
  CHECK(contains(unknown.err, "rwdoctor: error: 1 check could not run, so guard cannot tell whether the meta node "
                              "may start\nHINT: Raise --statement-timeout.\n"));
}

TEST_CASE("watch: runs every interval, never overlapping, backing off after failures", "[watch]")
{
  CHECK(watch::first_delay_seconds(60, 0.0) == 0.0);
  CHECK(watch::first_delay_seconds(60, 0.5) == Approx(2.5)); // a tenth of 60 s, at most 5 s
  CHECK(watch::first_delay_seconds(600, 0.999) <= 5.0);
  CHECK(watch::first_delay_seconds(20, 0.5) == Approx(1.0));
  CHECK(watch::first_delay_seconds(1, 0.5) == Approx(0.05));

  CHECK(watch::next_delay_seconds(60, 10, 0) == Approx(50));
  CHECK(watch::next_delay_seconds(60, 75, 0) == 0.0); // longer than the interval: back to back
  CHECK(watch::next_delay_seconds(60, 1, 1) == Approx(60));
  CHECK(watch::next_delay_seconds(60, 1, 2) == Approx(120));
  CHECK(watch::next_delay_seconds(60, 1, 3) == Approx(240));
  CHECK(watch::next_delay_seconds(60, 1, 4) == Approx(300)); // the ceiling
  CHECK(watch::next_delay_seconds(60, 1, 1000) == Approx(300));
  CHECK(watch::next_delay_seconds(900, 1, 5) == Approx(900)); // never shorter than the interval
}

TEST_CASE("watch: the metrics of a run, a failure and a generation change", "[watch]")
{
  watch::WatchMetrics metrics({"job-without-fragments", "blob-malformed"});
  const auto before = metrics.exposition();
  CHECK(contains(before, "rwdoctor_findings{check=\"job-without-fragments\",severity=\"critical\"} 0"));
  CHECK(contains(before, "rwdoctor_incidents{recommended=\"restore-fragments\"} 0"));
  CHECK(contains(before, "rwdoctor_check_up 0"));
  CHECK_FALSE(contains(before, "rwdoctor_meta_leader_heartbeat_age_seconds "));

  watch::RunSummary summary;
  summary.findings[{"job-without-fragments", Severity::critical}] = 1;
  summary.findings[{"blob-malformed", Severity::critical}] = 2;
  summary.incidents[Repair::restore_fragments] = 1;
  summary.leader_heartbeat_age_s = 12.5;
  summary.generation = "v2.4.0";
  summary.migrations = 40;
  metrics.record_completed(summary, {}, 1.25, 1700000000);
  const auto after = metrics.exposition();
  INFO(after);
  CHECK(contains(after, "rwdoctor_findings{check=\"job-without-fragments\",severity=\"critical\"} 1"));
  CHECK(contains(after, "rwdoctor_findings{check=\"blob-malformed\",severity=\"critical\"} 2"));
  CHECK(contains(after, "rwdoctor_incidents{recommended=\"restore-fragments\"} 1"));
  CHECK(contains(after, "rwdoctor_check_up 1"));
  CHECK(contains(after, "rwdoctor_run_duration_seconds 1.25"));
  CHECK(contains(after, "rwdoctor_last_run_timestamp_seconds 1700000000"));
  CHECK(contains(after, "rwdoctor_meta_leader_heartbeat_age_seconds 12.5"));
  CHECK(contains(after, "rwdoctor_meta_store_info{generation=\"v2.4.0\",migrations=\"40\"} 1"));

  // A failed run: up 0, the findings stay as the last completed run left them.
  metrics.record_failed(0.5, 1700000060);
  const auto failed = metrics.exposition();
  CHECK(contains(failed, "rwdoctor_check_up 0"));
  CHECK(contains(failed, "rwdoctor_findings{check=\"job-without-fragments\",severity=\"critical\"} 1"));

  // Repaired and upgraded; blob-malformed failed this time and keeps its last value.
  watch::RunSummary repaired;
  repaired.generation = "head";
  repaired.migrations = 95;
  metrics.record_completed(repaired, {"blob-malformed"}, 2, 1700000120);
  const auto later = metrics.exposition();
  INFO(later);
  CHECK(contains(later, "rwdoctor_findings{check=\"job-without-fragments\",severity=\"critical\"} 0"));
  CHECK(contains(later, "rwdoctor_findings{check=\"blob-malformed\",severity=\"critical\"} 2"));
  CHECK(contains(later, "rwdoctor_check_up 0"));
  CHECK(contains(later, "rwdoctor_meta_store_info{generation=\"head\",migrations=\"95\"} 1"));
  CHECK_FALSE(contains(later, "generation=\"v2.4.0\""));
  CHECK_FALSE(contains(later, "rwdoctor_meta_leader_heartbeat_age_seconds "));
}
