// Every libpqxx version difference lives here. Debian 12 ships libpqxx 6.4; 7.x spells the
// isolation and write policies as enum classes.
#pragma once

#include <pqxx/pqxx>

namespace rwdoctor::db {

#if PQXX_VERSION_MAJOR >= 7
using SnapshotTransaction =
  pqxx::transaction<pqxx::isolation_level::repeatable_read, pqxx::write_policy::read_only>;
using RepairTransaction = pqxx::transaction<pqxx::isolation_level::serializable, pqxx::write_policy::read_write>;
#else
using SnapshotTransaction = pqxx::transaction<pqxx::repeatable_read, pqxx::read_only>;
using RepairTransaction = pqxx::transaction<pqxx::serializable, pqxx::read_write>;
#endif

} // namespace rwdoctor::db
