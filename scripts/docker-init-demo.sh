#!/usr/bin/env bash
# Init script for the postgres:15 container of docker-compose.yml (mounted into
# /docker-entrypoint-initdb.d/, run once, at the first start of an empty data volume).
# Loads the demo RisingWave meta store into database $RWD_DATABASE (default: metadata):
#   sql/schema/$RWD_GENERATION.sql (default v3_0_3), sql/demo/catalog.sql and, unless
#   RWD_INCIDENT=0, sql/demo/incident.sql.
# The sql directory is $RWD_SQL_DIR, else /rwdoctor/sql (the compose mount), else ../sql
# relative to this script (so it can also be tried outside Docker with PG* set).
# Must stay executable: the entrypoint executes +x files and would otherwise source it.
set -euo pipefail

GEN=${RWD_GENERATION:-v3_0_3}
DB=${RWD_DATABASE:-metadata}
INCIDENT=${RWD_INCIDENT:-1}
PGUSER_NAME=${POSTGRES_USER:-postgres}

if [ -n "${RWD_SQL_DIR:-}" ]; then
    SQL_DIR=$RWD_SQL_DIR
elif [ -d /rwdoctor/sql ]; then
    SQL_DIR=/rwdoctor/sql
else
    SQL_DIR=$(cd "$(dirname "$0")/../sql" && pwd -P)
fi

say() { echo "docker-init-demo: $*" >&2; }

if [ ! -f "$SQL_DIR/schema/$GEN.sql" ]; then
    avail=""
    for f in "$SQL_DIR"/schema/*.sql; do
        [ -e "$f" ] && avail="$avail $(basename "$f" .sql)"
    done
    say "no sql/schema/$GEN.sql in $SQL_DIR (available:${avail:- none})"
    exit 1
fi

PSQL=(psql -X -q -v ON_ERROR_STOP=1 --username "$PGUSER_NAME")

db_ident=$(printf '%s' "$DB" | sed 's/"/""/g')
db_literal=$(printf '%s' "$DB" | sed "s/'/''/g")
exists=$("${PSQL[@]}" --dbname postgres -Atc "SELECT 1 FROM pg_database WHERE datname = '$db_literal'")
if [ "$exists" != "1" ]; then
    say "creating database $DB"
    "${PSQL[@]}" --dbname postgres -c "CREATE DATABASE \"$db_ident\" ENCODING 'UTF8' TEMPLATE template0"
fi

load() {
    say "loading $1 into $DB"
    "${PSQL[@]}" --dbname "$DB" -f "$SQL_DIR/$1" >/dev/null
}

load "schema/$GEN.sql"
load "demo/catalog.sql"
if [ "$INCIDENT" = "1" ]; then
    load "demo/incident.sql"
fi
say "demo meta store ready in database $DB (generation $GEN)"
