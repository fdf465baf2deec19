// rwdoctor guard (the meta node's pre-start gate) and rwdoctor watch (check on an interval,
// Prometheus metrics) against real databases; watch also under Debian's real Prometheus
// server, with the sample alert rules of deploy/prometheus.
#include "cli_runner.hpp"
#include "http_get.hpp"
#include "process_runner.hpp"
#include "scratch_database.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include <chrono>
#include <csignal>
#include <thread>
#include <fstream>
#include <set>
#include <netinet/in.h>
#include <sys/socket.h>

using namespace rwdoctor;
using test::contains;
using test::run_cli;

namespace {

// A loopback port nothing listens on right now (the system's choice for a closed socket).
int
free_port()
{
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0);
  socklen_t length = sizeof address;
  REQUIRE(::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0);
  ::close(fd);
  return ntohs(address.sin_port);
}

// A running `rwdoctor watch` on a port the system chose; stopped with SIGTERM at the end.
class Watch
{
public:
  explicit Watch(std::vector<std::string> args)
    : m_process(with_binary(std::move(args)), options())
  {
    const auto marker = std::string("serving http://127.0.0.1:");
    const auto after = m_process.wait_for(marker);
    m_port = std::atoi(m_process.output().c_str() + after);
    REQUIRE(m_port > 0);
  }
  int port() const { return m_port; }
  test::PtyProcess& process() { return m_process; }
  // SIGTERM, then the exit: 0 and "stopped".
  test::ProcessOutcome stop()
  {
    ::kill(m_process.pid(), SIGTERM);
    return m_process.wait();
  }

private:
  static std::vector<std::string> with_binary(std::vector<std::string> args)
  {
    args.insert(args.begin(), {test::rwdoctor_binary(), "watch"});
    return args;
  }
  static test::ProcessOptions options()
  {
    test::ProcessOptions options;
    options.timeout = std::chrono::milliseconds(600000);
    return options;
  }
  test::PtyProcess m_process;
  int m_port = 0;
};

bool
has_line(const test::HttpResponse& response, const std::string& line)
{
  return response.status == 200 && contains("\n" + response.body, "\n" + line + "\n");
}

// rwdoctor sessions (application_name rwdoctor) on database `dbname`, polled until there are
// none or 30 s pass: a closed connection's backend leaves pg_stat_activity a moment after the
// client. Other test processes may run rwdoctor on their own databases at the same time.
int
rwdoctor_sessions(const std::string& dbname)
{
  pqxx::connection connection("dbname=postgres");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  for (;;) {
    pqxx::nontransaction tx(connection);
    const int count =
      tx.exec_params1("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'rwdoctor' AND datname = $1",
                      dbname)[0]
        .as<int>();
    if (count == 0 || std::chrono::steady_clock::now() > deadline) {
      return count;
    }
    tx.commit();
    std::this_thread::sleep_for(std::chrono::milliseconds(100)); // the poll period
  }
}

} // namespace

TEST_CASE("guard: the demo store may start on every generation; the demo incident may not", "[db][guard]")
{
  for (const auto& generation : test::generations()) {
    DYNAMIC_SECTION(generation)
    {
      const test::ScratchDatabase database(generation);
      const auto healthy = run_cli({"guard", "-d", database.name()});
      INFO(healthy.out << healthy.err);
      CHECK(healthy.code == 0);
      CHECK(contains(healthy.out, "rwdoctor guard: the meta node may start: "));
      CHECK(healthy.err.empty());

      database.execute(test::read_source_file("sql/demo/incident.sql"));
      const auto blocked = run_cli({"guard", "-d", database.name()});
      INFO(blocked.out << blocked.err);
      CHECK(blocked.code == 4);
      // The demo incident's three critical root causes block; its leftover (a warning) does not.
      // Before v2.7 the job whose streaming_job row is gone (41) still loads from its actor rows:
      // recovery fails on it (an error) without crashing or losing state, so it does not block.
      const bool loads_jobs_from_streaming_job = generation != "v2_4";
      const int blocking = loads_jobs_from_streaming_job ? 3 : 2;
      CHECK(contains(blocked.out, fmt::format("do not start the meta node: {} incidents would crash it or lose state",
                                              blocking)));
      CHECK(contains(blocked.out, ": object-database-invalid: "));
      CHECK(contains(blocked.out, ": relation-without-job: ") == loads_jobs_from_streaming_job);
      CHECK(contains(blocked.out, ": job-without-fragments: "));
      CHECK(contains(blocked.out, fmt::format("; repair: rwdoctor repair restore --job 16 --from BACKUP -d {}",
                                              database.name())));
      CHECK(contains(blocked.out, fmt::format("every incident repaired in one run: rwdoctor repair all --from BACKUP -d {}",
                                              database.name())));
      CHECK(contains(blocked.out, fmt::format("rwdoctor guard: the whole report: rwdoctor check -d {}",
                                              database.name())));

      // --allow every check with a critical finding (as JSON check reports them): it may start.
      const auto report = nlohmann::json::parse(run_cli({"check", "-d", database.name(), "--format", "json"}).out);
      std::set<std::string> critical;
      for (const auto& finding : report["findings"]) {
        if (finding["severity"] == "critical") {
          critical.insert(finding["check"].get<std::string>());
        }
      }
      CHECK(critical.count("object-schema-invalid") == 1); // in the incident of object-database-invalid
      std::vector<std::string> args = {"guard", "-d", database.name()};
      for (const auto& check : critical) {
        args.insert(args.end(), {"--allow", check});
      }
      const auto allowed = run_cli(args);
      INFO(allowed.out << allowed.err);
      CHECK(allowed.code == 0);
      CHECK(contains(allowed.err, "WARNING: --allow job-without-fragments accepts 1 critical finding"));
      CHECK(contains(allowed.out, "(besides what --allow accepted)"));

      // One check's findings allowed: the other incidents still block.
      const auto one = run_cli({"guard", "-d", database.name(), "--allow", "job-without-fragments"});
      CHECK(one.code == 4);
      CHECK(contains(one.out, fmt::format("do not start the meta node: {} would crash it or lose state",
                                          blocking == 3 ? "2 incidents" : "1 incident")));
    }
  }
}

TEST_CASE("guard: bad input", "[db][guard][bad-input]")
{
  const test::ScratchDatabase database("head");
  const auto unknown = run_cli({"guard", "-d", database.name(), "--allow", "job-without-fragment"});
  CHECK(unknown.code == 16);
  CHECK(contains(unknown.err, "rwdoctor: error: unknown check 'job-without-fragment' in --allow\nHINT: "));
  const auto not_gated = run_cli({"guard", "-d", database.name(), "--allow", "object-orphaned"});
  CHECK(not_gated.code == 16);
  CHECK(contains(not_gated.err, "guard does not run check 'object-orphaned'"));
  const auto unreachable = run_cli({"guard", "-h", "/nonexistent-socket-dir", "-d", database.name()});
  CHECK(unreachable.code == 8);
  CHECK(contains(unreachable.err, "rwdoctor: error: "));
  CHECK(contains(unreachable.err, "\nHINT: "));
  CHECK(unreachable.out.empty());
  const auto not_meta = run_cli({"guard", "-d", "postgres"});
  CHECK(not_meta.code == 8);
  // A statement timeout too short for the checks: it cannot tell, and says so.
  const auto timed_out = run_cli({"guard", "-d", database.name(), "--statement-timeout", "1"});
  INFO(timed_out.out << timed_out.err);
  CHECK(timed_out.code == 8);
  CHECK(contains(timed_out.err, "rwdoctor: error: "));
  CHECK(contains(timed_out.err, "\nHINT: "));
}

TEST_CASE("watch: metrics, /healthz and /report.json follow the store; SIGTERM stops it cleanly", "[db][watch]")
{
  const test::ScratchDatabase backup("head");
  const auto live = test::ScratchDatabase::copy_of(backup);
  const int mv = test::seed_mv_id(live);
  Watch watch({"-d", live.name(), "--interval", "1", "--listen", "127.0.0.1:0"});

  CHECK(has_line(test::http_get(watch.port(), "/healthz"), "ok"));
  const auto clean = test::http_wait_for(watch.port(), "/metrics", [](const test::HttpResponse& response) {
    return has_line(response, "rwdoctor_check_up 1");
  });
  INFO(clean.body);
  REQUIRE(has_line(clean, "rwdoctor_check_up 1"));
  CHECK(has_line(clean, "rwdoctor_findings{check=\"job-without-fragments\",severity=\"critical\"} 0"));
  CHECK(contains(clean.body, "\nrwdoctor_meta_store_info{generation=\"head\",migrations=\""));
  CHECK(contains(clean.body, "rwdoctor_run_duration_seconds "));
  CHECK(contains(clean.body, "rwdoctor_last_run_timestamp_seconds "));
  CHECK(has_line(clean, "rwdoctor_state_bytes_at_risk 0"));
  CHECK(has_line(clean, "rwdoctor_state_tables{grade=\"present\"} 0"));

  live.execute(fmt::format("DELETE FROM fragment WHERE job_id = {}", mv));
  const auto broken = test::http_wait_for(watch.port(), "/metrics", [](const test::HttpResponse& response) {
    return has_line(response, "rwdoctor_findings{check=\"job-without-fragments\",severity=\"critical\"} 1");
  });
  INFO(broken.body);
  CHECK(has_line(broken, "rwdoctor_findings{check=\"job-without-fragments\",severity=\"critical\"} 1"));
  CHECK(has_line(broken, "rwdoctor_incidents{recommended=\"restore-fragments\"} 1"));
  // The MV's three state tables (16, 17, 18 in the demo's Hummock rows) are still registered:
  // their stats' key and value bytes are what its next recovery would discard.
  CHECK(has_line(broken, "rwdoctor_state_tables{grade=\"present\"} 3"));
  CHECK(has_line(broken, "rwdoctor_state_tables{grade=\"removed\"} 0"));
  CHECK(has_line(broken, "rwdoctor_state_bytes_at_risk 1990737660"));
  const auto report = test::http_get(watch.port(), "/report.json");
  REQUIRE(report.status == 200);
  const auto document = nlohmann::json::parse(report.body);
  CHECK(document["format_version"] == 1);
  CHECK(document["incidents"].size() == 1);
  CHECK(document["incidents"][0]["jobs"] == nlohmann::json::array({mv}));
  CHECK(document["incidents"][0]["state"]["grade"] == "present");

  const auto stopped = watch.stop();
  INFO(stopped.describe());
  CHECK(stopped.exited);
  CHECK(stopped.exit_code == 0);
  CHECK(contains(stopped.out, "rwdoctor watch: stopped"));
  CHECK(rwdoctor_sessions(live.name()) == 0); // no transaction, no session left on the server
  CHECK(test::http_get(free_port(), "/healthz").status == 0);
}

TEST_CASE("watch: bad input, an unreachable database, a port in use", "[db][watch][bad-input]")
{
  const test::ScratchDatabase database("head");
  CHECK(run_cli({"watch", "-d", database.name()}).code == 16);
  for (const auto& interval : {"0", "-5", "1.5", "soon", ""}) {
    const auto result = run_cli({"watch", "-d", database.name(), "--interval", interval});
    INFO(interval << ": " << result.err);
    CHECK(result.code == 16);
    CHECK(contains(result.err, "HINT: "));
  }
  for (const auto& listen : {"9187", "127.0.0.1:", "127.0.0.1:65536", "::1:9187", "127.0.0.1:http"}) {
    const auto result = run_cli({"watch", "-d", database.name(), "--interval", "5", "--listen", listen});
    INFO(listen << ": " << result.err);
    CHECK(result.code == 16);
  }
  CHECK(run_cli({"watch", "-d", database.name(), "--interval", "5", "--check", "no-such-check"}).code == 16);

  // Unreachable: it keeps serving, with check_up 0 and the error in /report.json.
  Watch unreachable({"-h", "/nonexistent-socket-dir", "-d", database.name(), "--interval", "1", "--listen",
                     "127.0.0.1:0"});
  const auto down = test::http_wait_for(unreachable.port(), "/report.json", [](const test::HttpResponse& response) {
    return response.status == 200;
  });
  REQUIRE(down.status == 200);
  const auto error = nlohmann::json::parse(down.body);
  CHECK(error["error"]["message"].get<std::string>().find("/nonexistent-socket-dir") != std::string::npos);
  CHECK(has_line(test::http_get(unreachable.port(), "/metrics"), "rwdoctor_check_up 0"));
  CHECK(has_line(test::http_get(unreachable.port(), "/healthz"), "ok"));

  // The same port again: one line, exit 8.
  const auto taken = run_cli({"watch", "-d", database.name(), "--interval", "5", "--listen",
                              fmt::format("127.0.0.1:{}", unreachable.port())});
  INFO(taken.err);
  CHECK(taken.code == 8);
  CHECK(contains(taken.err, fmt::format("rwdoctor: error: cannot listen on 127.0.0.1:{}", unreachable.port())));
  const auto stopped = unreachable.stop();
  CHECK(stopped.exit_code == 0);
}

TEST_CASE("watch under Prometheus: a job without fragments fires the sample alert, its repair resolves it",
          "[db][watch][prometheus]")
{
  const std::string prometheus = "/usr/bin/prometheus";
  INFO("scripts/install-deps.sh installs Debian's prometheus package");
  REQUIRE(test::file_exists(prometheus));
  const test::ScratchDatabase backup("head");
  const auto live = test::ScratchDatabase::copy_of(backup);
  const int mv = test::seed_mv_id(live);
  Watch watch({"-d", live.name(), "--interval", "1", "--listen", "127.0.0.1:0"});

  const test::TemporaryDirectory dir;
  const int port = free_port();
  {
    std::ofstream config(dir.file("prometheus.yml"));
    config << fmt::format("global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\n"
                          "rule_files:\n  - {}\n"
                          "scrape_configs:\n  - job_name: rwdoctor\n    static_configs:\n"
                          "      - targets: ['127.0.0.1:{}']\n",
                          std::string(RWDOCTOR_SOURCE_DIR) + "/deploy/prometheus/rwdoctor-alerts.yml", watch.port());
  }
  test::ProcessOptions options;
  options.timeout = std::chrono::milliseconds(600000);
  test::ChildProcess server({"/bin/sh", "-c",
                             fmt::format("exec {} --config.file={} --storage.tsdb.path={} "
                                         "--web.listen-address=127.0.0.1:{} >{} 2>&1",
                                         prometheus, dir.file("prometheus.yml"), dir.file("data"), port,
                                         dir.file("prometheus.log"))},
                            options);
  const auto query = [&](const std::string& expression) {
    return fmt::format("/api/v1/query?query={}", expression);
  };
  // rwdoctor_findings{check="job-without-fragments",severity="critical"}, URL-encoded
  const auto findings = query("rwdoctor_findings%7Bcheck%3D%22job-without-fragments%22%2Cseverity%3D%22critical%22%7D");
  const auto value_is = [](const std::string& value) {
    return [value](const test::HttpResponse& response) {
      if (response.status != 200) {
        return false;
      }
      const auto document = nlohmann::json::parse(response.body, nullptr, false);
      return !document.is_discarded() && document["data"]["result"].size() == 1
             && document["data"]["result"][0]["value"][1] == value;
    };
  };
  const auto alert_firing = [](bool firing) {
    return [firing](const test::HttpResponse& response) {
      if (response.status != 200) {
        return false;
      }
      const auto document = nlohmann::json::parse(response.body, nullptr, false);
      if (document.is_discarded()) {
        return false;
      }
      bool found = false;
      for (const auto& alert : document["data"]["alerts"]) {
        found = found || (alert["labels"]["alertname"] == "RisingWaveMetaStoreCritical" && alert["state"] == "firing");
      }
      return found == firing;
    };
  };
  const auto log = [&] {
    std::ifstream in(dir.file("prometheus.log"));
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  };

  const auto healthy = test::http_wait_for(port, findings, value_is("0"));
  INFO(healthy.body << "\nprometheus log:\n" << log());
  REQUIRE(value_is("0")(healthy));
  CHECK(alert_firing(false)(test::http_get(port, "/api/v1/alerts")));

  live.execute(fmt::format("DELETE FROM fragment WHERE job_id = {}", mv));
  const auto found = test::http_wait_for(port, findings, value_is("1"));
  INFO(found.body);
  CHECK(value_is("1")(found));
  const auto fired = test::http_wait_for(port, "/api/v1/alerts", alert_firing(true));
  INFO(fired.body);
  CHECK(alert_firing(true)(fired));

  const auto repaired = run_cli({"repair", "restore", "-d", live.name(), "--job", std::to_string(mv), "--from",
                                 backup.name(), "--yes", "--allow-online", "--undo-file", dir.file("undo.json")});
  INFO(repaired.out << repaired.err);
  REQUIRE(repaired.code == 1);
  const auto back = test::http_wait_for(port, findings, value_is("0"));
  CHECK(value_is("0")(back));
  const auto resolved = test::http_wait_for(port, "/api/v1/alerts", alert_firing(false));
  INFO(resolved.body);
  CHECK(alert_firing(false)(resolved));
  CHECK(watch.stop().exit_code == 0);
}

namespace {

// The argv a snippet of deploy/ runs: the JSON array after `key` (a YAML flow sequence of
// double-quoted strings is JSON), or ["/bin/sh", "-c", value] for a systemd `key=value` line.
std::vector<std::string>
snippet_command(const std::string& path, const std::string& key)
{
  const auto text = test::read_source_file(path);
  const auto at = text.find("\n" + key);
  REQUIRE(at != std::string::npos);
  const auto start = at + 1 + key.size();
  const auto line = text.substr(start, text.find('\n', start) - start);
  if (key.back() == '=') {
    return {"/bin/sh", "-c", line};
  }
  std::vector<std::string> argv = nlohmann::json::parse(line).get<std::vector<std::string>>();
  for (auto& arg : argv) {
    for (auto dollars = arg.find("$$"); dollars != std::string::npos; dollars = arg.find("$$", dollars + 1)) {
      arg.replace(dollars, 2, "$"); // docker compose's escape of a literal $
    }
  }
  if (!argv.empty() && argv.front() == "sh") {
    argv.front() = "/bin/sh"; // the container's PATH lookup; test::run_process executes a path
  }
  return argv;
}

std::string
percent_encoded(const std::string& text)
{
  std::string out;
  for (const char c : text) {
    out += c == '/' ? std::string("%2F") : std::string(1, c);
  }
  return out;
}

} // namespace

TEST_CASE("guard: the Kubernetes, systemd and docker compose snippets run as written", "[db][guard]")
{
  const test::ScratchDatabase database("head");
  const char* host = std::getenv("PGHOST");
  const char* port = std::getenv("PGPORT");
  REQUIRE(host != nullptr);
  REQUIRE(port != nullptr);
  const auto binary = test::rwdoctor_binary();
  test::ProcessOptions options;
  // The meta node's environment, as the snippets expect it; libpq's own variables emptied so
  // that only what the command line builds can reach the server.
  options.environment = {"PATH=" + binary.substr(0, binary.rfind('/')) + ":" + std::getenv("PATH"),
                         "RW_SQL_ENDPOINT=" + percent_encoded(host) + ":" + port,
                         "RW_SQL_DATABASE=" + database.name(),
                         "RW_SQL_USERNAME=" + std::string(std::getenv("PGUSER") != nullptr ? std::getenv("PGUSER") : ""),
                         "RW_SQL_PASSWORD=",
                         "PGHOST=",
                         "PGPORT=",
                         "PGDATABASE="};
  const std::vector<std::pair<std::string, std::string>> snippets = {
    {"deploy/kubernetes/meta-guard-initcontainer.yaml", "    command: "},
    {"deploy/systemd/rwdoctor-guard.conf", "ExecStartPre="},
    {"deploy/docker-compose/guard.yml", "    entrypoint: "},
  };
  for (const auto& [path, key] : snippets) {
    // The Kubernetes and compose snippets take PGUSER and PGPASSWORD from their env: entries.
    auto with_user = options;
    with_user.environment.push_back("PGUSER=" + std::string(std::getenv("PGUSER") != nullptr ? std::getenv("PGUSER") : ""));
    const auto healthy = test::run_process(snippet_command(path, key), with_user);
    INFO(path << ": " << healthy.describe());
    CHECK(healthy.exit_code == 0);
    CHECK(contains(healthy.out, "rwdoctor guard: the meta node may start"));
  }
  database.execute("DELETE FROM fragment WHERE job_id = (SELECT table_id FROM \"table\" WHERE name = 'mv_orders')");
  for (const auto& [path, key] : snippets) {
    const auto blocked = test::run_process(snippet_command(path, key), options);
    INFO(path << ": " << blocked.describe());
    CHECK(blocked.exit_code == 4);
    CHECK(contains(blocked.out, "do not start the meta node: 1 incident would crash it or lose state"));
  }
}

TEST_CASE("watch: no session between runs, a new generation on the next run, SIGTERM during a run",
          "[db][watch]")
{
  const test::ScratchDatabase database("head");
  {
    // A long interval: after its first run the watch holds no session until the next one.
    Watch idle({"-d", database.name(), "--interval", "3600", "--listen", "127.0.0.1:0"});
    const auto first = test::http_wait_for(idle.port(), "/metrics", [](const test::HttpResponse& response) {
      return has_line(response, "rwdoctor_check_up 1");
    });
    REQUIRE(has_line(first, "rwdoctor_check_up 1"));
    CHECK(rwdoctor_sessions(database.name()) == 0);
    CHECK(idle.stop().exit_code == 0);
  }
  {
    // The store loses its newest migration row (as another release would have it): the next
    // run detects the store again.
    Watch watch({"-d", database.name(), "--interval", "1", "--listen", "127.0.0.1:0"});
    const auto before = test::http_wait_for(watch.port(), "/report.json", [](const test::HttpResponse& response) {
      return response.status == 200;
    });
    REQUIRE(before.status == 200);
    const auto migrations = nlohmann::json::parse(before.body)["meta_store"]["migrations"].get<int>();
    database.execute("DELETE FROM seaql_migrations WHERE version = (SELECT max(version) FROM seaql_migrations)");
    const auto after = test::http_wait_for(watch.port(), "/metrics", [&](const test::HttpResponse& response) {
      return contains(response.body, fmt::format("migrations=\"{}\"}} 1", migrations - 1));
    });
    INFO(after.body);
    CHECK(contains(after.body, fmt::format("migrations=\"{}\"}} 1", migrations - 1)));
    CHECK_FALSE(contains(after.body, fmt::format("migrations=\"{}\"}} 1", migrations)));
    CHECK(contains(after.body, "rwdoctor_meta_store_info{generation=\""));
    CHECK(watch.stop().exit_code == 0);
  }
  {
    // A run that waits for a lock when SIGTERM comes: cancelled, exit 0, nothing left behind.
    pqxx::connection locker(fmt::format("dbname={}", database.name()));
    pqxx::work hold(locker);
    hold.exec("LOCK TABLE fragment IN ACCESS EXCLUSIVE MODE");
    Watch watch({"-d", database.name(), "--interval", "1", "--listen", "127.0.0.1:0", "--lock-timeout", "600000"});
    pqxx::connection observer("dbname=postgres");
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
    bool waiting = false;
    while (!waiting && std::chrono::steady_clock::now() < deadline) {
      pqxx::nontransaction look(observer);
      waiting = look.exec_params1("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'rwdoctor' "
                                  "AND wait_event_type = 'Lock' AND datname = $1",
                                  database.name())[0]
                  .as<int>()
                > 0;
      if (!waiting) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100)); // the poll period
      }
    }
    REQUIRE(waiting);
    const auto stopped = watch.stop();
    INFO(stopped.describe());
    CHECK(stopped.exited);
    CHECK(stopped.exit_code == 0);
    CHECK(contains(stopped.out, "rwdoctor watch: stopped"));
    hold.abort();
    CHECK(rwdoctor_sessions(database.name()) == 0);
  }
}
