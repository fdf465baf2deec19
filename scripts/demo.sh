#!/usr/bin/env bash
# The demo, from a fresh Debian 12 machine: installs what is missing, builds rwdoctor,
# starts a local throwaway PostgreSQL 15 holding a demo RisingWave meta store with the seed
# incident (a materialized view whose fragment rows are gone) and a few of its siblings,
# and runs `rwdoctor check` on it. The server keeps running so you can explore; the script
# prints how to reach and stop it.
#
#   scripts/demo.sh [--generation v2_0|v2_4|v2_8|v3_0_3|head]
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
cd "$ROOT"
GENERATION=v3_0_3
if [ "${1:-}" = "--generation" ] && [ -n "${2:-}" ]; then
    GENERATION=$2
fi

scripts/install-deps.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/release -j "$(nproc 2>/dev/null || echo 2)"

DEMO_DIR=${RWDOCTOR_DEMO_DIR:-${TMPDIR:-/tmp}/rwdoctor-demo}
eval "$(scripts/pg-throwaway.sh start "$DEMO_DIR" 54329)"
scripts/load-demo.sh --generation "$GENERATION" --incident rwdoctor_demo

echo
echo "\$ rwdoctor check -d rwdoctor_demo"
status=0
build/release/apps/rwdoctor/rwdoctor check -d rwdoctor_demo || status=$?
echo
echo "rwdoctor check exited with $status (4 = inconsistencies found, as the demo's incident intends)."
echo "The demo server keeps running. To use it from this shell:"
echo "  export PGHOST=$PGHOST PGPORT=$PGPORT PGUSER=$PGUSER"
echo "  build/release/apps/rwdoctor/rwdoctor check -d rwdoctor_demo --format json"
echo "  scripts/pg-throwaway.sh stop $DEMO_DIR      # when done"
[ "$status" -eq 4 ] || [ "$status" -eq 0 ]
