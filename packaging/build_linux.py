"""Linux packages from the PyInstaller bundle (`make deb`, `make appimage`) and its size report.

    python packaging/build_linux.py deb [--bundle dist/factaudit] [--out dist]
    python packaging/build_linux.py appimage [--bundle dist/factaudit] [--out dist]
    python packaging/build_linux.py sizes [--bundle dist/factaudit]
    python packaging/build_linux.py model-deb [--gguf PATH] [--out dist]

The .deb installs the bundle to /opt/factaudit, a `factaudit` launcher to /usr/bin, the desktop
entry, the shared-mime-info types (packaging/linux/) and the icon (resources/icons/factaudit.svg,
with PNG sizes rendered here by Qt's SVG renderer) in the hicolor theme. Depends: is worked out
from the bundle's own ELF files (packaging/linux_deps.py, packaging/linux/depends.txt). A package
larger than MAX_MB unpacked is refused. The embedded LLM's GGUF (1.1 GB) is not in the bundle: it
has its own architecture-independent package (`model-deb`, packaging/linux_model.py), which the app
package Recommends.
"""
from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
LINUX = HERE / "linux"
sys.path.insert(0, str(HERE))
import linux_deps  # noqa: E402
import linux_model  # noqa: E402

APP = "factaudit"
PREFIX = f"/opt/{APP}"
MAX_MB = 700                   # issue #24: bundle and packages at most 700 MB unpacked (decimal MB: 667.6 MiB)
ICON_SIZES = (16, 32, 48, 64, 128, 256)
DESKTOP = LINUX / f"{APP}.desktop"
MIME_XML = LINUX / f"{APP}-mime.xml"
ICON_SVG = ROOT / "resources" / "icons" / f"{APP}.svg"
RECOMMENDS = f"xdg-utils, shared-mime-info, desktop-file-utils, fonts-noto-cjk, {linux_model.PACKAGE}"
# Declared whatever the bundle carries: PyInstaller copies the build machine's xcb, xkbcommon,
# fontconfig and D-Bus libraries into the bundle, but those copies read the system's side (fonts.conf
# and the fonts, the xkb keymaps); without libfontconfig1 a clean system prints "Fontconfig error:
# Cannot load default config file" (seen in packaging/check_package.sh). Qt's xcb plugin needs these.
SYSTEM_SIDE = ["libdbus-1-3", "libegl1", "libfontconfig1", "libfreetype6", "libx11-6", "libx11-xcb1", "libxcb1",
               "libxcb-cursor0", "libxcb-icccm4", "libxcb-image0", "libxcb-keysyms1", "libxcb-randr0",
               "libxcb-render-util0", "libxcb-render0", "libxcb-shape0", "libxcb-shm0", "libxcb-sync1",
               "libxcb-util1", "libxcb-xfixes0", "libxcb-xkb1", "libxkbcommon0", "libxkbcommon-x11-0"]
LAUNCHER = f"""#!/bin/sh
# factaudit's command: the PyInstaller bundle installed in {PREFIX}.
exec {PREFIX}/{APP} "$@"
"""
DESCRIPTION = """\
desktop workbench for auditing fact-checking pipelines
 factaudit audits retrieve-then-verify fact-checking pipelines offline: where an
 automated fact-checker is wrong, and why (missing or poor evidence, or a
 verifier that misused good evidence). Projects are single SQLite files
 (.faproj); sealed copies and rater packages open from the file manager.
 It ships its embedded retriever and verifiers and makes no network
 connection unless told to."""


class BuildError(Exception):
    """A package cannot be built; the message says why in one sentence."""


def app_version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def deb_arch() -> str:
    try:
        return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return {"x86_64": "amd64", "aarch64": "arm64"}.get(platform.machine(), platform.machine())


# ---- sizes ----------------------------------------------------------------------------------------
def tree_bytes(path: Path) -> int:
    """Apparent size of the regular files under path (symbolic links count as nothing)."""
    total = 0
    for folder, _dirs, files in os.walk(path):
        for name in files:
            p = os.path.join(folder, name)
            if not os.path.islink(p):
                total += os.path.getsize(p)
    return total


def installed_kib(path: Path) -> int:
    """Installed-Size as dpkg counts it: each file rounded up to whole KiB."""
    total = 0
    for folder, dirs, files in os.walk(path):
        total += len(dirs)
        for name in files:
            p = os.path.join(folder, name)
            total += 1 if os.path.islink(p) else -(-os.path.getsize(p) // 1024)
    return total


def biggest(bundle: Path, depth: int = 3, top: int = 15) -> list[tuple[int, str]]:
    """The largest folders `depth` levels below the bundle (bytes, relative path)."""
    sizes: dict[str, int] = {}
    for folder, _dirs, files in os.walk(bundle):
        rel = Path(folder).relative_to(bundle).parts
        key = "/".join(rel[:depth]) or "."
        for name in files:
            p = os.path.join(folder, name)
            if not os.path.islink(p):
                key_here = key if len(rel) else name
                sizes[key_here] = sizes.get(key_here, 0) + os.path.getsize(p)
    return sorted(((n, k) for k, n in sizes.items()), reverse=True)[:top]


def size_report(bundle: Path) -> str:
    lines = [f"{bundle}: {tree_bytes(bundle) / 2**20:.0f} MiB ({tree_bytes(bundle) / 10**6:.1f} MB) unpacked"]
    lines += [f"  {n / 2**20:7.1f} MiB  {k}" for n, k in biggest(bundle)]
    return "\n".join(lines)


def check_size(path: Path, what: str, max_mb: int = MAX_MB) -> float:
    """The tree's size in MiB, after refusing one over max_mb decimal megabytes (the issue's unit)."""
    size = tree_bytes(path)
    if size > max_mb * 10**6:
        raise BuildError(f"{what} is {size / 10**6:.1f} MB unpacked, over the {max_mb} MB limit (see `sizes`)")
    return size / 2**20


# ---- the shared files -----------------------------------------------------------------------------
def render_icons(svg: Path, share: Path, sizes=ICON_SIZES) -> list[Path]:
    """The SVG and its PNG renderings in the hicolor theme under `share` (…/share)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 (QImage painting needs it)
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise BuildError(f"{svg} is not a valid SVG icon")
    hicolor = share / "icons" / "hicolor"
    out = [hicolor / "scalable" / "apps" / f"{APP}.svg"]
    out[0].parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(svg, out[0])
    for size in sizes:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter)
        painter.end()
        target = hicolor / f"{size}x{size}" / "apps" / f"{APP}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(target), "PNG"):
            raise BuildError(f"could not write {target}")
        out.append(target)
    return out


def copy_bundle(bundle: Path, target: Path) -> None:
    """The bundle's tree at target: hard links where the file system allows (a 700 MB copy is
    slow on a busy disk), copies otherwise; symbolic links stay links."""
    def link_or_copy(src, dst):
        try:
            os.link(src, dst)
        except OSError:
            shutil.copy2(src, dst)
        return dst

    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(bundle, target, symlinks=True, copy_function=link_or_copy)


def stage_tree(bundle: Path, root: Path) -> None:
    """Everything the package installs, laid out under root as on the target system."""
    exe = bundle / APP
    if not exe.is_file() or not os.access(exe, os.X_OK):
        raise BuildError(f"no bundle at {bundle} (run `make bundle` first)")
    if root.exists():
        shutil.rmtree(root)
    copy_bundle(bundle, root / PREFIX.lstrip("/"))
    launcher = root / "usr" / "bin" / APP
    launcher.parent.mkdir(parents=True)
    launcher.write_text(LAUNCHER, encoding="utf-8")
    launcher.chmod(0o755)
    share = root / "usr" / "share"
    (share / "applications").mkdir(parents=True)
    shutil.copyfile(DESKTOP, share / "applications" / f"{APP}.desktop")
    (share / "mime" / "packages").mkdir(parents=True)
    shutil.copyfile(MIME_XML, share / "mime" / "packages" / f"{APP}.xml")
    render_icons(ICON_SVG, share)
    doc = share / "doc" / APP
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(
        "factaudit, packaged from its PyInstaller bundle. The bundled libraries keep their own\n"
        "licences (see the bundle's *.dist-info folders); the data and model attributions are in\n"
        "the project's README.\n", encoding="utf-8")


# ---- .deb -----------------------------------------------------------------------------------------
def control_text(version: str, arch: str, installed: int, depends: str) -> str:
    return (f"Package: {APP}\nVersion: {version}\nArchitecture: {arch}\n"
            f"Maintainer: factaudit developers <factaudit@localhost>\nInstalled-Size: {installed}\n"
            f"Depends: {depends}\nRecommends: {RECOMMENDS}\nSection: science\nPriority: optional\n"
            f"Description: {DESCRIPTION}\n")


def work_out_depends(bundle: Path) -> linux_deps.SystemNeeds:
    needs = linux_deps.system_needs(linux_deps.scan_bundle(bundle), linux_deps.read_table(LINUX / "depends.txt"),
                                    linux_deps.file_names(bundle))
    if needs.unknown:
        first, users = next(iter(needs.unknown.items()))
        raise BuildError(f"the bundle links {', '.join(needs.unknown)} (first: {first}, by {users[0]}), which "
                         "packaging/linux/depends.txt does not map to a Debian package")
    needs.packages = sorted(set(needs.packages) | set(SYSTEM_SIDE))
    return needs


def build_deb(bundle: Path, out: Path, *, work: Path | None = None, compress: str = "xz",
              max_mb: int = MAX_MB, log=print) -> Path:
    if shutil.which("dpkg-deb") is None:
        raise BuildError("dpkg-deb is not installed (it comes with dpkg, on Debian and Ubuntu)")
    bundle_mib = check_size(bundle, "the bundle", max_mb)
    linux_model.refuse_bundled_model(bundle)
    needs = work_out_depends(bundle)
    version, arch = app_version(), deb_arch()
    root = (work or ROOT / "build" / "deb") / "root"
    stage_tree(bundle, root)
    staged_mib = check_size(root, "the package", max_mb)
    installed = installed_kib(root)
    if installed * 1024 > max_mb * 10**6:     # what apt shows: each file rounded up to a KiB
        raise BuildError(f"the package's Installed-Size is {installed * 1024 / 10**6:.1f} MB, over the {max_mb} MB limit")
    debian = root / "DEBIAN"
    debian.mkdir()
    depends = linux_deps.depends_field(needs)
    (debian / "control").write_text(control_text(version, arch, installed, depends), encoding="utf-8")
    for script in ("postinst", "postrm"):
        shutil.copyfile(LINUX / script, debian / script)
        (debian / script).chmod(0o755)
    out.mkdir(parents=True, exist_ok=True)
    deb = out / f"{APP}_{version}_{arch}.deb"
    subprocess.run(["dpkg-deb", "--root-owner-group", f"-Z{compress}", "--build", str(root), str(deb)],
                   check=True, stdout=subprocess.DEVNULL)
    log(f"bundle {bundle_mib:.0f} MiB, package {staged_mib:.0f} MiB unpacked (Installed-Size {installed} KiB = "
        f"{installed * 1024 / 10**6:.1f} MB), {deb.stat().st_size / 2**20:.0f} MiB as {deb.name}")
    log(f"Depends: {depends}")
    if needs.optional:
        log("not depended on (optional plugins): " + ", ".join(needs.optional))
    return deb


# ---- AppImage -------------------------------------------------------------------------------------
NO_APPIMAGETOOL = ("cannot build an AppImage: appimagetool and the AppImage runtime it embeds are in no "
                   "package on PyPI, Debian or npm (python-appimage, appimage-builder, appimage and "
                   "pyproject-appimage all download them from GitHub while building), so install "
                   "appimagetool yourself and set APPIMAGETOOL=/path/to/appimagetool to build one.")


def find_appimagetool() -> str | None:
    named = os.environ.get("APPIMAGETOOL")
    if named:
        return named if os.access(named, os.X_OK) else None
    return shutil.which("appimagetool")


def build_appimage(bundle: Path, out: Path, *, work: Path | None = None, max_mb: int = MAX_MB,
                   log=print) -> Path:
    tool = find_appimagetool()
    if tool is None:
        raise BuildError(NO_APPIMAGETOOL)
    check_size(bundle, "the bundle", max_mb)
    appdir = (work or ROOT / "build" / "appimage") / f"{APP}.AppDir"
    if appdir.exists():
        shutil.rmtree(appdir)
    copy_bundle(bundle, appdir / "usr" / "lib" / APP)
    apprun = appdir / "AppRun"
    apprun.write_text('#!/bin/sh\nHERE="$(dirname "$(readlink -f "$0")")"\n'
                      f'exec "$HERE/usr/lib/{APP}/{APP}" "$@"\n', encoding="utf-8")
    apprun.chmod(0o755)
    share = appdir / "usr" / "share"
    (share / "applications").mkdir(parents=True)
    shutil.copyfile(DESKTOP, share / "applications" / f"{APP}.desktop")
    shutil.copyfile(DESKTOP, appdir / f"{APP}.desktop")
    (share / "mime" / "packages").mkdir(parents=True)
    shutil.copyfile(MIME_XML, share / "mime" / "packages" / f"{APP}.xml")
    icons = render_icons(ICON_SVG, share)
    shutil.copyfile(next(p for p in icons if p.parent.parent.name == "256x256"), appdir / f"{APP}.png")
    out.mkdir(parents=True, exist_ok=True)
    image = out / f"{APP}-{app_version()}-{platform.machine()}.AppImage"
    env = dict(os.environ, ARCH=platform.machine())
    subprocess.run([tool, str(appdir), str(image)], check=True, env=env)
    log(f"{image.name}: {image.stat().st_size / 2**20:.0f} MiB")
    return image


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=["deb", "appimage", "sizes", "model-deb"])
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / APP)
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    parser.add_argument("--work", type=Path, default=None, help="staging folder (default build/deb, build/appimage)")
    parser.add_argument("--compress", default=None, choices=["xz", "gzip", "none"],
                        help="dpkg-deb compression (default xz; none for model-deb)")
    parser.add_argument("--gguf", type=Path, default=None,
                        help="model-deb: the verified GGUF (default: the file the app finds)")
    parser.add_argument("--max-mb", type=int, default=MAX_MB)
    parser.add_argument("--tool-only", action="store_true", help="appimage: only check that appimagetool is there")
    args = parser.parse_args(argv)
    try:
        if args.what == "appimage" and args.tool_only:
            if find_appimagetool() is None:
                raise BuildError(NO_APPIMAGETOOL)
        elif args.what == "sizes":
            if not (args.bundle / APP).is_file():
                raise BuildError(f"no bundle at {args.bundle} (run `make bundle` first)")
            print(size_report(args.bundle))
        elif args.what == "deb":
            print(build_deb(args.bundle, args.out, work=args.work, compress=args.compress or "xz", max_mb=args.max_mb))
        elif args.what == "model-deb":
            print(linux_model.build_model_deb(args.gguf, args.out, work=args.work, compress=args.compress or "none"))
        else:
            print(build_appimage(args.bundle, args.out, work=args.work, max_mb=args.max_mb))
    except (BuildError, linux_model.ModelPackageError) as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
