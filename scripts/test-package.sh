#!/usr/bin/env bash
# Builds the Debian package of this tree (scripts/build-deb.sh), lints it, installs it into a
# clean root, and tries what it installed: the binary, the man page, the completion script.
#
#   scripts/test-package.sh [BUILD_DIR]            a Release build (default: build/package)
#   scripts/test-package.sh --from-build DIR       the build already in DIR (scripts/test.sh)
#
# Exits non-zero at the first thing that is wrong. scripts/test.sh runs it.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
fail() { echo "test-package: $*" >&2; exit 1; }

if [ "${1:-}" = "--from-build" ]; then
    DEB=$("$ROOT/scripts/build-deb.sh" --from-build "${2:?--from-build needs a build directory}")
else
    DEB=$("$ROOT/scripts/build-deb.sh" "${1:-$ROOT/build/package}")
fi
VERSION=$(dpkg-deb --field "$DEB" Version)
echo "== package $(basename "$DEB")"
dpkg-deb --field "$DEB" Depends
# Runtime libraries only: no -dev package, no compiler.
if dpkg-deb --field "$DEB" Depends | grep -qE -- '-dev\b|g\+\+|cmake'; then
    fail "Depends names a build-time package"
fi

echo "== lintian"
lintian --fail-on error --allow-root "$DEB"

echo "== install into a clean root"
INSTALL=$(mktemp -d "${TMPDIR:-/tmp}/rwdoctor-root.XXXXXX")
trap 'rm -rf "$INSTALL"' EXIT
mkdir -p "$INSTALL/var/lib/dpkg/info" "$INSTALL/var/lib/dpkg/updates"
touch "$INSTALL/var/lib/dpkg/status"
# The root holds no other package, so the libraries it depends on come from this machine.
if ! dpkg --instdir="$INSTALL" --admindir="$INSTALL/var/lib/dpkg" --force-not-root --force-depends \
    --force-script-chrootless --log=/dev/null -i "$DEB" >"$INSTALL/dpkg.log" 2>&1; then
    cat "$INSTALL/dpkg.log" >&2
    fail "dpkg -i into $INSTALL failed"
fi
BIN="$INSTALL/usr/bin/rwdoctor"
[ -x "$BIN" ] || fail "no /usr/bin/rwdoctor in the package"
"$BIN" --version | grep -qx "rwdoctor $VERSION" || fail "rwdoctor --version does not say $VERSION"

MAN="$INSTALL/usr/share/man/man1/rwdoctor.1.gz"
PAGE=$(MANWIDTH=80 man -l "$MAN" 2>/dev/null | col -b)
for section in NAME SYNOPSIS "INCIDENT RUNBOOK" COMMANDS "EXIT STATUS"; do
    grep -q "^$section" <<<"$PAGE" || fail "the man page has no $section section"
done
# Every option of every command's --help is in the man page.
for command in check guard watch "repair all" "repair fix" "repair drop" "repair restore" apply undo explain; do
    # shellcheck disable=SC2086  # the command's words are meant to split
    for option in $("$BIN" $command --help | grep -oE -- '--[a-z][a-z-]+' | sort -u); do
        [ "$option" = --help ] && continue
        grep -q -- "$option" <<<"$PAGE" || fail "the man page does not describe $command $option"
    done
done
for code in 0 1 4 8 16 32; do
    grep -qE "^ +$code[[:space:]]+[A-Z]" <<<"$PAGE" || fail "the man page does not explain exit code $code"
done

echo "== completion"
PATH="$INSTALL/usr/bin:$PATH" bash -c \
    "source '$INSTALL/usr/share/bash-completion/completions/rwdoctor' && _rwdoctor_selftest"

for doc in README.md copyright changelog.gz deploy/prometheus/rwdoctor-alerts.yml \
           deploy/kubernetes/meta-guard-initcontainer.yaml; do
    [ -f "$INSTALL/usr/share/doc/rwdoctor/$doc" ] || fail "no /usr/share/doc/rwdoctor/$doc"
done
echo "== package ok: $(basename "$DEB")"
