#include "cli/watch_command.hpp"

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "cli/options.hpp"
#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "core/version.hpp"
#include "db/meta_store_session.hpp"
#include "hummock/state_inspector.hpp"
#include "report/check_renderer.hpp"
#include "util/text.hpp"
#include "watch/watch_metrics.hpp"
#include "watch/watch_schedule.hpp"
#include "watch/watch_server.hpp"

#include <boost/program_options.hpp>
#include <fmt/format.h>
#include <fmt/ostream.h>
#include <nlohmann/json.hpp>
#include <pqxx/except>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <ostream>
#include <random>
#include <set>
#include <sstream>

namespace rwdoctor::cli {

namespace {

po::options_description
watch_options()
{
  po::options_description options("rwdoctor watch options");
  add_connection_options(options);
  options.add_options()
    ("help", "show this help")
    ("interval", po::value<std::string>(), "seconds from the start of one check run to the start of the next")
    ("listen", po::value<std::string>()->default_value("127.0.0.1:9187"),
     "HOST:PORT to serve /metrics, /healthz and /report.json on");
  add_selection_options(options);
  return options;
}

const char* const k_watch_usage = R"(Usage: rwdoctor watch --interval SECONDS [--listen HOST:PORT] [check options]

Runs rwdoctor check every interval (one read-only snapshot each, never two at
once, no transaction open between runs; backing off while the database is
unreachable) and serves
  /metrics      Prometheus metrics: rwdoctor_findings{check,severity},
                rwdoctor_incidents{recommended}, rwdoctor_check_up, ...
  /healthz      200 while the process runs
  /report.json  the last run's report (check --format json), or its error
SIGTERM or Ctrl-C stops it; a run in progress is cancelled, its session closed.

)";

// Counts the findings per check and severity on their way to the renderer, forgetting a
// failed check's, as the renderer does.
class CountingSink : public checks::FindingSink
{
public:
  explicit CountingSink(checks::FindingSink& next) : m_next(next) {}

  void accept(checks::Finding finding) override
  {
    ++m_counts[{finding.check, finding.severity}];
    ++m_current[{finding.check, finding.severity}];
    m_next.accept(std::move(finding));
  }
  void begin_check() override
  {
    m_current.clear();
    m_next.begin_check();
  }
  void discard_check() override
  {
    for (const auto& [key, count] : m_current) {
      m_counts[key] -= count;
    }
    m_current.clear();
    m_next.discard_check();
  }
  const std::map<std::pair<std::string, checks::Severity>, std::size_t>& counts() const { return m_counts; }

private:
  checks::FindingSink& m_next;
  std::map<std::pair<std::string, checks::Severity>, std::size_t> m_counts;
  std::map<std::pair<std::string, checks::Severity>, std::size_t> m_current;
};

double
unix_now()
{
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::string
error_report(const std::string& message, const std::string& hint, double ended_at)
{
  nlohmann::json document = {
    {"format_version", 1},
    {"tool_version", tool_version()},
    {"error", {{"message", message}, {"hint", hint.empty() ? nlohmann::json() : nlohmann::json(hint)}}},
    {"run_ended_at", ended_at},
  };
  return document.dump(2) + "\n";
}

// Sleeps until `seconds` have passed or a signal asked to stop; true when asked to stop.
class StopSignal
{
public:
  StopSignal() : m_registration([this] { notify(); }) {}

  bool wait(double seconds)
  {
    std::unique_lock<std::mutex> lock(m_mutex);
    return m_wakeup.wait_for(lock, std::chrono::duration<double>(seconds), [] { return interrupted(); });
  }

private:
  void notify()
  {
    const std::lock_guard<std::mutex> lock(m_mutex);
    m_wakeup.notify_all();
  }

  std::mutex m_mutex;
  std::condition_variable m_wakeup;
  CancelRegistration m_registration; // the interrupt watcher calls notify() after SIGTERM/SIGINT
};

struct WatchRequest
{
  db::ConnectionOptions connection;
  checks::CheckSelection selection;
  double interval = 0;
  std::string listen;
};

WatchRequest
watch_request(const po::variables_map& values)
{
  WatchRequest request;
  if (values.count("interval") == 0) {
    throw UsageError("watch needs --interval SECONDS", "For example --interval 60: a check run every minute.");
  }
  const auto interval = values["interval"].as<std::string>();
  int seconds = 0;
  if (!util::parse_int32(interval, seconds) || seconds <= 0) {
    throw UsageError(fmt::format("--interval takes a positive number of seconds, not '{}'", util::printable(interval)),
                     "For example --interval 60: a check run every minute.");
  }
  request.interval = seconds;
  request.listen = values["listen"].as<std::string>();
  request.connection = connection_from(values);
  request.selection = selection_from(values, request.connection);
  return request;
}

// One check run: the JSON report for /report.json and the metrics. Throws as check does.
void
run_once(const WatchRequest& request, watch::WatchMetrics& metrics, watch::WatchServer& server, double& seconds,
         bool& complete)
{
  const auto started = std::chrono::steady_clock::now();
  const auto& catalogue = checks::Catalogue::builtin();
  db::MetaStoreSession session(request.connection); // one snapshot, ended when the run ends
  require_jobs_exist(session, request.selection.job_ids); // a job dropped since: said in /report.json
  auto renderer = report::CheckRenderer::json(command_context(request.connection, session));
  hummock::StateInspector state(session);
  renderer.set_state_source(hummock::incident_state_source(state));
  CountingSink counting(renderer);
  const auto run = checks::run_checks(session, catalogue, request.selection, nullptr, counting);
  std::ostringstream json;
  renderer.finish(json, run);
  seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  watch::RunSummary summary;
  summary.findings = counting.counts();
  for (const auto& incident : renderer.analysis().incidents) {
    ++summary.incidents[incident.recommended];
  }
  summary.state = watch::state_at_risk(renderer.states());
  summary.leader_heartbeat_age_s = run.meta_store.leader_heartbeat_age_s;
  summary.generation = run.meta_store.generation;
  summary.migrations = run.meta_store.migrations;
  std::set<std::string> failed;
  for (const auto& outcome : run.checks) {
    if (outcome.status == checks::CheckStatus::failed) {
      failed.insert(outcome.id);
    }
  }
  complete = failed.empty();
  metrics.record_completed(summary, failed, seconds, unix_now());
  server.set_report(json.str());
}

} // namespace

int
run_watch_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
  const auto options = watch_options();
  const auto values = parse_options(args, options, "watch");
  if (values.count("help") != 0) {
    std::ostringstream text;
    text << k_watch_usage << options
         << "\nExit codes: 0 stopped by SIGTERM or Ctrl-C, 8 cannot listen, 16 usage error.\n";
    out << text.str();
    return to_int(ExitCode::clean);
  }
  const auto request = watch_request(values);
  const auto& catalogue = checks::Catalogue::builtin();
  watch::WatchMetrics metrics(request.selection.check_ids.empty() ? catalogue.ids() : request.selection.check_ids);
  watch::WatchServer server(request.listen, metrics.registry());
  fmt::print(err, "rwdoctor watch: serving http://{}/metrics, /healthz, /report.json\n", server.address());
  fmt::print(err, "rwdoctor watch: a check every {:g} s; SIGTERM or Ctrl-C stops it\n", request.interval);
  err.flush();

  const InterruptGuard stop_on_signal;
  StopSignal stop;
  std::mt19937_64 random(std::random_device{}());
  double delay = watch::first_delay_seconds(request.interval, std::uniform_real_distribution<double>(0, 1)(random));
  int failures = 0;
  std::string last_state; // "": completed; else the error, or "incomplete"
  while (!stop.wait(delay)) {
    const auto started = std::chrono::steady_clock::now();
    double seconds = 0;
    bool complete = false;
    std::string message;
    std::string hint;
    try {
      run_once(request, metrics, server, seconds, complete);
    } catch (const Error& error) {
      message = error.what();
      hint = error.hint();
    } catch (const pqxx::broken_connection&) {
      message = "lost the connection to PostgreSQL";
      hint = "Check the server; watch tries again.";
    } catch (const std::exception& error) {
      message = fmt::format("internal error: {}", error.what());
    }
    if (interrupted()) {
      break; // the run was cancelled: its session is closed, nothing is left on the server
    }
    if (!message.empty()) {
      seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      const double ended = unix_now();
      metrics.record_failed(seconds, ended);
      server.set_report(error_report(message, hint, ended));
    }
    // One line when the state changes (failed, incomplete, completed), not one per run.
    const std::string state = !message.empty() ? message : complete ? std::string() : std::string("incomplete");
    if (state != last_state) {
      if (!message.empty()) {
        fmt::print(err, "rwdoctor watch: the check run failed: {}\n", util::printable(message));
      } else if (!complete) {
        fmt::print(err, "rwdoctor watch: some checks could not run (see /report.json); rwdoctor_check_up is 0\n");
      } else {
        fmt::print(err, "rwdoctor watch: the check run completed again\n");
      }
      err.flush();
    }
    last_state = state;
    failures = complete ? 0 : failures + 1;
    delay = watch::next_delay_seconds(request.interval, seconds, failures);
  }
  fmt::print(err, "rwdoctor watch: stopped\n");
  return to_int(ExitCode::clean);
}

} // namespace rwdoctor::cli
