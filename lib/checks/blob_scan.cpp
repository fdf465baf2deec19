#include "checks/blob_scan.hpp"

namespace rwdoctor::checks {

namespace {

// `visit`, or, with `stop`, `visit` that throws ScanStopped at the next row once *stop is set.
template <typename Session>
void
scan_until_stopped(Session& session, const std::atomic<bool>* stop, const std::string& table,
                   const std::string& key_column, const std::string& column,
                   const std::function<void(int, std::string_view)>& visit)
{
  if (stop == nullptr) {
    session.scan_bytea(table, key_column, column, visit);
    return;
  }
  session.scan_bytea(table, key_column, column, [&](int key, std::string_view bytes) {
    if (stop->load(std::memory_order_relaxed)) {
      throw ScanStopped{};
    }
    visit(key, bytes);
  });
}

} // namespace

void
SessionBlobSource::scan(const std::string& table, const std::string& key_column, const std::string& column,
                        const std::function<void(int, std::string_view)>& visit)
{
  scan_until_stopped(m_session, m_stop, table, key_column, column, visit);
}

void
CopyBlobSource::scan(const std::string& table, const std::string& key_column, const std::string& column,
                     const std::function<void(int, std::string_view)>& visit)
{
  scan_until_stopped(m_session, m_stop, table, key_column, column, visit);
}

ParallelBlobScan::ParallelBlobScan(store::SchemaFacts facts, std::vector<std::unique_ptr<db::BlobCopySession>> sessions,
                                   StreamNodeDigests* stream_nodes)
  : m_facts(std::move(facts)), m_stream_nodes(stream_nodes), m_sessions(std::move(sessions)), m_by_column(protobuf_column_count()),
    m_errors(protobuf_column_count())
{
  m_running = m_sessions.size();
  for (std::size_t worker = 0; worker < m_sessions.size(); ++worker) {
    m_threads.emplace_back([this, worker] { work(worker); });
  }
}

ParallelBlobScan::~ParallelBlobScan()
{
  stop();
  join();
}

void
ParallelBlobScan::stop()
{
  {
    const std::lock_guard<std::mutex> lock(m_mutex);
    m_stop = true;
  }
  m_changed.notify_all();
}

void
ParallelBlobScan::scan_columns(BlobSource& source)
{
  for (auto index = m_next_column++; index < m_by_column.size() && !m_stop; index = m_next_column++) {
    try {
      m_by_column[index] = analyze_blob_column(index, m_facts, source, m_stream_nodes);
    } catch (const ScanStopped&) {
      return; // stopped by stop() or the destructor
    } catch (...) {
      // Kept per column, and the other columns still scanned: take() rethrows the error of the
      // first column in list order, the one the scan on one connection would have stopped at,
      // whichever worker happened to fail first.
      m_errors[index] = std::current_exception();
    }
  }
}

void
ParallelBlobScan::help(db::MetaStoreSession& session)
{
  SessionBlobSource source(session, &m_stop);
  scan_columns(source);
}

bool
ParallelBlobScan::scanned()
{
  const std::lock_guard<std::mutex> lock(m_mutex);
  return m_running == 0;
}

bool
ParallelBlobScan::wait_scanned()
{
  std::unique_lock<std::mutex> lock(m_mutex);
  m_changed.wait(lock, [&] { return m_stop || m_running == 0; });
  return !m_stop;
}

void
ParallelBlobScan::work(std::size_t worker)
{
  {
    CopyBlobSource source(*m_sessions[worker], &m_stop);
    scan_columns(source);
  }
  // The connection closes as soon as its worker is done (each worker touches only its own).
  m_sessions[worker].reset();
  {
    const std::lock_guard<std::mutex> lock(m_mutex);
    --m_running;
  }
  m_changed.notify_all();
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
  for (const auto& error : m_errors) {
    if (error) {
      std::rethrow_exception(error);
    }
  }
  std::vector<RawFinding> findings;
  for (auto& column : m_by_column) {
    findings.insert(findings.end(), std::make_move_iterator(column.begin()), std::make_move_iterator(column.end()));
    column.clear();
  }
  return findings;
}

} // namespace rwdoctor::checks
