#include "db/blob_copy_session.hpp"

#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "db/binary_copy.hpp"
#include "db/sql_errors.hpp"
#include "sql/embedded_sql.hpp"
#include "util/block_pipeline.hpp"

#include <fmt/format.h>
#include <libpq-fe.h>
#include <pqxx/except>

#include <array>
#include <mutex>
#include <utility>
#include <vector>

namespace rwdoctor::db {

// Members of BlobCopySession::Impl, so not in an anonymous namespace.
struct BlobCopySessionConnectionCloser
{
  void operator()(PGconn* connection) const { PQfinish(connection); }
};
struct BlobCopySessionCancelFreer
{
  void operator()(PGcancel* cancel) const { PQfreeCancel(cancel); }
};

namespace {

struct ResultClearer
{
  void operator()(PGresult* result) const { PQclear(result); }
};
struct LibpqFreer
{
  void operator()(char* memory) const { PQfreemem(memory); }
};
using Result = std::unique_ptr<PGresult, ResultClearer>;
using LibpqString = std::unique_ptr<char, LibpqFreer>;

// Blocks of about this many bytes of blobs: memory stays flat whatever the blob size.
constexpr std::size_t k_block_bytes = std::size_t{1} << 20;

// The rows of one block: their values one after another in `bytes`.
struct CopyBlock
{
  struct Row
  {
    int key = 0;
    std::size_t offset = 0;
    std::size_t size = 0;
  };
  std::vector<Row> rows;
  std::string bytes;
};

// The byte buffers of the blocks a scan has finished with, for the next blocks to fill. Each
// row is copied into a block's buffer and libpq's copy of it freed at once, on the reading
// thread: keeping libpq's per-row buffers until the decoding thread freed them made glibc
// trim and grow its heap over and over (at scale M up to 110k page faults and a third more
// time in one scan of 0.9 GB).
class BufferPool
{
public:
  std::string
  take()
  {
    const std::lock_guard<std::mutex> lock(m_mutex);
    if (m_free.empty()) {
      return {};
    }
    auto buffer = std::move(m_free.back());
    m_free.pop_back();
    buffer.clear();
    return buffer;
  }

  void
  give(std::string buffer)
  {
    const std::lock_guard<std::mutex> lock(m_mutex);
    m_free.push_back(std::move(buffer));
  }

private:
  std::mutex m_mutex;
  std::vector<std::string> m_free;
};

// The error of a failed statement, as libpqxx would have thrown it, so that
// translate_sql_error gives it the message and hint every other statement gets.
pqxx::sql_error
statement_error(const PGresult* result, PGconn* connection, std::string_view statement)
{
  const char* sqlstate = result != nullptr ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
  const char* message = result != nullptr ? PQresultErrorMessage(result) : PQerrorMessage(connection);
  return pqxx::sql_error(message, std::string(statement), sqlstate);
}

} // namespace

struct BlobCopySession::Impl
{
  std::unique_ptr<PGconn, BlobCopySessionConnectionCloser> connection;
  std::unique_ptr<PGcancel, BlobCopySessionCancelFreer> cancel;
  // Ctrl-C or SIGTERM cancels a running COPY (core/interrupt.hpp); declared last, so it is
  // unregistered before the cancel object and the connection go away.
  std::unique_ptr<CancelRegistration> cancel_on_interrupt;
  std::string database;
  bool usable = true; // false once a COPY could not be ended cleanly

  // Runs `sql` (no result rows expected, or ignored). Throws OperationalError saying `what`.
  void
  exec(const std::string& sql, const std::vector<std::string>& params, std::string_view what)
  {
    std::vector<const char*> values;
    for (const auto& param : params) {
      values.push_back(param.c_str());
    }
    const Result result(PQexecParams(connection.get(), sql.c_str(), static_cast<int>(values.size()), nullptr,
                                     values.data(), nullptr, nullptr, 0));
    const auto status = result ? PQresultStatus(result.get()) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
      lost_or_failed(result.get(), sql, what);
    }
  }

  [[noreturn]] void
  lost_or_failed(const PGresult* result, std::string_view statement, std::string_view what)
  {
    if (PQstatus(connection.get()) == CONNECTION_BAD) {
      usable = false;
      throw OperationalError(fmt::format("lost the second connection to database \"{}\"", database),
                             "Check the server and run rwdoctor again, or check with --connections 1.");
    }
    throw translate_sql_error(statement_error(result, connection.get(), statement), what);
  }

  void
  send_cancel() const
  {
    std::array<char, 256> error{};
    PQcancel(cancel.get(), error.data(), static_cast<int>(error.size()));
  }

  std::string
  quote_identifier(const std::string& name) const
  {
    const LibpqString quoted(PQescapeIdentifier(connection.get(), name.c_str(), name.size()));
    if (!quoted) {
      throw OperationalError(fmt::format("cannot quote the name \"{}\"", name), "Report this as a bug.");
    }
    return quoted.get();
  }

  // Sends `query` (a COPY TO STDOUT) inside the savepoint rwdoctor_copy and reads its first
  // result, which must be the start of the COPY. Throws OperationalError saying `what`.
  void
  start_copy(const std::string& query, std::string_view what)
  {
    exec("SAVEPOINT rwdoctor_copy", {}, what);
    if (PQsendQuery(connection.get(), query.c_str()) == 0) {
      lost_or_failed(nullptr, query, what);
    }
    const Result started(PQgetResult(connection.get()));
    if (!started || PQresultStatus(started.get()) != PGRES_COPY_OUT) {
      // Collect the rest of the statement's results, then undo the failed savepoint.
      while (Result(PQgetResult(connection.get()))) {
      }
      if (PQstatus(connection.get()) != CONNECTION_BAD) {
        exec("ROLLBACK TO SAVEPOINT rwdoctor_copy", {}, what);
      }
      lost_or_failed(started.get(), query, what);
    }
  }

  // Appends the running COPY's next rows to `block` until it holds about k_block_bytes or the
  // COPY ends, which sets `ended`; `first` is true until the first message was read (it
  // carries the binary COPY's header). Throws OperationalError saying `what`.
  void
  read_copy_block(CopyBlock& block, bool& first, bool& ended, const std::string& query, std::string_view what)
  {
    while (!ended && block.bytes.size() < k_block_bytes) {
      char* buffer = nullptr;
      const int length = PQgetCopyData(connection.get(), &buffer, 0);
      if (length == -1) {
        ended = true;
        break;
      }
      if (length < 0) {
        lost_or_failed(nullptr, query, what);
      }
      LibpqString message(buffer);
      const auto parsed = parse_binary_copy_message(std::string_view(buffer, static_cast<std::size_t>(length)), first, 2);
      first = false;
      if (parsed.end) {
        continue; // the end of the COPY follows
      }
      if (!parsed.fields[0] || !parsed.fields[1]) {
        throw OperationalError(fmt::format("{}: the server sent a NULL the query excludes", what),
                               "Run the check again, or with --connections 1.");
      }
      const auto blob = *parsed.fields[1];
      block.rows.push_back({binary_int4(*parsed.fields[0]), block.bytes.size(), blob.size()});
      block.bytes.append(blob.data(), blob.size());
    }
  }

  // After `visit` or the reading stopped a COPY early (`ended`: its end was read already):
  // cancels the COPY, reads what is still in flight, and undoes the savepoint, so the next
  // column's scan starts clean. Marks the session unusable when that fails.
  void
  abandon_copy(bool ended, std::string_view what)
  {
    if (!ended && PQstatus(connection.get()) != CONNECTION_BAD) {
      send_cancel();
      char* buffer = nullptr;
      int length = 0;
      while ((length = PQgetCopyData(connection.get(), &buffer, 0)) >= 0) {
        PQfreemem(buffer);
      }
      usable = length == -1;
    }
    while (Result(PQgetResult(connection.get()))) {
    }
    if (usable && PQstatus(connection.get()) != CONNECTION_BAD) {
      try {
        exec("ROLLBACK TO SAVEPOINT rwdoctor_copy", {}, what);
      } catch (const OperationalError&) {
        usable = false;
      }
    }
  }

  // After all of the COPY's data was read: its own result, success or the error that ended it
  // (a statement timeout, a cancel). Releases the savepoint, or rolls back to it and throws.
  void
  finish_copy(const std::string& query, std::string_view what)
  {
    const Result finished(PQgetResult(connection.get()));
    const bool ok = finished && PQresultStatus(finished.get()) == PGRES_COMMAND_OK;
    while (Result(PQgetResult(connection.get()))) {
    }
    if (!ok) {
      if (PQstatus(connection.get()) != CONNECTION_BAD) {
        exec("ROLLBACK TO SAVEPOINT rwdoctor_copy", {}, what);
      }
      lost_or_failed(finished.get(), query, what);
    }
    exec("RELEASE SAVEPOINT rwdoctor_copy", {}, what);
  }
};

BlobCopySession::BlobCopySession(const ConnectionOptions& options, const std::string& schema,
                                 const std::string& snapshot_id)
  : m_impl(std::make_unique<Impl>())
{
  m_impl->connection.reset(PQconnectdb(build_conninfo(options).c_str()));
  if (!m_impl->connection || PQstatus(m_impl->connection.get()) != CONNECTION_OK) {
    const std::string message = m_impl->connection ? PQerrorMessage(m_impl->connection.get()) : "out of memory";
    throw translate_connect_error(pqxx::broken_connection(message), describe_target(options));
  }
  m_impl->database = PQdb(m_impl->connection.get());
  m_impl->cancel.reset(PQgetCancel(m_impl->connection.get()));
  if (!m_impl->cancel) {
    throw OperationalError("cannot prepare a cancel request for the second connection",
                           "Check with --connections 1.");
  }
  m_impl->cancel_on_interrupt = std::make_unique<CancelRegistration>([impl = m_impl.get()] { impl->send_cancel(); });
  const auto what = "cannot open a second connection on the same snapshot";
  m_impl->exec(std::string(sql::embedded_sql("sql/store/harden_session.sql")),
               {schema, std::to_string(options.statement_timeout_ms), std::to_string(options.lock_timeout_ms),
                std::to_string(options.stuck_after_seconds)},
               what);
  m_impl->exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", {}, what);
  // A utility statement takes no parameters; the id is the server's own, quoted as a literal.
  const LibpqString literal(PQescapeLiteral(m_impl->connection.get(), snapshot_id.c_str(), snapshot_id.size()));
  if (!literal) {
    throw OperationalError("cannot quote the snapshot id", "Check with --connections 1.");
  }
  m_impl->exec(fmt::format("SET TRANSACTION SNAPSHOT {}", literal.get()), {}, what);
}

BlobCopySession::~BlobCopySession()
{
  // Closing the connection ends its transaction on the server; nothing was written.
  m_impl->cancel_on_interrupt.reset();
}

void
BlobCopySession::scan_bytea(const std::string& table, const std::string& key_column, const std::string& column,
                            const std::function<void(int key, std::string_view bytes)>& visit)
{
  throw_if_interrupted();
  auto& impl = *m_impl;
  const auto what = fmt::format("cannot read \"{}\".{}", table, column);
  if (!impl.usable) {
    throw OperationalError(fmt::format("{}: the second connection was lost by an earlier scan", what),
                           "Run the check again, or with --connections 1.");
  }
  // The identifiers come from rwdoctor's own list of protobuf columns, never from input.
  const auto key = impl.quote_identifier(key_column);
  const auto value = impl.quote_identifier(column);
  // The key as int4 whatever its column's type (hummock_version_delta.id is a bigint that
  // stays far below 2^31): the parser reads 4-byte keys.
  const auto query = fmt::format("COPY (SELECT {0}::int4, {1} FROM {2} WHERE {1} IS NOT NULL ORDER BY {0}) TO STDOUT "
                                 "(FORMAT binary)",
                                 key, value, impl.quote_identifier(table));
  impl.start_copy(query, what);
  bool first = true;
  bool ended = false; // the trailer or the end of the COPY was read
  BufferPool buffers;
  const std::function<bool(CopyBlock&)> fetch = [&](CopyBlock& block) {
    block.bytes = buffers.take();
    block.bytes.reserve(k_block_bytes + k_block_bytes / 4);
    impl.read_copy_block(block, first, ended, query, what);
    return !block.rows.empty() || !ended;
  };
  const std::function<void(CopyBlock&)> process = [&visit, &buffers](CopyBlock& block) {
    const std::string_view bytes(block.bytes);
    for (const auto& row : block.rows) {
      visit(row.key, bytes.substr(row.offset, row.size));
    }
    buffers.give(std::move(block.bytes));
  };
  try {
    util::pipeline_blocks(fetch, process);
  } catch (...) {
    impl.abandon_copy(ended, what);
    throw;
  }
  impl.finish_copy(query, what);
}

} // namespace rwdoctor::db
