#!/usr/bin/env bash
# Benchmark rwdoctor on a synthetic meta store, in one go, and print a Markdown table.
#
#   bench/run.sh --charts-only
#   bench/run.sh SCALE [--generation GEN] [--runs N] [--out FILE.md] [--build-dir DIR]
#                [--use-env [--reuse]] [--keep] [--repair-sizes 1,100,1000|none] [--seed X]
#                [--repair-kinds drop,restore|drop|restore] [--statement-timeout MS]
#                [--bare-limit SECONDS] [--port P] [-- GENERATOR_ARGS...]
#
# SCALE is S, M or L (bench/generate.sh). GEN is v2_4, v2_8, v3_0_3 or head (default head).
# Every number is the median of N runs (default 3) of wall time and peak RSS
# (/usr/bin/time -v, "Maximum resident set size"):
#   check     `rwdoctor check --format json` on the healthy store and on a store with
#             findings; the psql baseline: the SQL the tool runs (printed by
#             rwdoctor-bench-sql) in one REPEATABLE READ READ ONLY transaction; for
#             generation head also a DBA's hand SQL (bench/sql/dba_hand_check.sql: the plainest
#             set-based query per invariant, no blob decoding, one such transaction); the floor:
#             one COPY (SELECT <columns the checks read, bytea excluded>) TO STDOUT per table
#   repairs   `repair drop` and `repair restore` of 1, 100 and 1000 broken jobs against the
#             bare SQL: the one DELETE of the plan's objects; COPY of exactly the restored
#             rows from the backup into live (a fresh copy of the broken store for every run,
#             made with CREATE DATABASE ... TEMPLATE and a CHECKPOINT, not timed)
# The table goes to stdout and to --out (default bench/results-SCALE-GEN.md); the same figures,
# one line per measured row, go to a TSV next to it (bench/results-SCALE-GEN.tsv). A run of
# generation head at the default --out then redraws the report from every
# bench/results-{S,M,L}-head.tsv present: the charts docs/perf-check-time.svg and
# docs/perf-check-rss.svg (gnuplot) and the tables in docs/performance.md between its
# "bench/run.sh" markers. `bench/run.sh --charts-only` redraws them without measuring.
#
# Without --use-env a throwaway PostgreSQL 15 (scripts/pg-throwaway.sh) is started in a
# temporary directory and removed at exit (--keep keeps it and prints where). With --use-env
# the caller's PG* environment is used; the rwbench_* databases are created there and dropped
# at exit unless --keep. The binaries are built (Release, into --build-dir, default
# build-bench) when missing. Arguments after -- go to bench/generate.sh (e.g. --blob-bytes).
# --reuse (with --use-env) measures the rwbench_* stores a --keep run left instead of
# generating them again (they are dropped at exit unless --keep is given again).
# --statement-timeout is passed to every rwdoctor command (default: rwdoctor's).
# --repair-kinds measures only drop or only restore.
# --bare-limit stops a bare DELETE after SECONDS (its statement_timeout) and reports it as
# "> SECONDS": at scale L one bare DELETE of 1000 jobs runs for about an hour.
# A command that fails or is refused is reported in the table's notes; the others still run.
# Needs psql, jq, /usr/bin/time, gnuplot (Debian packages postgresql-client, jq, time,
# gnuplot-nox) and cmake.
set -euo pipefail

PROG=$(basename "$0")
ROOT=$(cd "$(dirname "$0")/.." && pwd -P)

die() { echo "$PROG: $*" >&2; exit 1; }
die_hint() { # MESSAGE HINT
    printf '%s: %s\nHINT: %s\n' "$PROG" "$1" "$2" >&2
    exit 1
}
info() { echo "$PROG: $*" >&2; }
usage() {
    # The comment block at the top, up to the first line of code.
    sed -n '2,/^set /{/^#/s/^# \{0,1\}//p}' "$0" >&2
    exit 2
}

# ------------------------------------------------------------------ options
SCALE=""
GENERATION="head"
RUNS=3
OUT=""
BUILD_DIR=$ROOT/build-bench
USE_ENV=0
KEEP=0
SEED=1
REPAIR_SIZES=1,100,1000
PORT=54350
GEN_ARGS=()
STATEMENT_TIMEOUT=()
BARE_LIMIT=""
REPAIR_KINDS=drop,restore
REUSE=0
NOTES=() # for the report: refusals, failures, skipped sizes
CHARTS_ONLY=0
DRAW=0 # redraw the charts and docs/performance.md's tables after the run

parse_args() {
    while [ $# -gt 0 ]; do
        case "$1" in
            --generation) [ $# -ge 2 ] || die "$1 needs a value"; GENERATION=$2; shift 2 ;;
            --runs) [ $# -ge 2 ] || die "$1 needs a value"; RUNS=$2; shift 2 ;;
            --out) [ $# -ge 2 ] || die "$1 needs a value"; OUT=$2; shift 2 ;;
            --build-dir) [ $# -ge 2 ] || die "$1 needs a value"; BUILD_DIR=$2; shift 2 ;;
            --repair-sizes) [ $# -ge 2 ] || die "$1 needs a value"; REPAIR_SIZES=$2; shift 2 ;;
            --seed) [ $# -ge 2 ] || die "$1 needs a value"; SEED=$2; shift 2 ;;
            --port) [ $# -ge 2 ] || die "$1 needs a value"; PORT=$2; shift 2 ;;
            --statement-timeout) [ $# -ge 2 ] || die "$1 needs a value"; STATEMENT_TIMEOUT=(--statement-timeout "$2"); shift 2 ;;
            --repair-kinds) [ $# -ge 2 ] || die "$1 needs a value"; REPAIR_KINDS=$2; shift 2 ;;
            --bare-limit) [ $# -ge 2 ] || die "$1 needs a value"; BARE_LIMIT=$2; shift 2 ;;
            --charts-only) CHARTS_ONLY=1; shift ;;
            --reuse) REUSE=1; shift ;;
            --use-env) USE_ENV=1; shift ;;
            --keep) KEEP=1; shift ;;
            -h|--help) usage ;;
            --) shift; GEN_ARGS=("$@"); break ;;
            -*) die "unknown option: $1" ;;
            *) [ -z "$SCALE" ] || die "only one SCALE expected"; SCALE=$1; shift ;;
        esac
    done
    if [ "$CHARTS_ONLY" -eq 1 ]; then
        [ -z "$SCALE" ] || die "--charts-only takes no SCALE: it draws every bench/results-{S,M,L}-head.tsv present"
        return
    fi
    case "$SCALE" in S|M|L) ;; '') usage ;; *) die "SCALE must be S, M or L (got '$SCALE')" ;; esac
    case "$GENERATION" in v2_4|v2_8|v3_0_3|head) ;; *) die "unknown generation '$GENERATION'" ;; esac
    case "$RUNS" in ''|*[!0-9]*|0) die "--runs needs a positive number" ;; esac
    case "$REPAIR_KINDS" in drop,restore|restore,drop) REPAIR_KINDS=drop,restore ;; drop|restore) ;; *) die "--repair-kinds needs drop, restore or drop,restore" ;; esac
    case "$BARE_LIMIT" in '') ;; *[!0-9]*|0*) die "--bare-limit needs a positive number of seconds" ;; esac
    case "$REPAIR_SIZES" in none) ;; ''|*[!0-9,]*) die "--repair-sizes needs numbers separated by commas, or none" ;; esac
    if [ -z "$OUT" ]; then
        OUT=$ROOT/bench/results-$SCALE-$GENERATION.md
        [ "$GENERATION" != head ] || DRAW=1
    fi
    TSV=${OUT%.md}.tsv
    BUILD_DIR=$(mkdir -p "$BUILD_DIR" && cd "$BUILD_DIR" && pwd -P)
}

require_tools() {
    local tool
    for tool in psql jq /usr/bin/time; do
        command -v "$tool" >/dev/null 2>&1 ||
            die "$tool not found (Debian: apt-get install postgresql-client jq time)"
    done
    [ "$DRAW" -eq 0 ] || require_gnuplot
    [ -x "$ROOT/bench/generate.sh" ] || die "bench/generate.sh is missing or not executable"
}

# ------------------------------------------------------------------ workspace and server
TMP=""
SERVER_DIR=""
DB_HEALTHY=rwbench_healthy # the generated store; also the backup restore reads from
DB_BROKEN=rwbench_broken   # the same store with the fragments of K leaf jobs deleted
DB_WORK=rwbench_work       # a fresh copy of DB_BROKEN for every timed repair

cleanup() {
    local status=$?
    set +e
    if [ "$KEEP" -eq 1 ]; then
        [ -z "$SERVER_DIR" ] || info "kept the server: eval \"\$(scripts/pg-throwaway.sh env $SERVER_DIR)\"; stop it with scripts/pg-throwaway.sh stop $SERVER_DIR"
        [ -z "$TMP" ] || info "kept the work files in $TMP"
    else
        if [ -n "$SERVER_DIR" ]; then
            "$ROOT/scripts/pg-throwaway.sh" stop "$SERVER_DIR" >/dev/null 2>&1
        elif [ "$USE_ENV" -eq 1 ] && [ -n "$TMP" ]; then
            local db
            for db in "$DB_WORK" "$DB_BROKEN" "$DB_HEALTHY"; do
                drop_database "$db" >/dev/null 2>&1
            done
        fi
        [ -z "$TMP" ] || rm -rf "$TMP"
    fi
    exit "$status"
}

make_workspace() {
    TMP=$(mktemp -d "${TMPDIR:-/tmp}/rwdoctor-bench.XXXXXX")
    # psql's \copy FROM PROGRAM gets paths inside single quotes.
    case "$TMP" in *"'"*) die "the temporary directory's path must not contain a single quote" ;; esac
    mkdir -p "$TMP/results" "$TMP/undo"
}

start_server() {
    if [ "$USE_ENV" -eq 1 ]; then
        info "using the server of the caller's PG* environment"
        return
    fi
    SERVER_DIR=$TMP/pg
    # The script prints export lines for PGHOST (a private socket directory), PGPORT, PGUSER.
    eval "$("$ROOT/scripts/pg-throwaway.sh" start "$SERVER_DIR" "$PORT")"
}

PSQL=(psql -X -q -v ON_ERROR_STOP=1)

sql_value() { # DB SQL: one value, unaligned
    "${PSQL[@]}" -At -d "$1" -c "$2"
}

drop_database() {
    "${PSQL[@]}" -d postgres -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS \"$1\" WITH (FORCE)"
}

# A fresh copy of TEMPLATE named DB (CREATE DATABASE copies the files: fast, and not timed).
copy_database() { # DB TEMPLATE
    drop_database "$1"
    "${PSQL[@]}" -d postgres -c "CREATE DATABASE \"$1\" TEMPLATE \"$2\""
}

# ------------------------------------------------------------------ binaries
RWDOCTOR=""
BENCH_SQL=""

ensure_binaries() {
    RWDOCTOR=$BUILD_DIR/apps/rwdoctor/rwdoctor
    BENCH_SQL=$BUILD_DIR/bench/rwdoctor-bench-sql
    if [ ! -x "$RWDOCTOR" ] || [ ! -x "$BENCH_SQL" ]; then
        info "building rwdoctor and rwdoctor-bench-sql (Release) in $BUILD_DIR"
        cmake -S "$ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DRWDOCTOR_BUILD_TESTS=OFF >/dev/null
        cmake --build "$BUILD_DIR" -j 2 --target rwdoctor rwdoctor-bench-sql >/dev/null
    fi
    # A binary older than the sources would measure old code: say so (rebuild with cmake --build).
    local newer
    newer=$(find "$ROOT/lib" "$ROOT/sql" "$ROOT/apps" -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.sql' \) \
        -newer "$RWDOCTOR" -print -quit; find "$ROOT/bench" -name '*.cpp' -newer "$BENCH_SQL" -print -quit)
    newer=${newer%%$'\n'*}
    if [ -n "$newer" ]; then
        info "warning: ${newer#"$ROOT"/} is newer than the binaries; run cmake --build $BUILD_DIR"
        NOTES+=("the binaries were older than the sources (${newer#"$ROOT"/} changed after the build)")
    fi
    # The commit the measured code is from (as far as the work tree tells when the run starts).
    COMMIT=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)
    git -C "$ROOT" diff --quiet HEAD 2>/dev/null || COMMIT="$COMMIT + uncommitted changes"
    BUILD_TYPE=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$BUILD_DIR/CMakeCache.txt" 2>/dev/null || true)
}

# ------------------------------------------------------------------ stores
BROKEN_IDS=""   # file: one broken job id per line
BROKEN_COUNT=0

generate() { # DB [generate.sh options]
    local db=$1
    shift
    "$ROOT/bench/generate.sh" --generation "$GENERATION" --scale "$SCALE" --seed "$SEED" "${GEN_ARGS[@]}" "$@" "$db"
}

database_exists() {
    [ "$(sql_value postgres "SELECT count(*) FROM pg_database WHERE datname = '$1'")" = 1 ]
}

generate_stores() {
    local wanted size err found
    if [ "$REUSE" -eq 1 ] && database_exists "$DB_HEALTHY" && database_exists "$DB_BROKEN"; then
        info "reusing $DB_HEALTHY and $DB_BROKEN"
        GEN_SUMMARY="$DB_HEALTHY: reused from an earlier run"
        # The generated catalog has no job without fragments but the broken ones.
        BROKEN_IDS=$TMP/broken-jobs.txt
        sql_value "$DB_BROKEN" "SELECT job_id FROM streaming_job AS sj
            WHERE NOT EXISTS (SELECT 1 FROM fragment AS f WHERE f.job_id = sj.job_id) ORDER BY job_id" >"$BROKEN_IDS"
        pick_repair_jobs
        return
    fi
    wanted=0
    [ "$REPAIR_SIZES" != none ] || wanted=100 # the store with findings still needs some
    for size in ${REPAIR_SIZES//,/ }; do
        [ "$size" != none ] || continue
        [ "$size" -le "$wanted" ] || wanted=$size
    done
    info "generating the healthy store (scale $SCALE, generation $GENERATION)"
    GEN_SUMMARY=$(generate "$DB_HEALTHY")
    info "$GEN_SUMMARY"
    # The broken store is generated again from the same seed (the generator breaks jobs only
    # while generating), so it equals the healthy one except for the broken jobs' rows.
    BROKEN_IDS=$TMP/broken-jobs.txt
    # One repair may not span RisingWave databases, and the generator picks leaf jobs from
    # all of them: ask for twice the largest size so that one database has enough.
    wanted=$((wanted * 2))
    info "generating the store with $wanted broken jobs"
    err=$TMP/generate.err
    if ! generate "$DB_BROKEN" --broken-jobs "$wanted" --broken-jobs-out "$BROKEN_IDS" >/dev/null 2>"$err"; then
        # A small scale has fewer leaf jobs than the largest repair size: take them all.
        found=$(sed -n 's/.*only \([0-9][0-9]*\) leaf jobs.*/\1/p' "$err")
        if [ -z "$found" ] || [ "$found" -eq 0 ]; then
            cat "$err" >&2
            die "bench/generate.sh failed"
        fi
        info "only $found leaf jobs at scale $SCALE: breaking them all"
        generate "$DB_BROKEN" --broken-jobs "$found" --broken-jobs-out "$BROKEN_IDS" >/dev/null
    fi
    pick_repair_jobs
}

# Repairs take their jobs from the RisingWave database with the most broken jobs.
pick_repair_jobs() {
    BROKEN_TOTAL=$(grep -c . "$BROKEN_IDS" || true)
    sql_value "$DB_BROKEN" "SELECT oid FROM object WHERE oid = ANY ('{$(paste -s -d, "$BROKEN_IDS")}'::integer[])
        ORDER BY count(*) OVER (PARTITION BY database_id) DESC, database_id, oid" >"$TMP/repair-jobs.txt"
    BROKEN_COUNT=$(sql_value "$DB_BROKEN" "SELECT max(n) FROM (SELECT count(*) AS n FROM object
        WHERE oid = ANY ('{$(paste -s -d, "$BROKEN_IDS")}'::integer[]) GROUP BY database_id) AS per_database")
    info "$BROKEN_TOTAL broken jobs, $BROKEN_COUNT of them in one database"
}

# ------------------------------------------------------------------ measuring
# measure LABEL PREPARE EXPECTED_EXIT STDOUT COMMAND...
# Runs COMMAND RUNS times; before each run calls PREPARE RUN_NUMBER (untimed; "-" for none).
# Records "wall_seconds max_rss_kib" per run in $TMP/results/LABEL. An exit code other than
# EXPECTED_EXIT is a failure: it goes to the notes, LABEL gets no result and measure returns 1,
# so one failing command (say a statement timeout at scale L) does not lose the others.
measure() {
    local label=$1 prepare=$2 expect=$3 stdout=$4
    shift 4
    local run start end status rss
    : >"$TMP/results/$label"
    for ((run = 1; run <= RUNS; run++)); do
        [ "$prepare" = - ] || "$prepare" "$run"
        status=0
        start=$EPOCHREALTIME
        /usr/bin/time -v -o "$TMP/time.txt" "$@" >"$stdout" 2>"$TMP/stderr.txt" || status=$?
        end=$EPOCHREALTIME
        if [ "$status" -ne "$expect" ]; then
            sed -n '1,20p' "$TMP/stderr.txt" >&2
            info "$label: exit code $status, expected $expect"
            NOTES+=("$label failed (run $run): exit code $status, expected $expect: $(sed -n '1s/^rwdoctor: error: //p' "$TMP/stderr.txt")")
            rm -f "$TMP/results/$label"
            return 1
        fi
        rss=$(sed -n 's/.*Maximum resident set size (kbytes): *//p' "$TMP/time.txt")
        echo "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f", b - a }') $rss" >>"$TMP/results/$label"
    done
    info "$label: $(median_wall "$label") s, $(median_rss "$label") MiB"
}

median_of() { # COLUMN LABEL: "-" when LABEL has no result (it failed or did not run)
    [ -s "$TMP/results/$2" ] || { echo -; return 0; }
    sort -g -k "$1,$1" "$TMP/results/$2" | awk -v c="$1" '{ v[NR] = $c } END {
        if (NR == 0) { print "-"; exit }
        m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        print m }'
}
median_wall() { median_of 1 "$1" | awk '$1 == "-" { print; next } { printf "%.3f\n", $1 }'; }
median_rss() { median_of 2 "$1" | awk '$1 == "-" { print; next } { printf "%.1f\n", $1 / 1024 }'; }
has_result() { [ -s "$TMP/results/$1" ]; }

ratio() { # A B: A / B with two decimals, "-" when either is missing
    awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || b + 0 == 0) print "-"; else printf "%.2f\n", a / b }'
}

# ------------------------------------------------------------------ check
CHECK_FINDINGS="-"
CHECK_SUMMARY="not measured"

# How many check ids the hand SQL covers: the ids its queries name as their first column.
hand_check_ids() {
    grep -oE "^SELECT (DISTINCT )?'[a-z-]+'" "$ROOT/bench/sql/dba_hand_check.sql" | grep -oE "'[a-z-]+'" | sort -u | wc -l
}

bench_check() {
    info "check: preparing the baseline and floor scripts"
    "$BENCH_SQL" -d "$DB_HEALTHY" >"$TMP/check.sql"
    "$BENCH_SQL" -d "$DB_HEALTHY" --no-blob-scans >"$TMP/check-no-blobs.sql"
    "$BENCH_SQL" -d "$DB_HEALTHY" --floor >"$TMP/floor.sql"
    "$BENCH_SQL" -d "$DB_HEALTHY" --blob-floor >"$TMP/blob-floor.sql"
    FLOOR_TABLES=$(grep -c '^COPY' "$TMP/floor.sql" || true)

    # One untimed read of each store first: otherwise whichever command runs first reads
    # from a cold page cache (at L the stores are 5 GiB each, and a restore's work copies
    # evict them), and at --runs 1 that one run is the result.
    info "check: warming the page cache (untimed)"
    "$RWDOCTOR" check -d "$DB_HEALTHY" --jobs 2 --quiet "${STATEMENT_TIMEOUT[@]}" >/dev/null 2>&1 || true
    "$RWDOCTOR" check -d "$DB_BROKEN" --jobs 2 --quiet "${STATEMENT_TIMEOUT[@]}" >/dev/null 2>&1 || true

    # psql prints unaligned tuples only (-A -t): the baseline's client does as little
    # formatting as it can; its output is discarded like the tool's.
    measure check_tool - 0 /dev/null "$RWDOCTOR" check -d "$DB_HEALTHY" --format json "${STATEMENT_TIMEOUT[@]}" || true
    measure check_tool_one - 0 /dev/null "$RWDOCTOR" check -d "$DB_HEALTHY" --format json --connections 1 \
        "${STATEMENT_TIMEOUT[@]}" || true
    # blob-malformed alone against the binary COPY of the same rows (issue: at most 1.2x).
    measure blob_tool - 0 /dev/null "$RWDOCTOR" check -d "$DB_HEALTHY" --format json --check blob-malformed \
        "${STATEMENT_TIMEOUT[@]}" || true
    measure blob_floor - 0 /dev/null "${PSQL[@]}" -d "$DB_HEALTHY" -f "$TMP/blob-floor.sql" || true
    # rwdoctor guard: the checks that can be critical, as before a meta node's start.
    measure guard_tool - 0 /dev/null "$RWDOCTOR" guard -d "$DB_HEALTHY" "${STATEMENT_TIMEOUT[@]}" || true
    measure guard_tool_findings - 4 /dev/null "$RWDOCTOR" guard -d "$DB_BROKEN" "${STATEMENT_TIMEOUT[@]}" || true
    measure check_psql - 0 /dev/null "${PSQL[@]}" -A -t -d "$DB_HEALTHY" -f "$TMP/check.sql" || true
    measure check_psql_no_blobs - 0 /dev/null "${PSQL[@]}" -A -t -d "$DB_HEALTHY" -f "$TMP/check-no-blobs.sql" || true
    # A DBA's hand SQL: one plain query per invariant, written for the head schema's tables and
    # columns only. Its output is kept, not discarded: it must be empty on the healthy store, or
    # the baseline finds what the tool does not and is not comparable.
    if [ "$GENERATION" = head ]; then
        if measure check_hand - 0 "$TMP/hand.out" "${PSQL[@]}" -A -t -d "$DB_HEALTHY" \
            -f "$ROOT/bench/sql/dba_hand_check.sql" && [ -s "$TMP/hand.out" ]; then
            NOTES+=("the DBA's hand SQL returned $(grep -c . "$TMP/hand.out") rows on the healthy store (first: $(sed -n 1p "$TMP/hand.out")): its baseline is wrong")
        fi
    else
        NOTES+=("baseline \"a DBA's hand SQL\" not measured: bench/sql/dba_hand_check.sql is written for generation head only")
    fi
    measure check_floor - 0 /dev/null "${PSQL[@]}" -d "$DB_HEALTHY" -f "$TMP/floor.sql" || true
    # The store with findings: exit 4; the JSON is kept to count the findings.
    if measure check_tool_findings - 4 "$TMP/findings.json" "$RWDOCTOR" check -d "$DB_BROKEN" --format json \
        "${STATEMENT_TIMEOUT[@]}"; then
        CHECK_FINDINGS=$(jq '.findings | length' "$TMP/findings.json")
        CHECK_SUMMARY=$(jq -r '.summary | "\(.critical) critical, \(.error) error, \(.warning) warning, \(.info) info"' \
            "$TMP/findings.json")
    fi
}

# ------------------------------------------------------------------ repairs
ALLOW_ONLINE=()
JOB_ARGS=()
CURRENT_UNDO=""

fresh_work_copy() { # RUN (unused): a fresh broken store, and no undo file from the last run
    copy_database "$DB_WORK" "$DB_BROKEN" >/dev/null
    # The copy's writes are flushed now, not during the timed run (needs superuser or
    # pg_checkpoint; without it the copy's writes land in whichever run follows).
    "${PSQL[@]}" -d postgres -c CHECKPOINT >/dev/null 2>&1 || true
    # With fsync off the checkpoint leaves the pages to the kernel, which would write them
    # back during the timed run (seconds at L): flush them now.
    sync
    [ -z "$CURRENT_UNDO" ] || rm -f "$CURRENT_UNDO"
}

job_args() { # N: --job ID for the first N broken jobs
    JOB_ARGS=()
    local id
    while read -r id; do
        JOB_ARGS+=(--job "$id")
    done < <(head -n "$1" "$TMP/repair-jobs.txt")
}

# The online gate refuses while other sessions are connected; the harness's own sessions
# may count. Try once without --allow-online (untimed) and add it only when refused for that.
probe_online_gate() { # KIND COMMAND...
    local kind=$1 status=0
    shift
    fresh_work_copy 0
    "$@" >/dev/null 2>"$TMP/probe.err" || status=$?
    if [ "$status" -eq 32 ] && grep -qiE 'online|session|connected|heartbeat' "$TMP/probe.err"; then
        ALLOW_ONLINE=(--allow-online)
        NOTES+=("$kind refused without --allow-online ($(sed -n '1s/^rwdoctor: error: //p' "$TMP/probe.err")); every repair ran with --allow-online")
    elif [ "$status" -ne 1 ]; then
        cat "$TMP/probe.err" >&2
        info "$kind (untimed first run): exit code $status, expected 1"
    fi
}

bench_drop() { # N
    local n=$1 plan=$TMP/drop-plan-$1.json status=0
    job_args "$n"
    "$RWDOCTOR" repair drop -d "$DB_BROKEN" "${JOB_ARGS[@]}" --dry-run --format json --max-objects 100000 "${STATEMENT_TIMEOUT[@]}" \
        >"$plan" 2>"$TMP/plan.err" || status=$?
    if [ "$status" -ne 4 ] || [ "$(jq '.refusals | length' "$plan")" -ne 0 ]; then
        NOTES+=("drop of $n jobs: the dry run exited $status: $( (jq -r '.refusals[]?' "$plan" 2>/dev/null; cat "$TMP/plan.err") | sed -n 1p)")
        return
    fi
    DROP_OBJECTS[$n]=$(jq '.objects | length' "$plan")
    DROP_ROWS[$n]=$(jq '[.row_counts[]] | add' "$plan")

    CURRENT_UNDO=$TMP/undo/drop-$n.json
    [ "${#ALLOW_ONLINE[@]}" -gt 0 ] || [ -n "${DROP_PROBED:-}" ] || {
        DROP_PROBED=1
        probe_online_gate "repair drop" "$RWDOCTOR" repair drop -d "$DB_WORK" "${JOB_ARGS[@]}" --yes \
            --max-objects 100000 --no-audit-table --undo-file "$CURRENT_UNDO" "${STATEMENT_TIMEOUT[@]}"
    }
    measure "drop_tool_$n" fresh_work_copy 1 /dev/null "$RWDOCTOR" repair drop -d "$DB_WORK" "${JOB_ARGS[@]}" --yes \
        --max-objects 100000 --no-audit-table --undo-file "$CURRENT_UNDO" "${ALLOW_ONLINE[@]}" "${STATEMENT_TIMEOUT[@]}" || true

    # The bare SQL: RisingWave's own single DELETE of exactly the plan's objects.
    { [ -z "$BARE_LIMIT" ] || echo "SET statement_timeout = '${BARE_LIMIT}s';"
      jq -r '"DELETE FROM object WHERE oid = ANY (\u0027{" + ([.objects[].oid | tostring] | join(",")) + "}\u0027::integer[]);"' \
          "$plan"; } >"$TMP/drop-$n.sql"
    CURRENT_UNDO=""
    if measure "drop_sql_$n" fresh_work_copy 0 /dev/null "${PSQL[@]}" -d "$DB_WORK" -f "$TMP/drop-$n.sql"; then
        verify_delta "drop of $n jobs" object "-${DROP_OBJECTS[$n]}"
    elif [ -n "$BARE_LIMIT" ] && grep -q "statement timeout" "$TMP/stderr.txt"; then
        unset 'NOTES[-1]' # not a failure: stopped at --bare-limit
        echo "$BARE_LIMIT" >"$TMP/results/drop_sql_$n.limit"
        info "drop_sql_$n: stopped at --bare-limit $BARE_LIMIT s"
    fi
}

# A bare DELETE's median, or "> LIMIT" when --bare-limit stopped it.
bare_drop_wall() { # N
    if has_result "drop_sql_$1"; then median_wall "drop_sql_$1"
    elif [ -s "$TMP/results/drop_sql_$1.limit" ]; then echo "> $(cat "$TMP/results/drop_sql_$1.limit")"
    else echo -; fi
}
bare_drop_ratio() { # N
    has_result "drop_tool_$1" || { echo -; return 0; }
    if has_result "drop_sql_$1"; then ratio "$(median_wall "drop_tool_$1")" "$(median_wall "drop_sql_$1")"
    elif [ -s "$TMP/results/drop_sql_$1.limit" ]; then echo "< $(ratio "$(median_wall "drop_tool_$1")" "$(cat "$TMP/results/drop_sql_$1.limit")")"
    else echo -; fi
}

# The bare SQL must change as many rows as the repair: compare DB_WORK (after the last run)
# with DB_BROKEN.
verify_delta() { # WHAT TABLE EXPECTED_DIFFERENCE
    local quoted difference
    quoted="\"${2//\"/\"\"}\""
    difference=$(( $(sql_value "$DB_WORK" "SELECT count(*) FROM $quoted") - $(sql_value "$DB_BROKEN" "SELECT count(*) FROM $quoted") ))
    [ "$difference" -eq "$3" ] ||
        NOTES+=("bare SQL of the $1 changed $difference rows of $2, the repair $3: its baseline is wrong")
}

# The bare-SQL restore: for every table the restore inserted into (its undo file lists the
# keys), parents first, COPY the backup's rows out and into live, in one live transaction.
write_restore_sql() { # UNDO_FILE N
    local undo=$1 n=$2 i=0 table select
    local script=$TMP/restore-$n.sql
    echo "BEGIN;" >"$script"
    # The undo file lists tables children first (its delete order); insert in reverse.
    while IFS= read -r table; do
        select=$TMP/restore-$n-select-$i.sql
        jq -r --arg table "$table" '
            def ident: "\"" + gsub("\""; "\"\"") + "\"";
            .inserted[] | select(.table == $table) |
            (.key_columns | map(ident)) as $cols |
            ([range(0; .key_columns | length) as $j | "(k->>\($j))::\(.key_types[$j])"] | join(", ")) as $picks |
            "COPY (SELECT * FROM \($table | ident) WHERE (\($cols | join(", "))) IN (SELECT \($picks) FROM jsonb_array_elements(\u0027"
            + (.keys | tojson | gsub("\u0027"; "\u0027\u0027")) + "\u0027::jsonb) AS k)) TO STDOUT;"' "$undo" >"$select"
        printf '\\copy %s FROM PROGRAM '\''psql -X -q -v ON_ERROR_STOP=1 -d %s -f %s'\''\n' \
            "$(jq -rn --arg t "$table" '"\"" + ($t | gsub("\""; "\"\"")) + "\""')" "$DB_HEALTHY" "$select" >>"$script"
        i=$((i + 1))
    done < <(jq -r '.inserted | reverse | .[].table' "$undo")
    echo "COMMIT;" >>"$script"
}

bench_restore() { # N
    local n=$1 status=0
    job_args "$n"
    "$RWDOCTOR" repair restore -d "$DB_BROKEN" --from "$DB_HEALTHY" "${JOB_ARGS[@]}" --dry-run --format json "${STATEMENT_TIMEOUT[@]}" \
        >"$TMP/restore-plan-$n.json" 2>"$TMP/plan.err" || status=$?
    if [ "$status" -ne 4 ] || [ "$(jq '.refusals | length' "$TMP/restore-plan-$n.json")" -ne 0 ]; then
        NOTES+=("restore of $n jobs: the dry run exited $status: $( (jq -r '.refusals[]?' "$TMP/restore-plan-$n.json" 2>/dev/null; cat "$TMP/plan.err") | sed -n 1p)")
        return
    fi
    RESTORE_ROWS[$n]=$(jq '[.row_counts[]] | add' "$TMP/restore-plan-$n.json")

    CURRENT_UNDO=$TMP/undo/restore-$n.json
    [ "${#ALLOW_ONLINE[@]}" -gt 0 ] || [ -n "${RESTORE_PROBED:-}" ] || {
        RESTORE_PROBED=1
        probe_online_gate "repair restore" "$RWDOCTOR" repair restore -d "$DB_WORK" --from "$DB_HEALTHY" \
            "${JOB_ARGS[@]}" --yes --no-audit-table --undo-file "$CURRENT_UNDO" "${STATEMENT_TIMEOUT[@]}"
    }
    # The bare SQL copies the rows the last run's undo file names: without a run, no baseline.
    measure "restore_tool_$n" fresh_work_copy 1 /dev/null "$RWDOCTOR" repair restore -d "$DB_WORK" --from "$DB_HEALTHY" \
        "${JOB_ARGS[@]}" --yes --no-audit-table --undo-file "$CURRENT_UNDO" "${ALLOW_ONLINE[@]}" "${STATEMENT_TIMEOUT[@]}" ||
        return 0
    local undo=$TMP/undo/restore-$n-kept.json
    mv "$CURRENT_UNDO" "$undo"
    CURRENT_UNDO=""
    RESTORE_UPDATES[$n]=$(jq '.updated | length' "$undo")
    write_restore_sql "$undo" "$n"
    measure "restore_sql_$n" fresh_work_copy 0 /dev/null "${PSQL[@]}" -d "$DB_WORK" -f "$TMP/restore-$n.sql" || return 0
    local table keys
    while read -r table keys; do
        verify_delta "restore of $n jobs" "$table" "$keys"
    done < <(jq -r '.inserted[] | "\(.table) \(.keys | length)"' "$undo")
}

declare -a SIZES=()
declare -A DROP_OBJECTS=() DROP_ROWS=() RESTORE_ROWS=() RESTORE_UPDATES=()

bench_repairs() {
    local size
    if [ "$REPAIR_SIZES" = none ]; then
        NOTES+=("repairs not run (--repair-sizes none)")
        return
    fi
    for size in ${REPAIR_SIZES//,/ }; do
        if [ "$size" -gt "$BROKEN_COUNT" ]; then
            NOTES+=("repairs of $size jobs skipped: the store has $BROKEN_COUNT leaf jobs to break in one database")
            continue
        fi
        SIZES+=("$size")
    done
    # When a requested size does not fit, also repair every broken job, for the growth figure.
    if [ "${#SIZES[@]}" -lt "$(echo "${REPAIR_SIZES//,/ }" | wc -w)" ] && [ "$BROKEN_COUNT" -gt 0 ] &&
        [[ " ${SIZES[*]} " != *" $BROKEN_COUNT "* ]]; then
        SIZES+=("$BROKEN_COUNT")
    fi
    for size in "${SIZES[@]}"; do
        if [ "$REPAIR_KINDS" != restore ]; then
            info "repair drop of $size job(s)"
            bench_drop "$size"
        fi
        if [ "$REPAIR_KINDS" != drop ]; then
            info "repair restore of $size job(s)"
            bench_restore "$size"
        fi
    done
    drop_database "$DB_WORK" >/dev/null
}

# ------------------------------------------------------------------ facts and report
count_rows() { # TABLE: row count, or "-" when the store has no such table
    if [ "$(sql_value "$DB_HEALTHY" "SELECT to_regclass('\"$1\"') IS NULL")" = t ]; then
        echo -
        return
    fi
    sql_value "$DB_HEALTHY" "SELECT count(*) FROM \"$1\""
}

collect_facts() {
    CPU=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
    NPROC=$(nproc 2>/dev/null || echo '?')
    # rwdoctor's default --connections: 2 with two cores or more (checks::default_connections)
    DEFAULT_CONNECTIONS=$([ "$(nproc 2>/dev/null || echo 1)" -ge 2 ] && echo 2 || echo 1)
    MEM_GIB=$(awk '/^MemTotal:/ { printf "%.1f", $2 / 1048576 }' /proc/meminfo 2>/dev/null || echo '?')
    PG_VERSION=$(sql_value postgres "SHOW server_version")
    PG_SETTINGS=$(sql_value postgres "SELECT string_agg(name || '=' || setting || coalesce(unit, ''), ', ' ORDER BY name)
        FROM pg_settings WHERE name IN ('shared_buffers', 'work_mem', 'fsync', 'synchronous_commit', 'max_parallel_workers_per_gather')")
    TOOL_VERSION=$("$RWDOCTOR" --version 2>/dev/null | head -n 1)
    N_OBJECTS=$(count_rows object)
    N_JOBS=$(count_rows streaming_job)
    N_FRAGMENTS=$(count_rows fragment)
    N_EDGES=$(count_rows fragment_relation)
    N_NO_SHUFFLE=-
    if [ "$N_EDGES" != - ]; then
        N_NO_SHUFFLE=$(sql_value "$DB_HEALTHY" "SELECT count(*) FROM fragment_relation WHERE dispatcher_type = 'NO_SHUFFLE'")
    fi
    N_DEPENDENCIES=$(count_rows object_dependency)
    N_ACTORS=$(count_rows actor)
    BLOB_BYTES=$(sql_value "$DB_HEALTHY" "SELECT coalesce(sum(octet_length(stream_node)), 0) FROM fragment")
    DB_BYTES=$(sql_value "$DB_HEALTHY" "SELECT pg_database_size(current_database())")
    GENERATION_LABEL=$(jq -r '.meta_store.generation' "$TMP/findings.json" 2>/dev/null || echo "$GENERATION")
}

reproduce_command() {
    echo "bench/run.sh $SCALE --generation $GENERATION --runs $RUNS$([ "$REPAIR_SIZES" = 1,100,1000 ] || echo " --repair-sizes $REPAIR_SIZES")$([ "$SEED" = 1 ] || echo " --seed $SEED")$([ "${#STATEMENT_TIMEOUT[@]}" -eq 0 ] || echo " ${STATEMENT_TIMEOUT[*]}")$([ "$REPAIR_KINDS" = drop,restore ] || echo " --repair-kinds $REPAIR_KINDS")$([ -z "$BARE_LIMIT" ] || echo " --bare-limit $BARE_LIMIT")$([ "${#GEN_ARGS[@]}" -eq 0 ] || printf ' -- %s' "${GEN_ARGS[*]}")"
}
machine_line() { echo "$NPROC CPUs (${CPU:-unknown CPU}), $MEM_GIB GiB RAM"; }
postgresql_line() { echo "$PG_VERSION ($PG_SETTINGS)"; }
server_line() { [ "$USE_ENV" -eq 1 ] && echo "the caller's server" || echo "throwaway server on a unix socket"; }

mib() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1048576 }'; }

row() { # cells...: one Markdown table row
    local out="|" cell
    for cell in "$@"; do out="$out $cell |"; done
    echo "$out"
}

growth_line() { # KIND (drop|restore) SMALL LARGE
    local kind=$1 small=$2 large=$3
    has_result "${kind}_tool_$small" && has_result "${kind}_tool_$large" || return 0
    local bare="×$(ratio "$(median_wall "${kind}_sql_$large")" "$(median_wall "${kind}_sql_$small")")"
    [ "$bare" != "×-" ] || bare="not measured to the end"
    echo "- $kind, $small → $large jobs (×$(ratio "$large" "$small") jobs): rwdoctor ×$(ratio "$(median_wall "${kind}_tool_$large")" "$(median_wall "${kind}_tool_$small")"), bare SQL $bare (linear = ×$(ratio "$large" "$small"))"
}

report() {
    local tool base nob floor n
    tool=$(median_wall check_tool)
    base=$(median_wall check_psql)
    nob=$(median_wall check_psql_no_blobs)
    floor=$(median_wall check_floor)
    # The hand SQL's table row and ratio exist for generation head only; each is appended to the
    # line before it (with its newline) so that no empty line splits the table.
    local hand_row="" hand_ratio=""
    if [ "$GENERATION" = head ]; then
        hand_row=$'\n'$(row "baseline: a DBA's hand SQL (anti-joins, no blob decoding), one snapshot" \
            "$(median_wall check_hand)" "$(median_rss check_hand)" \
            "psql -A -t, no rows on the healthy store; $(hand_check_ids) check ids, the blob checks left out (the file's header lists them)")
        hand_ratio=$'\n'"- tool / DBA's hand SQL: **$(ratio "$tool" "$(median_wall check_hand)")** (target: at most 1.0)"
    fi
    cat <<EOF
# rwdoctor benchmark: scale $SCALE, generation $GENERATION ($GENERATION_LABEL)

Reproduce: \`$(reproduce_command)\`. Every figure is the median of $RUNS runs; wall time in seconds, peak RSS (\`/usr/bin/time -v\`, maximum resident set size) in MiB.

- machine: $(machine_line); PostgreSQL $(postgresql_line), $(server_line)
- rwdoctor: $TOOL_VERSION, commit $COMMIT, ${BUILD_TYPE:-unknown} build
- store: $N_OBJECTS objects, $N_JOBS streaming jobs, $N_FRAGMENTS fragments, $N_EDGES fragment edges ($N_NO_SHUFFLE NO_SHUFFLE), $N_DEPENDENCIES object dependencies, $N_ACTORS actor rows; stream_node $(mib "$BLOB_BYTES") MiB in total (mean $(awk -v b="$BLOB_BYTES" -v n="$N_FRAGMENTS" 'BEGIN { if (n + 0 > 0) printf "%.1f", b / n / 1024; else print "-" }') KiB); database $(mib "$DB_BYTES") MiB
- generator: ${GEN_SUMMARY#"$DB_HEALTHY": }; store with findings: the same with $BROKEN_TOTAL leaf jobs' fragments deleted (repairs take theirs from the $BROKEN_COUNT in one RisingWave database)

## check

| what | wall (s) | peak RSS (MiB) | note |
|---|---:|---:|---|
$(row "\`rwdoctor check --format json\`, healthy store" "$tool" "$(median_rss check_tool)" "exit 0; $DEFAULT_CONNECTIONS connection(s), the default on this machine")
$(row "\`rwdoctor check --format json --connections 1\`, healthy store" "$(median_wall check_tool_one)" "$(median_rss check_tool_one)" "exit 0; the blob scan after the SQL checks, on the one connection, as text")
$(row "\`rwdoctor check --format json\`, store with findings" "$(median_wall check_tool_findings)" "$(median_rss check_tool_findings)" "exit 4; $CHECK_FINDINGS findings ($CHECK_SUMMARY)")
$(row "\`rwdoctor guard\`, healthy store" "$(median_wall guard_tool)" "$(median_rss guard_tool)" "exit 0; the checks that can be critical")
$(row "\`rwdoctor guard\`, store with findings" "$(median_wall guard_tool_findings)" "$(median_rss guard_tool_findings)" "exit 4")
$(row "baseline: psql, the tool's check SQL + blob scans, one snapshot" "$base" "$(median_rss check_psql)" "psql -A -t, output discarded; blob scans with FETCH_COUNT 256")
$(row "baseline: psql, the check SQL files only" "$nob" "$(median_rss check_psql_no_blobs)" "without the blob-malformed scans")$hand_row
$(row "floor: COPY of the columns the checks read, no bytea" "$floor" "$(median_rss check_floor)" "$FLOOR_TABLES tables, one snapshot")
$(row "\`rwdoctor check --format json --check blob-malformed\`" "$(median_wall blob_tool)" "$(median_rss blob_tool)" "exit 0; the blob scan alone")
$(row "blob floor: binary COPY of the rows the blob scan reads" "$(median_wall blob_floor)" "$(median_rss blob_floor)" "psql, one snapshot, output discarded")

- tool / baseline: **$(ratio "$tool" "$base")** (tool / check SQL files only: $(ratio "$tool" "$nob"); tool with \`--connections 1\` / baseline: $(ratio "$(median_wall check_tool_one)" "$base"))
- tool / floor: **$(ratio "$tool" "$floor")**$hand_ratio
- blob-malformed / blob floor: **$(ratio "$(median_wall blob_tool)" "$(median_wall blob_floor)")** (target: at most 1.2)

## repairs

Each run repairs a fresh copy of the store with findings. rwdoctor: \`repair drop --job ... --yes --max-objects 100000 --no-audit-table --undo-file F$([ "${#ALLOW_ONLINE[@]}" -eq 0 ] || echo ' --allow-online')\` and \`repair restore --job ... --from <healthy store> --yes --no-audit-table --undo-file F\`. Bare SQL: the one \`DELETE FROM object WHERE oid = ANY (...)\` of the dry-run plan's objects; for restore, \`COPY (SELECT * ... WHERE key IN ...) TO STDOUT\` from the backup into \`COPY ... FROM STDIN\` on live (psql \`\\copy FROM PROGRAM\`), parents first, one transaction, for exactly the rows the restore's undo file lists.

| jobs | drop objects / rows | drop: rwdoctor (s) | RSS (MiB) | drop: bare DELETE (s) | ratio | restore rows | restore: rwdoctor (s) | RSS (MiB) | restore: bare COPY (s) | ratio |
|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
EOF
    for n in "${SIZES[@]}"; do
        row "$n" "${DROP_OBJECTS[$n]:--} / ${DROP_ROWS[$n]:--}" \
            "$(has_result "drop_tool_$n" && median_wall "drop_tool_$n" || echo -)" \
            "$(has_result "drop_tool_$n" && median_rss "drop_tool_$n" || echo -)" \
            "$(bare_drop_wall "$n")" \
            "$(bare_drop_ratio "$n")" \
            "${RESTORE_ROWS[$n]:--}$([ "${RESTORE_UPDATES[$n]:-0}" = 0 ] || echo " (+${RESTORE_UPDATES[$n]} column updates, not in the bare SQL)")" \
            "$(has_result "restore_tool_$n" && median_wall "restore_tool_$n" || echo -)" \
            "$(has_result "restore_tool_$n" && median_rss "restore_tool_$n" || echo -)" \
            "$(has_result "restore_sql_$n" && median_wall "restore_sql_$n" || echo -)" \
            "$(has_result "restore_tool_$n" && ratio "$(median_wall "restore_tool_$n")" "$(median_wall "restore_sql_$n")" || echo -)"
    done
    echo
    if [ "${#SIZES[@]}" -ge 2 ]; then
        echo "Growth:"
        echo
        growth_line drop "${SIZES[-2]}" "${SIZES[-1]}"
        growth_line restore "${SIZES[-2]}" "${SIZES[-1]}"
        echo
    fi
    if [ "${#NOTES[@]}" -gt 0 ]; then
        echo "Notes:"
        echo
        local note
        for note in "${NOTES[@]}"; do echo "- $note"; done
    fi
}

# ------------------------------------------------------------------ machine-readable results
# The TSV next to the Markdown file: "# key: value" lines about the run, then a header and
# one line per measured row (a row that failed or did not run has no line). wall_s is the
# median wall time in seconds, rss_mib the median peak RSS in MiB; stopped is 1 when
# --bare-limit stopped the row (wall_s is then the limit, a lower bound, and rss_mib "-").
TSV_COLUMNS="scale generation jobs fragments edges objects store_bytes row wall_s rss_mib stopped"

tsv_row() { # ROW LABEL: the TSV line of LABEL's result, if it has one
    local row=$1 label=$2 line
    if has_result "$label"; then
        line="$row $(median_wall "$label") $(median_rss "$label") 0"
    elif [ -s "$TMP/results/$label.limit" ]; then
        line="$row $(cat "$TMP/results/$label.limit") - 1"
    else
        return 0
    fi
    echo "$SCALE $GENERATION_LABEL $N_JOBS $N_FRAGMENTS $N_EDGES $N_OBJECTS $DB_BYTES $line" | tr ' ' '\t'
}

write_tsv() {
    local n
    echo "# rwdoctor benchmark: one line per measured row (bench/run.sh; the Markdown file beside this one says what each row runs)"
    echo "# reproduce: $(reproduce_command)"
    echo "# runs: $RUNS"
    echo "# rwdoctor: $TOOL_VERSION, commit $COMMIT, ${BUILD_TYPE:-unknown} build"
    echo "# machine: $(machine_line)"
    echo "# postgresql: $(postgresql_line)"
    echo "# server: $(server_line)"
    echo "# findings: $CHECK_FINDINGS"
    echo "$TSV_COLUMNS" | tr ' ' '\t'
    tsv_row check check_tool
    tsv_row check_connections_1 check_tool_one
    tsv_row check_findings check_tool_findings
    tsv_row guard guard_tool
    tsv_row guard_findings guard_tool_findings
    tsv_row psql_baseline check_psql
    tsv_row psql_check_sql check_psql_no_blobs
    tsv_row hand_sql check_hand
    tsv_row copy_floor check_floor
    tsv_row blob_check blob_tool
    tsv_row blob_floor blob_floor
    for n in "${SIZES[@]}"; do
        tsv_row "drop_$n" "drop_tool_$n"
        tsv_row "drop_bare_$n" "drop_sql_$n"
        tsv_row "restore_$n" "restore_tool_$n"
        tsv_row "restore_bare_$n" "restore_sql_$n"
    done
}

# ------------------------------------------------------------------ charts and report tables
# Drawn from every bench/results-{S,M,L}-head.tsv present, whichever run wrote it.
REPORT=docs/performance.md
REPORT_BEGIN='<!-- bench/run.sh writes from here to the end marker (bench/results-*-head.tsv); do not edit by hand -->'
REPORT_END='<!-- end of what bench/run.sh writes -->'
CHART_TIME=docs/perf-check-time.svg
CHART_RSS=docs/perf-check-rss.svg
# The rows the charts draw: ROW|title|line style (a fixed colour each, whichever are present).
CHART_SERIES=(
    "check|rwdoctor check (default: 2 connections)|lw 2.5 lc rgb '#9400d3' pt 7"
    "check_connections_1|rwdoctor check --connections 1|lw 2.5 lc rgb '#009e73' pt 5"
    "psql_baseline|psql: the tool's check SQL and blob scans|lw 1.5 dt 2 lc rgb '#0072b2' pt 9"
    "hand_sql|psql: a DBA's hand SQL (no blob decoding)|lw 1.5 dt 2 lc rgb '#e69f00' pt 11"
    "copy_floor|COPY floor (the columns read, no bytea)|lw 1.5 dt 3 lc rgb '#555555' pt 13"
)

require_gnuplot() {
    command -v gnuplot >/dev/null 2>&1 ||
        die_hint "gnuplot not found: it draws the charts in docs/" \
            "install it (Debian: apt-get install --no-install-recommends gnuplot-nox), or give --out FILE.md to measure without drawing"
}

report_tsvs() { # the results files the report is drawn from, smallest scale first
    local scale
    for scale in S M L; do
        [ ! -s "$ROOT/bench/results-$scale-head.tsv" ] || echo "$ROOT/bench/results-$scale-head.tsv"
    done
}

# series ROW COLUMN FILES...: "jobs value scale" for every file with ROW, by jobs.
series() {
    local row=$1 column=$2
    shift 2
    awk -F'\t' -v row="$row" -v column="$column" '
        /^#/ { next }
        $1 == "scale" { for (i = 1; i <= NF; i++) at[$i] = i; next }
        $at["row"] == row && $at[column] != "-" && $at["stopped"] != 1 { print $at["jobs"], $at[column], $at["scale"] }
    ' "$@" | sort -n -k 1,1
}

# chart OUTPUT COLUMN YLABEL LOGY FILES...
chart() {
    local output=$1 column=$2 ylabel=$3 logy=$4
    shift 4
    local script=$TMP/chart.gp entry row title style plots="" tics
    # The x tics: one per scale, its jobs from its first row.
    tics=$(for file in "$@"; do
        awk -F'\t' '/^#/ || $1 == "scale" { next } { print $3, $1; exit }' "$file"
    done | while read -r jobs scale; do printf '"%s: %s jobs" %s, ' "$scale" "$(thousands "$jobs")" "$jobs"; done)
    for entry in "${CHART_SERIES[@]}"; do
        IFS='|' read -r row title style <<<"$entry"
        series "$row" "$column" "$@" >"$TMP/series-$row.dat"
        [ -s "$TMP/series-$row.dat" ] || continue
        plots="$plots${plots:+, }\"series-$row.dat\" using 1:2 with linespoints $style ps 0.8 title \"$title\""
    done
    [ -n "$plots" ] || die "no row to draw in $*"
    cat >"$script" <<GNUPLOT
set terminal svg size 760,440 fixed font "sans-serif,12" background rgb "white"
set output "chart.svg"
set logscale x
$([ "$logy" = log ] && echo 'set logscale y' || printf 'set yrange [0:*]\nset offsets 0, 0, graph 0.08, 0\n')
set xrange [500:100000]
set xtics (${tics%, }) nomirror
set ytics nomirror
set grid
set key top left Left reverse box opaque
set xlabel "store size: streaming jobs (log scale)"
set ylabel "$ylabel"
plot $plots
GNUPLOT
    (cd "$TMP" && gnuplot chart.gp) || die "gnuplot failed on $output"
    mkdir -p "$ROOT/$(dirname "$output")"
    mv "$TMP/chart.svg" "$ROOT/$output"
    info "wrote $output"
}

thousands() { # N: N with thousands separated by commas
    awk -v n="$1" 'BEGIN { s = sprintf("%d", n); while (s ~ /[0-9][0-9][0-9][0-9]/) sub(/[0-9][0-9][0-9]($|,)/, ",&", s); print s }'
}

# The Markdown of one scale from its TSV: a heading, the run, and the table.
report_table() { # FILE
    awk -F'\t' '
        function sec(x) { return x == "" ? "-" : (x + 0 < 10 ? sprintf("%.2f", x) : sprintf("%.1f", x)) }
        function rss(x) { return x == "" || x == "-" ? "-" : sprintf("%.1f", x) }
        function wall(r) { return (r in w) ? (stopped[r] ? "> " w[r] : sec(w[r])) : "-" }
        function ratio(a, b) {
            if (!(a in w) || !(b in w) || stopped[a] || w[b] + 0 == 0) return "-"
            return (stopped[b] ? "< " : "") sprintf("%.2f", w[a] / w[b])
        }
        function thousands(n,   s) { s = sprintf("%d", n); while (s ~ /[0-9][0-9][0-9][0-9]/) sub(/[0-9][0-9][0-9]($|,)/, ",&", s); return s }
        function joined(kind, what,   i, out, r) {
            out = ""
            for (i = 1; i <= nsizes[kind]; i++) {
                r = kind "_" size[kind, i]
                if (what == "tool") v = wall(r)
                else if (what == "rss") v = (r in w) ? rss(m[r]) : "-"
                else if (what == "bare") v = wall(kind "_bare_" size[kind, i])
                else v = ratio(r, kind "_bare_" size[kind, i])
                out = out (i > 1 ? " / " : "") v
            }
            return out
        }
        function sizes(kind,   i, out) {
            out = ""
            for (i = 1; i <= nsizes[kind]; i++) out = out (i > 1 ? " / " : "") size[kind, i]
            return out
        }
        /^# / { k = substr($0, 3, index($0, ":") - 3); meta[k] = substr($0, index($0, ":") + 2); next }
        $1 == "scale" { for (i = 1; i <= NF; i++) at[$i] = i; next }
        {
            scale = $at["scale"]; jobs = $at["jobs"]; fragments = $at["fragments"]; edges = $at["edges"]
            bytes = $at["store_bytes"]; r = $at["row"]
            w[r] = $at["wall_s"]; m[r] = $at["rss_mib"]; stopped[r] = ($at["stopped"] == 1)
            if (r ~ /^(drop|restore)_[0-9]+$/) {
                kind = r; sub(/_.*/, "", kind); n = r; sub(/^[a-z]+_/, "", n)
                size[kind, ++nsizes[kind]] = n
            }
        }
        END {
            commit = meta["rwdoctor"]; sub(/.*commit /, "", commit); sub(/, [^,]* build$/, "", commit)
            printf "### %s: %s jobs, %s fragments, %s edges, %s MiB\n\n", scale, thousands(jobs), thousands(fragments), thousands(edges), thousands(bytes / 1048576 + 0.5)
            printf "`%s` at commit %s; %s.\n\n", meta["reproduce"], commit, meta["runs"] == 1 ? "one run" : "medians of " meta["runs"] " runs"
            print "| what | rwdoctor (s) | peak RSS (MiB) | baseline (s) | rwdoctor / baseline |"
            print "|---|--:|--:|---|---|"
            printf "| `check`, healthy store | %s | %s | psql %s, hand SQL %s, floor %s | %s, %s, %s |\n", wall("check"), rss(m["check"]),
                wall("psql_baseline"), wall("hand_sql"), wall("copy_floor"),
                ratio("check", "psql_baseline"), ratio("check", "hand_sql"), ratio("check", "copy_floor")
            printf "| `check --connections 1` | %s | %s | psql %s | %s |\n", wall("check_connections_1"), rss(m["check_connections_1"]),
                wall("psql_baseline"), ratio("check_connections_1", "psql_baseline")
            printf "| `check`, store with %s findings | %s | %s | | |\n", thousands(meta["findings"]), wall("check_findings"), rss(m["check_findings"])
            if (nsizes["drop"])
                printf "| `repair drop`, %s jobs | %s | %s | bare `DELETE` %s | %s |\n", sizes("drop"), joined("drop", "tool"),
                    joined("drop", "rss"), joined("drop", "bare"), joined("drop", "ratio")
            if (nsizes["restore"])
                printf "| `repair restore`, %s jobs | %s | %s | bare `COPY` %s | %s |\n", sizes("restore"), joined("restore", "tool"),
                    joined("restore", "rss"), joined("restore", "bare"), joined("restore", "ratio")
        }' "$1"
}

# The block between docs/performance.md's markers: one table per scale, then the machine.
report_block() { # FILES...
    local file
    echo "$REPORT_BEGIN"
    for file in "$@"; do
        echo
        report_table "$file"
    done
    echo
    # The machine and server of each run, once when the runs agree.
    for file in "$@"; do
        awk '/^# machine: / { machine = substr($0, 12) } /^# postgresql: / { pg = substr($0, 15) }
            END { print "- machine: " machine "; PostgreSQL " pg }' "$file"
    done | sort -u
    echo "$REPORT_END"
}

update_report() { # FILES...
    local report=$ROOT/$REPORT
    if [ ! -f "$report" ] || ! grep -qxF "$REPORT_BEGIN" "$report" || ! grep -qxF "$REPORT_END" "$report"; then
        info "warning: $REPORT has no bench/run.sh markers; its tables were not written"
        return 0
    fi
    report_block "$@" >"$TMP/report-block.md"
    awk -v begin="$REPORT_BEGIN" -v end="$REPORT_END" -v block="$TMP/report-block.md" '
        $0 == begin { while ((getline line < block) > 0) print line; skip = 1; next }
        $0 == end { skip = 0; next }
        !skip { print }' "$report" >"$TMP/report.new"
    cat "$TMP/report.new" >"$report"
    info "wrote the tables of $REPORT"
}

draw_report() {
    local -a files
    mapfile -t files < <(report_tsvs)
    [ "${#files[@]}" -gt 0 ] ||
        die_hint "no results to draw: bench/results-S-head.tsv, -M- and -L- are all missing" "measure one first, e.g. bench/run.sh S"
    chart "$CHART_TIME" wall_s "check wall time, s (log scale)" log "${files[@]}"
    chart "$CHART_RSS" rss_mib "check peak RSS, MiB" linear "${files[@]}"
    update_report "${files[@]}"
}

main() {
    parse_args "$@"
    if [ "$CHARTS_ONLY" -eq 1 ]; then
        require_gnuplot
        make_workspace
        trap cleanup EXIT
        trap 'exit 130' INT TERM
        draw_report
        return
    fi
    require_tools
    make_workspace
    trap cleanup EXIT
    trap 'exit 130' INT TERM
    ensure_binaries
    start_server
    generate_stores
    bench_check
    bench_repairs
    collect_facts
    report | tee "$TMP/report.md"
    mkdir -p "$(dirname "$OUT")"
    cp "$TMP/report.md" "$OUT"
    info "wrote ${OUT#"$ROOT"/}"
    write_tsv >"$TSV"
    info "wrote ${TSV#"$ROOT"/}"
    if [ "$DRAW" -eq 1 ]; then
        draw_report
    else
        info "the charts and $REPORT were not redrawn (they are drawn from generation head at the default --out)"
    fi
}

main "$@"
