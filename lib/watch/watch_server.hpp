// The HTTP side of `rwdoctor watch`: prometheus-cpp's exposer serves /metrics from the
// registry; a civetweb begin_request callback on the same server answers /healthz (the process
// is alive) and /report.json (the last run's JSON report, or its error).
#pragma once

#include <prometheus/registry.h>

#include <memory>
#include <string>

namespace prometheus {
class Exposer;
}

namespace rwdoctor::watch {

class WatchServer
{
public:
  // Listens on `listen` ("HOST:PORT"; IPv6 hosts in brackets; port 0 lets the system choose).
  // Throws UsageError for a malformed address and OperationalError when it cannot listen (the
  // port is taken, the host is not this machine's). One per process.
  WatchServer(const std::string& listen, std::shared_ptr<prometheus::Registry> registry);
  ~WatchServer();
  WatchServer(const WatchServer&) = delete;
  WatchServer& operator=(const WatchServer&) = delete;

  // "127.0.0.1:9187", with the port actually bound.
  std::string address() const { return m_address; }

  // What /report.json serves from now on (a JSON document).
  void set_report(std::string json);

private:
  std::unique_ptr<prometheus::Exposer> m_exposer;
  std::string m_address;
};

} // namespace rwdoctor::watch
