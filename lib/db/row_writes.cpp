// Writes of repairs and undo: rows deleted by key or by id, a column set, captured rows put
// back with COPY, sequences moved past the rows put back.
#include "db/row_store.hpp"

#include "core/error.hpp"
#include "db/pqxx_compat.hpp"
#include "db/sql_errors.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <pqxx/tablewriter>

namespace rwdoctor::db {

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

std::vector<std::string>
advance_sequences(MetaStoreSession& session, const std::vector<std::string>& tables)
{
  auto& tx = session.transaction();
  std::vector<std::string> moved;
  for (const auto& table : tables) {
    const auto rows = session.run_file("sql/repair/serial_columns.sql", {session.schema(), table});
    for (const auto& row : rows.values) {
      const auto column = row[0].value_or("");
      const auto sequence = row[1].value_or("");
      try {
        // A sequence never called (is_called false) hands out last_value next: it moves too.
        const auto set = tx.exec_params(
          fmt::format("SELECT pg_catalog.setval($1::regclass, m) FROM (SELECT max({}) AS m FROM {}) s "
                      "WHERE m IS NOT NULL AND (m > (SELECT last_value FROM {}) "
                      "OR (m = (SELECT last_value FROM {}) AND NOT (SELECT is_called FROM {})))",
                      tx.quote_name(column), tx.quote_name(table), sequence, sequence, sequence),
          sequence);
        if (!set.empty()) {
          moved.push_back(fmt::format("{} (to {})", sequence, set[0][0].c_str()));
        }
      } catch (const pqxx::sql_error& error) {
        throw translate_sql_error(error, fmt::format("cannot move sequence {} forward", sequence));
      }
    }
  }
  return moved;
}

} // namespace rwdoctor::db
