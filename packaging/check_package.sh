#!/bin/bash
# Install the .deb in a clean Debian and check it there (issue #24 item 1; not part of `make test`).
#
#   sudo packaging/check_package.sh [dist/factaudit_VERSION_ARCH.deb]
#
# Where docker works it uses a fresh debian:$SUITE container; otherwise a chroot made with
# debootstrap (a minbase system, kept as build/chroot/base and copied afresh for every run). In it:
#   1. apt-get install ./factaudit_*.deb (with the tools the checks use: xdg-utils, shared-mime-info,
#      desktop-file-utils, libfile-mimeinfo-perl), so apt resolves the package's Depends: itself;
#   2. every shared library the bundle links is found, except those depends.txt marks optional;
#   3. `factaudit --self-test` as an ordinary user passes;
#   4. `xdg-mime query default` names factaudit.desktop for each factaudit type, and xdg-mime
#      reads a .faproj file as application/x-factaudit-project;
#   5. "double-clicking" that file (xdg-open, offscreen) starts `factaudit gui FILE`, which opens it.
# Needs root. SUITE (default bookworm) and MIRROR (default http://deb.debian.org/debian) can be set.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(dirname "$HERE")"
SUITE="${SUITE:-bookworm}"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"
WORK="${WORK:-$ROOT/build/chroot}"
TOOLS="xdg-utils shared-mime-info desktop-file-utils libfile-mimeinfo-perl"
TYPES="application/x-factaudit-project application/x-factaudit-sealed-project application/x-factaudit-rater-package application/x-factaudit-encrypted"

DEB="${1:-}"
if [ -z "$DEB" ]; then
    DEB="$(ls -t "$ROOT"/dist/factaudit_*.deb 2>/dev/null | head -n 1 || true)"
fi
if [ -z "$DEB" ] || [ ! -f "$DEB" ]; then
    echo "check_package: no .deb given and none in dist/ (run \`make deb\` first)" >&2
    exit 2
fi
DEB="$(cd "$(dirname "$DEB")" && pwd)/$(basename "$DEB")"
if [ "$(id -u)" != 0 ]; then
    echo "check_package: needs root (debootstrap, chroot and apt-get)" >&2
    exit 2
fi
OPTIONAL="$(awk '$2 == "-" {print $1}' "$HERE/linux/depends.txt" | tr '\n' ' ')"

# The checks, run inside the clean system as root; $1 is the .deb's path there.
read -r -d '' INSIDE <<'EOF' || true
set -eu
export DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8
deb="$1"; shift
echo "== apt-get install ./$(basename "$deb")"
apt-get update -qq
apt-get install -y -qq --no-install-recommends "$deb" $TOOLS >/tmp/apt.log 2>&1 || { tail -n 30 /tmp/apt.log; exit 1; }
dpkg -s factaudit | grep -E '^(Version|Installed-Size):'
echo "installed: $(du -sm /opt/factaudit | cut -f1) MiB in /opt/factaudit"

echo "== shared libraries"
# (the bundle's own libraries are found as at run time, where the bootloader puts _internal on the path)
missing=$(find /opt/factaudit -type f \( -name '*.so' -o -name '*.so.*' -o -perm -u+x \) -print0 |
          LD_LIBRARY_PATH=/opt/factaudit/_internal xargs -0 -r ldd 2>/dev/null | awk '/not found/ {print $1}' | sort -u)
bad=""
for lib in $missing; do
    case " $OPTIONAL " in *" $lib "*) ;; *) bad="$bad $lib" ;; esac
done
[ -z "$missing" ] || echo "not found, only optional plugins link them: $(echo $missing | tr '\n' ' ')"
if [ -n "$bad" ]; then echo "FAIL: the bundle links libraries nothing installed:$bad"; exit 1; fi
ldd /opt/factaudit/_internal/PySide6/Qt/plugins/platforms/libqxcb.so | grep -c '=> /' | sed 's/^/xcb plugin: libraries found: /'

id tester >/dev/null 2>&1 || useradd -m tester
run() { su tester -s /bin/sh -c "cd ~ && $*"; }
echo "== factaudit --self-test (as an ordinary user)"
run "QT_QPA_PLATFORM=offscreen factaudit --self-test"

echo "== file types"
status=0
for t in $TYPES; do
    app=$(run "xdg-mime query default $t" || true)
    echo "xdg-mime query default $t: $app"
    [ "$app" = factaudit.desktop ] || status=1
done
run "factaudit new check.faproj" || true
if [ -f /home/tester/check.faproj ]; then
    kind=$(run "xdg-mime query filetype check.faproj" || true)
    echo "xdg-mime query filetype check.faproj: $kind"
    [ "$kind" = application/x-factaudit-project ] || status=1
    echo "== double-click: xdg-open check.faproj"
    su tester -s /bin/sh -c 'cd ~ && QT_QPA_PLATFORM=offscreen setsid xdg-open check.faproj >/tmp/open.log 2>&1 & echo $! >/tmp/open.pid'
    opened=""
    for _ in $(seq 1 120); do
        sleep 1
        for fd in /proc/[0-9]*/fd/*; do
            if [ "$(readlink "$fd" 2>/dev/null)" = /home/tester/check.faproj ]; then
                pid=${fd#/proc/}; pid=${pid%%/*}
                opened="process $pid ($(tr '\0' ' ' </proc/$pid/cmdline))"
            fi
        done
        [ -z "$opened" ] || break
    done
    kill -- "-$(cat /tmp/open.pid)" 2>/dev/null || true   # the session xdg-open started
    if [ -n "$opened" ]; then echo "opened by $opened"; else echo "FAIL: no factaudit window opened the file"; cat /tmp/open.log; status=1; fi
else
    echo "FAIL: could not make a project file to open"; status=1
fi
exit $status
EOF

if timeout 20 docker info >/dev/null 2>&1; then
    echo "== docker: debian:$SUITE"
    docker run --rm -e TOOLS="$TOOLS" -e TYPES="$TYPES" -e OPTIONAL="$OPTIONAL" \
        -v "$DEB:/tmp/$(basename "$DEB"):ro" "debian:$SUITE" \
        bash -c "$INSIDE" inside "/tmp/$(basename "$DEB")"
    exit $?
fi

# ---- a debootstrap chroot ---------------------------------------------------------------------
BASE="$WORK/base"
RUN="$WORK/run"
if [ ! -f "$BASE/.factaudit-base" ]; then
    if ! command -v debootstrap >/dev/null 2>&1; then
        echo "== apt-get install debootstrap"
        apt-get install -y -qq debootstrap >/dev/null
    fi
    echo "== debootstrap --variant=minbase $SUITE (once; kept in $BASE)"
    rm -rf "$BASE"
    nice -n 19 debootstrap --variant=minbase "$SUITE" "$BASE" "$MIRROR" >"$WORK.debootstrap.log" 2>&1 ||
        { tail -n 20 "$WORK.debootstrap.log"; exit 1; }
    touch "$BASE/.factaudit-base"
fi

cleanup() {
    for m in "$RUN/dev/pts" "$RUN/dev" "$RUN/proc" "$RUN/sys"; do
        mountpoint -q "$m" 2>/dev/null && umount -l "$m" || true
    done
}
trap cleanup EXIT
cleanup
rm -rf "$RUN"
echo "== fresh copy of the clean $SUITE system"
cp -a "$BASE" "$RUN"
mount -t proc proc "$RUN/proc"
mount --bind /dev "$RUN/dev"
mount --bind /dev/pts "$RUN/dev/pts"
mount -t sysfs sys "$RUN/sys"
cp /etc/resolv.conf "$RUN/etc/resolv.conf"
cp "$DEB" "$RUN/tmp/"
status=0
nice -n 19 chroot "$RUN" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
    TOOLS="$TOOLS" TYPES="$TYPES" OPTIONAL="$OPTIONAL" \
    bash -c "$INSIDE" inside "/tmp/$(basename "$DEB")" || status=$?
if [ $status = 0 ]; then echo "check_package: PASS"; else echo "check_package: FAIL"; fi
exit $status
