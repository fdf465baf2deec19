// What the files of MetaStoreSession share and nothing else sees: the session's connection
// and transaction state (MetaStoreSession::Impl) and the helpers every query uses.
// meta_store_session.cpp connects and owns the transaction; meta_store_reads.cpp runs the
// check queries, sql/ files, COPY reads and blob scans; meta_store_catalog.cpp reads the
// catalog facts findings and --job need.
#pragma once

#include "core/interrupt.hpp"
#include "db/meta_store_session.hpp"
#include "db/pqxx_compat.hpp"
#include "sql/embedded_sql.hpp"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rwdoctor::db {

struct MetaStoreSession::Impl
{
  explicit Impl(const ConnectionOptions& given);

  // Connects; when the server wants a password nobody gave and a prompt is possible, asks
  // once (psql's behaviour) and keeps the answer in `options` for the session's siblings.
  static pqxx::connection open(ConnectionOptions& options);

  ConnectionOptions options; // kept for open_sibling(); holds credentials, never printed
  pqxx::connection connection;
  // Ctrl-C during a repair sends a cancel request here (core/interrupt.hpp); declared after
  // the connection, so it is unregistered before the connection closes.
  CancelRegistration cancel_on_interrupt{[this] { connection.cancel_query(); }};
  std::unique_ptr<pqxx::dbtransaction> snapshot; // the session's one transaction (see SessionMode)
  // Where the next savepoint goes: the snapshot, or the savepoint of a running cursor scan
  // (libpqxx allows one open subtransaction per transaction).
  pqxx::dbtransaction* innermost = nullptr;

  pqxx::dbtransaction&
  current()
  {
    return innermost != nullptr ? *innermost : *snapshot;
  }
  std::string schema;
  std::string database;
  int savepoint_counter = 0;
  // read_schema_file's rows by (path, parameters), for the open transaction only.
  std::map<std::pair<std::string, std::vector<std::string>>, Rows> schema_reads;
  SessionMode mode = SessionMode::read_only_snapshot;
};

// The text of the embedded sql/ file `path`.
inline std::string
embedded_query(std::string_view path)
{
  return std::string(sql::embedded_sql(path));
}

// The field's text, or nullopt for SQL NULL.
inline std::optional<std::string>
text_or_null(const pqxx::field& field)
{
  if (field.is_null()) {
    return std::nullopt;
  }
  return field.c_str();
}

} // namespace rwdoctor::db
