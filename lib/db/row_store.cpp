// Reads of rows for repairs: what a DELETE FROM object removes (walking the cascading foreign
// keys), and rows by id or by key, all as PostgreSQL text.
#include "db/row_store.hpp"

#include "core/error.hpp"
#include "db/pqxx_compat.hpp"
#include "db/store_keys.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
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

namespace {

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

// Rows of a capture or backup read come through a cursor this many at a time: the rows
// kept are the plan's, but the client never holds a whole result besides them (a fragment
// row carries its stream_node blob as hex text, up to about 40 KB).
constexpr std::size_t k_rows_per_block = 256;

// Rows captured by table and ctid.
using CapturedRows = std::map<std::string, std::map<std::string, std::vector<std::optional<std::string>>>>;

// The tables of `captured` that have rows, parents first, each with its columns and its rows
// sorted (moved out of `captured`).
std::vector<CapturedTable>
captures_in_insert_order(CapturedRows& captured, const TableColumns& columns, const std::vector<ForeignKey>& keys)
{
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

} // namespace

std::vector<CapturedTable>
capture_removal(MetaStoreSession& session, const std::vector<int>& oids,
                const std::vector<std::pair<std::string, std::string>>& explicit_deletes)
{
  auto& tx = session.transaction();
  const auto keys = foreign_keys(session);
  const auto columns = table_columns(session);
  CapturedRows captured; // table -> ctid -> row
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

  return captures_in_insert_order(captured, columns, keys);
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

} // namespace rwdoctor::db
