#include "db/cascade_indexes.hpp"

#include "core/error.hpp"
#include "db/pqxx_compat.hpp"
#include "db/sql_errors.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <functional>

namespace rwdoctor::db {

namespace {

// Identifiers as PostgreSQL's quote_ident writes them for display: always in double quotes.
std::string
quoted_name(const std::string& name)
{
  std::string text = "\"";
  for (const char c : name) {
    text += c == '"' ? std::string("\"\"") : std::string(1, c);
  }
  return text + "\"";
}

std::string
column_list(const std::vector<std::string>& columns, const std::function<std::string(const std::string&)>& quote)
{
  std::string list;
  for (const auto& column : columns) {
    list += fmt::format("{}{}", list.empty() ? "" : ", ", quote(column));
  }
  return list;
}

} // namespace

std::vector<CascadeIndex>
plan_cascade_indexes(MetaStoreSession& session, const std::vector<std::string>& tables)
{
  std::vector<CascadeIndex> indexes;
  for (const auto& row :
       session.run_file("sql/repair/unindexed_foreign_keys.sql", {session.schema(), util::pg_text_array(tables)}).values) {
    CascadeIndex index;
    index.name = fmt::format("{}{}", k_cascade_index_prefix, indexes.size() + 1);
    index.table = row[0].value_or("");
    index.columns = util::parse_pg_name_array(row[1].value_or("{}"));
    indexes.push_back(std::move(index));
  }
  return indexes;
}

std::string
create_statement(const CascadeIndex& index)
{
  return fmt::format("CREATE INDEX {} ON {} ({});", index.name, quoted_name(index.table), column_list(index.columns, quoted_name));
}

std::string
drop_statement(const CascadeIndex& index)
{
  return fmt::format("DROP INDEX {};", index.name);
}

std::vector<CascadeIndex>
create_cascade_indexes(MetaStoreSession& session, const std::vector<CascadeIndex>& indexes)
{
  auto& tx = session.transaction();
  std::vector<CascadeIndex> created;
  for (const auto& index : indexes) {
    try {
      Savepoint savepoint(tx, "rwdoctor_cascade_index");
      savepoint.exec(fmt::format("CREATE INDEX {} ON {} ({})", tx.quote_name(index.name), tx.quote_name(index.table),
                                 column_list(index.columns, [&](const std::string& name) { return tx.quote_name(name); })));
      savepoint.commit();
      created.push_back(index);
    } catch (const pqxx::sql_error&) {
      // Not the owner of the table, or the name exists: delete without this index.
    }
  }
  session.forget_schema_reads(); // DDL: no key or column changed, but the rule is kept
  return created;
}

void
drop_cascade_indexes(MetaStoreSession& session, const std::vector<CascadeIndex>& created)
{
  auto& tx = session.transaction();
  for (const auto& index : created) {
    try {
      tx.exec(fmt::format("DROP INDEX {}.{}", tx.quote_name(session.schema()), tx.quote_name(index.name)));
    } catch (const pqxx::sql_error& error) {
      throw translate_sql_error(error, fmt::format("cannot drop rwdoctor's temporary index {} on {}", index.name,
                                                   index.table));
    }
  }
  session.forget_schema_reads();
}

} // namespace rwdoctor::db
