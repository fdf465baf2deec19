// Runs the checks against a scratch database and describes the result for assertions.
#pragma once

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "db/meta_store_session.hpp"

#include <fmt/format.h>

#include <string>

namespace rwdoctor::test {

inline checks::CheckReport
check_database(const std::string& dbname, const checks::CheckSelection& selection = {})
{
  db::ConnectionOptions options;
  options.dbname = dbname;
  db::MetaStoreSession session(options);
  return checks::run_checks(session, checks::Catalogue::builtin(), selection, nullptr);
}

inline std::string
describe(const checks::CheckReport& report)
{
  std::string text;
  for (const auto& finding : report.findings) {
    text += fmt::format("  {} {} job={} fragment={} object={}: {}\n", finding.check, checks::to_string(finding.severity),
                        finding.job_id ? std::to_string(*finding.job_id) : "-",
                        finding.fragment_id ? std::to_string(*finding.fragment_id) : "-",
                        finding.object_id ? std::to_string(*finding.object_id) : "-", finding.message);
  }
  for (const auto& outcome : report.checks) {
    if (outcome.status == checks::CheckStatus::failed) {
      text += fmt::format("  FAILED {}: {}\n", outcome.id, outcome.error);
    }
  }
  return text.empty() ? "  (no findings)\n" : text;
}

} // namespace rwdoctor::test
