// A read-only connection of its own on a snapshot another session exported, that reads bytea
// columns as binary COPY straight through libpq. libpqxx 6.4 reads results as text only, so
// there bytea arrives hex-encoded: twice the bytes, encoded by the server and decoded here
// (fragment.stream_node at scale M, 0.9 GB: 5.2 s as a text COPY through psql, 2.6 s as a
// binary one). check's blob scan runs on these beside the SQL checks (checks/blob_scan.hpp).
#pragma once

#include "db/connection_options.hpp"

#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace rwdoctor::db {

class BlobCopySession
{
public:
  // Connects with `options` (a password typed at a prompt included), applies the run's
  // session settings (sql/store/harden_session.sql) with `schema` and begins a REPEATABLE
  // READ READ ONLY transaction on `snapshot_id` (pg_export_snapshot of a transaction that
  // stays open meanwhile). Throws OperationalError.
  BlobCopySession(const ConnectionOptions& options, const std::string& schema, const std::string& snapshot_id);
  ~BlobCopySession();
  BlobCopySession(const BlobCopySession&) = delete;
  BlobCopySession& operator=(const BlobCopySession&) = delete;

  // Calls `visit` with every non-null value of `table`.`column` and its row's integer
  // `key_column`, in key order, as MetaStoreSession::scan_bytea does: blocks of about 1 MiB,
  // `visit` on a second thread while the next block is read. The COPY runs in a savepoint:
  // when it fails, or `visit` throws, the COPY is cancelled and the session stays usable for
  // the next scan. Throws OperationalError (with the server's message), or what `visit` threw.
  void scan_bytea(const std::string& table, const std::string& key_column, const std::string& column,
                  const std::function<void(int key, std::string_view bytes)>& visit);

private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

} // namespace rwdoctor::db
