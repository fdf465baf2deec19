#!/usr/bin/env bash
# Builds the OCI image of rwdoctor without a container daemon, from Debian 12 packages only:
# debootstrap --variant=minbase of bookworm, the project's .deb installed with apt (its
# runtime libraries come from the archive), trimmed, then packed by umoci.
#
#   scripts/build-image.sh [--deb FILE] [--out DIR] [--mirror URL] [--source URL] [--load]
#
# --deb     the package to install (default: scripts/build-deb.sh builds it, build/package)
# --out     where the image goes (default: build/image): DIR/oci, an OCI image layout whose
#           tag is the version, and DIR/rwdoctor-VERSION.oci.tar, the same as an OCI archive
# --mirror  the Debian archive to bootstrap from (default: the first non-security archive in
#           this machine's apt sources, else http://deb.debian.org/debian)
# --source  the URL of this project's source, for the org.opencontainers.image.source label
#           (default: the git remote "origin" when it is a URL; no label otherwise)
# --load    also store the image as localhost/rwdoctor:VERSION in podman's local storage
#
# The image: ENTRYPOINT ["rwdoctor"], user rwdoctor (uid and gid 10001, not root), /bin/sh
# for the snippets' `sh -c`, CA certificates for sslmode=verify-full; no compiler, no
# PostgreSQL server, no apt lists, caches, manuals or locales. Its tag is rwdoctor:VERSION,
# the name deploy/kubernetes and deploy/docker-compose use. Needs root (debootstrap and
# chroot) and the network to reach the mirror. scripts/test-image.sh builds and runs it.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
DEB=""
OUT=$ROOT/build/image
MIRROR=""
SOURCE=""
LOAD=0
IMAGE_UID=10001

fail() {
    echo "build-image: $1" >&2
    [ -n "${2:-}" ] && echo "HINT: $2" >&2
    exit 1
}

while [ $# -gt 0 ]; do
    case "$1" in
        --deb) DEB=$(realpath "${2:?--deb needs a file}"); shift 2 ;;
        --out) OUT=$(realpath -m "${2:?--out needs a directory}"); shift 2 ;;
        --mirror) MIRROR=${2:?--mirror needs a URL}; shift 2 ;;
        --source) SOURCE=${2:?--source needs a URL}; shift 2 ;;
        --load) LOAD=1; shift ;;
        -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
        *) fail "unknown argument \"$1\"" "see scripts/build-image.sh --help" ;;
    esac
done

# The archive this machine's apt uses (deb822 .sources or one-line sources.list), so that a
# machine that reaches only its own mirror bootstraps from it.
machine_mirror() {
    local uri
    uri=$(grep -hE '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{ print $2 }' | grep -v security | head -1)
    if [ -z "$uri" ]; then
        uri=$(grep -hE '^deb ' /etc/apt/sources.list 2>/dev/null | grep -v security | sed -E 's/^deb +(\[[^]]*\] +)?//' |
            awk '{ print $1 }' | head -1)
    fi
    echo "${uri:-http://deb.debian.org/debian}"
}
[ -n "$MIRROR" ] || MIRROR=$(machine_mirror)

[ "$(id -u)" -eq 0 ] || fail "building the image needs root (debootstrap and chroot)" \
    "run it as root: sudo scripts/build-image.sh"
for tool in debootstrap umoci chroot tar; do
    command -v "$tool" >/dev/null || fail "$tool is not installed" "run scripts/install-deps.sh"
done
if [ -z "$DEB" ]; then
    DEB=$("$ROOT/scripts/build-deb.sh")
fi
[ -f "$DEB" ] || fail "no package at $DEB" "build it with scripts/build-deb.sh"
VERSION=$(dpkg-deb --field "$DEB" Version)
if [ -z "$SOURCE" ]; then
    origin=$(git -C "$ROOT" remote get-url origin 2>/dev/null || true)
    case "$origin" in https://*) SOURCE=$origin ;; esac
fi
REVISION=$(git -C "$ROOT" rev-parse HEAD 2>/dev/null || true)

WORK=$(mktemp -d "${TMPDIR:-/tmp}/rwdoctor-image.XXXXXX")
ROOTFS=$WORK/bundle/rootfs
cleanup() {
    umount "$ROOTFS/proc" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

echo "== debootstrap bookworm (minbase) from $MIRROR"
mkdir -p "$WORK/bundle"
debootstrap --variant=minbase --include=ca-certificates bookworm "$ROOTFS" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 ||
    { tail -20 "$WORK/debootstrap.log" >&2; fail "debootstrap failed (log above)" "check that $MIRROR is reachable"; }

echo "== install $(basename "$DEB") and its runtime libraries"
cp "$DEB" "$ROOTFS/tmp/rwdoctor.deb"
cp /etc/resolv.conf "$ROOTFS/etc/resolv.conf"
mount -t proc proc "$ROOTFS/proc"
chroot "$ROOTFS" sh -c 'apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends /tmp/rwdoctor.deb' \
    >"$WORK/install.log" 2>&1 || { tail -20 "$WORK/install.log" >&2; fail "installing $(basename "$DEB") failed (log above)"; }
chroot "$ROOTFS" groupadd --system --gid "$IMAGE_UID" rwdoctor
chroot "$ROOTFS" useradd --system --uid "$IMAGE_UID" --gid "$IMAGE_UID" --no-create-home --home-dir /nonexistent \
    --shell /usr/sbin/nologin rwdoctor 2>/dev/null # (warns that 10001 is above the system range)
chroot "$ROOTFS" apt-get clean
umount "$ROOTFS/proc"
[ "$(chroot "$ROOTFS" rwdoctor --version)" = "rwdoctor $VERSION" ] || fail "rwdoctor --version in the image does not say $VERSION"

echo "== trim"
# What a container never reads: package lists and caches, manuals, translations, logs. The
# copyright files stay; dpkg's status stays too, so image scanners see what is installed.
rm -rf "$ROOTFS"/var/lib/apt/lists/* "$ROOTFS"/var/cache/* "$ROOTFS"/var/log/* "$ROOTFS"/tmp/* \
    "$ROOTFS"/usr/share/man/* "$ROOTFS"/usr/share/info/* "$ROOTFS"/usr/share/locale/*
find "$ROOTFS/usr/share/doc" -type f ! -name copyright -delete
find "$ROOTFS/usr/share/doc" -type d -empty -delete
: >"$ROOTFS/etc/resolv.conf" # the container engine provides its own
for unwanted in gcc g++ cc postgres pg_ctl initdb; do
    if chroot "$ROOTFS" sh -c "command -v $unwanted" >/dev/null 2>&1; then
        fail "the image holds $unwanted"
    fi
done
[ ! -d "$ROOTFS/usr/lib/postgresql" ] || fail "the image holds a PostgreSQL server (/usr/lib/postgresql)"
ROOTFS_BYTES=$(du -sb "$ROOTFS" | cut -f1)

echo "== pack with umoci"
rm -rf "$OUT/oci"
mkdir -p "$OUT"
LAYOUT=$OUT/oci
umoci init --layout "$LAYOUT"
umoci new --image "$LAYOUT:$VERSION"
# umoci repack writes the differences between the bundle's rootfs and its record of the
# (empty) image it unpacked: the whole root filesystem becomes one layer.
umoci unpack --image "$LAYOUT:$VERSION" "$WORK/empty" >/dev/null
mv "$WORK/empty/umoci.json" "$WORK/empty/config.json" "$WORK/empty/"sha256_*.mtree "$WORK/bundle/"
umoci repack --image "$LAYOUT:$VERSION" "$WORK/bundle"
labels=(
    --config.label "org.opencontainers.image.title=rwdoctor"
    --config.label "org.opencontainers.image.description=find and repair inconsistencies in a RisingWave meta store"
    --config.label "org.opencontainers.image.version=$VERSION"
    --config.label "org.opencontainers.image.licenses=Apache-2.0"
    --config.label "org.opencontainers.image.created=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
)
[ -n "$SOURCE" ] && labels+=(--config.label "org.opencontainers.image.source=$SOURCE")
[ -n "$REVISION" ] && labels+=(--config.label "org.opencontainers.image.revision=$REVISION")
umoci config --image "$LAYOUT:$VERSION" --os linux --architecture amd64 \
    --config.entrypoint rwdoctor --config.cmd --help --config.user "$IMAGE_UID:$IMAGE_UID" --config.workingdir / \
    --config.env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "${labels[@]}"
umoci gc --layout "$LAYOUT"
ARCHIVE=$OUT/rwdoctor-$VERSION.oci.tar
tar -C "$LAYOUT" -cf "$ARCHIVE" .
LAYER_BYTES=$(find "$LAYOUT/blobs" -type f -printf '%s\n' | awk '{ s += $1 } END { print s }')

if [ "$LOAD" -eq 1 ]; then
    command -v skopeo >/dev/null || fail "skopeo is not installed (needed for --load)" "run scripts/install-deps.sh"
    skopeo copy -q "oci:$LAYOUT:$VERSION" "containers-storage:localhost/rwdoctor:$VERSION" 2>"$WORK/load.log" ||
        { cat "$WORK/load.log" >&2; fail "cannot store the image in podman's local storage (log above)"; }
    echo "== stored as localhost/rwdoctor:$VERSION in podman's local storage"
fi
[ -n "$SOURCE" ] || echo "build-image: no org.opencontainers.image.source label (pass --source URL)" >&2
echo "== image rwdoctor:$VERSION: $(numfmt --to=iec --suffix=B "$LAYER_BYTES") to pull, $(numfmt --to=iec --suffix=B "$ROOTFS_BYTES") unpacked"
echo "   layout  $LAYOUT (tag $VERSION)"
echo "   archive $ARCHIVE"
