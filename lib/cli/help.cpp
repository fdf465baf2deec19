#include "cli/help.hpp"

namespace rwdoctor::cli {

std::string
general_help()
{
  return R"(rwdoctor: find inconsistencies in a RisingWave meta store (PostgreSQL) before they
crash the meta node.

Usage:
  rwdoctor check [options]          check the meta store in one read-only snapshot
  rwdoctor checks [--format F]      list the check catalogue
  rwdoctor explain ID               explain one check: invariant, consequence, SQL file
  rwdoctor --version | --help

Run 'rwdoctor check --help' for the check options.

Connection (as psql): -d/--dbname takes a database name, a conninfo string or a
postgres:// URI; -h/--host, -p/--port, -U/--username override it; PGHOST, PGPORT,
PGUSER, PGDATABASE, PGPASSWORD and ~/.pgpass work as in every libpq program.
Passwords are never printed.

Exit codes (fsck convention):
  0   no inconsistency found
  4   inconsistencies found (findings of severity info do not count)
  8   operational error: cannot connect, not a meta store, a query failed, or a
      check could not run (an incomplete check never exits 0)
  16  usage error
  (1 and 32 are reserved for repairs: repaired, refused)
)";
}

} // namespace rwdoctor::cli
