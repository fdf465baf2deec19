// Row-level work of repairs: capture every row a DELETE FROM object will remove (walking the
// store's own ON DELETE CASCADE foreign keys, so it is right on every generation), delete,
// and put captured rows back. Values travel as PostgreSQL text, whose output and input
// round-trip every type exactly (the same form COPY uses).
#pragma once

#include "db/activity.hpp"
#include "db/meta_store_session.hpp"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rwdoctor::db {

struct CapturedTable
{
  std::string table;
  std::vector<std::string> columns;
  std::vector<std::string> types; // format_type() of each column
  std::vector<std::vector<std::optional<std::string>>> rows; // sorted
};

// The index of `column` in `table.columns`, or -1.
int column_index(const CapturedTable& table, const std::string& column);

// The integer values of `column` in `table`'s rows, sorted and unique (NULLs and non-integers
// skipped; none when the column is absent).
std::vector<int> int_values(const CapturedTable& table, const std::string& column);

// Every row that `DELETE FROM object WHERE oid = ANY(oids)` removes, found by walking the
// cascading foreign keys from those object rows, plus the rows of `explicit_deletes`
// ((table, column) pairs whose column holds one of `oids`, for tables RisingWave cleans
// without a key). Tables come parents first (the order to insert them back).
std::vector<CapturedTable>
capture_removal(MetaStoreSession& session, const std::vector<int>& oids,
                const std::vector<std::pair<std::string, std::string>>& explicit_deletes);

// The rows of `table` whose `column` holds one of `ids`, in the same text form as
// capture_removal (used to read a backup and the matching live rows).
CapturedTable select_rows(MetaStoreSession& session, const std::string& table, const std::string& column,
                          const std::vector<int>& ids);

// Calls `visit` with each row of `table` whose `key_columns` hold one of `keys` (text values,
// as captured), with the values of `columns` as text in the same form as capture_removal.
// Read as COPY, so rows with blobs stream. Throws OperationalError.
void visit_rows_by_key(MetaStoreSession& session, const std::string& table, const std::vector<std::string>& columns,
                       const std::vector<std::string>& key_columns,
                       const std::vector<std::vector<std::optional<std::string>>>& keys,
                       const std::function<void(std::vector<std::optional<std::string>>& row)>& visit);

// One foreign key among the store's tables (sql/repair/foreign_keys.sql).
struct ForeignKey
{
  std::string child;
  std::string parent;
  std::vector<std::string> child_columns;
  std::vector<std::string> parent_columns;
  bool cascade = false; // ON DELETE CASCADE
};

// Every foreign key among the tables of the store's schema.
std::vector<ForeignKey> foreign_keys(MetaStoreSession& session);

// The primary-key columns of every table of the store's schema.
std::map<std::string, std::vector<std::string>> primary_keys(MetaStoreSession& session);

// `tables` ordered parents first by the store's foreign keys.
std::vector<std::string> insert_order_of(MetaStoreSession& session, const std::vector<std::string>& tables);

// DELETE FROM `table` WHERE (`key_columns`) = (key) for each key (text values).
void delete_rows_by_key(MetaStoreSession& session, const std::string& table, const std::vector<std::string>& key_columns,
                        const std::vector<std::string>& key_types,
                        const std::vector<std::vector<std::optional<std::string>>>& keys);

// UPDATE `table` SET `column` = value::type WHERE (`key_columns`) = (key).
void update_column(MetaStoreSession& session, const std::string& table, const std::vector<std::string>& key_columns,
                   const std::vector<std::string>& key_types, const std::vector<std::optional<std::string>>& key,
                   const std::string& column, const std::string& type, const std::optional<std::string>& value);

// DELETE FROM object WHERE oid = ANY(oids); returns the number of object rows deleted.
long delete_objects(MetaStoreSession& session, const std::vector<int>& oids);

// DELETE FROM `table` WHERE `column` = ANY(oids).
long delete_where_in(MetaStoreSession& session, const std::string& table, const std::string& column,
                     const std::vector<int>& oids);

// Inserts the captured rows of `table` (one statement per block of rows). Throws
// RefusedError when a row's key already exists.
void insert_rows(MetaStoreSession& session, const CapturedTable& table);

// Moves each serial column's sequence of `tables` forward past the largest value present.
// Returns the sequences it moved, as "name (to N)".
std::vector<std::string> advance_sequences(MetaStoreSession& session, const std::vector<std::string>& tables);

// Takes rwdoctor's advisory lock, waiting at most lock_timeout (telling `on_wait` about once
// a second who holds it); throws RefusedError naming the holder when another rwdoctor repair
// keeps it, OperationalError when the attempt itself fails (its statement_timeout runs out
// before it learns whether the lock is free). The lock belongs to the session, not the
// transaction, so it outlives MetaStoreSession::restart_repair_transaction; it is released
// when the connection closes, after the repair's COMMIT or rollback.
void take_repair_lock(MetaStoreSession& session, const LockWaitReport& on_wait = {});

// LOCK TABLE ... IN EXCLUSIVE MODE for `tables` (reads still work, writers wait), as the first
// statement of a fresh repair transaction. Waits at most lock_timeout, in slices of a second;
// between them, in a transaction of their own, it reads who holds the locks and tells
// `on_wait`. Throws RefusedError naming the holders (and whether they hold a lock or are
// writing) when the tables stay locked.
void lock_tables(MetaStoreSession& session, const std::vector<std::string>& tables, const LockWaitReport& on_wait = {});

// Every table of the store's schema that a foreign key links to object, directly or not:
// the tables a repair locks.
std::vector<std::string> tables_linked_to_object(MetaStoreSession& session);

} // namespace rwdoctor::db
