// Where blob-malformed reads its bytes: the check's own session, or connections of their own
// on the same snapshot that read binary COPY while the main connection runs the other checks
// (`check --connections N`, by default 2 on a machine with two cores or more).
#pragma once

#include "checks/analyzers.hpp"
#include "db/blob_copy_session.hpp"
#include "db/meta_store_session.hpp"

#include <atomic>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace rwdoctor::checks {

// Streams a bytea column through `session` (MetaStoreSession::scan_bytea). With `stop`, the
// scan throws ScanStopped at the next row once *stop is set.
class SessionBlobSource : public BlobSource
{
public:
  explicit SessionBlobSource(db::MetaStoreSession& session, const std::atomic<bool>* stop = nullptr)
    : m_session(session), m_stop(stop)
  {
  }
  void scan(const std::string& table, const std::string& key_column, const std::string& column,
            const std::function<void(int, std::string_view)>& visit) override;

private:
  db::MetaStoreSession& m_session;
  const std::atomic<bool>* m_stop;
};

// The same through a BlobCopySession (binary COPY on a connection of its own).
class CopyBlobSource : public BlobSource
{
public:
  CopyBlobSource(db::BlobCopySession& session, const std::atomic<bool>* stop) : m_session(session), m_stop(stop) {}
  void scan(const std::string& table, const std::string& key_column, const std::string& column,
            const std::function<void(int, std::string_view)>& visit) override;

private:
  db::BlobCopySession& m_session;
  const std::atomic<bool>* m_stop;
};

struct ScanStopped
{
};

// blob-malformed's scan, started at once on one thread per copy session, each taking the
// next protobuf column until none is left. take() returns the findings in the order
// analyze_blobs gives them, so the report is the same as a scan on the main connection.
// Destroying an untaken scan stops the workers within one block and waits for them.
class ParallelBlobScan
{
public:
  // `stream_nodes` (may be nullptr) is filled as analyze_blob_column fills it; read it only
  // after take().
  ParallelBlobScan(store::SchemaFacts facts, std::vector<std::unique_ptr<db::BlobCopySession>> sessions,
                   StreamNodeDigests* stream_nodes);
  ~ParallelBlobScan();
  ParallelBlobScan(const ParallelBlobScan&) = delete;
  ParallelBlobScan& operator=(const ParallelBlobScan&) = delete;

  // Waits for the workers. Rethrows the error of the first column (in list order) whose scan
  // failed (an OperationalError from the server, say): the error the scan on one connection
  // would have thrown, whichever worker failed first.
  std::vector<RawFinding> take();

  // Waits until every worker has scanned its last column and closed its connection; true
  // then, false when the scan was stopped first (stop() or the destructor). For a connection
  // that is to take up other checks when the scan is done: the run keeps to its number of
  // connections.
  bool wait_scanned();

  // True once every worker is done (without waiting).
  bool scanned();

  // Scans the columns no worker has taken yet through `session` (the run's own connection,
  // which would otherwise wait for them), as a worker would: take() then has their findings.
  void help(db::MetaStoreSession& session);

  // Stops the workers within one block; wait_scanned() returns false from then on.
  void stop();

private:
  // Takes the next column no one has taken until none is left, scanning each through `source`.
  void scan_columns(BlobSource& source);
  void work(std::size_t worker);
  void join();

  store::SchemaFacts m_facts;
  StreamNodeDigests* m_stream_nodes;
  std::vector<std::unique_ptr<db::BlobCopySession>> m_sessions;
  std::vector<std::vector<RawFinding>> m_by_column;
  std::atomic<std::size_t> m_next_column{0};
  std::vector<std::exception_ptr> m_errors; // per column; each slot written by one worker only
  std::atomic<bool> m_stop{false};
  std::mutex m_mutex;                   // guards m_running
  std::condition_variable m_changed;    // m_running fell, or m_stop was set
  std::size_t m_running = 0;            // workers not yet done
  std::vector<std::thread> m_threads;
};

} // namespace rwdoctor::checks
