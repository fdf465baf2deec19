#!/usr/bin/env bash
# Manage a throwaway PostgreSQL 15 server that lives entirely inside one directory.
#
#   scripts/pg-throwaway.sh start  DIR [PORT]   initdb if needed, start, wait until ready and
#                                               print "export PG...=..." lines on stdout
#   scripts/pg-throwaway.sh stop   DIR          fast shutdown
#   scripts/pg-throwaway.sh status DIR          exit 0 if running (and print the env), 3 if not
#   scripts/pg-throwaway.sh env    DIR          print the env lines only
#
# Typical use:   eval "$(scripts/pg-throwaway.sh start "$tmpdir/pg")"
#
# Layout: DIR/data (cluster, trust auth, UTF8), DIR/sock (private unix socket directory; no TCP:
# listen_addresses=''), DIR/log (server log), DIR/port (port of the last start).
# The server runs with fsync off, max_connections=200 and autovacuum off (its workers visited
# every one of the test suite's hundreds of short-lived databases; a store that needs planner
# statistics, such as the benchmark's, runs ANALYZE itself). PostgreSQL refuses to run as root:
# when invoked as root, initdb/pg_ctl run as user "postgres" and DIR is handed to that user.
# A postmaster.pid left behind by a killed server is detected and removed on the next start.
set -euo pipefail

DEFAULT_PORT=54320
PROG=$(basename "$0")

die() { echo "$PROG: $*" >&2; exit 1; }
info() { echo "$PROG: $*" >&2; }

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

case "${1:-}" in -h|--help|help) usage 0 ;; esac
[ $# -ge 2 ] || usage
CMD=$1
DIR_ARG=$2
PORT_ARG=${3:-}

case "$CMD" in
    start|stop|status|env) ;;
    *) usage ;;
esac

if [ -n "$PORT_ARG" ]; then
    case "$PORT_ARG" in
        ''|*[!0-9]*) die "PORT must be a number, got '$PORT_ARG'" ;;
    esac
fi

# ---------------------------------------------------------------- binaries
find_bindir() {
    if [ -x /usr/lib/postgresql/15/bin/pg_ctl ]; then
        echo /usr/lib/postgresql/15/bin
        return
    fi
    if command -v pg_config >/dev/null 2>&1; then
        local d
        d=$(pg_config --bindir)
        if [ -x "$d/pg_ctl" ]; then
            echo "$d"
            return
        fi
    fi
    die "PostgreSQL server binaries not found (looked in /usr/lib/postgresql/15/bin and pg_config --bindir); run scripts/install-deps.sh"
}
BINDIR=$(find_bindir)

# ---------------------------------------------------------------- who runs the server
AS_ROOT=0
if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=1
    id postgres >/dev/null 2>&1 || die "running as root but there is no 'postgres' user to run the server (install postgresql-15)"
fi

# Run a command as the server owner (postgres when we are root, else ourselves).
# The working directory is DIR so that a non-readable caller cwd (e.g. /root) does not matter.
as_owner() {
    if [ "$AS_ROOT" -eq 1 ]; then
        if command -v runuser >/dev/null 2>&1; then
            (cd "$DIR" && runuser -u postgres -- "$@")
        else
            local cmd
            cmd=$(printf '%q ' "$@")
            (cd "$DIR" && su postgres -s /bin/bash -c "$cmd")
        fi
    else
        (cd "$DIR" && "$@")
    fi
}

# ---------------------------------------------------------------- paths
if [ "$CMD" = start ]; then
    mkdir -p "$DIR_ARG"
fi
[ -d "$DIR_ARG" ] || die "no such directory: $DIR_ARG"
DIR=$(cd "$DIR_ARG" && pwd -P)
DATA=$DIR/data
SOCK=$DIR/sock
LOG=$DIR/log
PORTFILE=$DIR/port

stored_port() {
    if [ -f "$PORTFILE" ]; then
        cat "$PORTFILE"
    else
        echo "$DEFAULT_PORT"
    fi
}

sq() { # single-quote a string for sh (and for postgresql.conf, which uses the same '' escape)
    printf "'%s'" "$(printf '%s' "$1" | sed "s/'/''/g")"
}
sh_quote() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }

print_env() {
    local port=$1
    echo "export PGHOST=$(sh_quote "$SOCK")"
    echo "export PGPORT=$port"
    echo "export PGUSER=postgres"
}

# PID recorded in postmaster.pid, if any.
pid_from_file() {
    [ -f "$DATA/postmaster.pid" ] || return 1
    local pid
    pid=$(head -n 1 "$DATA/postmaster.pid" 2>/dev/null | tr -dc '0-9')
    [ -n "$pid" ] || return 1
    echo "$pid"
}

# True when postmaster.pid names a live postgres process serving this data directory.
is_running() {
    local pid args
    pid=$(pid_from_file) || return 1
    kill -0 "$pid" 2>/dev/null || {
        # kill -0 fails with EPERM for another user's live process; fall back to /proc or ps.
        [ -e "/proc/$pid" ] || ps -p "$pid" >/dev/null 2>&1 || return 1
    }
    if [ -r "/proc/$pid/cmdline" ]; then
        args=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null || true)
    else
        args=$(ps -o args= -p "$pid" 2>/dev/null || true)
    fi
    case "$args" in
        *postgres*"$DATA"*|*postmaster*"$DATA"*) return 0 ;;
        *) return 1 ;;
    esac
}

remove_stale_locks() {
    if [ -f "$DATA/postmaster.pid" ]; then
        info "removing stale $DATA/postmaster.pid (pid $(pid_from_file || echo '?') is not a running server)"
        rm -f "$DATA/postmaster.pid"
    fi
    rm -f "$SOCK"/.s.PGSQL.*.lock "$SOCK"/.s.PGSQL.[0-9]* 2>/dev/null || true
}

write_conf() {
    local port=$1
    local tmp="$DATA/throwaway.conf.tmp"
    {
        echo "# Written by $PROG on every start; included from postgresql.conf."
        echo "listen_addresses = ''"
        echo "unix_socket_directories = $(sq "$SOCK")"
        echo "unix_socket_permissions = 0777"
        echo "port = $port"
        echo "max_connections = 200"
        echo "fsync = off"
        echo "synchronous_commit = off"
        echo "full_page_writes = off"
        echo "autovacuum = off"
        echo "shared_buffers = 32MB"
        echo "dynamic_shared_memory_type = posix"
        echo "log_min_messages = warning"
        echo "log_line_prefix = '%m [%p] %q%u@%d '"
    } >"$tmp"
    if [ "$AS_ROOT" -eq 1 ]; then chown postgres:postgres "$tmp"; fi
    mv -f "$tmp" "$DATA/throwaway.conf"
}

do_initdb() {
    info "initdb into $DATA"
    as_owner "$BINDIR/initdb" -D "$DATA" -U postgres -A trust -E UTF8 --locale=C --no-sync >"$DIR/initdb.log" 2>&1 ||
        { cat "$DIR/initdb.log" >&2; die "initdb failed"; }
    # Everyone is trusted except one role kept for testing password failures.
    as_owner sh -c "printf 'local all rwdoctor_password_test scram-sha-256\n' | cat - '$DATA/pg_hba.conf' >'$DATA/pg_hba.conf.new' && mv '$DATA/pg_hba.conf.new' '$DATA/pg_hba.conf'"
    echo "include_if_exists = 'throwaway.conf'" >>"$DATA/postgresql.conf"
}

cmd_start() {
    local port=${PORT_ARG:-}
    if is_running; then
        [ -n "$port" ] || port=$(stored_port)
        if [ "$port" != "$(stored_port)" ]; then
            info "already running on port $(stored_port); ignoring requested port $port"
        fi
        print_env "$(stored_port)"
        return 0
    fi
    [ -n "$port" ] || port=$(stored_port)

    if [ "$AS_ROOT" -eq 1 ]; then
        chown postgres:postgres "$DIR"
        # postgres must be able to reach DIR through its parents. A private parent inside the
        # temp directory (e.g. made by mktemp -d) gets the search bit only (o+x, no listing).
        if ! as_owner test -w "$DIR"; then
            local tmproot p
            tmproot=$(cd "${TMPDIR:-/tmp}" 2>/dev/null && pwd -P || echo /tmp)
            p=$(dirname "$DIR")
            while [ "$p" != "/" ] && [ "$p" != "$tmproot" ]; do
                case "$p" in
                    "$tmproot"/*) chmod o+x "$p" ;;
                    *) break ;;
                esac
                p=$(dirname "$p")
            done
        fi
        as_owner test -w "$DIR" ||
            die "user postgres cannot write to $DIR (is a parent directory private to root?); choose a directory under /tmp"
    fi
    mkdir -p "$SOCK"
    chmod 0755 "$SOCK"
    if [ "$AS_ROOT" -eq 1 ]; then
        chown -R postgres:postgres "$SOCK"
        [ ! -e "$LOG" ] || chown postgres:postgres "$LOG"
    fi

    if [ ! -f "$DATA/PG_VERSION" ]; then
        if [ -d "$DATA" ] && [ -n "$(ls -A "$DATA" 2>/dev/null)" ]; then
            die "$DATA exists but is not a PostgreSQL data directory"
        fi
        do_initdb
    fi
    if [ "$AS_ROOT" -eq 1 ]; then
        chown -R postgres:postgres "$DATA"
    fi

    remove_stale_locks
    write_conf "$port"
    echo "$port" >"$PORTFILE"

    # After a kill -9 of the postmaster its children may need a moment to notice and exit
    # (until then the old shared memory block is "still in use"): retry a few times.
    local attempt=1
    while :; do
        if as_owner "$BINDIR/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 start >/dev/null 2>&1; then
            break
        fi
        if [ "$attempt" -ge 5 ]; then
            tail -n 30 "$LOG" >&2 2>/dev/null || true
            die "server in $DIR failed to start (log: $LOG)"
        fi
        info "start attempt $attempt failed; retrying"
        attempt=$((attempt + 1))
        remove_stale_locks
        sleep 2
    done

    # Wait until it accepts connections (pg_ctl -w already waited; this is belt and braces).
    local i=0
    while [ -x "$BINDIR/pg_isready" ] && ! "$BINDIR/pg_isready" -q -h "$SOCK" -p "$port" -U postgres 2>/dev/null; do
        i=$((i + 1))
        [ "$i" -lt 60 ] || die "server in $DIR does not become ready (log: $LOG)"
        sleep 0.5
    done
    info "server running in $DIR (socket $SOCK, port $port)"
    print_env "$port"
}

cmd_stop() {
    if is_running; then
        as_owner "$BINDIR/pg_ctl" -D "$DATA" -m fast -w -t 60 stop >/dev/null
        info "stopped server in $DIR"
    else
        if [ -f "$DATA/postmaster.pid" ]; then
            remove_stale_locks
        fi
        info "no server running in $DIR"
    fi
}

cmd_status() {
    if is_running; then
        info "running in $DIR (pid $(pid_from_file), port $(stored_port))"
        print_env "$(stored_port)"
        return 0
    fi
    info "not running in $DIR"
    return 3
}

case "$CMD" in
    start) cmd_start ;;
    stop) cmd_stop ;;
    status) cmd_status ;;
    env) print_env "$(stored_port)" ;;
esac
