#include "checks/finding_stream.hpp"

namespace rwdoctor::checks {

namespace {

bool
selected_by(const Finding& finding, const CheckSelection& selection, std::optional<int> database_id)
{
  if (!selection.job_ids.empty()) {
    const auto wanted = [&](std::optional<int> id) { return id && selection.job_ids.count(*id) != 0; };
    if (!wanted(finding.job_id) && !wanted(finding.object_id)) {
      return false;
    }
  }
  return !database_id || finding.database_id == database_id;
}

} // namespace

void
FindingStream::begin_check()
{
  m_count = 0;
  m_pending.clear();
  m_sink.begin_check();
}

void
FindingStream::emit(const CheckSpec& spec, std::vector<RawFinding> found)
{
  for (auto& finding : found) {
    m_pending.push_back(std::move(finding));
    if (m_pending.size() >= k_block_rows) {
      flush(spec);
    }
  }
}

void
FindingStream::discard_check()
{
  m_pending.clear();
  m_sink.discard_check();
}

void
FindingStream::flush(const CheckSpec& spec)
{
  if (m_pending.empty()) {
    return;
  }
  std::vector<RawFinding> block;
  block.swap(m_pending);
  for (auto& finding : m_enricher.enrich(spec, block)) {
    if (!selected_by(finding, m_selection, m_database_id)) {
      continue;
    }
    try {
      m_sink.accept(std::move(finding));
    } catch (...) {
      m_sink_failed = true;
      throw;
    }
    ++m_count;
  }
}

} // namespace rwdoctor::checks
