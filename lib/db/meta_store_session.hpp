// The only place rwdoctor talks SQL: one connection, one REPEATABLE READ READ ONLY snapshot
// for the whole run. Every query text comes from an embedded sql/ file and every value is a
// parameter. A failing check query runs inside a savepoint, so the other checks still run.
#pragma once

#include "db/connection_options.hpp"
#include "db/rows.hpp"
#include "store/schema_facts.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pqxx {
class dbtransaction;
}

namespace rwdoctor::db {

class BlobCopySession;

// What the session's one transaction may do.
enum class SessionMode {
  read_only_snapshot, // check and dry runs: REPEATABLE READ READ ONLY
  repair,             // repairs and undo: SERIALIZABLE read-write, committed explicitly
};

// Which PostgreSQL server a session reached: the cluster's system_identifier where the role
// may read pg_control_system() (else nullopt), and the host and port libpq connected to (a
// socket directory for a Unix socket). Undo files and plans record it, so that they are
// never applied to another server.
struct ServerIdentity
{
  std::optional<std::string> system_identifier;
  std::string host;
  std::string port;
};

// One catalog object as findings describe it.
struct ObjectInfo
{
  int oid = 0;
  std::string obj_type;
  std::optional<int> database_id;
  std::optional<std::string> database_name;
  std::optional<std::string> schema_name;
  std::optional<std::string> object_name;
  std::optional<std::string> job_status;
  // A TABLE job object whose "table" row is gone: "TABLE" or "MATERIALIZED VIEW", as its
  // fragments' type masks tell (sql/store/describe_objects.sql); nullopt otherwise.
  std::optional<std::string> kind_from_fragments;
};

class MetaStoreSession
{
public:
  // Connects, hardens the session (timeouts, application_name, pinned search_path) and opens
  // the snapshot. Throws OperationalError (cannot connect, schema missing) or UsageError.
  explicit MetaStoreSession(const ConnectionOptions& options, SessionMode mode = SessionMode::read_only_snapshot);
  ~MetaStoreSession();
  MetaStoreSession(const MetaStoreSession&) = delete;
  MetaStoreSession& operator=(const MetaStoreSession&) = delete;

  // For `check --jobs N`: the id of this session's snapshot (pg_export_snapshot), and another
  // read-only session on a new connection that reads exactly that snapshot (SET TRANSACTION
  // SNAPSHOT) while this session's transaction stays open. Only for read_only_snapshot
  // sessions. Both throw OperationalError; after a failed export this session is unusable.
  std::string export_snapshot();
  std::unique_ptr<MetaStoreSession> open_sibling(const std::string& snapshot_id);
  // The same for a binary COPY reader of bytea columns (db/blob_copy_session.hpp).
  std::unique_ptr<BlobCopySession> open_blob_copy_session(const std::string& snapshot_id);

  // The --lock-timeout this session runs with, in milliseconds.
  int lock_timeout_ms() const;

  // The schema holding the meta store's tables, and the PostgreSQL database name.
  const std::string& schema() const;
  const std::string& database() const;

  // The server this session is connected to (see ServerIdentity).
  ServerIdentity server_identity();

  // Tables and columns of the schema (from pg_catalog, so unreadable tables still show).
  store::SchemaFacts schema_facts();

  // The version column of seaql_migrations. Throws OperationalError when it cannot be read.
  std::vector<std::string> applied_migrations();

  // A check query's parameters ($1, $2, ...), as text; nullopt is SQL NULL.
  using QueryParams = std::vector<std::optional<std::string>>;

  // Runs `sql` (a check's query) with `params` inside a savepoint. Throws OperationalError
  // with the server's message and a hint; the snapshot stays usable afterwards.
  Rows run_check_query(std::string_view sql, const QueryParams& params = {});

  // Runs `sql` (a check's query) inside a savepoint through a server-side cursor and hands
  // its rows to `visit` in blocks of at most `block_rows` (fewer when rows are large: a block
  // aims at a few MiB), so memory is bounded by one block however many rows the check returns. Other session calls made from `visit` (e.g.
  // describe_objects) run inside the scan's savepoint. Errors as run_check_query; an
  // exception thrown by `visit` propagates unchanged. `what` begins the error's message.
  void scan_check_query(std::string_view sql, std::size_t block_rows,
                        const std::function<void(const Rows& block)>& visit, const QueryParams& params = {},
                        std::string_view what = "query failed");

  // The rows of `select` (a query without its final ';'), read as COPY (select) TO STDOUT
  // inside a savepoint and handed to `visit` one at a time as text values (nullopt for
  // NULL), which `visit` may move from. The server streams the rows while the client takes
  // them; a cursor's FETCH round trips make the two wait for each other (a restore's fragment
  // rows at scale L, 155 MB of text: 1.7 s through a cursor, 0.8 s as COPY). COPY takes no bind
  // parameters, so `select` reads its one argument as
  // pg_catalog.current_setting('rwdoctor.copy_argument'), set from `argument` by a
  // parameterized set_config first (sql/store/copy_argument.sql). Throws OperationalError
  // whose message begins with `what`.
  void copy_rows(std::string_view select, const std::string& argument,
                 const std::function<void(std::vector<std::optional<std::string>>& row)>& visit,
                 std::string_view what);

  // Describes `oids`; objects that do not exist are left out. Falls back to type and
  // database only when the role cannot read every type table. Throws OperationalError when
  // even that fails.
  std::vector<ObjectInfo> describe_objects(const std::vector<int>& oids);

  // (oid, owner oid) for those of `oids` that belong to another object's streaming job: an
  // internal table, an associated source, a subscription, and (with object.belong_to_oid)
  // any object whose parent is not a schema or database. `with_parent` picks the query with
  // object.belong_to_oid. Throws OperationalError when the query fails.
  std::vector<std::pair<int, int>> object_owners(const std::vector<int>& oids, bool with_parent);

  // (database_id, name) of every RisingWave database in the store.
  std::vector<std::pair<int, std::string>> database_names();

  // For `check --job`: each of `ids` that names no job, with up to three job ids that exist,
  // nearest first. Throws OperationalError when the query fails.
  std::vector<std::pair<int, std::vector<int>>> jobs_not_found(const std::vector<int>& ids);

  // Streams the non-NULL values of `table`.`column` with the integer `key_column`, in blocks,
  // so memory stays bounded however large the blobs are. `table` and the columns are quoted.
  // Runs the embedded file `path` with text parameters ($1, $2, ...) in a savepoint; the
  // only way repair code issues SQL besides the generated statements of db/row_store.hpp
  // (db/row_store.cpp, row_writes.cpp, repair_locks.cpp).
  Rows run_file(std::string_view path, const std::vector<std::string>& params = {});

  // run_file for the reads of the schema's shape (its tables, columns and keys), once per
  // transaction: a second call with the same path and parameters returns the rows the first
  // one read, which the transaction's snapshot would read again unchanged. The rows stay
  // valid until the transaction ends or forget_schema_reads(). `what` begins the error's
  // message (run_file's when empty). Test suites and repairs read these many times per run
  // (a repair of the demo incident read the columns 85 times).
  const Rows& read_schema_file(std::string_view path, const std::vector<std::string>& params = {},
                               std::string_view what = {});
  // Code that changes tables, columns or keys of any schema in the session's transaction
  // (DDL) calls this afterwards, so that the next read_schema_file sees the change.
  void forget_schema_reads();

  // Seconds since the meta leader's last heartbeat (election_leader); nullopt when the store
  // (whose tables `facts` lists) has no such table or no leader row. Throws OperationalError when the read fails.
  std::optional<double> leader_heartbeat_age_seconds(const store::SchemaFacts& facts);

  // Commits the repair transaction. A serialization failure propagates as
  // pqxx::serialization_failure (the caller retries); a lost connection during COMMIT is an
  // OperationalError saying the outcome is unknown.
  void commit();

  // The open transaction, for the generated statements of db/row_store.hpp.
  pqxx::dbtransaction& transaction();

  // Repair sessions only: rolls back the open transaction, which must not have written, and
  // begins a new SERIALIZABLE one. PostgreSQL takes a transaction's snapshot at its first
  // statement that needs one, and neither SAVEPOINT nor LOCK TABLE does: a caller that sends
  // LOCK TABLE first gets a snapshot that sees every write committed before the locks were
  // granted. Throws OperationalError when the connection is lost.
  void restart_repair_transaction();

  // Calls `visit` with every non-null value of a bytea column and its row's key, in key order,
  // read through a cursor in blocks of about 1 MiB whatever the value size. `visit` runs on a
  // second thread while the next block is fetched (util::pipeline_blocks), never on two
  // threads at once; what it throws ends the scan and is rethrown here.
  void scan_bytea(const std::string& table, const std::string& key_column, const std::string& column,
                  const std::function<void(int key, std::string_view bytes)>& visit);

private:
  struct SiblingTag {};
  MetaStoreSession(SiblingTag, const ConnectionOptions& options, const std::string& schema, const std::string& snapshot_id);
  void harden(const ConnectionOptions& options);
  // run_file with `what` beginning the error's message.
  Rows run_embedded(std::string_view path, const std::vector<std::string>& params, std::string_view what);

  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

} // namespace rwdoctor::db
