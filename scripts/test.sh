#!/usr/bin/env bash
# The whole test suite, from a fresh Debian 12 machine: installs what is missing, builds with
# warnings as errors, starts a throwaway PostgreSQL 15 (as user postgres, private socket
# directory), runs every unit and database test, then does the same again under
# AddressSanitizer + UndefinedBehaviorSanitizer, and builds, lints and installs the Debian
# package (scripts/test-package.sh). CI (.ci/run) runs exactly this.
#
#   scripts/test.sh            both builds
#   scripts/test.sh --quick    the warnings-as-errors build only
#
# The database tests keep both cores busy most of the time, not all of it (a test waiting for
# a lock, the last test of a run alone): the next build (the sanitizer build, then the package)
# runs beside them at the lowest priority (nice 19), so it takes what they leave idle and the
# tests keep their speed. Its output is printed when it is waited for.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
cd "$ROOT"
QUICK=0
[ "${1:-}" = "--quick" ] && QUICK=1

scripts/install-deps.sh

WORK=$(mktemp -d "${TMPDIR:-/tmp}/rwdoctor-test.XXXXXX")
BACKGROUND_PID=""
cleanup() {
    if [ -n "$BACKGROUND_PID" ]; then
        kill -- "-$BACKGROUND_PID" 2>/dev/null || kill "$BACKGROUND_PID" 2>/dev/null || true
    fi
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

build() {
    local dir=$1
    shift
    cmake -S . -B "$dir" -DRWDOCTOR_WERROR=ON -DRWDOCTOR_FAULT_INJECTION=ON "$@" >/dev/null
    cmake --build "$dir" -j "$JOBS"
}

run_tests() {
    local dir=$1
    echo "== test $dir"
    # One ctest entry per database test file, run side by side (see tests/db/CMakeLists.txt).
    (cd "$dir" && ctest --output-on-failure -j "$JOBS")
}

# start_background NAME COMMAND...: COMMAND at nice 19 in a session of its own (so that cleanup
# can stop all of it), its output in a file of $WORK. One at a time. Linux puts a new session in
# a scheduling group of its own (autogroup), which competes with the others as one process:
# nice 19 inside it alone would still take half the machine, so the group is set to nice 19 too.
start_background() {
    BACKGROUND_NAME=$1
    BACKGROUND_LOG="$WORK/background-${1//[^a-z]/-}.log"
    shift
    echo "== $BACKGROUND_NAME: started beside the tests, at the lowest priority"
    setsid --wait nice -n 19 \
        bash -c 'if [ -w /proc/self/autogroup ]; then echo 19 >/proc/self/autogroup; fi; exec "$@"' background "$@" \
        >"$BACKGROUND_LOG" 2>&1 &
    BACKGROUND_PID=$!
}

# Waits for the background command, prints its output, and fails as it failed.
finish_background() {
    local status=0
    wait "$BACKGROUND_PID" || status=$?
    BACKGROUND_PID=""
    echo "== $BACKGROUND_NAME: output"
    cat "$BACKGROUND_LOG"
    if [ "$status" -ne 0 ]; then
        echo "== $BACKGROUND_NAME failed (exit $status)" >&2
        exit "$status"
    fi
}

SANITIZE_FLAGS=(-DCMAKE_BUILD_TYPE=Debug -DRWDOCTOR_ASAN=ON -DRWDOCTOR_UBSAN=ON)
# The Debian package: built from a Release build, linted, installed into a clean root, tried.
PACKAGE=(scripts/test-package.sh "$ROOT/build/package")

# Line tables only (-g1): stack traces keep their files and lines, and the build takes a third
# less time than with full debug information.
echo "== build build/test"
build build/test -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG"
if [ "$QUICK" -eq 0 ]; then
    start_background "build build/sanitize" \
        bash -c "set -euo pipefail; JOBS=$JOBS; $(declare -f build); build \"\$@\"" build build/sanitize "${SANITIZE_FLAGS[@]}"
else
    start_background package "${PACKAGE[@]}"
fi
run_tests build/test
finish_background
if [ "$QUICK" -eq 0 ]; then
    start_background package "${PACKAGE[@]}"
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    export LSAN_OPTIONS="suppressions=$ROOT/scripts/lsan.supp:print_suppressions=0"
    run_tests build/sanitize
    finish_background
fi
echo "== all tests passed"
