// Every libpqxx version difference lives here. Debian 12 ships libpqxx 6.4; 7.x spells the
// isolation and write policies as enum classes.
#pragma once

#include <pqxx/pqxx>

#include <memory>
#include <string>

namespace rwdoctor::db {

#if PQXX_VERSION_MAJOR >= 7
using SnapshotTransaction =
  pqxx::transaction<pqxx::isolation_level::repeatable_read, pqxx::write_policy::read_only>;
using RepairTransaction = pqxx::transaction<pqxx::isolation_level::serializable, pqxx::write_policy::read_write>;
#else
using SnapshotTransaction = pqxx::transaction<pqxx::repeatable_read, pqxx::read_only>;
using RepairTransaction = pqxx::transaction<pqxx::serializable, pqxx::read_write>;
#endif

// A savepoint that exists from its construction. libpqxx 6 sends SAVEPOINT only at a
// subtransaction's first exec(), and exec_params() does not send it: a parameterized query as
// the first statement ran outside the savepoint, and its error aborted the whole transaction
// (a role without SELECT on one type table made check fail with "current transaction is
// aborted" instead of falling back to describe_objects_minimal.sql). libpqxx 7 opens the
// savepoint in the constructor already. Use this instead of pqxx::subtransaction.
#if PQXX_VERSION_MAJOR >= 7
using Savepoint = pqxx::subtransaction;
#else
class Savepoint : public pqxx::subtransaction
{
public:
  // namedclass is a virtual base of every libpqxx 6 transaction, so the most derived class
  // names it, as pqxx::subtransaction's own constructor does.
  Savepoint(pqxx::dbtransaction& parent, const std::string& name)
    : pqxx::internal::namedclass("subtransaction", parent.conn().adorn_name(name)), pqxx::subtransaction(parent, name)
  {
    Begin();
  }
};
#endif

// COPY (query) TO STDOUT on `tx`, read a line at a time with next_copy_line(). libpqxx 6.4's
// stream_from pastes its table name unquoted into "COPY <name> TO STDOUT", so a query in
// parentheses takes the name's place; libpqxx 7 has a constructor for a query.
inline std::unique_ptr<pqxx::stream_from>
open_copy_out(pqxx::transaction_base& tx, const std::string& query)
{
#if PQXX_VERSION_MAJOR >= 7
  return std::make_unique<pqxx::stream_from>(tx, pqxx::from_query, query);
#else
  return std::make_unique<pqxx::stream_from>(tx, "(" + query + ")");
#endif
}

// The next row of `stream` in COPY's text format (possibly ending in its newline); false at
// the end of the data.
inline bool
next_copy_line(pqxx::stream_from& stream, std::string& line)
{
#if PQXX_VERSION_MAJOR >= 7
  const auto [buffer, size] = stream.get_raw_line();
  if (!buffer) {
    return false;
  }
  line.assign(buffer.get(), size);
  return true;
#else
  return stream.get_raw_line(line);
#endif
}

} // namespace rwdoctor::db
