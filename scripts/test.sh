#!/usr/bin/env bash
# The whole test suite, from a fresh Debian 12 machine: installs what is missing, builds with
# warnings as errors, starts a throwaway PostgreSQL 15 (as user postgres, private socket
# directory), runs every unit and database test, packs, lints and installs the Debian package
# of that build (scripts/test-package.sh), builds and runs the OCI image from it
# (scripts/test-image.sh), then runs every test again under AddressSanitizer +
# UndefinedBehaviorSanitizer (a build made in the background meanwhile). CI (.ci/run) runs
# exactly this. At the end (and when a step fails) it prints the seconds of each phase and
# the ten slowest test entries.
#
#   scripts/test.sh            both builds
#   scripts/test.sh --quick    the warnings-as-errors build only
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
cd "$ROOT"
QUICK=0
[ "${1:-}" = "--quick" ] && QUICK=1

# ---------------------------------------------------------------- phases and their seconds
SUITE_START=$SECONDS
PHASES=()        # "seconds<TAB>name" of each finished phase
PHASE=""         # the phase running now
PHASE_START=0
CTEST_LOGS=()    # "build<TAB>log" of each ctest run, for the slowest entries
begin_phase() {
    end_phase
    PHASE=$1
    PHASE_START=$SECONDS
    echo "== $PHASE"
}
end_phase() {
    if [ -n "$PHASE" ]; then
        PHASES+=("$((SECONDS - PHASE_START))	$PHASE")
        PHASE=""
    fi
}
# The phase table, then the ten slowest ctest entries of both builds (ctest's own seconds).
print_times() {
    local entry
    echo "== where the time went (seconds)"
    for entry in "${PHASES[@]}"; do
        printf '  %-46s %5d\n' "${entry#*	}" "${entry%%	*}"
    done
    if [ -n "$PHASE" ]; then
        printf '  %-46s %5d  <- failed here\n' "$PHASE" $((SECONDS - PHASE_START))
    fi
    printf '  %-46s %5d\n' "total" $((SECONDS - SUITE_START))
    [ "${#CTEST_LOGS[@]}" -gt 0 ] || return 0
    echo "== the ten slowest test entries (seconds)"
    for entry in "${CTEST_LOGS[@]}"; do
        [ -f "${entry#*	}" ] || continue
        sed -nE "s/^ *[0-9]+\/[0-9]+ Test +#[0-9]+: ([^ ]+) \.+ *[A-Za-z*]+.* ([0-9]+\.[0-9]+) sec$/\2 ${entry%%	*} \1/p" "${entry#*	}"
    done | sort -rn | head -10 | awk '{ printf "  %-46s %5.0f\n", $2 " " $3, $1 }'
}

# ---------------------------------------------------------------- scratch space
# The test server's data directory and the tests' scratch files go to a memory file system
# where the machine has one with room (/dev/shm, 4 GiB free or more): every test database is
# a copy of a template, hundreds of files created and later unlinked, and on a journaling
# file system each of those cost the server more than the copy itself.
scratch_root() {
    if [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] && [ -w /dev/shm ] &&
        [ "$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')" -ge $((4 * 1024 * 1024)) ]; then
        echo /dev/shm
    else
        echo "${TMPDIR:-/tmp}"
    fi
}
SCRATCH=$(scratch_root)
WORK=$(mktemp -d "$SCRATCH/rwdoctor-test.XXXXXX")
mkdir -p "$WORK/tmp"
cleanup() {
    local status=$?
    if [ -n "${SANITIZE_PID:-}" ]; then # a failure before the background build was waited for
        kill -- "-$SANITIZE_PID" 2>/dev/null || true
    fi
    print_times || true
    scripts/pg-throwaway.sh stop "$WORK/pg" >/dev/null 2>&1 || true
    rm -rf "$WORK"
    exit "$status"
}
trap cleanup EXIT

begin_phase "install check (scripts/install-deps.sh)"
scripts/install-deps.sh
# No function in lib/ over 80 lines, no file over 600 (ARCHITECTURE.md, "Sizes").
begin_phase "sizes (scripts/check-sizes.sh)"
scripts/check-sizes.sh

begin_phase "test server (PostgreSQL 15 in $SCRATCH)"
eval "$(TMPDIR=$SCRATCH scripts/pg-throwaway.sh start "$WORK/pg" 54321)"
export PGDATABASE=postgres
# The reliability tests restart this server (pg-throwaway.sh stop/start on the same port).
export RWDOCTOR_TEST_SERVER_DIR="$WORK/pg"
# The database tests must never be skipped: fail here, loudly, if the server is not there.
psql -X -q -c 'SELECT 1' >/dev/null

JOBS=$(nproc 2>/dev/null || echo 2)
# The database tests run one more entry than there are cores: each entry waits on the server
# and the server on it, so with one per core a tenth of the CPU stayed idle (the
# warnings-as-errors run on two cores: 684 s with -j 2, 652 s with -j 3, idle 94 -> 12 CPU-s).
TEST_JOBS=$((JOBS + 1))

# configure_and_build DIR CMAKE_ARGS...: configures and builds DIR.
configure_and_build() {
    local dir=$1
    shift
    cmake -S . -B "$dir" -DRWDOCTOR_WERROR=ON -DRWDOCTOR_FAULT_INJECTION=ON "$@" >/dev/null
    cmake --build "$dir" -j "$JOBS"
}
# run_tests NAME DIR: runs DIR's ctest entries as a phase of its own.
run_tests() {
    local name=$1 dir=$2
    begin_phase "tests $name (ctest -j $TEST_JOBS)"
    CTEST_LOGS+=("$name	$WORK/ctest-$name.log")
    # One ctest entry per database test file, run side by side (see tests/db/CMakeLists.txt);
    # their scratch files (undo files, plans) go to the scratch space too.
    (cd "$dir" && TMPDIR="$WORK/tmp" ctest --output-on-failure -j "$TEST_JOBS") | tee "$WORK/ctest-$name.log"
}

# Line tables only (-g1): stack traces keep their files and lines, and the build takes a third
# less time than with full debug information. This build is also the package's (below).
begin_phase "build werror (build/test)"
configure_and_build build/test -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG"

# The sanitizer build compiles in the background at the lowest CPU priority while the
# warnings-as-errors tests, the package and the image run: those leave about a tenth of the
# two cores idle (the tests wait on the server and it on them, the package and the image on
# dpkg and the disk), and the compile takes that time instead of a phase of its own; when
# they want the CPU it yields. Line tables only here too: the sanitizers' reports keep their
# files and lines. The library and the binary at -O1 (Debug's assertions stay): their code
# runs in every test and rwdoctor process, and -O1 costs about 53 more CPU-seconds of
# compiling than -O0. The benchmark's SQL printer is not a test: the warnings-as-errors build
# compiles it.
SANITIZE_PID=""
if [ "$QUICK" -eq 0 ]; then
    SANITIZE_STARTED=$SECONDS
    SANITIZE_BUILD="$(declare -f configure_and_build); JOBS=$JOBS; configure_and_build build/sanitize \
        -DCMAKE_BUILD_TYPE=Debug '-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g1' -DRWDOCTOR_ASAN=ON -DRWDOCTOR_UBSAN=ON \
        -DRWDOCTOR_BUILD_BENCH=OFF"
    # A process group of its own (setsid), so that a failure before the wait stops all of it.
    # setsid also makes it a scheduling group of its own (the kernel's autogroup, where there
    # is one), which shares the CPU equally with the tests' group and the server's whatever
    # its processes' nice: so the group itself gets nice 19 too (with nice alone the
    # warnings-as-errors tests took 1001 s instead of about 600).
    setsid bash -c '[ ! -w /proc/self/autogroup ] || echo 19 >/proc/self/autogroup; exec nice -n 19 bash -c "$0"' \
        "$SANITIZE_BUILD" >"$WORK/build-sanitize.log" 2>&1 &
    SANITIZE_PID=$!
fi

run_tests werror build/test
# The Debian package of that build (not a compile of its own), linted, installed into a clean
# root, tried.
begin_phase "package (scripts/test-package.sh)"
scripts/test-package.sh --from-build "$ROOT/build/test"
# The OCI image, from that package, run as the deployment snippets run it (says what it could
# not verify where the machine cannot build or run containers).
begin_phase "image (scripts/test-image.sh)"
scripts/test-image.sh --deb "$(ls "$ROOT"/build/test/rwdoctor_*_amd64.deb)"
if [ -n "$SANITIZE_PID" ]; then
    begin_phase "build sanitize: the rest of it (build/sanitize)"
    if ! wait "$SANITIZE_PID"; then
        tail -n 60 "$WORK/build-sanitize.log"
        echo "== the sanitizer build failed (its log's end is above)"
        exit 1
    fi
    SANITIZE_PID=""
    echo "   (the build began in the background $((SECONDS - SANITIZE_STARTED)) s ago)"
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    export LSAN_OPTIONS="suppressions=$ROOT/scripts/lsan.supp:print_suppressions=0"
    run_tests sanitize build/sanitize
    unset ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS
fi
end_phase
echo "== all tests passed"
