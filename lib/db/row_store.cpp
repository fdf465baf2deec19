#include "db/row_store.hpp"

#include "db/activity.hpp"

#include "core/error.hpp"
#include "db/pqxx_compat.hpp"
#include "db/sql_errors.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <pqxx/tablewriter>

#include <algorithm>
#include <chrono>
#include <map>
#include <set>

namespace rwdoctor::db {

int
column_index(const CapturedTable& table, const std::string& column)
{
  const auto found = std::find(table.columns.begin(), table.columns.end(), column);
  return found == table.columns.end() ? -1 : static_cast<int>(found - table.columns.begin());
}

std::vector<int>
int_values(const CapturedTable& table, const std::string& column)
{
  std::vector<int> values;
  const int index = column_index(table, column);
  if (index < 0) {
    return values;
  }
  for (const auto& row : table.rows) {
    int value = 0;
    if (row[static_cast<std::size_t>(index)] && util::parse_int32(*row[static_cast<std::size_t>(index)], value)) {
      values.push_back(value);
    }
  }
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  return values;
}

std::vector<ForeignKey>
foreign_keys(MetaStoreSession& session)
{
  std::vector<ForeignKey> keys;
  const auto rows = session.run_file("sql/repair/foreign_keys.sql", {session.schema()});
  for (const auto& row : rows.values) {
    ForeignKey key;
    key.child = row[0].value_or("");
    key.parent = row[1].value_or("");
    key.child_columns = util::parse_pg_name_array(row[2].value_or("{}"));
    key.parent_columns = util::parse_pg_name_array(row[3].value_or("{}"));
    key.cascade = row[4].value_or("") == "c";
    keys.push_back(std::move(key));
  }
  return keys;
}

namespace {

std::map<std::string, std::pair<std::vector<std::string>, std::vector<std::string>>>
table_columns(MetaStoreSession& session)
{
  std::map<std::string, std::pair<std::vector<std::string>, std::vector<std::string>>> columns;
  for (const auto& row : session.run_file("sql/repair/table_columns.sql", {session.schema()}).values) {
    auto& entry = columns[row[0].value_or("")];
    entry.first.push_back(row[1].value_or(""));
    entry.second.push_back(row[2].value_or(""));
  }
  return columns;
}


std::string
tid_array(const std::set<std::string>& ctids)
{
  std::string text = "{";
  bool first = true;
  for (const auto& ctid : ctids) {
    text += fmt::format("{}\"{}\"", first ? "" : ",", ctid);
    first = false;
  }
  return text + "}";
}

// `columns` of `alias` cast to text, as every captured or backup row holds its values (a cast
// to text, not the type's output function alone: boolean reads "true", as it always has).
std::string
text_list(pqxx::dbtransaction& tx, const std::string& alias, const std::vector<std::string>& columns)
{
  std::string list;
  for (const auto& column : columns) {
    list += fmt::format("{}{}.{}::text", list.empty() ? "" : ", ", alias, tx.quote_name(column));
  }
  return list;
}

// The ctid, then `columns` as text_list gives them.
std::string
select_list(pqxx::dbtransaction& tx, const std::string& alias, const std::vector<std::string>& columns)
{
  return fmt::format("{}.ctid::text, {}", alias, text_list(tx, alias, columns));
}

std::string
column_tuple(pqxx::dbtransaction& tx, const std::string& alias, const std::vector<std::string>& columns)
{
  std::string tuple;
  for (const auto& column : columns) {
    tuple += fmt::format("{}{}.{}", tuple.empty() ? "" : ", ", alias, tx.quote_name(column));
  }
  return fmt::format("({})", tuple);
}

// Parents before children, over every foreign key between captured tables.
std::vector<std::string>
insert_order(const std::set<std::string>& tables, const std::vector<ForeignKey>& keys)
{
  std::map<std::string, std::set<std::string>> parents;
  for (const auto& table : tables) {
    parents[table];
  }
  for (const auto& key : keys) {
    if (key.child != key.parent && tables.count(key.child) != 0 && tables.count(key.parent) != 0) {
      parents[key.child].insert(key.parent);
    }
  }
  std::vector<std::string> order;
  std::set<std::string> placed;
  while (order.size() < tables.size()) {
    bool progressed = false;
    for (const auto& [table, needs] : parents) {
      if (placed.count(table) != 0) {
        continue;
      }
      if (std::all_of(needs.begin(), needs.end(), [&](const std::string& p) { return placed.count(p) != 0; })) {
        order.push_back(table);
        placed.insert(table);
        progressed = true;
      }
    }
    if (!progressed) { // a cycle of foreign keys between tables: keep the rest in name order
      for (const auto& [table, needs] : parents) {
        if (placed.insert(table).second) {
          order.push_back(table);
        }
      }
    }
  }
  return order;
}

// Rows of a capture or backup read come through a cursor this many at a time: the rows
// kept are the plan's, but the client never holds a whole result besides them (a fragment
// row carries its stream_node blob as hex text, up to about 40 KB).
constexpr std::size_t k_rows_per_block = 256;

} // namespace

std::vector<CapturedTable>
capture_removal(MetaStoreSession& session, const std::vector<int>& oids,
                const std::vector<std::pair<std::string, std::string>>& explicit_deletes)
{
  auto& tx = session.transaction();
  const auto keys = foreign_keys(session);
  const auto columns = table_columns(session);
  std::map<std::string, std::map<std::string, std::vector<std::optional<std::string>>>> captured; // table -> ctid -> row
  std::map<std::string, std::set<std::string>> frontier;

  const auto absorb = [&](const std::string& table, const Rows& rows) {
    for (const auto& row : rows.values) {
      const auto ctid = row[0].value_or("");
      auto& rows_of_table = captured[table];
      if (rows_of_table.count(ctid) == 0) {
        rows_of_table.emplace(ctid, std::vector<std::optional<std::string>>(row.begin() + 1, row.end()));
        frontier[table].insert(ctid);
      }
    }
  };
  const auto capture = [&](const std::string& table, const std::string& sql, const std::string& parameter) {
    session.scan_check_query(
      sql, k_rows_per_block, [&](const Rows& block) { absorb(table, block); }, {parameter},
      "cannot capture the rows the repair removes");
  };
  const auto columns_of = [&](const std::string& table) -> const std::vector<std::string>& {
    const auto found = columns.find(table);
    if (found == columns.end()) {
      throw OperationalError(fmt::format("table {} is not in schema \"{}\"", table, session.schema()));
    }
    return found->second.first;
  };

  capture("object",
          fmt::format("SELECT {} FROM object o WHERE o.oid = ANY($1::int[])", select_list(tx, "o", columns_of("object"))),
          util::pg_int_array(oids));
  for (const auto& [table, column] : explicit_deletes) {
    capture(table,
            fmt::format("SELECT {} FROM {} x WHERE x.{} = ANY($1::int[])", select_list(tx, "x", columns_of(table)),
                        tx.quote_name(table), tx.quote_name(column)),
            util::pg_int_array(oids));
  }
  while (!frontier.empty()) {
    auto current = std::move(frontier);
    frontier.clear();
    for (const auto& [parent, ctids] : current) {
      for (const auto& key : keys) {
        if (!key.cascade || key.parent != parent) {
          continue;
        }
        const auto sql = fmt::format("SELECT {} FROM {} c WHERE {} IN (SELECT {} FROM {} p WHERE p.ctid = ANY($1::tid[]))",
                                     select_list(tx, "c", columns_of(key.child)), tx.quote_name(key.child),
                                     column_tuple(tx, "c", key.child_columns), column_tuple(tx, "p", key.parent_columns),
                                     tx.quote_name(parent));
        capture(key.child, sql, tid_array(ctids));
      }
    }
  }

  std::set<std::string> tables;
  for (const auto& [table, rows] : captured) {
    if (!rows.empty()) {
      tables.insert(table);
    }
  }
  std::vector<CapturedTable> result;
  for (const auto& table : insert_order(tables, keys)) {
    CapturedTable captured_table;
    captured_table.table = table;
    captured_table.columns = columns.at(table).first;
    captured_table.types = columns.at(table).second;
    for (auto& [ctid, row] : captured[table]) {
      captured_table.rows.push_back(std::move(row));
    }
    std::sort(captured_table.rows.begin(), captured_table.rows.end());
    result.push_back(std::move(captured_table));
  }
  return result;
}

CapturedTable
select_rows(MetaStoreSession& session, const std::string& table, const std::string& column, const std::vector<int>& ids)
{
  auto& tx = session.transaction();
  const auto columns = table_columns(session);
  const auto found = columns.find(table);
  if (found == columns.end()) {
    throw OperationalError(fmt::format("table {} is not in schema \"{}\"", table, session.schema()));
  }
  CapturedTable captured;
  captured.table = table;
  captured.columns = found->second.first;
  captured.types = found->second.second;
  // Read as COPY, whose rows stream (a restore's fragment rows carry their blobs); the ids
  // come through copy_rows' argument. IN (SELECT unnest(...)) evaluates the argument once and
  // hashes it, as a bound int[] would be.
  session.copy_rows(
    fmt::format("SELECT {} FROM {} x WHERE x.{} IN (SELECT pg_catalog.unnest("
                "pg_catalog.current_setting('rwdoctor.copy_argument')::int[]))",
                text_list(tx, "x", captured.columns), tx.quote_name(table), tx.quote_name(column)),
    util::pg_int_array(ids), [&](std::vector<std::optional<std::string>>& row) { captured.rows.push_back(std::move(row)); },
    fmt::format("cannot read {}", table));
  std::sort(captured.rows.begin(), captured.rows.end());
  return captured;
}

void
visit_rows_by_key(MetaStoreSession& session, const std::string& table, const std::vector<std::string>& columns,
                  const std::vector<std::string>& key_columns,
                  const std::vector<std::vector<std::optional<std::string>>>& keys,
                  const std::function<void(std::vector<std::optional<std::string>>& row)>& visit)
{
  if (keys.empty() || columns.empty()) {
    return;
  }
  auto& tx = session.transaction();
  const auto all_columns = table_columns(session);
  const auto found = all_columns.find(table);
  if (found == all_columns.end()) {
    throw OperationalError(fmt::format("table {} is not in schema \"{}\"", table, session.schema()));
  }
  // The keys travel as one JSON array of arrays through copy_rows' argument; each element is
  // cast to its column's type, so the lookup uses the primary key's index.
  std::string tuple;
  std::string elements;
  for (std::size_t i = 0; i < key_columns.size(); ++i) {
    const auto& names = found->second.first;
    const auto at = std::find(names.begin(), names.end(), key_columns[i]);
    if (at == names.end()) {
      throw OperationalError(fmt::format("table {} has no column {}", table, key_columns[i]));
    }
    const auto& type = found->second.second[static_cast<std::size_t>(at - names.begin())];
    tuple += fmt::format("{}x.{}", i == 0 ? "" : ", ", tx.quote_name(key_columns[i]));
    elements += fmt::format("{}(k.value->>{})::{}", i == 0 ? "" : ", ", i, type);
  }
  nlohmann::json argument = nlohmann::json::array();
  for (const auto& key : keys) {
    nlohmann::json values = nlohmann::json::array();
    for (const auto& value : key) {
      values.push_back(value ? nlohmann::json(*value) : nlohmann::json(nullptr));
    }
    argument.push_back(std::move(values));
  }
  session.copy_rows(fmt::format("SELECT {} FROM {} x WHERE ({}) IN (SELECT {} FROM pg_catalog.jsonb_array_elements("
                                "pg_catalog.current_setting('rwdoctor.copy_argument')::jsonb) AS k(value))",
                                text_list(tx, "x", columns), tx.quote_name(table), tuple, elements),
                    argument.dump(), visit, fmt::format("cannot read {}", table));
}

std::map<std::string, std::vector<std::string>>
primary_keys(MetaStoreSession& session)
{
  std::map<std::string, std::vector<std::string>> keys;
  for (const auto& row : session.run_file("sql/repair/primary_keys.sql", {session.schema()}).values) {
    keys[row[0].value_or("")].push_back(row[1].value_or(""));
  }
  return keys;
}

std::vector<std::string>
insert_order_of(MetaStoreSession& session, const std::vector<std::string>& tables)
{
  return insert_order(std::set<std::string>(tables.begin(), tables.end()), foreign_keys(session));
}

namespace {

std::string
key_condition(pqxx::dbtransaction& tx, const std::vector<std::string>& key_columns,
              const std::vector<std::string>& key_types, int first_parameter)
{
  std::string condition;
  for (std::size_t i = 0; i < key_columns.size(); ++i) {
    condition += fmt::format("{}{} = ${}::{}", i == 0 ? "" : " AND ", tx.quote_name(key_columns[i]),
                             first_parameter + static_cast<int>(i), key_types[i]);
  }
  return condition;
}

std::vector<const char*>
parameter_pointers(const std::vector<std::optional<std::string>>& values)
{
  std::vector<const char*> pointers;
  for (const auto& value : values) {
    pointers.push_back(value ? value->c_str() : nullptr);
  }
  return pointers;
}

} // namespace

void
delete_rows_by_key(MetaStoreSession& session, const std::string& table, const std::vector<std::string>& key_columns,
                   const std::vector<std::string>& key_types,
                   const std::vector<std::vector<std::optional<std::string>>>& keys)
{
  auto& tx = session.transaction();
  const auto sql = fmt::format("DELETE FROM {} WHERE {}", tx.quote_name(table), key_condition(tx, key_columns, key_types, 1));
  try {
    for (const auto& key : keys) {
      tx.exec_params(sql, pqxx::prepare::make_dynamic_params(parameter_pointers(key)));
    }
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, fmt::format("cannot delete from {}", table));
  }
}

void
update_column(MetaStoreSession& session, const std::string& table, const std::vector<std::string>& key_columns,
              const std::vector<std::string>& key_types, const std::vector<std::optional<std::string>>& key,
              const std::string& column, const std::string& type, const std::optional<std::string>& value)
{
  auto& tx = session.transaction();
  const auto sql = fmt::format("UPDATE {} SET {} = $1::{} WHERE {}", tx.quote_name(table), tx.quote_name(column), type,
                               key_condition(tx, key_columns, key_types, 2));
  std::vector<std::optional<std::string>> values{value};
  values.insert(values.end(), key.begin(), key.end());
  try {
    tx.exec_params(sql, pqxx::prepare::make_dynamic_params(parameter_pointers(values)));
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, fmt::format("cannot update {}.{}", table, column));
  }
}

long
delete_objects(MetaStoreSession& session, const std::vector<int>& oids)
{
  return delete_where_in(session, "object", "oid", oids);
}

long
delete_where_in(MetaStoreSession& session, const std::string& table, const std::string& column,
                const std::vector<int>& oids)
{
  auto& tx = session.transaction();
  try {
    const auto result = tx.exec_params(
      fmt::format("DELETE FROM {} WHERE {} = ANY($1::int[])", tx.quote_name(table), tx.quote_name(column)), util::pg_int_array(oids));
    return static_cast<long>(result.affected_rows());
  } catch (const pqxx::foreign_key_violation& error) {
    throw RefusedError(fmt::format("deleting from {} would break a foreign key: {}", table, server_message(error)),
                       "A row outside the plan still references the rows to delete; run rwdoctor check and repair that first.");
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, fmt::format("cannot delete from {}", table));
  }
}

void
insert_rows(MetaStoreSession& session, const CapturedTable& table)
{
  auto& tx = session.transaction();
  if (table.rows.empty()) {
    return;
  }
  // One COPY FROM STDIN per table: each value goes through its column type's input function,
  // as a text parameter cast to the type would, without building statements of thousands of
  // parameters. Foreign keys between rows of the one table (object.schema_id) are checked at
  // the end of the COPY.
  std::vector<std::string> quoted_columns;
  for (const auto& column : table.columns) {
    quoted_columns.push_back(tx.quote_name(column));
  }
  try {
    // libpqxx 6 offers COPY rows of a run-time width only through tablewriter, which it marks
    // deprecated for its own escaping; rwdoctor writes finished lines (util::copy_text_line).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    pqxx::tablewriter copy(tx, tx.quote_name(table.table), quoted_columns.begin(), quoted_columns.end());
#pragma GCC diagnostic pop
    for (const auto& row : table.rows) {
      copy.write_raw_line(util::copy_text_line(row));
    }
    copy.complete();
  } catch (const pqxx::unique_violation& error) {
    throw RefusedError(fmt::format("rows to put back into {} already exist: {}", table.table, server_message(error)),
                       "The meta store moved on since the repair; compare it with the undo file before going further.");
  } catch (const pqxx::foreign_key_violation& error) {
    throw RefusedError(fmt::format("rows to put back into {} reference rows that are gone: {}", table.table,
                                   server_message(error)),
                       "The meta store moved on since the repair; compare it with the undo file before going further.");
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, fmt::format("cannot insert into {}", table.table));
  }
}

void
advance_sequences(MetaStoreSession& session, const std::vector<std::string>& tables)
{
  auto& tx = session.transaction();
  for (const auto& table : tables) {
    const auto rows = session.run_file("sql/repair/serial_columns.sql", {session.schema(), table});
    for (const auto& row : rows.values) {
      const auto column = row[0].value_or("");
      const auto sequence = row[1].value_or("");
      try {
        tx.exec_params(fmt::format("SELECT pg_catalog.setval($1::regclass, m) FROM (SELECT max({}) AS m FROM {}) s "
                                   "WHERE m IS NOT NULL AND m > (SELECT last_value FROM {})",
                                   tx.quote_name(column), tx.quote_name(table), sequence),
                       sequence);
      } catch (const pqxx::sql_error& error) {
        throw translate_sql_error(error, fmt::format("cannot move sequence {} forward", sequence));
      }
    }
  }
}

namespace {

constexpr long k_lock_slice_ms = 1000; // how often a lock wait looks who it waits for

long
elapsed_ms(std::chrono::steady_clock::time_point since)
{
  return static_cast<long>(
    std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - since).count());
}

// Runs `lock` (a statement that waits for a lock) in a savepoint with lock_timeout set to
// `slice_ms` (0: NOWAIT is in the statement); true when it got the lock, false when the slice
// ran out. Any other error propagates. lock_timeout is set back to the session's afterwards.
bool
try_lock_slice(MetaStoreSession& session, const std::string& lock, long slice_ms)
{
  auto& tx = session.transaction();
  try {
    Savepoint savepoint(tx, "rwdoctor_lock_slice");
    // SET is a utility statement: it takes no snapshot (the repair's snapshot must come after
    // its locks) and no parameters; the numbers are rwdoctor's own.
    if (slice_ms > 0) {
      savepoint.exec(fmt::format("SET LOCAL lock_timeout = {}", slice_ms));
    }
    savepoint.exec(lock);
    savepoint.exec(fmt::format("SET LOCAL lock_timeout = {}", session.lock_timeout_ms()));
    savepoint.commit();
    return true;
  } catch (const pqxx::sql_error& error) {
    if (effective_sqlstate(error) == "55P03") {
      return false;
    }
    throw;
  }
}

} // namespace

void
take_repair_lock(MetaStoreSession& session, const LockWaitReport& on_wait)
{
  // First without waiting: a timeout there is this session's own statement_timeout (an
  // operational error), not a sign of another repair. Only when another session holds the
  // lock does the wait follow, in slices, naming the holder; a lock or statement timeout
  // during it means the holder kept it.
  const std::string key = "pg_catalog.hashtext('rwdoctor repair')";
  bool taken = false;
  try {
    Savepoint savepoint(session.transaction(), "rwdoctor_advisory_try");
    taken = savepoint.exec(fmt::format("SELECT pg_catalog.pg_try_advisory_lock({})", key))[0][0].as<bool>();
    savepoint.commit();
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, "cannot take rwdoctor's repair lock");
  }
  const auto started = std::chrono::steady_clock::now();
  const long limit = session.lock_timeout_ms();
  const std::string what = "rwdoctor's repair lock (another repair is running)";
  bool reported = false;
  while (!taken) {
    // This first transaction may take snapshots: the repair's own begins after it.
    const auto holders = describe_repair_lock_holders(session);
    const long waited = elapsed_ms(started);
    if (waited >= limit) {
      throw RefusedError(fmt::format("another rwdoctor repair is running on this database{}",
                                     holders.empty() ? std::string() : ": " + holders),
                         "Wait for it to finish (or raise --lock-timeout to wait longer), then run rwdoctor check again.");
    }
    if (on_wait) {
      on_wait(LockWait{what, holders, waited, limit, false});
      reported = true;
    }
    try {
      taken = try_lock_slice(session, fmt::format("SELECT pg_catalog.pg_advisory_lock({})", key),
                             std::min(k_lock_slice_ms, limit - waited));
    } catch (const pqxx::sql_error& error) {
      if (effective_sqlstate(error) == "57014") {
        throw RefusedError(fmt::format("another rwdoctor repair is running on this database{}",
                                       holders.empty() ? std::string() : ": " + holders),
                           "Wait for it to finish (or raise --statement-timeout and --lock-timeout), then run rwdoctor "
                           "check again.");
      }
      throw translate_sql_error(error, "cannot take rwdoctor's repair lock");
    }
  }
  if (reported) {
    on_wait(LockWait{what, "", elapsed_ms(started), limit, true});
  }
}

void
lock_tables(MetaStoreSession& session, const std::vector<std::string>& tables, const LockWaitReport& on_wait)
{
  std::string list;
  for (const auto& table : tables) {
    list += fmt::format("{}{}", list.empty() ? "" : ", ", session.transaction().quote_name(table));
  }
  if (list.empty()) {
    return;
  }
  const auto started = std::chrono::steady_clock::now();
  const long limit = session.lock_timeout_ms();
  try {
    if (try_lock_slice(session, fmt::format("LOCK TABLE {} IN EXCLUSIVE MODE NOWAIT", list), 0)) {
      return;
    }
    const std::string what = "a lock on the meta store's tables";
    bool reported = false;
    for (;;) {
      // Who holds the locks is read in a transaction of its own, thrown away before the next
      // try: the repair's transaction must take its snapshot after its locks.
      session.restart_repair_transaction();
      const auto holders = describe_lock_holders(session, tables);
      session.restart_repair_transaction();
      const long waited = elapsed_ms(started);
      if (waited >= limit) {
        throw RefusedError(
          fmt::format("the meta store's tables stayed locked for --lock-timeout {} ms{}", limit,
                      holders.empty() ? std::string(" by another session") : ": " + holders),
          "Stop the meta node and the sessions named (pg_terminate_backend(pid) ends one), or raise --lock-timeout, "
          "then try again; nothing was changed.");
      }
      if (on_wait) {
        on_wait(LockWait{what, holders, waited, limit, false});
        reported = true;
      }
      if (try_lock_slice(session, fmt::format("LOCK TABLE {} IN EXCLUSIVE MODE", list),
                         std::min(k_lock_slice_ms, limit - waited))) {
        if (reported) {
          on_wait(LockWait{what, "", elapsed_ms(started), limit, true});
        }
        return;
      }
    }
  } catch (const pqxx::sql_error& error) {
    if (effective_sqlstate(error) == "42501") {
      throw RefusedError(fmt::format("this role may not change the meta store's tables: {}",
                                     server_message(error)),
                         "Repairs need a role that can write the meta store (the meta node's own); check needs only "
                         "SELECT.");
    }
    throw translate_sql_error(error, "cannot lock the meta store's tables");
  }
}

std::vector<std::string>
tables_linked_to_object(MetaStoreSession& session)
{
  const auto keys = foreign_keys(session);
  std::set<std::string> linked = {"object"};
  bool grew = true;
  while (grew) {
    grew = false;
    for (const auto& key : keys) {
      if (linked.count(key.parent) != 0 && linked.insert(key.child).second) {
        grew = true;
      }
    }
  }
  return std::vector<std::string>(linked.begin(), linked.end());
}

} // namespace rwdoctor::db
