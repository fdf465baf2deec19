#!/usr/bin/env bash
# Benchmark check and guard on a store in the middle of an incident, against a DBA's hand SQL
# on the same store, and say where the server's time goes, statement by statement.
#
#   bench/incident.sh SCALE [--rounds N] [--build-dir DIR] [--port P] [--keep] [--no-report]
#                     [-- GENERATOR_ARGS...]
#
# SCALE is S, M or L. The store: bench/generate.sh --scale SCALE --shape incident (jobs in
# flight, INITIAL jobs, shared sources read by many jobs, Hummock stats for the copied state
# tables, 16 incidents of 8 checks with their follow-on findings; see
# bench/sql/incident_shape.sql), generation head. Arguments after -- go to the generator.
# Measured in N rounds (default 3), interleaved so that the machine's drift hits all three
# alike, medians of wall time and peak RSS (/usr/bin/time -v):
#   check     rwdoctor check --format json (exit 4)
#   guard     rwdoctor guard (exit 4)
#   hand SQL  bench/sql/dba_hand_check.sql through psql -A -t, one snapshot, with the server's
#             defaults (JIT on, PostgreSQL 15's default) and again with jit = off (rwdoctor
#             turns JIT off for its own sessions)
# Then one more run of each with the server's statement log on (log_min_duration_statement =
# 0, for this database only): bench/statement-costs.awk sums the log by statement, so a
# regression in one query shows by name. Writes bench/results-SCALE-head-incident.md and .tsv
# and, unless --no-report, redraws the incident section of docs/performance.md from every
# bench/results-*-head-incident.md present.
# A throwaway PostgreSQL 15 (scripts/pg-throwaway.sh) is started in a temporary directory and
# removed at exit (--keep keeps it, with the store, and prints where). The binaries are built
# (Release, into --build-dir, default build-bench) when missing. Needs psql, jq, /usr/bin/time.
set -euo pipefail

PROG=$(basename "$0")
ROOT=$(cd "$(dirname "$0")/.." && pwd -P)

die() { echo "$PROG: $*" >&2; exit 1; }
info() { echo "$PROG: $*" >&2; }
usage() {
    sed -n '2,/^[^#]/{/^#/p}' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

SCALE=""
ROUNDS=3
BUILD_DIR=$ROOT/build-bench
PORT=54329
KEEP=0
WRITE_REPORT=1
GEN_ARGS=()
REPORT=docs/performance.md
REPORT_BEGIN="<!-- bench/incident.sh writes from here to the end marker (bench/results-*-head-incident.md); do not edit by hand -->"
REPORT_END="<!-- end of what bench/incident.sh writes -->"

parse_args() {
    while [ $# -gt 0 ]; do
        case "$1" in
            --rounds) [ $# -ge 2 ] || die "$1 needs a value"; ROUNDS=$2; shift 2 ;;
            --build-dir) [ $# -ge 2 ] || die "$1 needs a value"; BUILD_DIR=$2; shift 2 ;;
            --port) [ $# -ge 2 ] || die "$1 needs a value"; PORT=$2; shift 2 ;;
            --keep) KEEP=1; shift ;;
            --no-report) WRITE_REPORT=0; shift ;;
            -h|--help) usage ;;
            --) shift; GEN_ARGS=("$@"); break ;;
            -*) die "unknown option: $1" ;;
            *) [ -z "$SCALE" ] || die "only one SCALE expected"; SCALE=$1; shift ;;
        esac
    done
    case "$SCALE" in S|M|L) ;; '') usage ;; *) die "SCALE must be S, M or L (got '$SCALE')" ;; esac
    case "$ROUNDS" in ''|*[!0-9]*|0) die "--rounds needs a positive number" ;; esac
    BUILD_DIR=$(mkdir -p "$BUILD_DIR" && cd "$BUILD_DIR" && pwd -P)
    OUT=$ROOT/bench/results-$SCALE-head-incident.md
    TSV=${OUT%.md}.tsv
    DB=rwbench_incident_$SCALE
}

for tool in psql jq /usr/bin/time cmake; do
    command -v "$tool" >/dev/null || die "$tool is missing (Debian: postgresql-client, jq, time, cmake)"
done

TMP=""
SERVER_DIR=""
cleanup() {
    [ -n "$TMP" ] || return 0
    if [ "$KEEP" -eq 1 ]; then
        info "kept: server in $SERVER_DIR (stop: scripts/pg-throwaway.sh stop $SERVER_DIR), database $DB"
        return 0
    fi
    [ -z "$SERVER_DIR" ] || "$ROOT/scripts/pg-throwaway.sh" stop "$SERVER_DIR" >/dev/null 2>&1 || true
    rm -rf "$TMP"
}

PSQL=(psql -X -q -v ON_ERROR_STOP=1)

ensure_binaries() {
    RWDOCTOR=$BUILD_DIR/apps/rwdoctor/rwdoctor
    if [ ! -x "$RWDOCTOR" ]; then
        info "building rwdoctor (Release) in $BUILD_DIR"
        cmake -S "$ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DRWDOCTOR_BUILD_TESTS=OFF >/dev/null
        cmake --build "$BUILD_DIR" -j 2 --target rwdoctor >/dev/null
    fi
    local newer
    newer=$(find "$ROOT/lib" "$ROOT/sql" "$ROOT/apps" -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.sql' \) \
        -newer "$RWDOCTOR" -print -quit)
    [ -z "$newer" ] || info "warning: ${newer#"$ROOT"/} is newer than $RWDOCTOR; run cmake --build $BUILD_DIR"
    COMMIT=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)
    git -C "$ROOT" diff --quiet HEAD 2>/dev/null || COMMIT="$COMMIT + uncommitted changes"
}

# measure LABEL EXPECTED_EXIT COMMAND...: one run; appends "wall_s rss_kib" to $TMP/LABEL.
measure() {
    local label=$1 expect=$2 status=0 start end
    shift 2
    start=$EPOCHREALTIME
    /usr/bin/time -v -o "$TMP/time.txt" "$@" >/dev/null 2>"$TMP/stderr.txt" || status=$?
    end=$EPOCHREALTIME
    if [ "$status" -ne "$expect" ]; then
        sed -n '1,20p' "$TMP/stderr.txt" >&2
        die "$label: exit code $status, expected $expect"
    fi
    echo "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }') $(sed -n 's/.*Maximum resident set size (kbytes): *//p' "$TMP/time.txt")" >>"$TMP/$label"
}

median() { # COLUMN LABEL
    sort -g -k "$1,$1" "$TMP/$2" | awk -v c="$1" '{ v[NR] = $c } END {
        m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print m }'
}
wall() { median 1 "$1" | awk '{ printf "%.2f", $1 }'; }
rss() { median 2 "$1" | awk '{ printf "%.1f", $1 / 1024 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

CHECK=()
GUARD=()
HAND=()
HAND_NO_JIT=()
set_commands() {
    CHECK=("$RWDOCTOR" check -d "$DB" --format json)
    GUARD=("$RWDOCTOR" guard -d "$DB")
    HAND=("${PSQL[@]}" -A -t -d "$DB" -f "$ROOT/bench/sql/dba_hand_check.sql")
    HAND_NO_JIT=(env "PGOPTIONS=${PGOPTIONS:-} -c jit=off" "${HAND[@]}")
}

# The server log's lines that COMMAND (LABEL) adds, summed by statement into $TMP/costs-LABEL.
log_costs() { # LABEL EXPECTED_EXIT COMMAND...
    local label=$1 expect=$2 from status=0
    shift 2
    from=$(($(wc -l <"$SERVER_DIR/log") + 1))
    "$@" >/dev/null 2>&1 || status=$?
    [ "$status" -eq "$expect" ] || die "$label (statement log run): exit code $status, expected $expect"
    tail -n "+$from" "$SERVER_DIR/log" | awk -f "$ROOT/bench/statement-costs.awk" >"$TMP/costs-$label"
}

costs_table() { # LABEL: the top 12 names, and the rest in one line
    local label=$1
    echo "| statement | server time (s) | statements |"
    echo "|---|--:|--:|"
    awk -F '\t' 'NR <= 12 { gsub(/\|/, "\\|", $3); printf "| `%s` | %.2f | %d |\n", $3, $1 / 1000, $2; next }
        { rest += $1; n += $2; k++ }
        END { if (k) printf "| %d others | %.2f | %d |\n", k, rest / 1000, n }' "$TMP/costs-$label"
    awk -F '\t' '{ s += $1 } END { printf "| **all** | **%.2f** | |\n", s / 1000 }' "$TMP/costs-$label"
}

report() {
    local check guard hand cold
    check=$(wall check); guard=$(wall guard); hand=$(wall hand); cold=$(wall hand_no_jit)
    cat <<EOF
### $SCALE, incident shape: $(printf "%'d" "$N_JOBS") jobs, $(printf "%'d" "$N_FRAGMENTS") fragments, $(printf "%'d" "$N_EDGES") edges, $DB_MIB MiB

\`bench/incident.sh $SCALE --rounds $ROUNDS$([ "${#GEN_ARGS[@]}" -eq 0 ] || printf ' -- %s' "${GEN_ARGS[*]}")\` at commit $COMMIT; medians of $ROUNDS interleaved rounds. The store: $N_CREATING jobs CREATING, $N_INITIAL INITIAL, $N_FINDINGS findings in $N_INCIDENTS incidents ($N_CRITICAL critical), guard blocks on $N_BLOCKING.

| what | wall (s) | peak RSS (MiB) | / hand SQL | / hand SQL, jit = off |
|---|--:|--:|--:|--:|
| \`rwdoctor check --format json\` (exit 4) | $check | $(rss check) | **$(ratio "$check" "$hand")** | $(ratio "$check" "$cold") |
| \`rwdoctor guard\` (exit 4) | $guard | $(rss guard) | **$(ratio "$guard" "$hand")** | $(ratio "$guard" "$cold") |
| a DBA's hand SQL (\`bench/sql/dba_hand_check.sql\`, psql, one snapshot, server defaults) | $hand | $(rss hand) | 1.00 | |
| the same with \`jit = off\` | $cold | $(rss hand_no_jit) | | 1.00 |

Targets: check at most 1.0 of the hand SQL, guard at most 0.5.

Where the server's time goes (one more run of each with the statement log on; a check's
query is its DECLARE and every FETCH of its cursor; two connections overlap, so the sums
exceed the wall time):

\`rwdoctor check\`:

$(costs_table check)

\`rwdoctor guard\`:

$(costs_table guard)

- machine: $(nproc) CPUs, $(awk '/MemTotal/ { printf "%.1f", $2 / 1048576 }' /proc/meminfo) GiB RAM; $PG_VERSION
EOF
}

write_tsv() {
    echo "# scale: $SCALE"
    echo "# commit: $COMMIT"
    printf 'row\twall_s\trss_mib\n'
    local label
    for label in check guard hand hand_no_jit; do printf '%s\t%s\t%s\n' "$label" "$(wall "$label")" "$(rss "$label")"; done
    for label in check guard; do
        awk -F '\t' -v l="$label" '{ printf "cost:%s:%s\t%.3f\t%d\n", l, $3, $1 / 1000, $2 }' "$TMP/costs-$label"
    done
}

update_report() {
    local report=$ROOT/$REPORT file
    if ! grep -qxF "$REPORT_BEGIN" "$report" || ! grep -qxF "$REPORT_END" "$report"; then
        info "warning: $REPORT has no bench/incident.sh markers; not written"
        return 0
    fi
    : >"$TMP/block.md"
    for file in "$ROOT"/bench/results-S-head-incident.md "$ROOT"/bench/results-M-head-incident.md \
        "$ROOT"/bench/results-L-head-incident.md; do
        [ -f "$file" ] || continue
        { echo; cat "$file"; } >>"$TMP/block.md"
    done
    echo >>"$TMP/block.md"
    awk -v begin="$REPORT_BEGIN" -v end="$REPORT_END" -v block="$TMP/block.md" '
        $0 == begin { print; while ((getline line < block) > 0) print line; skip = 1; next }
        $0 == end { skip = 0 }
        !skip { print }' "$report" >"$TMP/report.new"
    cat "$TMP/report.new" >"$report"
    info "wrote the incident section of $REPORT"
}

facts() {
    local q
    q() { "${PSQL[@]}" -At -d "$DB" -c "$1"; }
    N_JOBS=$(q "SELECT count(*) FROM streaming_job")
    N_FRAGMENTS=$(q "SELECT count(*) FROM fragment")
    N_EDGES=$(q "SELECT count(*) FROM fragment_relation")
    N_CREATING=$(q "SELECT count(*) FROM streaming_job WHERE job_status = 'CREATING'")
    N_INITIAL=$(q "SELECT count(*) FROM streaming_job WHERE job_status = 'INITIAL'")
    DB_MIB=$(q "SELECT pg_database_size(current_database()) / 1048576")
    PG_VERSION=$(q "SELECT version()" | sed 's/ on .*//')
    "$RWDOCTOR" check -d "$DB" --format json >"$TMP/check.json" 2>/dev/null || true
    N_FINDINGS=$(jq '.findings | length' "$TMP/check.json")
    N_CRITICAL=$(jq '.summary.critical' "$TMP/check.json")
    N_INCIDENTS=$(jq '.incidents | length' "$TMP/check.json")
    N_BLOCKING=$("$RWDOCTOR" guard -d "$DB" 2>/dev/null | grep -cE '^ +[0-9]+\. ' || true)
    N_BLOCKING="$N_BLOCKING incidents"
}

main() {
    parse_args "$@"
    TMP=$(mktemp -d "${TMPDIR:-/tmp}/rwdoctor-incident.XXXXXX")
    trap cleanup EXIT
    trap 'exit 130' INT TERM
    ensure_binaries
    SERVER_DIR=$TMP/pg
    eval "$("$ROOT/scripts/pg-throwaway.sh" start "$SERVER_DIR" "$PORT")"
    info "generating the incident-shape store (scale $SCALE)"
    "$ROOT/bench/generate.sh" --scale "$SCALE" --shape incident "${GEN_ARGS[@]}" "$DB" >&2
    set_commands
    info "warming the page cache (untimed)"
    "${CHECK[@]}" >/dev/null 2>&1 || true
    local round
    for ((round = 1; round <= ROUNDS; round++)); do
        info "round $round of $ROUNDS"
        measure check 4 "${CHECK[@]}"
        measure guard 4 "${GUARD[@]}"
        measure hand 0 "${HAND[@]}"
        measure hand_no_jit 0 "${HAND_NO_JIT[@]}"
    done
    info "check $(wall check) s, guard $(wall guard) s, hand SQL $(wall hand) s ($(wall hand_no_jit) s with jit = off)"
    "${PSQL[@]}" -d "$DB" -c "ALTER DATABASE \"$DB\" SET log_min_duration_statement = 0"
    log_costs check 4 "${CHECK[@]}"
    log_costs guard 4 "${GUARD[@]}"
    "${PSQL[@]}" -d "$DB" -c "ALTER DATABASE \"$DB\" RESET log_min_duration_statement"
    facts
    report | tee "$TMP/report.md"
    cp "$TMP/report.md" "$OUT"
    write_tsv >"$TSV"
    info "wrote ${OUT#"$ROOT"/} and ${TSV#"$ROOT"/}"
    [ "$WRITE_REPORT" -eq 0 ] || update_report
}

main "$@"
