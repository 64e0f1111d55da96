#!/bin/bash
# Install the .deb in a clean Debian and check it there (issue #24 item 1; not part of `make test`).
#
#   sudo packaging/check_package.sh [dist/factaudit_VERSION_ARCH.deb]
#
# A chroot made with debootstrap (a minbase system, kept as build/chroot/base and copied afresh for
# every run), or a fresh debian:$SUITE container where docker works. In it:
#   0. before anything is installed: which of the system libraries the source install's Qt (the
#      .venv's PySide6, the same parts the bundle ships) links are missing there; every one must be
#      named by packaging/linux/desktop-deps.txt, the list the README and `make gui` install;
#   1. apt-get install ./factaudit_*.deb (with the tools the checks use: xdg-utils, shared-mime-info,
#      desktop-file-utils, libfile-mimeinfo-perl), so apt resolves the package's Depends: itself;
#   2. every shared library the bundle links is found, except those depends.txt marks optional;
#   3. `factaudit --self-test` as an ordinary user passes;
#   4. `xdg-mime query default` names factaudit.desktop for each factaudit type; `xdg-mime query
#      filetype` names the right type for a project, a rater package and copies of both under a
#      name no glob knows (the application_id magic); a Chinese report (`report --lang zh`) draws
#      its plots with no "missing glyph" warning from the bundle's own CJK font, on a system with
#      none (and warns with that font moved away: the control);
#   5. the double-click: an Xvfb X server runs on this machine (its socket bind-mounted into the
#      chroot), `xdg-open FILE` runs as the ordinary user with DISPLAY set, and the check waits for
#      a factaudit window whose title names that file (xdotool), checks that the process behind it
#      is `factaudit gui FILE` inside the clean system, saves a screenshot
#      (build/check_package/*.png) and closes the app. Once for the project, once for the package.
# Needs root. SUITE (default bookworm) and MIRROR (default http://deb.debian.org/debian) can be set;
# Xvfb and xdotool come from the host (apt-get install xvfb xdotool imagemagick, done here if missing).
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(dirname "$HERE")"
SUITE="${SUITE:-bookworm}"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"
WORK="${WORK:-$ROOT/build/chroot}"
SHOTS="${SHOTS:-$ROOT/build/check_package}"
SITE="${SITE:-$(ls -d "$ROOT"/.venv/lib/python3*/site-packages 2>/dev/null | head -n 1 || true)}"
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
need_host_tool() {   # command, package
    command -v "$1" >/dev/null 2>&1 && return 0
    echo "== apt-get install $2 (on this machine)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
}
need_host_tool Xvfb xvfb
need_host_tool xdotool xdotool
need_host_tool import imagemagick
mkdir -p "$SHOTS"

# The checks inside the clean system, run as root; $1 names the step.
read -r -d '' INSIDE <<'EOF' || true
set -eu
export DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8
step="$1"; shift
id tester >/dev/null 2>&1 || useradd -m tester
run() { su tester -s /bin/sh -c "cd ~ && $*"; }

if [ "$step" = source-libs ]; then
    # $1: a file listing ELF files (paths in this system) whose missing libraries to print
    tr '\n' '\0' <"$1" | xargs -0 -r ldd 2>/dev/null | awk '/not found/ {print $1}' | sort -u
    exit 0
fi

if [ "$step" = install ]; then
    deb="$1"
    echo "== apt-get install ./$(basename "$deb")"
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "$deb" $TOOLS >/tmp/apt.log 2>&1 || { tail -n 30 /tmp/apt.log; exit 1; }
    dpkg -s factaudit | grep -E '^(Version|Installed-Size):'
    echo "installed: $(du -sm /opt/factaudit | cut -f1) MiB in /opt/factaudit (du -sm)"

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

    echo "== factaudit --self-test (as an ordinary user)"
    run "QT_QPA_PLATFORM=offscreen factaudit --self-test"

    echo "== file types"
    status=0
    for t in $TYPES; do
        app=$(run "xdg-mime query default $t" || true)
        echo "xdg-mime query default $t: $app"
        [ "$app" = factaudit.desktop ] || status=1
    done
    # a project with a claim, two passages and a retrieval run: enough for a rater package
    run "printf '%s\n' '{\"id\": \"p1\", \"doc_id\": \"d1\", \"title\": \"Aspirin\", \"text\": \"Aspirin lowers fever.\"}' \
        '{\"id\": \"p2\", \"doc_id\": \"d2\", \"title\": \"Ibuprofen\", \"text\": \"Ibuprofen eases pain.\"}' >corpus.jsonl &&
        printf '%s\n' '{\"id\": \"c1\", \"claim\": \"Aspirin lowers fever\", \"label\": \"Supported\"}' >claims.jsonl &&
        printf 'c1 Q0 p1 1 2.0 t\nc1 Q0 p2 2 1.0 t\n' >run.trec &&
        factaudit new clinic-check.faproj >/dev/null &&
        factaudit import clinic-check.faproj --kind corpus corpus.jsonl >/dev/null &&
        factaudit import clinic-check.faproj --kind claims claims.jsonl >/dev/null &&
        factaudit import clinic-check.faproj --format trec --kind run run.trec >/dev/null &&
        factaudit rater-package clinic-check.faproj --out labels-for-bob.faproj --rater Bob --all --k 2 >/dev/null &&
        cp clinic-check.faproj project-copy.db && cp labels-for-bob.faproj package-copy.db" ||
        { echo "FAIL: could not make the files to open"; exit 1; }
    for pair in clinic-check.faproj=application/x-factaudit-project labels-for-bob.faproj=application/x-factaudit-rater-package \
                project-copy.db=application/x-factaudit-project package-copy.db=application/x-factaudit-rater-package; do
        f=${pair%%=*}; want=${pair#*=}
        kind=$(run "xdg-mime query filetype $f" || true)
        echo "xdg-mime query filetype $f: $kind"
        [ "$kind" = "$want" ] || { echo "FAIL: $f should be $want"; status=1; }
    done

    echo "== a Chinese report's plots with the bundle's CJK font (none installed here)"
    fonts=/opt/factaudit/_internal/factaudit/resources/reports/fonts
    echo "bundled: $(cd "$fonts" && ls | tr '\n' ' ')"
    system_cjk=$(find /usr/share/fonts /usr/local/share/fonts \( -iname '*cjk*' -o -iname '*wqy*' -o -iname '*droid*' \
                 -o -iname '*hei*' -o -iname '*ming*' \) 2>/dev/null | head -n 3)
    if [ -n "$system_cjk" ]; then echo "FAIL: this system has a CJK font ($system_cjk): the check would prove nothing"; exit 1; fi
    run "printf '%s\n' '{\"id\": \"z1\", \"claim\": \"Aspirin lowers fever\", \"label\": \"Supported\"}' \
        '{\"id\": \"z2\", \"claim\": \"Aspirin cures pain\", \"label\": \"Refuted\"}' \
        '{\"id\": \"z3\", \"claim\": \"Ibuprofen eases pain\", \"label\": \"Supported\"}' >zh-claims.jsonl &&
        printf '%s\n' '{\"claim_id\": \"z1\", \"verdict\": \"Supported\"}' '{\"claim_id\": \"z2\", \"verdict\": \"Supported\"}' \
        '{\"claim_id\": \"z3\", \"verdict\": \"No Evidence\"}' >zh-verdicts.jsonl &&
        factaudit new zh.faproj >/dev/null && factaudit import zh.faproj --kind claims zh-claims.jsonl >/dev/null &&
        factaudit import zh.faproj --kind verdicts zh-verdicts.jsonl >/dev/null" ||
        { echo "FAIL: could not make the project to report on"; exit 1; }
    zh_report() {   # folder: writes it, prints how many missing-glyph warnings the run gave
        run "factaudit report zh.faproj --out $1 --lang zh --resamples 200 >/dev/null 2>$1.err" ||
            { tail -n 5 "/home/tester/$1.err" >&2; echo "FAIL: factaudit report --lang zh" >&2; return 1; }
        grep -c 'missing from font' "/home/tester/$1.err" || true
    }
    # the control first: with the bundled font moved away the same report must warn, or the count proves nothing
    mv "$fonts" /tmp/bundled-fonts-aside
    without=$(zh_report report-zh-without-font) || without=error
    mv /tmp/bundled-fonts-aside "$fonts"
    with=$(zh_report report-zh) || with=error
    plots=$(grep -o 'data:image/png' /home/tester/report-zh/report.html | wc -l)
    echo "missing-glyph warnings: $without without the bundled font, $with with it; $plots plots in report-zh/report.html"
    if [ "$without" = error ] || [ "$with" != 0 ] || [ "$without" = 0 ] || [ "$plots" = 0 ]; then
        echo "FAIL: the bundled CJK font does not render the Chinese plots"; status=1
    fi
    exit $status
fi

if [ "$step" = open ]; then
    # $1: the file; DISPLAY is set. xdg-open runs in its own session, so the caller can end it by its id.
    su tester -s /bin/sh -c "cd ~ && DISPLAY=$DISPLAY setsid xdg-open $1 >/tmp/open-$1.log 2>&1 & echo \$! >/tmp/open-$1.pid"
    exit 0
fi
echo "unknown step $step"; exit 2
EOF

# ---- the clean system: docker or a debootstrap chroot ------------------------------------------------
BASE="$WORK/base"
RUN="$WORK/run"
XVFB_PID=""
CID=""
unmount_all() {
    for m in "$RUN/tmp/.X11-unix" "$RUN/mnt/site" "$RUN/dev/pts" "$RUN/dev" "$RUN/proc" "$RUN/sys"; do
        mountpoint -q "$m" 2>/dev/null && umount -l "$m" || true
    done
}
cleanup() {
    [ -z "$XVFB_PID" ] || kill "$XVFB_PID" 2>/dev/null || true
    [ -z "$CID" ] || docker rm -f "$CID" >/dev/null 2>&1 || true
    unmount_all
}
trap cleanup EXIT

# An X server for the double-click, on the first free display from :90.
DISPLAY_NO=90
while [ -e "/tmp/.X$DISPLAY_NO-lock" ] || [ -e "/tmp/.X11-unix/X$DISPLAY_NO" ]; do DISPLAY_NO=$((DISPLAY_NO + 1)); done
Xvfb ":$DISPLAY_NO" -screen 0 1366x768x24 -nolisten tcp -listen unix >"$SHOTS/xvfb.log" 2>&1 &
XVFB_PID=$!
export DISPLAY=":$DISPLAY_NO"

if timeout 20 docker info >/dev/null 2>&1; then
    echo "== docker: debian:$SUITE"
    CID=$(docker run -d --rm -e TOOLS="$TOOLS" -e TYPES="$TYPES" -e OPTIONAL="$OPTIONAL" -e DISPLAY="$DISPLAY" \
          -v /tmp/.X11-unix:/tmp/.X11-unix -v "$DEB:/tmp/$(basename "$DEB"):ro" \
          ${SITE:+-v "$SITE:/mnt/site:ro"} "debian:$SUITE" sleep infinity)
    inside() { docker exec "$CID" bash -c "$INSIDE" inside "$@"; }
    inside_root=""
    copy_in() { docker cp "$1" "$CID:$2"; }
    home_file() { docker cp "$CID:/home/tester/$1" "$2"; }
else
    if [ ! -f "$BASE/.factaudit-base" ]; then
        need_host_tool debootstrap debootstrap
        echo "== debootstrap --variant=minbase $SUITE (once; kept in $BASE)"
        rm -rf "$BASE"
        mkdir -p "$WORK"
        nice -n 19 debootstrap --variant=minbase "$SUITE" "$BASE" "$MIRROR" >"$WORK.debootstrap.log" 2>&1 ||
            { tail -n 20 "$WORK.debootstrap.log"; exit 1; }
        touch "$BASE/.factaudit-base"
    fi
    unmount_all
    rm -rf "$RUN"
    echo "== fresh copy of the clean $SUITE system"
    cp -a "$BASE" "$RUN"
    mount -t proc proc "$RUN/proc"
    mount --bind /dev "$RUN/dev"
    mount --bind /dev/pts "$RUN/dev/pts"
    mount -t sysfs sys "$RUN/sys"
    mkdir -p "$RUN/tmp/.X11-unix" "$RUN/mnt/site"
    mount --bind /tmp/.X11-unix "$RUN/tmp/.X11-unix"
    if [ -n "$SITE" ]; then mount --bind -o ro "$SITE" "$RUN/mnt/site"; fi
    cp /etc/resolv.conf "$RUN/etc/resolv.conf"
    cp "$DEB" "$RUN/tmp/"
    inside() {
        nice -n 19 chroot "$RUN" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
            TOOLS="$TOOLS" TYPES="$TYPES" OPTIONAL="$OPTIONAL" DISPLAY="$DISPLAY" \
            bash -c "$INSIDE" inside "$@"
    }
    inside_root="$RUN"
    copy_in() { cp "$1" "$RUN$2"; }
    home_file() { cp "$RUN/home/tester/$1" "$2"; }
fi
status=0

# ---- 0. the source install's system libraries (#23 item 7), before anything is installed -------------
echo "== system libraries a source install's Qt needs (the .venv's PySide6, clean $SUITE)"
if [ -n "$SITE" ] && [ -d "$SITE/PySide6" ] && [ -d "$ROOT/dist/factaudit/_internal/PySide6" ]; then
    # the Qt parts the bundle ships (so the parts the app loads), as the .venv has them
    (cd "$ROOT/dist/factaudit/_internal" && find PySide6 shiboken6 -type f \( -name '*.so' -o -name '*.so.*' \) 2>/dev/null) |
        while read -r rel; do [ -f "$SITE/$rel" ] && echo "/mnt/site/$rel"; done >"$SHOTS/source-elves.txt"
    copy_in "$SHOTS/source-elves.txt" /tmp/source-elves.txt
    inside source-libs /tmp/source-elves.txt >"$SHOTS/source-missing.txt"
    derived=""
    for lib in $(cat "$SHOTS/source-missing.txt"); do
        pkg=$(awk -v l="$lib" '$1 == l {print $2}' "$HERE/linux/depends.txt")
        case "$pkg" in
            "") echo "FAIL: $lib (linked by the .venv's Qt, missing in a clean system) is not in depends.txt"; status=1 ;;
            -) ;;
            *) derived="$derived $pkg" ;;
        esac
    done
    derived=$(echo $derived | tr ' ' '\n' | sort -u | tr '\n' ' ')
    listed=$(grep -v '^#' "$HERE/linux/desktop-deps.txt" | awk 'NF {print $1}' | sort -u | tr '\n' ' ')
    echo "missing in the clean system: $(wc -l <"$SHOTS/source-missing.txt") libraries of $(wc -l <"$SHOTS/source-elves.txt") Qt files; their packages:"
    echo "  $derived"
    unlisted=""
    for p in $derived; do case " $listed " in *" $p "*) ;; *) unlisted="$unlisted $p" ;; esac; done
    if [ -n "$unlisted" ]; then echo "FAIL: packaging/linux/desktop-deps.txt lacks:$unlisted"; status=1
    else echo "packaging/linux/desktop-deps.txt names every one"; fi
else
    echo "skipped: needs the .venv's PySide6 and dist/factaudit"
fi

# ---- 1-4. install, libraries, self-test, file types --------------------------------------------------
inside install "/tmp/$(basename "$DEB")" || status=1

# ---- 5. the double-click ------------------------------------------------------------------------
for _ in $(seq 1 50); do [ -e "/tmp/.X11-unix/X$DISPLAY_NO" ] && break; sleep 0.2; done
double_click() {   # file, a title part, screenshot name
    local file="$1" title="$2" shot="$SHOTS/$3.png" win="" pid="" cmd="" root=""
    echo "== double-click: xdg-open $file (DISPLAY=$DISPLAY, Xvfb on this machine)"
    inside open "$file"
    for _ in $(seq 1 180); do
        sleep 1
        win=$(xdotool search --onlyvisible --name "$title" 2>/dev/null | head -n 1 || true)
        [ -z "$win" ] || break
    done
    if [ -z "$win" ]; then
        echo "FAIL: no window titled '*$title*' within 180 s"
        import -window root "$shot" 2>/dev/null || true
        inside_log=$( [ -n "$inside_root" ] && cat "$inside_root/tmp/open-$file.log" 2>/dev/null || true)
        echo "$inside_log" | tail -n 20
        return 1
    fi
    sleep 3   # let the pages that load in the background draw before the screenshot
    echo "window $win: \"$(xdotool getwindowname "$win")\" $(xdotool getwindowgeometry "$win" | awk '/Geometry/ {print $2}')"
    # _NET_WM_PID is a process id of the clean system: this machine's own only in the chroot
    pid=""
    [ -z "$inside_root" ] || pid=$(xdotool getwindowpid "$win" 2>/dev/null || true)
    if [ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ]; then
        cmd=$(tr '\0' ' ' <"/proc/$pid/cmdline")
        root=$(readlink "/proc/$pid/root" || true)
        echo "its process $pid: $cmd(root $root)"
        case "$cmd" in *"gui /home/tester/$file"*|*"gui $file"*) ;; *) echo "FAIL: the window is not factaudit gui $file"; return 1 ;; esac
        if [ -n "$inside_root" ] && [ "$root" != "$inside_root" ]; then echo "FAIL: not the clean system's factaudit"; return 1; fi
    elif [ -n "$inside_root" ]; then
        echo "FAIL: the window names no process"; return 1
    fi
    import -window root "$shot" && echo "screenshot: $shot"
    # close it as a user would (Ctrl+Q in the focused window), then end what is left of the session
    # (no window manager: focus it directly; tried three times, as the first key can reach a window
    # still busy loading its pages)
    for _ in 1 2 3; do
        xdotool windowfocus --sync "$win" >/dev/null 2>&1 || true
        xdotool key --clearmodifiers ctrl+q >/dev/null 2>&1 || true
        for _ in $(seq 1 10); do xdotool search --onlyvisible --name "$title" >/dev/null 2>&1 || break 2; sleep 1; done
    done
    xdotool search --onlyvisible --name "$title" >/dev/null 2>&1 && import -window root "$SHOTS/$3-not-closed.png"
    if xdotool search --onlyvisible --name "$title" >/dev/null 2>&1 || { [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; }; then
        echo "closed: Ctrl+Q did not end it; ending its session"
    else
        echo "closed: the app quit on Ctrl+Q (its window is gone${pid:+, process $pid ended})"
    fi
    if [ -n "$inside_root" ] && [ -f "$inside_root/tmp/open-$file.pid" ]; then
        kill -- "-$(cat "$inside_root/tmp/open-$file.pid")" 2>/dev/null || true
    fi
    [ -z "$pid" ] || kill "$pid" 2>/dev/null || true
    return 0
}
double_click clinic-check.faproj "clinic-check" project || status=1
double_click labels-for-bob.faproj "labels-for-bob.faproj" rater-package || status=1

if [ $status = 0 ]; then echo "check_package: PASS"; else echo "check_package: FAIL"; fi
exit $status
