#!/usr/bin/env bash
# Builds the Debian package of this tree and prints its path.
#
#   scripts/build-deb.sh [BUILD_DIR]          a Release build in BUILD_DIR (default: build/package)
#   scripts/build-deb.sh --from-build DIR     the build already made in DIR, as it is
#
# --from-build packages a build another step made (scripts/test.sh: its warnings-as-errors
# build, -O2 with line tables, which the package strips), so the package is not a compile of
# its own; the binary is the one the library there was tested in (the test programs and their
# copy of the binary with crash points are not installed). scripts/test-package.sh lints and
# tries what this builds; scripts/build-image.sh puts it into the OCI image. Build output goes
# to stderr, so that stdout is the path alone.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
if [ "${1:-}" = "--from-build" ]; then
    BUILD=$(cd "${2:?--from-build needs a build directory}" && pwd -P)
    [ -f "$BUILD/CPackConfig.cmake" ] || { echo "build-deb: $BUILD is not a configured build of rwdoctor" >&2; exit 1; }
    {
        rm -f "$BUILD"/rwdoctor_*.deb
        # cpack brings the build up to date first (nothing to do after the suite's build).
        (cd "$BUILD" && cpack -G DEB >/dev/null)
    } >&2
    ls "$BUILD"/rwdoctor_*_amd64.deb
    exit 0
fi
BUILD=${1:-$ROOT/build/package}

{
    cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DRWDOCTOR_BUILD_TESTS=OFF -DRWDOCTOR_BUILD_BENCH=OFF >/dev/null
    cmake --build "$BUILD" -j "$(nproc 2>/dev/null || echo 2)"
    rm -f "$BUILD"/rwdoctor_*.deb
    (cd "$BUILD" && cpack -G DEB >/dev/null)
} >&2
ls "$BUILD"/rwdoctor_*_amd64.deb
