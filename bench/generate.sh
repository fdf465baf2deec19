#!/usr/bin/env bash
# (Re)create a large synthetic RisingWave meta store for benchmarks and tests.
#
#   bench/generate.sh [--generation GEN] [--scale S|M|L] [--copies N] [--width W]
#                     [--blob-bytes B] [--fan-in F] [--ensemble E] [--seed X] [--broken-jobs K]
#                     [--broken-jobs-out FILE] [--shape plain|incident] [--in-flight P]
#                     [--initial-jobs N] [--readers R] [--incidents I] DBNAME
#
# Uses the caller's PG* environment. Loads sql/schema/GEN.sql (default head), the healthy demo
# catalog and bench/sql/synthetic_catalog.sql, which copies the demo's 12 jobs N times and
# widens them (see that file for the layout). Scales (jobs / fragments / edges, approx.):
#   S  1k jobs / 10k fragments / 27k edges      (copies 82,  width 14, blobs 8 KiB mean)
#   M  10k jobs / 100k fragments / 270k edges   (copies 832, width 14, blobs 8 KiB mean)
#   L  50k jobs / 500k fragments / 1.3M edges   (copies 4165, width 14, blobs 8 KiB mean)
# Explicit --copies/--width/--blob-bytes override the scale's values. --fan-in F (default 3,
# at least 1) gives every extra fragment edges from its F nearest predecessors: --fan-in 28
# (all of them at width 14) makes about three times a scale's edges (M: 840k), the shape
# of stores whose fragments have more inputs than the demo's. --ensemble E (default 1, at
# least 1) joins the first E extra fragments of every widened job by NO_SHUFFLE edges into one
# ensemble (at width 14 up to 28 fragments each): the shape of stores with large ensembles.
# --broken-jobs K deletes the fragment rows of K leaf jobs (nothing reads them, they write
# into no other job, they are no table with a DML fragment), chosen pseudo-randomly from the seed: each then is a
# job-without-fragments finding that `repair drop` and `repair restore` fix. Their ids go, one
# per line, to --broken-jobs-out (default: stdout after the summary).
# --shape incident (default plain) then loads bench/sql/incident_shape.sql: the shape of a large
# cluster in an incident, with P per thousand leaf jobs in flight (CREATING; default 100), N
# INITIAL jobs without fragments (default copies / 4), the mv_orders copies of each block of R
# units also reading the block's first shared source (default 50), and I incidents of 8
# different checks spread over the units (default 16). The four options override the shape's
# values (and give the plain shape those parts alone).
# Prints one summary line: generation, jobs, fragments, edges (NO_SHUFFLE ones), stream_node bytes.
set -euo pipefail

PROG=$(basename "$0")
ROOT=$(cd "$(dirname "$0")/.." && pwd -P)

die() { echo "$PROG: $*" >&2; exit 1; }
usage() {
    sed -n '2,/^[^#]/{/^#/p}' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

GEN=head
SCALE=""
COPIES=""
WIDTH=""
BLOB_BYTES=""
FAN_IN=3
ENSEMBLE=1
SEED=1
BROKEN=0
BROKEN_OUT=""
SHAPE=plain
IN_FLIGHT=""
INITIAL_JOBS=""
READERS=""
INCIDENTS=""
DBNAME=""
need_arg() { [ "$1" -ge 2 ] || die "$2 needs an argument"; }
while [ $# -gt 0 ]; do
    case "$1" in
        --generation|-g) need_arg $# "$1"; GEN=$2; shift 2 ;;
        --scale) need_arg $# "$1"; SCALE=$2; shift 2 ;;
        --copies) need_arg $# "$1"; COPIES=$2; shift 2 ;;
        --width) need_arg $# "$1"; WIDTH=$2; shift 2 ;;
        --blob-bytes) need_arg $# "$1"; BLOB_BYTES=$2; shift 2 ;;
        --fan-in) need_arg $# "$1"; FAN_IN=$2; shift 2 ;;
        --ensemble) need_arg $# "$1"; ENSEMBLE=$2; shift 2 ;;
        --seed) need_arg $# "$1"; SEED=$2; shift 2 ;;
        --broken-jobs) need_arg $# "$1"; BROKEN=$2; shift 2 ;;
        --broken-jobs-out) need_arg $# "$1"; BROKEN_OUT=$2; shift 2 ;;
        --shape) need_arg $# "$1"; SHAPE=$2; shift 2 ;;
        --in-flight) need_arg $# "$1"; IN_FLIGHT=$2; shift 2 ;;
        --initial-jobs) need_arg $# "$1"; INITIAL_JOBS=$2; shift 2 ;;
        --readers) need_arg $# "$1"; READERS=$2; shift 2 ;;
        --incidents) need_arg $# "$1"; INCIDENTS=$2; shift 2 ;;
        -h|--help) usage ;;
        -*) die "unknown option: $1" ;;
        *)
            [ -z "$DBNAME" ] || die "only one DBNAME expected (got '$DBNAME' and '$1')"
            DBNAME=$1
            shift
            ;;
    esac
done
[ -n "$DBNAME" ] || usage

# Scale presets: 12 jobs and 20 fragments per unit; width 14 adds about 98 fragments per unit.
case "$SCALE" in
    S) d_copies=82; d_width=14; d_blob=8192 ;;
    M) d_copies=832; d_width=14; d_blob=8192 ;;
    L) d_copies=4165; d_width=14; d_blob=8192 ;;
    "") d_copies=0; d_width=0; d_blob=0 ;;
    *) die "unknown scale '$SCALE' (S, M or L)" ;;
esac
COPIES=${COPIES:-$d_copies}
WIDTH=${WIDTH:-$d_width}
BLOB_BYTES=${BLOB_BYTES:-$d_blob}
case "$SHAPE" in
    plain) d_in_flight=0; d_initial=0; d_readers=0; d_incidents=0 ;;
    incident) d_in_flight=100; d_initial=$((COPIES / 4)); d_readers=50; d_incidents=16 ;;
    *) die "unknown shape '$SHAPE' (plain or incident)" ;;
esac
IN_FLIGHT=${IN_FLIGHT:-$d_in_flight}
INITIAL_JOBS=${INITIAL_JOBS:-$d_initial}
READERS=${READERS:-$d_readers}
INCIDENTS=${INCIDENTS:-$d_incidents}
for value in "$COPIES" "$WIDTH" "$BLOB_BYTES" "$FAN_IN" "$ENSEMBLE" "$SEED" "$BROKEN" \
    "$IN_FLIGHT" "$INITIAL_JOBS" "$READERS" "$INCIDENTS"; do
    case "$value" in
        ''|*[!0-9]*) die "numbers must be non-negative integers (got '$value')" ;;
    esac
done
[ "$FAN_IN" -ge 1 ] || die "--fan-in must be at least 1 (got $FAN_IN)"
[ "$ENSEMBLE" -ge 1 ] || die "--ensemble must be at least 1 (got $ENSEMBLE)"


"$ROOT/scripts/load-demo.sh" --generation "$GEN" "$DBNAME" 2>/dev/null ||
    die "could not load the demo catalog of generation '$GEN' into $DBNAME"

PSQL=(psql -X -q -v ON_ERROR_STOP=1 -d "$DBNAME")
PGOPTIONS="${PGOPTIONS:-} -c rwdoctor_synth.copies=$COPIES -c rwdoctor_synth.width=$WIDTH -c rwdoctor_synth.blob_bytes=$BLOB_BYTES -c rwdoctor_synth.fan_in=$FAN_IN -c rwdoctor_synth.ensemble=$ENSEMBLE -c rwdoctor_synth.seed=$SEED -c client_min_messages=warning" \
    "${PSQL[@]}" -f "$ROOT/bench/sql/synthetic_catalog.sql" >/dev/null

if [ "$IN_FLIGHT" -gt 0 ] || [ "$INITIAL_JOBS" -gt 0 ] || [ "$READERS" -gt 1 ] || [ "$INCIDENTS" -gt 0 ]; then
    [ "$IN_FLIGHT" -le 1000 ] || die "--in-flight is per thousand leaf jobs (got $IN_FLIGHT)"
    PGOPTIONS="${PGOPTIONS:-} -c rwdoctor_synth.copies=$COPIES -c rwdoctor_synth.in_flight=$IN_FLIGHT -c rwdoctor_synth.initial_jobs=$INITIAL_JOBS -c rwdoctor_synth.readers=$READERS -c rwdoctor_synth.incidents=$INCIDENTS -c rwdoctor_synth.seed=$SEED -c client_min_messages=warning" \
        "${PSQL[@]}" -f "$ROOT/bench/sql/incident_shape.sql" >/dev/null
fi

broken_ids=""
if [ "$BROKEN" -gt 0 ]; then
    broken_ids=$(PGOPTIONS="${PGOPTIONS:-} -c rwdoctor_synth.broken_jobs=$BROKEN -c rwdoctor_synth.seed=$SEED" \
        "${PSQL[@]}" -At -f "$ROOT/bench/sql/break_leaf_jobs.sql")
    found=$(printf '%s\n' "$broken_ids" | grep -c . || true)
    [ "$found" -eq "$BROKEN" ] ||
        die "only $found leaf jobs to break at this scale (asked for $BROKEN); use a larger scale"
fi

"${PSQL[@]}" -At -F ' ' -c "
SELECT '$GEN', (SELECT count(*) FROM streaming_job), (SELECT count(*) FROM fragment),
       (SELECT count(*) FROM fragment_relation),
       (SELECT count(*) FROM fragment_relation WHERE dispatcher_type = 'NO_SHUFFLE'),
       (SELECT coalesce(sum(length(stream_node)), 0) FROM fragment)" |
    while read -r gen jobs fragments edges no_shuffle bytes; do
        echo "$DBNAME: generation $gen, $jobs jobs, $fragments fragments, $edges edges ($no_shuffle NO_SHUFFLE), $bytes stream_node bytes$([ "$BROKEN" -gt 0 ] && echo ", $BROKEN broken jobs")$([ "$SHAPE" = incident ] && echo ", shape incident ($IN_FLIGHT per thousand leaf jobs in flight, $INITIAL_JOBS INITIAL jobs, $INCIDENTS incidents)")"
    done

if [ "$BROKEN" -gt 0 ]; then
    if [ -n "$BROKEN_OUT" ]; then
        printf '%s\n' "$broken_ids" >"$BROKEN_OUT"
    else
        printf '%s\n' "$broken_ids"
    fi
fi
