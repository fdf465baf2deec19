#include "watch/watch_server.hpp"

#include "core/error.hpp"
#include "util/text.hpp"

#include <CivetServer.h>
#include <civetweb.h>
#include <fmt/format.h>
#include <prometheus/exposer.h>

#include <atomic>
#include <cstring>
#include <mutex>

namespace rwdoctor::watch {

namespace {

// The callback has no user data of its own (civetweb's belongs to the exposer's server), so
// the one server of the process keeps its report here.
std::mutex g_report_mutex;
std::shared_ptr<const std::string> g_report;

void
send(mg_connection* connection, int status, const char* mime_type, const std::string& body)
{
  mg_printf(connection,
            "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\nCache-Control: no-store\r\n"
            "Connection: close\r\n\r\n",
            status, status == 200 ? "OK" : "Service Unavailable", mime_type, body.size());
  mg_write(connection, body.data(), body.size());
}

int
begin_request(mg_connection* connection)
{
  const auto* request = mg_get_request_info(connection);
  const char* uri = request->local_uri != nullptr ? request->local_uri : "";
  if (std::strcmp(uri, "/healthz") == 0) {
    send(connection, 200, "text/plain; charset=utf-8", "ok\n");
    return 200;
  }
  if (std::strcmp(uri, "/report.json") == 0) {
    std::shared_ptr<const std::string> report;
    {
      const std::lock_guard<std::mutex> lock(g_report_mutex);
      report = g_report;
    }
    if (!report) {
      send(connection, 503, "application/json", "{\"error\": {\"message\": \"no check run has ended yet\"}}\n");
      return 503;
    }
    send(connection, 200, "application/json", *report);
    return 200;
  }
  return 0; // /metrics (the exposer) or 404 (civetweb)
}

// "HOST:PORT" into civetweb's listening_ports spelling; throws UsageError.
std::string
listening_port(const std::string& listen)
{
  const auto colon = listen.rfind(':');
  int port = -1;
  if (colon == std::string::npos || colon == 0 || !util::parse_int32(listen.substr(colon + 1), port) || port < 0
      || port > 65535) {
    throw UsageError(fmt::format("--listen takes HOST:PORT, not '{}'", util::printable(listen)),
                     "For example --listen 127.0.0.1:9187 (or [::1]:9187, or 0.0.0.0:9187 to listen on every "
                     "address).");
  }
  const auto host = listen.substr(0, colon);
  if (host.find(':') != std::string::npos && host.front() != '[') {
    throw UsageError(fmt::format("--listen: write the IPv6 address in '{}' in brackets", util::printable(listen)),
                     "For example --listen [::1]:9187.");
  }
  return listen;
}

} // namespace

WatchServer::WatchServer(const std::string& listen, std::shared_ptr<prometheus::Registry> registry)
{
  const auto port = listening_port(listen);
  static CivetCallbacks callbacks;
  callbacks.begin_request = begin_request;
  // civetweb prints nothing by itself; its errors surface as the exception below.
  callbacks.log_message = [](const mg_connection*, const char*) { return 1; };
  try {
    m_exposer = std::make_unique<prometheus::Exposer>(std::vector<std::string>{"listening_ports", port,
                                                                               "num_threads", "2"},
                                                      &callbacks);
  } catch (const std::exception&) {
    throw OperationalError(fmt::format("cannot listen on {}: the port is in use or the address is not this "
                                       "machine's",
                                       util::printable(listen)),
                           "Choose another --listen address or port, or stop what listens there.");
  }
  m_exposer->RegisterCollectable(registry);
  const auto ports = m_exposer->GetListeningPorts();
  const auto host = listen.substr(0, listen.rfind(':'));
  m_address = fmt::format("{}:{}", host, ports.empty() ? 0 : ports.front());
}

WatchServer::~WatchServer()
{
  m_exposer.reset();
  const std::lock_guard<std::mutex> lock(g_report_mutex);
  g_report.reset();
}

void
WatchServer::set_report(std::string json)
{
  auto report = std::make_shared<const std::string>(std::move(json));
  const std::lock_guard<std::mutex> lock(g_report_mutex);
  g_report = std::move(report);
}

} // namespace rwdoctor::watch
