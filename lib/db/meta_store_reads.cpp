// MetaStoreSession's reads of rows: check queries (whole or through a cursor), embedded sql/
// files, COPY reads and bytea scans, each in a savepoint of its own.
#include "db/meta_store_session.hpp"

#include "core/interrupt.hpp"
#include "db/meta_store_session_impl.hpp"
#include "db/pqxx_compat.hpp"
#include "db/sql_errors.hpp"
#include "util/block_pipeline.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace rwdoctor::db {

namespace {

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
// How many rows the next FETCH of a cursor scan asks for: a small first block, then as many
// as fit k_fetch_bytes at the bytes per row seen so far, at most the caller's block_rows.
// Rows vary from a few bytes (a finding) to megabytes (a scoped stream-node-mismatch row
// carries all of a job's plans as hex text), so a count alone does not bound the memory.
class FetchSizer
{
public:
  explicit FetchSizer(std::size_t block_rows) : m_block_rows(std::max<std::size_t>(block_rows, 1)) {}

  std::size_t next_rows() const
  {
    if (m_rows_seen == 0) {
      return std::min(m_block_rows, k_first_rows);
    }
    const auto per_row = std::max<std::size_t>(m_bytes_seen / m_rows_seen, 1);
    return std::clamp<std::size_t>(k_fetch_bytes / per_row, 1, m_block_rows);
  }

  void saw(const Rows& rows)
  {
    for (const auto& row : rows.values) {
      for (const auto& value : row) {
        m_bytes_seen += value ? value->size() : 0;
      }
    }
    m_rows_seen += rows.values.size();
  }

private:
  static constexpr std::size_t k_first_rows = 16;
  static constexpr std::size_t k_fetch_bytes = 4 << 20;
  std::size_t m_block_rows;
  std::size_t m_rows_seen = 0;
  std::size_t m_bytes_seen = 0;
};

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
      FetchSizer sizer(block_rows);
      for (bool exhausted = false; !exhausted;) {
        throw_if_interrupted();
        Rows rows;
        {
          const auto asked = sizer.next_rows();
          const auto block = savepoint.exec(fmt::format("FETCH {} FROM {}", asked, cursor));
          if (block.empty()) {
            break;
          }
          // FETCH returns fewer rows than asked only at the cursor's end: no empty FETCH to
          // learn it (most check queries return less than a first block).
          exhausted = static_cast<std::size_t>(block.size()) < asked;
          rows = rows_of(block);
        } // the result is freed before the visit: one copy of the block is held, not two
        sizer.saw(rows);
        visit(rows);
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
  return run_embedded(path, params, fmt::format("query {} failed", path));
}

Rows
MetaStoreSession::run_embedded(std::string_view path, const std::vector<std::string>& params, std::string_view what)
{
  throw_if_interrupted(); // a cancelled repair sends no more statements
  Rows rows;
  try {
    Savepoint savepoint(*m_impl->snapshot, fmt::format("rwdoctor_file_{}", ++m_impl->savepoint_counter));
    const auto sql = embedded_query(path);
    std::vector<const char*> parameters; // nullptr would be SQL NULL; parameters are never NULL here
    for (const auto& param : params) {
      parameters.push_back(param.c_str());
    }
    const auto result = params.empty() ? savepoint.exec(sql)
                                       : savepoint.exec_params(sql, pqxx::prepare::make_dynamic_params(parameters));
    rows = rows_of(result);
    savepoint.commit();
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, what);
  }
  return rows;
}

const Rows&
MetaStoreSession::read_schema_file(std::string_view path, const std::vector<std::string>& params, std::string_view what)
{
  auto key = std::make_pair(std::string(path), params);
  const auto found = m_impl->schema_reads.find(key);
  if (found != m_impl->schema_reads.end()) {
    return found->second;
  }
  auto rows = what.empty() ? run_file(path, params) : run_embedded(path, params, what);
  return m_impl->schema_reads.emplace(std::move(key), std::move(rows)).first->second;
}

void
MetaStoreSession::forget_schema_reads()
{
  m_impl->schema_reads.clear();
}

void
MetaStoreSession::copy_rows(std::string_view select, const std::string& argument,
                            const std::function<void(std::vector<std::optional<std::string>>& row)>& visit,
                            std::string_view what)
{
  throw_if_interrupted(); // a cancelled repair sends no more statements
  try {
    Savepoint savepoint(m_impl->current(), fmt::format("rwdoctor_copy_{}", ++m_impl->savepoint_counter));
    savepoint.exec_params(embedded_query("sql/store/copy_argument.sql"), argument);
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
