#!/usr/bin/env bash
# (Re)create a demo RisingWave meta store database.
#
#   scripts/load-demo.sh [--generation GEN] [--upgraded-from OLD] [--incident] [--schema-only] DBNAME
#
# Uses the PG* environment (PGHOST, PGPORT, PGUSER, ...) of the caller, e.g. after
#   eval "$(scripts/pg-throwaway.sh start "$dir")"
# Drops and creates DBNAME, then loads, with psql -X -q -v ON_ERROR_STOP=1:
#   sql/schema/GEN.sql     (default GEN: v3_0_3)
#   sql/demo/catalog.sql   (skipped with --schema-only)
#   sql/demo/incident.sql  (only with --incident)
# With --upgraded-from OLD, the store is created on generation OLD (sql/schema/OLD.sql and the
# demo catalog) and upgraded to GEN as scripts/replay-migrations.sh upgrade OLD GEN does it
# (GEN's migrations that OLD lacks, then the meta node's first start), before the incident.
set -euo pipefail

PROG=$(basename "$0")
ROOT=$(cd "$(dirname "$0")/.." && pwd -P)

die() { echo "$PROG: $*" >&2; exit 1; }
# The header comment is the help: --help prints it on stdout and exits 0; a usage mistake
# prints it on stderr and exits 2.
usage() {
    local code=${1:-2}
    if [ "$code" -eq 0 ]; then
        awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
    else
        awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0" >&2
    fi
    exit "$code"
}

available_generations() {
    local f names=""
    for f in "$ROOT"/sql/schema/*.sql; do
        [ -e "$f" ] || continue
        names="$names $(basename "$f" .sql)"
    done
    echo "${names# }"
}

GEN=v3_0_3
FROM=""
INCIDENT=0
SCHEMA_ONLY=0
DBNAME=""
while [ $# -gt 0 ]; do
    case "$1" in
        --generation|-g)
            [ $# -ge 2 ] || die "$1 needs an argument"
            GEN=$2
            shift 2
            ;;
        --generation=*) GEN=${1#--generation=}; shift ;;
        --upgraded-from)
            [ $# -ge 2 ] || die "$1 needs an argument"
            FROM=$2
            shift 2
            ;;
        --upgraded-from=*) FROM=${1#--upgraded-from=}; shift ;;
        --incident) INCIDENT=1; shift ;;
        --schema-only) SCHEMA_ONLY=1; shift ;;
        -h|--help) usage 0 ;;
        --) shift; break ;;
        -*) die "unknown option: $1" ;;
        *)
            [ -z "$DBNAME" ] || die "only one DBNAME expected (got '$DBNAME' and '$1')"
            DBNAME=$1
            shift
            ;;
    esac
done
if [ $# -gt 0 ]; then
    if [ -n "$DBNAME" ] || [ $# -ne 1 ]; then
        die "only one DBNAME expected"
    fi
    DBNAME=$1
fi
[ -n "$DBNAME" ] || usage

case "$GEN" in
    */*|'') die "invalid generation '$GEN'" ;;
esac
SCHEMA_FILE=$ROOT/sql/schema/$GEN.sql
[ -f "$SCHEMA_FILE" ] ||
    die "no schema for generation '$GEN' (sql/schema/$GEN.sql); available: $(available_generations)"

if [ -n "$FROM" ]; then
    case "$FROM" in */*) die "invalid generation '$FROM'" ;; esac
    [ -f "$ROOT/sql/schema/$FROM.sql" ] ||
        die "no schema for generation '$FROM' (sql/schema/$FROM.sql); available: $(available_generations)"
    [ "$SCHEMA_ONLY" -eq 0 ] || die "--upgraded-from needs the demo catalog (drop --schema-only)"
    UPGRADE_SQL=$("$ROOT/scripts/replay-migrations.sh" upgrade "$FROM" "$GEN") || die "cannot upgrade $FROM to $GEN"
    SCHEMA_FILE=$ROOT/sql/schema/$FROM.sql
fi

CATALOG_FILE=$ROOT/sql/demo/catalog.sql
INCIDENT_FILE=$ROOT/sql/demo/incident.sql
if [ "$SCHEMA_ONLY" -eq 0 ]; then
    [ -f "$CATALOG_FILE" ] || die "missing sql/demo/catalog.sql"
fi
if [ "$INCIDENT" -eq 1 ]; then
    [ "$SCHEMA_ONLY" -eq 0 ] || die "--incident needs the demo catalog (drop --schema-only)"
    [ -f "$INCIDENT_FILE" ] || die "missing sql/demo/incident.sql"
fi

command -v psql >/dev/null 2>&1 || die "psql not found (run scripts/install-deps.sh)"

PSQL=(psql -X -q -v ON_ERROR_STOP=1)

# Maintenance connection: the "postgres" database of the same server.
MAINT_DB=${LOAD_DEMO_MAINT_DB:-postgres}
dbname_ident=$(printf '%s' "$DBNAME" | sed 's/"/""/g')

echo "$PROG: (re)creating database $DBNAME" >&2
# WITH (FORCE) terminates leftover sessions (e.g. of a previous test run); PostgreSQL 13+.
"${PSQL[@]}" -d "$MAINT_DB" -c "SET client_min_messages = warning" \
    -c "DROP DATABASE IF EXISTS \"$dbname_ident\" WITH (FORCE);"
"${PSQL[@]}" -d "$MAINT_DB" -c "CREATE DATABASE \"$dbname_ident\" TEMPLATE template0 ENCODING 'UTF8';"

load() {
    echo "$PROG: loading ${1#"$ROOT"/}" >&2
    "${PSQL[@]}" -d "$DBNAME" -f "$1" >/dev/null
}

load "$SCHEMA_FILE"
if [ "$SCHEMA_ONLY" -eq 0 ]; then
    load "$CATALOG_FILE"
fi
if [ -n "$FROM" ]; then
    echo "$PROG: upgrading from $FROM to $GEN (scripts/replay-migrations.sh upgrade $FROM $GEN)" >&2
    printf '%s\n' "$UPGRADE_SQL" | "${PSQL[@]}" -d "$DBNAME" >/dev/null
fi
if [ "$INCIDENT" -eq 1 ]; then
    load "$INCIDENT_FILE"
fi
echo "$PROG: database $DBNAME ready (generation $GEN$([ -n "$FROM" ] && echo ", upgraded from $FROM")$([ "$INCIDENT" -eq 1 ] && echo ', with incident'))" >&2
