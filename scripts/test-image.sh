#!/usr/bin/env bash
# Builds the OCI image (scripts/build-image.sh) and runs it the way the deployment snippets
# run it: `podman run` with the command and environment written in
# deploy/kubernetes/meta-guard-initcontainer.yaml and deploy/docker-compose/guard.yml, against
# the test PostgreSQL of the caller's PG* environment (PGHOST must be its socket directory,
# as scripts/pg-throwaway.sh gives it): guard must exit 0 on a healthy demo store and 4 on the
# demo incident. Also checks what the image is (user, entrypoint, labels, no compiler or
# server; scripts/build-image.sh checks the last) and that every snippet names its tag.
#
#   scripts/test-image.sh [--deb FILE]     (default: scripts/build-deb.sh builds it)
#
# Where this machine cannot build the image (not root) or run a container (no user
# namespaces, no overlay, cgroups podman cannot drive), it says so on a line that starts with
# "test-image: NOT verified:" and exits 0 after verifying what it could: a missing kernel
# feature does not fail the suite, and the log says what was not tried. Anything else that is
# wrong exits 1. scripts/test.sh runs it.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
DEB=""
[ "${1:-}" = "--deb" ] && DEB=$(realpath "${2:?--deb needs a file}")
fail() { echo "test-image: FAILED: $*" >&2; exit 1; }
not_verified() { echo "test-image: NOT verified: $*"; }

if [ "$(id -u)" -ne 0 ]; then
    not_verified "the image was not built (building it needs root: debootstrap and chroot)"
    exit 0
fi
[ -n "${PGHOST:-}" ] && [ -d "$PGHOST" ] || fail "PGHOST must be the test server's socket directory"
command -v podman >/dev/null || fail "podman is not installed (scripts/install-deps.sh installs it)"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/rwdoctor-image-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
[ -n "$DEB" ] || DEB=$("$ROOT/scripts/build-deb.sh")
VERSION=$(dpkg-deb --field "$DEB" Version)
TAG=rwdoctor:$VERSION
IMAGE=localhost/$TAG
"$ROOT/scripts/build-image.sh" --deb "$DEB" --out "$WORK/image" --load

echo "== what the image is"
LAYOUT=$WORK/image/oci
blob() { cat "$LAYOUT/blobs/${1/://}"; }
MANIFEST=$(jq -r --arg v "$VERSION" \
    '.manifests[] | select(.annotations["org.opencontainers.image.ref.name"] == $v) | .digest' "$LAYOUT/index.json")
[ -n "$MANIFEST" ] || fail "the layout has no tag $VERSION"
CONFIG=$(blob "$(blob "$MANIFEST" | jq -r .config.digest)")
expect_config() {
    local actual
    actual=$(jq -c "$1" <<<"$CONFIG")
    [ "$actual" = "$2" ] || fail "image config $1 is $actual, not $2"
    echo "   $1 = $actual"
}
expect_config .config.User '"10001:10001"'
expect_config .config.Entrypoint '["rwdoctor"]'
expect_config '.config.Labels["org.opencontainers.image.version"]' "\"$VERSION\""
expect_config '.config.Labels["org.opencontainers.image.licenses"]' '"Apache-2.0"'
for snippet in deploy/kubernetes/meta-guard-initcontainer.yaml deploy/docker-compose/guard.yml docker-compose.yml; do
    grep -qE "^ +image: $TAG\$" "$ROOT/$snippet" || fail "$snippet does not name the image $TAG"
    if grep -E '^ +image: ' "$ROOT/$snippet" | grep -v -e "image: $TAG\$" -e 'image: postgres:15$' | grep -q .; then
        fail "$snippet names an image other than $TAG and postgres:15"
    fi
done
echo "   the snippets name $TAG"

# The container engine: podman's defaults first; then with small rlimits (a virtual
# machine's hard limits may be below podman's defaults); then with runc instead of crun (crun
# refuses hybrid cgroup v1/v2 hierarchies). /bin/true tells the engine's failure
# from the image's.
GLOBAL=() # podman's own options (--runtime)
RUN=()    # podman run's options
# Sets GLOBAL and RUN from a configuration's words ("--runtime runc --ulimit ...").
use_engine() {
    GLOBAL=()
    RUN=()
    set -- $1 # split on purpose: the configuration is a list of words
    while [ $# -gt 0 ]; do
        case "$1" in
            --runtime) GLOBAL+=("$1" "$2"); shift 2 ;;
            *) RUN+=("$1"); shift ;;
        esac
    done
}
run_image() { podman "${GLOBAL[@]}" run --rm --network none "${RUN[@]}" "$@"; }
# Limits far below any machine's and far above what guard uses (one process, a few files).
limits="--ulimit nofile=1024:1024 --ulimit nproc=1024:1024"
candidates=("" "$limits")
command -v runc >/dev/null && candidates+=("--runtime runc $limits")
ENGINE=""
engine_errors="" # each configuration tried, with the last line podman printed
for candidate in "${candidates[@]}"; do
    use_engine "$candidate"
    if output=$(run_image --entrypoint /bin/true "$IMAGE" 2>&1); then
        ENGINE=${candidate:-the defaults}
        break
    fi
    engine_errors+="${engine_errors:+; }[${candidate:-defaults}] $(tail -1 <<<"$output")"
done
if [ -z "$ENGINE" ]; then
    not_verified "podman cannot run a container on this machine: $engine_errors"
    not_verified "the image's user, guard against a store and the snippets' command lines were not run"
    echo "test-image: verified: the image builds; its config, labels and the snippets' tag are right"
    exit 0
fi
echo "== podman runs containers here with $ENGINE"

[ "$(run_image --entrypoint id "$IMAGE" -u)" = 10001 ] || fail "the image does not run as uid 10001"
[ "$(run_image "$IMAGE" --version)" = "rwdoctor $VERSION" ] || fail "the image's rwdoctor --version is not $VERSION"
echo "   runs as uid 10001; rwdoctor --version says $VERSION"

echo "== guard from the image, as the snippets run it"
HEALTHY=rwdoctor_image_healthy
SEED=rwdoctor_image_seed
for demo in "$HEALTHY" "--incident $SEED"; do
    # shellcheck disable=SC2086  # "--incident NAME" is two words
    "$ROOT/scripts/load-demo.sh" $demo >"$WORK/demo.log" 2>&1 || { cat "$WORK/demo.log" >&2; fail "cannot load the demo store"; }
done
trap 'dropdb --if-exists "$HEALTHY" 2>/dev/null; dropdb --if-exists "$SEED" 2>/dev/null; rm -rf "$WORK"' EXIT
# The server's socket directory, mounted into the container; the endpoint names it as
# libpq's URI host, percent-encoded, as a Kubernetes service name would be named.
SOCKET_IN_CONTAINER=/run/rwdoctor-test-pg
ENDPOINT="%2Frun%2Frwdoctor-test-pg:${PGPORT:-5432}"

# Prints the podman options for the snippet's environment, one per line: every variable it
# sets, with the value written there, except where the value names the snippet's own cluster
# (the meta store's endpoint and database) or comes from a secret (the user and password).
snippet_environment() {
    local file=$1 database=$2 name value
    while IFS=$'\t' read -r name value; do
        case "$name" in
            RW_SQL_ENDPOINT) value=$ENDPOINT ;;
            RW_SQL_DATABASE) value=$database ;;
            PGUSER) value=${PGUSER:-postgres} ;;
            PGPASSWORD) value=${PGPASSWORD:-} ;;
        esac
        printf -- '--env\n%s=%s\n' "$name" "$value"
    done < <(snippet_variables "$file")
}
# name<TAB>value of each variable the snippet sets (value empty where it comes from a secret).
snippet_variables() {
    case "$1" in
        *.yaml) awk '/^ +- name: /{ if (n != "") print n "\t"; n = $3; next }
                     /^ +value: /{ v = $0; sub(/^ +value: /, "", v); gsub(/"/, "", v); print n "\t" v; n = ""; next }
                     END { if (n != "") print n "\t" }' "$1" | sed -n '/^[A-Z_]*\t/p' ;;
        *.yml) awk '/^    environment:/{ on = 1; next } on && /^      [A-Z_]+: /{ v = $0; sub(/^ +[A-Z_]+: /, "", v);
                     gsub(/"/, "", v); print $1 "\t" v; next } on && !/^      /{ on = 0 }' "$1" | sed 's/:\t/\t/' ;;
    esac
}
# The snippet's command as podman's --entrypoint takes it: the JSON array written after
# `command:` (Kubernetes) or `entrypoint:` (compose, where $$ is a literal $).
snippet_entrypoint() {
    case "$1" in
        *.yaml) sed -n 's/^    command: //p' "$1" ;;
        *.yml) sed -n 's/^    entrypoint: //p' "$1" | sed 's/\$\$/$/g' ;;
    esac
}

for snippet in deploy/kubernetes/meta-guard-initcontainer.yaml deploy/docker-compose/guard.yml; do
    entrypoint=$(snippet_entrypoint "$ROOT/$snippet")
    jq -e 'type == "array"' <<<"$entrypoint" >/dev/null || fail "$snippet: no command line found"
    for case_ in "$HEALTHY 0" "$SEED 4"; do
        read -r database expected <<<"$case_"
        mapfile -t environment < <(snippet_environment "$ROOT/$snippet" "$database")
        [ ${#environment[@]} -ge 8 ] || fail "$snippet: found only ${#environment[@]} environment options"
        status=0
        output=$(run_image -v "$PGHOST:$SOCKET_IN_CONTAINER" "${environment[@]}" --entrypoint "$entrypoint" "$IMAGE" 2>&1) ||
            status=$?
        [ "$status" -eq "$expected" ] || { echo "$output" >&2; fail "$snippet on $database: guard exited $status, not $expected"; }
        if [ "$expected" -eq 0 ]; then
            grep -q "rwdoctor guard: the meta node may start" <<<"$output" || { echo "$output" >&2; fail "$snippet: guard did not say the meta node may start"; }
        else
            grep -qE "do not start the meta node: [0-9]+ incidents? would crash it" <<<"$output" || { echo "$output" >&2; fail "$snippet: guard did not name the incident"; }
        fi
        echo "   $snippet, $database: exit $status"
    done
done
echo "test-image: verified: the image builds, runs as uid 10001 and runs guard from both snippets (exit 0 healthy, 4 incident)"
