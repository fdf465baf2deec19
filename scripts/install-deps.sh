#!/usr/bin/env bash
# Install the Debian 12 packages needed to build and test rwdoctor.
#
# Idempotent: when every package is already installed, nothing is run (not even
# `apt-get update`). Uses sudo only when not root and sudo is available.
# Usage: scripts/install-deps.sh [--list]    (--list prints the package list and exits)
set -euo pipefail

PACKAGES="
build-essential
cmake
pkg-config
libpqxx-dev
libboost-program-options-dev
libfmt-dev
catch2
nlohmann-json3-dev
libprotobuf-dev
protobuf-compiler
libssl-dev
prometheus-cpp-dev
prometheus
pandoc
lintian
man-db
bash-completion
postgresql-15
postgresql-client-15
util-linux
procps
jq
time
gnuplot-nox
universal-ctags
debootstrap
umoci
skopeo
podman
runc
"

if [ "${1:-}" = "--list" ]; then
    for p in $PACKAGES; do echo "$p"; done
    exit 0
fi

is_installed() {
    # dpkg-query prints "install ok installed" for a fully installed package.
    local status
    status=$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) || return 1
    [ "$status" = "install ok installed" ]
}

missing=""
for p in $PACKAGES; do
    if ! is_installed "$p"; then
        missing="$missing $p"
    fi
done

if [ -z "$missing" ]; then
    echo "install-deps: all packages already installed"
    exit 0
fi

echo "install-deps: installing:$missing"

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    else
        echo "install-deps: not root and sudo is not available; install manually:$missing" >&2
        exit 1
    fi
fi

export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086  # word splitting of $missing and $SUDO is intended
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q
# shellcheck disable=SC2086
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
echo "install-deps: done"
