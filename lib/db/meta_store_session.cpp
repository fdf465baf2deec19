#include "db/meta_store_session.hpp"

#include "core/error.hpp"
#include "db/blob_copy_session.hpp"
#include "core/interrupt.hpp"
#include "db/pqxx_compat.hpp"
#include "db/sql_errors.hpp"
#include "sql/embedded_sql.hpp"
#include "util/block_pipeline.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace rwdoctor::db {

namespace {

std::string
load(std::string_view path)
{
  return std::string(sql::embedded_sql(path));
}

// For libpqxx's dynamic parameters, where a null pointer is SQL NULL. Points into `params`.
std::vector<const char*>
dynamic_params(const MetaStoreSession::QueryParams& params)
{
  std::vector<const char*> pointers;
  for (const auto& param : params) {
    pointers.push_back(param ? param->c_str() : nullptr);
  }
  return pointers;
}

// `sql` without trailing blanks and its one final ';', to nest it in DECLARE.
std::string
without_final_semicolon(std::string_view sql)
{
  auto text = util::trim(sql);
  if (!text.empty() && text.back() == ';') {
    text.remove_suffix(1);
  }
  return std::string(text);
}

std::optional<std::string>
text_or_null(const pqxx::field& field)
{
  if (field.is_null()) {
    return std::nullopt;
  }
  return field.c_str();
}

std::optional<int>
int_or_null(const pqxx::field& field)
{
  if (field.is_null()) {
    return std::nullopt;
  }
  return field.as<int>();
}

// Makes `savepoint` the session's innermost transaction for the guard's lifetime, also when
// the scan ends by an exception.
class ScopedSavepoint
{
public:
  ScopedSavepoint(pqxx::dbtransaction*& slot, pqxx::dbtransaction& savepoint) : m_slot(slot) { m_slot = &savepoint; }
  ~ScopedSavepoint() { m_slot = nullptr; }
  ScopedSavepoint(const ScopedSavepoint&) = delete;
  ScopedSavepoint& operator=(const ScopedSavepoint&) = delete;

private:
  pqxx::dbtransaction*& m_slot;
};

// `result` as text values: the column names, then every row.
Rows
rows_of(const pqxx::result& result)
{
  Rows rows;
  for (pqxx::row::size_type i = 0; i < result.columns(); ++i) {
    rows.columns.emplace_back(result.column_name(i));
  }
  rows.values.reserve(result.size());
  for (const auto& row : result) {
    auto& values = rows.values.emplace_back();
    values.reserve(row.size());
    for (const auto& field : row) {
      values.push_back(text_or_null(field));
    }
  }
  return rows;
}

} // namespace

struct MetaStoreSession::Impl
{
  explicit Impl(const ConnectionOptions& given) : options(given), connection(open(options))
  {
  }

  // Connects; when the server wants a password nobody gave and a prompt is possible, asks
  // once (psql's behaviour) and keeps the answer in `options` for the session's siblings.
  static pqxx::connection
  open(ConnectionOptions& options)
  {
    try {
      return pqxx::connection(build_conninfo(options));
    } catch (const pqxx::broken_connection& error) {
      const bool needs_password = std::string(error.what()).find("no password supplied") != std::string::npos;
      if (!needs_password || !options.password.empty() || !options.ask_password) {
        throw translate_connect_error(error, describe_target(options));
      }
    }
    const auto typed = options.ask_password();
    if (!typed) {
      throw OperationalError(fmt::format("the server asks for a password for {}", describe_target(options)),
                             "Run rwdoctor on a terminal to be asked for it, or put it in ~/.pgpass or PGPASSWORD.");
    }
    if (typed->empty()) {
      throw UsageError("no password was typed", "Type the password at the prompt, or put it in ~/.pgpass.");
    }
    options.password = *typed;
    try {
      return pqxx::connection(build_conninfo(options));
    } catch (const pqxx::broken_connection& error) {
      throw translate_connect_error(error, describe_target(options));
    }
  }

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
  SessionMode mode = SessionMode::read_only_snapshot;
};

MetaStoreSession::MetaStoreSession(const ConnectionOptions& options, SessionMode mode)
  : m_impl(std::make_unique<Impl>(options))
{
  try {
    pqxx::nontransaction setup(m_impl->connection, "rwdoctor_setup");
    const auto current = setup.exec1(load("sql/store/current_schema.sql"));
    m_impl->database = current[1].c_str();
    if (!options.schema.empty()) {
      const auto exists = setup.exec_params1(load("sql/store/schema_exists.sql"), options.schema);
      if (exists[0].as<int>() == 0) {
        throw OperationalError(
          fmt::format("schema \"{}\" does not exist in database \"{}\"", options.schema, m_impl->database),
          "Pass the schema that holds the meta store's tables with --schema, or leave it out to use the "
          "connection's current schema.");
      }
      m_impl->schema = options.schema;
    } else if (current[0].is_null()) {
      throw OperationalError(fmt::format("database \"{}\" has no current schema on its search_path", m_impl->database),
                             "Pass the schema that holds the meta store's tables with --schema.");
    } else {
      m_impl->schema = current[0].c_str();
    }
    setup.commit();
    harden(options);
    m_impl->mode = mode;
    if (mode == SessionMode::repair) {
      m_impl->snapshot = std::make_unique<RepairTransaction>(m_impl->connection, "rwdoctor_repair");
    } else {
      m_impl->snapshot = std::make_unique<SnapshotTransaction>(m_impl->connection, "rwdoctor_snapshot");
    }
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, fmt::format("cannot prepare a session on database \"{}\"", m_impl->database));
  } catch (const pqxx::broken_connection& error) {
    throw OperationalError(fmt::format("lost the connection to database \"{}\"", m_impl->database),
                           "Check the server and run rwdoctor again.");
  }
}

MetaStoreSession::MetaStoreSession(SiblingTag, const ConnectionOptions& options, const std::string& schema,
                                   const std::string& snapshot_id)
  : m_impl(std::make_unique<Impl>(options))
{
  try {
    m_impl->schema = schema;
    harden(options);
    m_impl->database = m_impl->connection.dbname();
    m_impl->snapshot = std::make_unique<SnapshotTransaction>(m_impl->connection, "rwdoctor_sibling");
    // A utility statement takes no parameters; the id is the server's own, and quote() escapes it.
    m_impl->snapshot->exec(fmt::format("SET TRANSACTION SNAPSHOT {}", m_impl->snapshot->quote(snapshot_id)));
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, "cannot open a second connection on the same snapshot");
  } catch (const pqxx::broken_connection&) {
    throw OperationalError("lost the second connection while opening it", "Run rwdoctor check without --jobs.");
  }
}

void
MetaStoreSession::harden(const ConnectionOptions& options)
{
  pqxx::nontransaction setup(m_impl->connection, "rwdoctor_harden");
  setup.exec_params(load("sql/store/harden_session.sql"), m_impl->schema, std::to_string(options.statement_timeout_ms),
                    std::to_string(options.lock_timeout_ms), std::to_string(options.stuck_after_seconds));
  setup.commit();
}

std::string
MetaStoreSession::export_snapshot()
{
  // PostgreSQL exports no snapshot from a savepoint, so this runs in the transaction itself;
  // should it fail, that transaction is aborted, and the error must end the run.
  try {
    return m_impl->snapshot->exec1(load("sql/store/export_snapshot.sql"))[0].c_str();
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, "cannot export the snapshot for a second connection");
  }
}

std::unique_ptr<MetaStoreSession>
MetaStoreSession::open_sibling(const std::string& snapshot_id)
{
  return std::unique_ptr<MetaStoreSession>(new MetaStoreSession(SiblingTag{}, m_impl->options, m_impl->schema, snapshot_id));
}

std::unique_ptr<BlobCopySession>
MetaStoreSession::open_blob_copy_session(const std::string& snapshot_id)
{
  return std::make_unique<BlobCopySession>(m_impl->options, m_impl->schema, snapshot_id);
}

MetaStoreSession::~MetaStoreSession() = default;

void
MetaStoreSession::restart_repair_transaction()
{
  throw_if_interrupted(); // a cancelled repair sends no more statements
  if (m_impl->mode != SessionMode::repair || m_impl->innermost != nullptr) {
    throw std::logic_error("restart_repair_transaction: not a repair session, or a scan is running");
  }
  try {
    m_impl->snapshot->abort();
    m_impl->snapshot.reset();
    m_impl->snapshot = std::make_unique<RepairTransaction>(m_impl->connection, "rwdoctor_repair");
  } catch (const pqxx::broken_connection&) {
    throw OperationalError(fmt::format("lost the connection to database \"{}\"", m_impl->database),
                           "Check the server and run rwdoctor again; nothing was changed.");
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, "cannot begin the repair transaction");
  }
}

int
MetaStoreSession::lock_timeout_ms() const
{
  return m_impl->options.lock_timeout_ms;
}

const std::string&
MetaStoreSession::schema() const
{
  return m_impl->schema;
}

const std::string&
MetaStoreSession::database() const
{
  return m_impl->database;
}

ServerIdentity
MetaStoreSession::server_identity()
{
  throw_if_interrupted(); // a cancelled repair sends no more statements
  ServerIdentity identity;
  const char* host = m_impl->connection.hostname();
  const char* port = m_impl->connection.port();
  identity.host = host != nullptr ? host : "";
  identity.port = port != nullptr ? port : "";
  try {
    Savepoint savepoint(m_impl->current(), "rwdoctor_server_identity");
    const auto result = savepoint.exec(load("sql/store/server_identity.sql"));
    if (!result.empty() && !result[0][0].is_null()) {
      identity.system_identifier = result[0][0].c_str();
    }
    savepoint.commit();
  } catch (const pqxx::sql_error&) {
    // pg_control_system() is for superusers and pg_monitor by default: host and port remain.
  }
  return identity;
}

store::SchemaFacts
MetaStoreSession::schema_facts()
{
  throw_if_interrupted(); // a cancelled repair sends no more statements
  store::SchemaFacts facts;
  try {
    const auto result = m_impl->snapshot->exec_params(load("sql/store/schema_relations.sql"), m_impl->schema);
    for (const auto& row : result) {
      const std::string table = row[0].c_str();
      facts.tables.insert(table);
      facts.columns.insert(table + "." + row[1].c_str());
    }
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, fmt::format("cannot list the tables of schema \"{}\"", m_impl->schema));
  }
  return facts;
}

std::vector<std::string>
MetaStoreSession::applied_migrations()
{
  throw_if_interrupted(); // a cancelled repair sends no more statements
  std::vector<std::string> names;
  try {
    Savepoint savepoint(*m_impl->snapshot, "rwdoctor_migrations");
    const auto result = savepoint.exec(load("sql/store/applied_migrations.sql"));
    for (const auto& row : result) {
      names.emplace_back(row[0].c_str());
    }
    savepoint.commit();
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, fmt::format("cannot read \"{}\".seaql_migrations", m_impl->schema));
  }
  return names;
}

Rows
MetaStoreSession::run_check_query(std::string_view sql, const QueryParams& params)
{
  throw_if_interrupted(); // a cancelled repair sends no more statements
  Rows rows;
  try {
    Savepoint savepoint(m_impl->current(), fmt::format("rwdoctor_check_{}", ++m_impl->savepoint_counter));
    const auto pointers = dynamic_params(params);
    rows = rows_of(params.empty() ? savepoint.exec(std::string(sql))
                                  : savepoint.exec_params(std::string(sql), pqxx::prepare::make_dynamic_params(pointers)));
    savepoint.commit();
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, "query failed");
  }
  return rows;
}

void
MetaStoreSession::scan_check_query(std::string_view sql, std::size_t block_rows,
                                   const std::function<void(const Rows& block)>& visit, const QueryParams& params,
                                   std::string_view what)
{
  throw_if_interrupted(); // a cancelled repair sends no more statements
  if (m_impl->innermost != nullptr) {
    throw std::logic_error("scan_check_query: a cursor scan is already running");
  }
  try {
    Savepoint savepoint(*m_impl->snapshot, fmt::format("rwdoctor_check_{}", ++m_impl->savepoint_counter));
    {
      const ScopedSavepoint inside(m_impl->innermost, savepoint);
      // One cursor, declared through the extended protocol when there are parameters, where
      // PostgreSQL plans it with the values bound (so a NULL scope folds away); libpqxx's
      // cursor classes take none. FETCH reads it a block at a time.
      const auto cursor = savepoint.quote_name(fmt::format("rwdoctor_check_cursor_{}", m_impl->savepoint_counter));
      const auto declare = fmt::format("DECLARE {} NO SCROLL CURSOR FOR {}", cursor, without_final_semicolon(sql));
      const auto pointers = dynamic_params(params);
      if (params.empty()) {
        savepoint.exec(declare);
      } else {
        savepoint.exec_params(declare, pqxx::prepare::make_dynamic_params(pointers));
      }
      const auto fetch = fmt::format("FETCH {} FROM {}", block_rows, cursor);
      for (;;) {
        throw_if_interrupted();
        const auto block = savepoint.exec(fetch);
        if (block.empty()) {
          break;
        }
        visit(rows_of(block));
      }
      savepoint.exec("CLOSE " + cursor);
    }
    savepoint.commit();
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, what);
  }
}

Rows
MetaStoreSession::run_file(std::string_view path, const std::vector<std::string>& params)
{
  throw_if_interrupted(); // a cancelled repair sends no more statements
  Rows rows;
  try {
    Savepoint savepoint(*m_impl->snapshot, fmt::format("rwdoctor_file_{}", ++m_impl->savepoint_counter));
    const auto sql = load(path);
    std::vector<const char*> parameters; // nullptr would be SQL NULL; parameters are never NULL here
    for (const auto& param : params) {
      parameters.push_back(param.c_str());
    }
    const auto result = params.empty() ? savepoint.exec(sql)
                                       : savepoint.exec_params(sql, pqxx::prepare::make_dynamic_params(parameters));
    rows = rows_of(result);
    savepoint.commit();
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, fmt::format("query {} failed", path));
  }
  return rows;
}

void
MetaStoreSession::commit()
{
  throw_if_interrupted(); // a cancelled repair sends no more statements
  try {
    m_impl->snapshot->commit();
  } catch (const pqxx::in_doubt_error&) {
    throw CommitInDoubtError("the connection was lost while committing; rwdoctor cannot tell whether the repair committed",
                           "Run rwdoctor check: if the findings are gone the repair committed and its undo file is complete.");
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, "the repair could not commit");
  }
}

pqxx::dbtransaction&
MetaStoreSession::transaction()
{
  return *m_impl->snapshot;
}

void
MetaStoreSession::copy_rows(std::string_view select, const std::string& argument,
                            const std::function<void(std::vector<std::optional<std::string>>& row)>& visit,
                            std::string_view what)
{
  throw_if_interrupted(); // a cancelled repair sends no more statements
  try {
    Savepoint savepoint(m_impl->current(), fmt::format("rwdoctor_copy_{}", ++m_impl->savepoint_counter));
    savepoint.exec_params(load("sql/store/copy_argument.sql"), argument);
    {
      const auto stream = open_copy_out(savepoint, without_final_semicolon(select));
      std::string line;
      std::vector<std::optional<std::string>> row;
      while (next_copy_line(*stream, line)) {
        util::parse_copy_text_line(line, row);
        visit(row);
      }
      stream->complete();
    }
    savepoint.commit();
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, what);
  }
}

std::vector<ObjectInfo>
MetaStoreSession::describe_objects(const std::vector<int>& oids)
{
  throw_if_interrupted(); // a cancelled repair sends no more statements
  std::vector<ObjectInfo> objects;
  if (oids.empty()) {
    return objects;
  }
  const auto parameter = util::pg_int_array(oids);
  pqxx::result result;
  try {
    Savepoint savepoint(m_impl->current(), "rwdoctor_describe");
    result = savepoint.exec_params(load("sql/store/describe_objects.sql"), parameter);
    savepoint.commit();
  } catch (const pqxx::sql_error&) {
    // A type table the role cannot read: fall back to what object alone tells.
    try {
      Savepoint savepoint(m_impl->current(), "rwdoctor_describe_minimal");
      result = savepoint.exec_params(load("sql/store/describe_objects_minimal.sql"), parameter);
      savepoint.commit();
    } catch (const pqxx::sql_error& error) {
      throw translate_sql_error(error, fmt::format("cannot read \"{}\".object", m_impl->schema));
    }
  }
  for (const auto& row : result) {
    ObjectInfo info;
    info.oid = row[0].as<int>();
    info.obj_type = row[1].c_str();
    info.database_id = int_or_null(row[2]);
    info.database_name = text_or_null(row[3]);
    info.schema_name = text_or_null(row[4]);
    info.object_name = text_or_null(row[5]);
    info.job_status = text_or_null(row[6]);
    objects.push_back(std::move(info));
  }
  return objects;
}

std::optional<double>
MetaStoreSession::leader_heartbeat_age_seconds(const store::SchemaFacts& facts)
{
  if (!facts.has("election_leader")) {
    return std::nullopt;
  }
  const auto rows = run_file("sql/repair/leader_heartbeat.sql");
  if (rows.values.empty() || !rows.values[0][0]) {
    return std::nullopt;
  }
  return std::stod(*rows.values[0][0]);
}

std::vector<std::pair<int, int>>
MetaStoreSession::object_owners(const std::vector<int>& oids, bool with_parent)
{
  throw_if_interrupted(); // a cancelled repair sends no more statements
  std::vector<std::pair<int, int>> owners;
  if (oids.empty()) {
    return owners;
  }
  try {
    Savepoint savepoint(m_impl->current(), "rwdoctor_owners");
    const auto result = savepoint.exec_params(
      load(with_parent ? "sql/store/object_owners_belong_to_oid.sql" : "sql/store/object_owners.sql"),
      util::pg_int_array(oids));
    savepoint.commit();
    for (const auto& row : result) {
      owners.emplace_back(row[0].as<int>(), row[1].as<int>());
    }
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, fmt::format("cannot read the owners of objects in \"{}\"", m_impl->schema));
  }
  return owners;
}

std::vector<std::pair<int, std::string>>
MetaStoreSession::database_names()
{
  throw_if_interrupted(); // a cancelled repair sends no more statements
  std::vector<std::pair<int, std::string>> names;
  try {
    Savepoint savepoint(*m_impl->snapshot, "rwdoctor_databases");
    for (const auto& row : savepoint.exec(load("sql/store/database_names.sql"))) {
      names.emplace_back(row[0].as<int>(), row[1].c_str());
    }
    savepoint.commit();
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, fmt::format("cannot read \"{}\".database", m_impl->schema));
  }
  return names;
}

std::vector<std::pair<int, std::vector<int>>>
MetaStoreSession::jobs_not_found(const std::vector<int>& ids)
{
  throw_if_interrupted();
  std::vector<std::pair<int, std::vector<int>>> missing;
  try {
    Savepoint savepoint(*m_impl->snapshot, "rwdoctor_jobs");
    for (const auto& row : savepoint.exec_params(load("sql/store/jobs_not_found.sql"), util::pg_int_array(ids))) {
      std::vector<int> nearest;
      util::for_each_part(row[1].c_str(), ',', [&](std::string_view part) {
        int id = 0;
        if (util::parse_int32(part, id)) {
          nearest.push_back(id);
        }
      });
      missing.emplace_back(row[0].as<int>(), std::move(nearest));
    }
    savepoint.commit();
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, fmt::format("cannot look up the jobs of --job in \"{}\"", m_impl->schema));
  }
  return missing;
}

namespace {

// Blob scans fetch blocks of about this many bytes of (hex) text, whatever the blob size, so
// memory stays flat when blobs grow: a fixed row count held 256 blobs at once, and peak RSS
// went from 23 to 51 MiB when the mean blob grew from 8 to 32 KiB.
constexpr std::size_t k_blob_block_bytes = std::size_t{1} << 20;
constexpr int k_first_blob_block_rows = 16;
constexpr int k_max_blob_block_rows = 1024;

// Rows for the next block, from the mean text size of a row of the last one.
int
blob_block_rows(std::size_t mean_row_bytes)
{
  const auto rows = k_blob_block_bytes / std::max<std::size_t>(mean_row_bytes, 1);
  return static_cast<int>(std::clamp<std::size_t>(rows, 1, k_max_blob_block_rows));
}

} // namespace

void
MetaStoreSession::scan_bytea(const std::string& table, const std::string& key_column, const std::string& column,
                             const std::function<void(int key, std::string_view bytes)>& visit)
{
  throw_if_interrupted(); // a cancelled repair sends no more statements
  // The identifiers come from rwdoctor's own list of protobuf columns, never from input;
  // quote_name() keeps reserved words like "table" valid.
  auto& tx = *m_impl->snapshot;
  const auto query = fmt::format("SELECT {key}::int4, {col} FROM {tbl} WHERE {col} IS NOT NULL ORDER BY {key}",
                                 fmt::arg("key", tx.quote_name(key_column)), fmt::arg("col", tx.quote_name(column)),
                                 fmt::arg("tbl", tx.quote_name(table)));
  try {
    Savepoint savepoint(tx, fmt::format("rwdoctor_scan_{}", ++m_impl->savepoint_counter));
    {
      pqxx::icursorstream stream(savepoint, query, "rwdoctor_blob_cursor", k_first_blob_block_rows);
      // The server reads and sends the next block while a second thread decodes this one's
      // hex text and hands it to `visit` (protobuf parsing): a scan takes about the longer of
      // the two, not their sum. `visit` runs on that thread, one value at a time, in key order.
      const std::function<bool(pqxx::result&)> fetch = [&stream](pqxx::result& block) {
        if (!(stream >> block)) {
          return false;
        }
        if (!block.empty()) {
          std::size_t block_bytes = 0;
          for (const auto& row : block) {
            block_bytes += row[1].size();
          }
          stream.set_stride(blob_block_rows(block_bytes / block.size()));
        }
        return true;
      };
      const std::function<void(pqxx::result&)> decode = [&visit](pqxx::result& block) {
        for (const auto& row : block) {
          const pqxx::binarystring bytes(row[1]);
          visit(row[0].as<int>(), std::string_view(bytes.get(), bytes.size()));
        }
      };
      util::pipeline_blocks(fetch, decode);
    }
    savepoint.commit();
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, fmt::format("cannot read \"{}\".{}", table, column));
  }
}

} // namespace rwdoctor::db
