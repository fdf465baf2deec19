// MetaStoreSession's connection and its one transaction: connecting (with a password prompt),
// hardening, the snapshot export for siblings, commit and restart, and the facts of the
// session itself (server, schema, migrations).
#include "db/meta_store_session.hpp"

#include "core/error.hpp"
#include "db/blob_copy_session.hpp"
#include "core/interrupt.hpp"
#include "db/meta_store_session_impl.hpp"
#include "db/pqxx_compat.hpp"
#include "db/sql_errors.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace rwdoctor::db {

MetaStoreSession::Impl::Impl(const ConnectionOptions& given) : options(given), connection(open(options))
{
}

pqxx::connection
MetaStoreSession::Impl::open(ConnectionOptions& options)
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

MetaStoreSession::MetaStoreSession(const ConnectionOptions& options, SessionMode mode)
  : m_impl(std::make_unique<Impl>(options))
{
  try {
    pqxx::nontransaction setup(m_impl->connection, "rwdoctor_setup");
    const auto current = setup.exec1(embedded_query("sql/store/current_schema.sql"));
    m_impl->database = current[1].c_str();
    if (!options.schema.empty()) {
      const auto exists = setup.exec_params1(embedded_query("sql/store/schema_exists.sql"), options.schema);
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
  setup.exec_params(embedded_query("sql/store/harden_session.sql"), m_impl->schema, std::to_string(options.statement_timeout_ms),
                    std::to_string(options.lock_timeout_ms), std::to_string(options.stuck_after_seconds));
  setup.commit();
}

std::string
MetaStoreSession::export_snapshot()
{
  // PostgreSQL exports no snapshot from a savepoint, so this runs in the transaction itself;
  // should it fail, that transaction is aborted, and the error must end the run.
  try {
    return m_impl->snapshot->exec1(embedded_query("sql/store/export_snapshot.sql"))[0].c_str();
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
    m_impl->schema_reads.clear(); // they were the aborted transaction's
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
    const auto result = savepoint.exec(embedded_query("sql/store/server_identity.sql"));
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
  const auto& rows = read_schema_file("sql/store/schema_relations.sql", {m_impl->schema},
                                      fmt::format("cannot list the tables of schema \"{}\"", m_impl->schema));
  for (const auto& row : rows.values) {
    const auto table = row[0].value_or("");
    facts.tables.insert(table);
    facts.columns.insert(table + "." + row[1].value_or(""));
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
    const auto result = savepoint.exec(embedded_query("sql/store/applied_migrations.sql"));
    for (const auto& row : result) {
      names.emplace_back(row[0].c_str());
    }
    savepoint.commit();
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, fmt::format("cannot read \"{}\".seaql_migrations", m_impl->schema));
  }
  return names;
}

void
MetaStoreSession::commit()
{
  throw_if_interrupted(); // a cancelled repair sends no more statements
  m_impl->schema_reads.clear(); // they were the committed transaction's
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

} // namespace rwdoctor::db
