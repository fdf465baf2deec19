#include "checks/blob_scan.hpp"

namespace rwdoctor::checks {

void
SessionBlobSource::scan(const std::string& table, const std::string& key_column, const std::string& column,
                        const std::function<void(int, std::string_view)>& visit)
{
  if (m_stop == nullptr) {
    m_session.scan_bytea(table, key_column, column, visit);
    return;
  }
  m_session.scan_bytea(table, key_column, column, [&](int key, std::string_view bytes) {
    if (m_stop->load(std::memory_order_relaxed)) {
      throw ScanStopped{};
    }
    visit(key, bytes);
  });
}

ParallelBlobScan::ParallelBlobScan(store::SchemaFacts facts, std::vector<std::unique_ptr<db::MetaStoreSession>> sessions)
  : m_facts(std::move(facts)), m_sessions(std::move(sessions)), m_by_column(protobuf_column_count())
{
  for (auto& session : m_sessions) {
    m_threads.emplace_back([this, worker = session.get()] { work(*worker); });
  }
}

ParallelBlobScan::~ParallelBlobScan()
{
  m_stop = true;
  join();
}

void
ParallelBlobScan::work(db::MetaStoreSession& session)
{
  SessionBlobSource source(session, &m_stop);
  try {
    for (auto index = m_next_column++; index < m_by_column.size() && !m_stop; index = m_next_column++) {
      m_by_column[index] = analyze_blob_column(index, m_facts, source);
    }
  } catch (const ScanStopped&) {
    // stopped by the destructor or by another worker's error
  } catch (...) {
    const std::lock_guard<std::mutex> lock(m_error_mutex);
    if (!m_error) {
      m_error = std::current_exception();
    }
    m_stop = true;
  }
}

void
ParallelBlobScan::join()
{
  for (auto& thread : m_threads) {
    if (thread.joinable()) {
      thread.join();
    }
  }
}

std::vector<RawFinding>
ParallelBlobScan::take()
{
  join();
  if (m_error) {
    std::rethrow_exception(m_error);
  }
  std::vector<RawFinding> findings;
  for (auto& column : m_by_column) {
    findings.insert(findings.end(), std::make_move_iterator(column.begin()), std::make_move_iterator(column.end()));
    column.clear();
  }
  return findings;
}

} // namespace rwdoctor::checks
