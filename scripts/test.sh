#!/usr/bin/env bash
# The whole test suite, from a fresh Debian 12 machine: installs what is missing, builds with
# warnings as errors, starts a throwaway PostgreSQL 15 (as user postgres, private socket
# directory), runs every unit and database test, then does the same again under
# AddressSanitizer + UndefinedBehaviorSanitizer, and builds, lints and installs the Debian
# package (scripts/test-package.sh) and the OCI image (scripts/test-image.sh). CI (.ci/run)
# runs exactly this.
#
#   scripts/test.sh            both builds
#   scripts/test.sh --quick    the warnings-as-errors build only
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
cd "$ROOT"
QUICK=0
[ "${1:-}" = "--quick" ] && QUICK=1

scripts/install-deps.sh
# No function in lib/ over 80 lines, no file over 600 (ARCHITECTURE.md, "Sizes").
scripts/check-sizes.sh

WORK=$(mktemp -d "${TMPDIR:-/tmp}/rwdoctor-test.XXXXXX")
cleanup() {
    scripts/pg-throwaway.sh stop "$WORK/pg" >/dev/null 2>&1 || true
    rm -rf "$WORK"
}
trap cleanup EXIT

eval "$(scripts/pg-throwaway.sh start "$WORK/pg" 54321)"
export PGDATABASE=postgres
# The reliability tests restart this server (pg-throwaway.sh stop/start on the same port).
export RWDOCTOR_TEST_SERVER_DIR="$WORK/pg"
# The database tests must never be skipped: fail here, loudly, if the server is not there.
psql -X -q -c 'SELECT 1' >/dev/null

JOBS=$(nproc 2>/dev/null || echo 2)

run_suite() {
    local dir=$1
    shift
    echo "== build $dir ($*)"
    cmake -S . -B "$dir" -DRWDOCTOR_WERROR=ON -DRWDOCTOR_FAULT_INJECTION=ON "$@" >/dev/null
    cmake --build "$dir" -j "$JOBS"
    echo "== test $dir"
    # One ctest entry per database test file, run side by side (see tests/db/CMakeLists.txt).
    (cd "$dir" && ctest --output-on-failure -j "$JOBS")
}

# Line tables only (-g1): stack traces keep their files and lines, and the build takes a third
# less time than with full debug information.
run_suite build/test -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG"
if [ "$QUICK" -eq 0 ]; then
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    export LSAN_OPTIONS="suppressions=$ROOT/scripts/lsan.supp:print_suppressions=0"
    # Line tables only here too: the sanitizers' reports keep their files and lines.
    run_suite build/sanitize -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-g1 -DRWDOCTOR_ASAN=ON -DRWDOCTOR_UBSAN=ON
fi
# The Debian package: built from a Release build, linted, installed into a clean root, tried.
echo "== package"
scripts/test-package.sh "$ROOT/build/package"
# The OCI image, from that package, run as the deployment snippets run it (says what it could
# not verify where the machine cannot build or run containers).
echo "== image"
scripts/test-image.sh --deb "$(ls "$ROOT"/build/package/rwdoctor_*_amd64.deb)"
echo "== all tests passed"
