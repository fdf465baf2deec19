// rwdoctor-bench-sql: prints, as one psql script, the SQL that `rwdoctor check` runs on a
// given meta store, so the benchmark's baselines run exactly the tool's queries.
//
//   rwdoctor-bench-sql [connection options] [--no-blob-scans]   the checks' SQL
//   rwdoctor-bench-sql [connection options] --floor             the floor: one COPY per table
//   rwdoctor-bench-sql [connection options] --blob-floor        the blob scan's floor
//
// Connection options are rwdoctor's: -d/--dbname, -h/--host, -p/--port, -U/--username,
// --schema; PG* variables and ~/.pgpass work as for rwdoctor.
//
// The checks' script: for the store's detected generation, the query of the variant of every
// check that `rwdoctor check` would run (the same catalogue and select_variant), in the same
// order, with the blob-malformed analyzer's scans after that check's query (the SELECTs
// MetaStoreSession::scan_bytea issues, read through a cursor in blocks of 256 rows as the tool
// does), all in one REPEATABLE READ READ ONLY transaction with the tool's search_path and JIT
// setting (sql/store/harden_session.sql).
// Not included: the session's own few catalog queries (schema facts, migrations) and, when
// there are findings, the one query that describes their objects.
//
// The floor: the meta-store tables and columns those queries read, found by asking
// PostgreSQL (EXPLAIN VERBOSE of every query lists each scanned relation and the columns it
// outputs or filters on), bytea columns left out, each streamed once with
// COPY (SELECT ...) TO STDOUT in one REPEATABLE READ READ ONLY transaction.
//
// The blob scan's floor: the rows blob-malformed's scan reads (every protobuf column the store
// has, the same SELECT), each as one binary COPY, in one REPEATABLE READ READ ONLY
// transaction: the bytes as the server sends them, nothing decoded.
#include "checks/analyzers.hpp"
#include "checks/catalogue.hpp"
#include "core/error.hpp"
#include "db/connection_options.hpp"
#include "db/meta_store_session.hpp"
#include "store/generation.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include <algorithm>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace {

using namespace rwdoctor;

struct Options
{
  db::ConnectionOptions connection;
  bool floor = false;
  bool blob_floor = false;
  bool blob_scans = true;
};

const char* const k_usage =
  "usage: rwdoctor-bench-sql [-d DB] [-h HOST] [-p PORT] [-U USER] [--schema NAME] [--no-blob-scans | --floor | --blob-floor]\n";

Options
parse_options(int argc, char** argv)
{
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        throw UsageError("option " + arg + " needs a value", k_usage);
      }
      return argv[++i];
    };
    if (arg == "-d" || arg == "--dbname") {
      options.connection.dbname = value();
    } else if (arg == "-h" || arg == "--host") {
      options.connection.host = value();
    } else if (arg == "-p" || arg == "--port") {
      options.connection.port = value();
    } else if (arg == "-U" || arg == "--username") {
      options.connection.user = value();
    } else if (arg == "--schema") {
      options.connection.schema = value();
    } else if (arg == "--floor") {
      options.floor = true;
    } else if (arg == "--blob-floor") {
      options.blob_floor = true;
    } else if (arg == "--no-blob-scans") {
      options.blob_scans = false;
    } else if (arg == "--help") {
      std::cout << k_usage;
      std::exit(0);
    } else {
      throw UsageError("unknown argument '" + arg + "'", k_usage);
    }
  }
  return options;
}

// The query of a check file as one statement ending in exactly one ';'.
std::string
statement(std::string_view query)
{
  auto text = util::trim(query);
  while (!text.empty() && text.back() == ';') {
    text = util::trim(text.substr(0, text.size() - 1));
  }
  return std::string(text);
}

// Records which bytea columns the blob analyzer would scan, without reading any.
class RecordingBlobSource : public checks::BlobSource
{
public:
  struct Scan
  {
    std::string table, key_column, column;
  };
  void
  scan(const std::string& table, const std::string& key_column, const std::string& column,
       const std::function<void(int, std::string_view)>& /*visit*/) override
  {
    scans.push_back({table, key_column, column});
  }
  std::vector<Scan> scans;
};

// The check variants `rwdoctor check` runs on this store, in catalogue order; the checks it
// does not run are noted as SQL comments on `notes` when given.
std::vector<const checks::CheckSpec*>
applicable_checks(const store::SchemaFacts& facts, const store::Generation& generation, std::ostream* notes = nullptr)
{
  const auto& catalogue = checks::Catalogue::builtin();
  std::vector<const checks::CheckSpec*> specs;
  for (const auto& id : catalogue.ids()) {
    const auto applicability = checks::select_variant(catalogue, id, facts, generation);
    if (applicability.spec != nullptr) {
      specs.push_back(applicability.spec);
    } else if (notes != nullptr) {
      *notes << "\n-- " << id << ": not run (" << applicability.reason << ")\n";
    }
  }
  return specs;
}

// The SELECT of each of the blob-malformed analyzer's scans (the one MetaStoreSession::
// scan_bytea and db::BlobCopySession issue), for every protobuf column the store has.
std::vector<std::string>
blob_scan_selects(const store::SchemaFacts& facts, pqxx::dbtransaction& tx)
{
  RecordingBlobSource recorder;
  checks::analyze_blobs(facts, recorder);
  std::vector<std::string> selects;
  for (const auto& scan : recorder.scans) {
    selects.push_back(fmt::format("SELECT {0}, {1} FROM {2} WHERE {1} IS NOT NULL ORDER BY {0}",
                                  tx.quote_name(scan.key_column), tx.quote_name(scan.column), tx.quote_name(scan.table)));
  }
  return selects;
}

// The scans as the tool reads them on one connection: through a cursor in blocks of 256 rows
// at first; FETCH_COUNT makes psql do the same.
void
print_blob_scans(const store::SchemaFacts& facts, pqxx::dbtransaction& tx)
{
  std::cout << "-- blob-malformed: the analyzer's scans\n\\set FETCH_COUNT 256\n";
  for (const auto& select : blob_scan_selects(facts, tx)) {
    std::cout << select << ";\n";
  }
  std::cout << "\\unset FETCH_COUNT\n";
}

void
print_blob_floor(db::MetaStoreSession& session)
{
  const auto facts = session.schema_facts();
  auto& tx = session.transaction();
  std::cout << "-- The blob scan's floor for database " << tx.quote(session.database())
            << ": every protobuf column the scan reads, as binary COPY.\n"
            << "SET search_path = pg_catalog, " << tx.quote_name(session.schema()) << ";\n"
            << "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY;\n";
  for (const auto& select : blob_scan_selects(facts, tx)) {
    std::cout << "COPY (" << select << ") TO STDOUT (FORMAT binary);\n";
  }
  std::cout << "COMMIT;\n";
}

void
print_checks(db::MetaStoreSession& session, const Options& options)
{
  const auto facts = session.schema_facts();
  const auto generation = store::detect_generation(session.applied_migrations());
  auto& tx = session.transaction();
  std::cout << "-- The SQL `rwdoctor check` runs on database " << tx.quote(session.database()) << ", schema "
            << tx.quote(session.schema()) << " (RisingWave " << generation.label << ", " << generation.migration_count
            << " migrations).\n"
            << "SET search_path = pg_catalog, " << tx.quote_name(session.schema()) << ";\n"
            << "SET jit = off;\n"
            << "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY;\n";
  const auto specs = applicable_checks(facts, generation, &std::cout);
  for (const auto* spec : specs) {
    std::cout << "\n-- " << spec->id << " (" << spec->path << ")\n";
    if (spec->scoped) {
      // The tool binds every parameter to NULL (the whole store) and PostgreSQL plans with
      // those values, as it does for the first executions of a prepared statement.
      const std::vector<std::string> types(spec->scope_sets.size(), "int[]");
      const std::vector<std::string> nulls(spec->scope_sets.size(), "NULL");
      std::cout << "PREPARE rwdoctor_scoped(" << fmt::format("{}", fmt::join(types, ", ")) << ") AS\n"
                << statement(spec->query) << ";\nEXECUTE rwdoctor_scoped(" << fmt::format("{}", fmt::join(nulls, ", "))
                << ");\nDEALLOCATE rwdoctor_scoped;\n";
    } else {
      std::cout << statement(spec->query) << ";\n";
    }
    if (spec->id == "blob-malformed" && options.blob_scans) {
      print_blob_scans(facts, tx);
    }
  }
  std::cout << "\nCOMMIT;\n";
}

// Every column of every table in the store's schema: name and whether it is bytea, in
// column order.
using TableColumns = std::map<std::string, std::vector<std::pair<std::string, bool>>>;

TableColumns
table_columns(db::MetaStoreSession& session)
{
  auto& tx = session.transaction();
  const auto rows = session.run_check_query(
    "SELECT c.relname::text, a.attname::text, a.atttypid = 'bytea'::regtype "
    "FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid "
    "WHERE a.attnum > 0 AND NOT a.attisdropped AND c.relkind = 'r' "
    "AND c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = " +
    tx.quote(session.schema()) + ") ORDER BY c.relname, a.attnum");
  TableColumns columns;
  for (const auto& row : rows.values) {
    columns[*row[0]].emplace_back(*row[1], *row[2] == "t");
  }
  return columns;
}

// `expression` without its string literals, so their text is never taken for a column.
std::string
without_literals(const std::string& expression)
{
  std::string text;
  bool in_literal = false;
  for (const char c : expression) {
    if (c == '\'') {
      in_literal = !in_literal;
      text += ' ';
    } else if (!in_literal) {
      text += c;
    }
  }
  return text;
}

std::string
unquote_identifier(const std::string& name)
{
  if (name.size() < 2 || name.front() != '"') {
    return name;
  }
  std::string unquoted;
  for (std::size_t i = 1; i + 1 < name.size(); ++i) {
    unquoted += name[i];
    if (name[i] == '"') {
      ++i;
    }
  }
  return unquoted;
}

// The meta-store columns one query reads, from its EXPLAIN (VERBOSE, FORMAT JSON) plan.
//
// EXPLAIN VERBOSE writes column references as alias.column (bare column when the query has
// a single relation). A scan that feeds a Hash or Materialize often emits every column (a
// "physical target list") whatever its consumers use, and pass-through nodes repeat their
// child's list; neither says what the query needs, so those lists are skipped and the columns
// are taken from the expressions that use them: join outputs and conditions, filters, keys.
class PlanColumns
{
public:
  PlanColumns(const std::string& schema, const TableColumns& tables) : m_schema(schema), m_tables(tables) {}

  void
  add_plan(const nlohmann::json& plan)
  {
    m_scans.clear();
    m_scan_count = 0;
    find_scans(plan);
    collect(plan);
  }

  // Table → columns read ("*" for a whole-row reference).
  const std::map<std::string, std::set<std::string>>& used() const { return m_used; }

private:
  static bool
  passes_through(const std::string& node_type)
  {
    static const std::set<std::string> types = {"Hash",   "Materialize", "Sort",   "Incremental Sort", "Memoize",
                                                "Limit",  "Unique",      "Gather", "Gather Merge"};
    return types.count(node_type) != 0;
  }

  void
  find_scans(const nlohmann::json& node)
  {
    if (node.contains("Relation Name")) {
      ++m_scan_count;
      if (node.value("Schema", "") == m_schema) {
        const auto relation = node["Relation Name"].get<std::string>();
        m_scans[node.value("Alias", relation)] = relation;
        m_used[relation]; // a table read for its row count only still streams its rows
      }
    }
    if (node.contains("Plans")) {
      for (const auto& child : node["Plans"]) {
        find_scans(child);
      }
    }
  }

  // True when a scan's output list is its table's whole physical row.
  bool
  physical_target_list(const nlohmann::json& node) const
  {
    const auto table = m_tables.find(node["Relation Name"].get<std::string>());
    return node.contains("Output") && table != m_tables.end() && node["Output"].size() == table->second.size();
  }

  void
  collect(const nlohmann::json& node)
  {
    const auto type = node.value("Node Type", "");
    const bool scan = node.contains("Relation Name");
    for (const auto& [key, value] : node.items()) {
      if (key == "Plans" || key == "Relation Name" || key == "Alias" || key == "Schema" || key == "Node Type") {
        continue;
      }
      if (key == "Output" && (passes_through(type) || (scan && physical_target_list(node)))) {
        continue;
      }
      if (value.is_string()) {
        collect_expression(value.get<std::string>());
      } else if (value.is_array()) {
        for (const auto& item : value) {
          if (item.is_string()) {
            collect_expression(item.get<std::string>());
          }
        }
      }
    }
    if (node.contains("Plans")) {
      for (const auto& child : node["Plans"]) {
        collect(child);
      }
    }
  }

  void
  collect_expression(const std::string& raw)
  {
    static const std::regex qualified(
      R"(("(?:[^"]|"")*"|[A-Za-z_][A-Za-z0-9_$]*)\.("(?:[^"]|"")*"|[A-Za-z_][A-Za-z0-9_$]*|\*))");
    static const std::regex bare(R"((^|[^A-Za-z0-9_$.":])("(?:[^"]|"")*"|[a-z_][a-z0-9_$]*)(?![A-Za-z0-9_$("."]))");
    const auto text = without_literals(raw);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), qualified); it != std::sregex_iterator(); ++it) {
      const auto scan = m_scans.find(unquote_identifier((*it)[1].str()));
      if (scan != m_scans.end()) {
        m_used[scan->second].insert(unquote_identifier((*it)[2].str()));
      }
    }
    // A single-relation query is printed without prefixes: match its table's column names.
    if (m_scan_count == 1 && m_scans.size() == 1) {
      const auto& relation = m_scans.begin()->second;
      const auto table = m_tables.find(relation);
      for (auto it = std::sregex_iterator(text.begin(), text.end(), bare); it != std::sregex_iterator(); ++it) {
        const auto name = unquote_identifier((*it)[2].str());
        if (table != m_tables.end() &&
            std::any_of(table->second.begin(), table->second.end(), [&](const auto& column) { return column.first == name; })) {
          m_used[relation].insert(name);
        }
      }
    }
  }

  std::string m_schema;
  const TableColumns& m_tables;
  std::map<std::string, std::string> m_scans; // alias → table, for the current plan
  int m_scan_count = 0;                       // scans of any schema in the current plan
  std::map<std::string, std::set<std::string>> m_used;
};

void
print_floor(db::MetaStoreSession& session)
{
  const auto facts = session.schema_facts();
  const auto generation = store::detect_generation(session.applied_migrations());
  auto& tx = session.transaction();
  const auto tables = table_columns(session);

  PlanColumns columns(session.schema(), tables);
  for (const auto* spec : applicable_checks(facts, generation)) {
    const auto plan = session.run_check_query("EXPLAIN (VERBOSE, FORMAT JSON) " + statement(spec->query),
                                              db::MetaStoreSession::QueryParams(spec->scope_sets.size()));
    if (plan.values.empty() || !plan.values.front().front()) {
      continue;
    }
    for (const auto& entry : nlohmann::json::parse(*plan.values.front().front())) {
      columns.add_plan(entry.at("Plan"));
    }
  }

  std::cout << "-- The floor for database " << tx.quote(session.database()) << " (RisingWave " << generation.label
            << "): every meta-store column the checks read, bytea excluded, streamed once.\n"
            << "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY;\n";
  for (const auto& [table, wanted] : columns.used()) {
    const auto found = tables.find(table);
    if (found == tables.end()) {
      continue;
    }
    std::string list;
    std::string blobs;
    for (const auto& [column, is_bytea] : found->second) {
      if (wanted.count(column) == 0 && wanted.count("*") == 0) {
        continue;
      }
      auto& target = is_bytea ? blobs : list;
      target += (target.empty() ? "" : ", ") + tx.quote_name(column);
    }
    if (!blobs.empty()) {
      std::cout << "-- " << table << ": left out (bytea): " << blobs << "\n";
    }
    std::cout << "COPY (SELECT " << list << " FROM " << tx.quote_name(session.schema()) << "." << tx.quote_name(table)
              << ") TO STDOUT;\n";
  }
  std::cout << "COMMIT;\n";
}

} // namespace

int
main(int argc, char** argv)
{
  try {
    const auto options = parse_options(argc, argv);
    db::MetaStoreSession session(options.connection);
    if (options.floor) {
      print_floor(session);
    } else if (options.blob_floor) {
      print_blob_floor(session);
    } else {
      print_checks(session, options);
    }
    std::cout.flush();
    return std::cout ? 0 : to_int(ExitCode::operational);
  } catch (const Error& error) {
    std::cerr << "rwdoctor-bench-sql: error: " << error.what() << "\n";
    if (!error.hint().empty()) {
      std::cerr << "HINT: " << error.hint();
      if (error.hint().back() != '\n') {
        std::cerr << "\n";
      }
    }
    return to_int(error.exit_code());
  } catch (const std::exception& error) {
    std::cerr << "rwdoctor-bench-sql: error: " << error.what() << "\n";
    return to_int(ExitCode::operational);
  }
}
