#include "cli/help.hpp"

namespace rwdoctor::cli {

std::string
general_help()
{
  return R"(rwdoctor: find inconsistencies in a RisingWave meta store (PostgreSQL) before they
crash the meta node.

Usage:
  rwdoctor check [options]          check the meta store in one read-only snapshot:
                                    incidents (root causes) in repair order, then
                                    WHAT TO DO with the commands to paste; with
                                    --from BACKUP also what the backup holds of each
  rwdoctor guard [--allow ID]...    before the meta node starts: 0 when it may start, 4
                                    when it would crash or lose state, 8 cannot tell
  rwdoctor watch --interval SECONDS [--listen HOST:PORT]
                                    check on an interval; serve Prometheus /metrics,
                                    /healthz and /report.json (127.0.0.1:9187)
  rwdoctor checks [--format F]      list the check catalogue
  rwdoctor explain ID               explain one check: invariant, consequence, SQL file
  rwdoctor explain passes           the order in which incidents are repaired
  rwdoctor repair all [--from BACKUP] (--dry-run | --yes)
                                    repair every incident in pass order (restore, else
                                    fix, else drop) in one plan, one verified
                                    transaction and one undo file; on a terminal
                                    without --yes, choose per incident
  rwdoctor repair fix (--object ID... | --check ID...) (--dry-run | --yes)
                                    the fixes the data determines (an object's
                                    database, a leftover object row), with undo
  rwdoctor repair drop --job ID... (--dry-run | --yes) [--cascade] [--from BACKUP]
                                    drop orphaned streaming jobs completely, in one
                                    verified transaction, leaving an undo file; with
                                    --from, a job the backup holds is refused
  rwdoctor repair restore --job ID... --from BACKUP (--dry-run | --yes)
                                    put back a job's rows that live lacks (its fragment
                                    graph, its streaming_job row) from a backup meta
                                    store, exactly, or refuse
  rwdoctor apply PLAN [--yes] [--from BACKUP]
                                    apply a plan saved with --plan-out (refused if stale)
  rwdoctor undo UNDO_FILE [--incident N]... [--yes]
                                    take a repair back, only on the meta store it was
                                    made for and while its rows are as it left them;
                                    --incident: only that step of a repair all
  rwdoctor --version | --help

Each command's --help lists its options.
Repairs are for a stopped meta node: they refuse while a meta leader heartbeat is
fresh or other clients are connected, unless --allow-online. Ctrl-C or SIGTERM
during a repair cancels it: nothing is changed. apply and undo connect to the
meta store their file names unless -d, -h or -p say otherwise. Undo files go to
$XDG_STATE_HOME/rwdoctor/undo (else ~/.local/state/rwdoctor/undo).

Connection (as psql): -d/--dbname takes a database name, a conninfo string or a
postgres:// URI (or give the database name last, as with pg_amcheck); -h/--host,
-p/--port, -U/--username override it; PGHOST, PGPORT, PGUSER, PGDATABASE,
PGPASSWORD and ~/.pgpass work as in every libpq program. On a terminal a
password the server wants is asked for (-W asks first). Passwords are never
printed.

Exit codes (fsck convention):
  0   no inconsistency found (findings of severity info do not count); nothing
      to do (also a repeated repair, apply or undo); an undo that took its
      repair back
  1   repaired: the selected findings are gone (repair, apply)
  4   inconsistencies found and left (also a dry run)
  8   operational error: cannot connect, not a meta store, a query failed, a
      check could not run (an incomplete check never exits 0), a repair rolled back
  16  usage error (also a repair without --dry-run/--yes when not on a terminal)
  32  refused or cancelled: safety gate, dependents without --cascade, stale
      plan, tampered file, an undo file for another meta store or whose rows
      moved on, the user said no, Ctrl-C
For 8, 16 and 32 nothing was changed.
)";
}

} // namespace rwdoctor::cli
