#!/usr/bin/env bash
# Builds the Debian package from a Release build of this tree and prints its path.
#
#   scripts/build-deb.sh [BUILD_DIR]     (default: build/package)
#
# scripts/test-package.sh lints and tries what this builds; scripts/build-image.sh puts it
# into the OCI image. Build output goes to stderr, so that stdout is the path alone.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
BUILD=${1:-$ROOT/build/package}

{
    cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DRWDOCTOR_BUILD_TESTS=OFF -DRWDOCTOR_BUILD_BENCH=OFF >/dev/null
    cmake --build "$BUILD" -j "$(nproc 2>/dev/null || echo 2)"
    rm -f "$BUILD"/rwdoctor_*.deb
    (cd "$BUILD" && cpack -G DEB >/dev/null)
} >&2
ls "$BUILD"/rwdoctor_*_amd64.deb
