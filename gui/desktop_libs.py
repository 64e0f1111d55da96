"""Which system libraries the desktop window needs and this machine lacks (`factaudit --self-test`,
issue #23 item 7). The self-test's window check runs offscreen, which needs none of them; a real X
session loads Qt's xcb platform plugin, which will not start without e.g. libxcb-cursor0. `ldd` on the
plugin names every library the loader cannot find (its own and those of the Qt libraries it loads)."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

# shared object -> the Debian/Ubuntu package that ships it: the table the .deb's Depends: come from
# (packaging/linux/depends.txt, `SONAME package` a line, `-` for a library no loaded plugin needs), read
# where it sits beside the `factaudit` package: the source tree, or the bundle's copy (the spec ships it).
DEPENDS_TXT = Path(__file__).resolve().parents[1] / "packaging" / "linux" / "depends.txt"


def read_packages(path: Path = DEPENDS_TXT) -> dict[str, str]:
    """SONAME -> package from depends.txt; {} when the file is not there (a wheel install, which has
    no packaging/ folder: the self-test then names the library alone)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return {}
    table = {}
    for line in text.splitlines():
        parts = line.split("#", 1)[0].split()
        if len(parts) == 2 and parts[1] != "-":
            table[parts[0]] = parts[1]
    return table


PACKAGES = read_packages()
APT_HINT = "sudo apt-get install {packages}"


def xcb_plugin() -> Path | None:
    """Qt's X11 platform plugin as installed with PySide6 (None off Linux or when absent)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import PySide6
    except ImportError:
        return None
    plugin = Path(PySide6.__file__).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    return plugin if plugin.is_file() else None


def not_found(ldd_output: str) -> list[str]:
    """The shared objects `ldd` could not find, in its order, each once."""
    found = re.findall(r"^\s*(\S+)\s+=>\s+not found", ldd_output, re.MULTILINE)
    return list(dict.fromkeys(found))


def missing_libraries(ldd_output: str | None = None) -> list[tuple[str, str | None]]:
    """(shared object, Debian package or None) for each library the desktop window lacks; [] when
    nothing is missing or there is nothing to ask (not Linux, no plugin, no ldd)."""
    if ldd_output is None:
        plugin, ldd = xcb_plugin(), shutil.which("ldd")
        if plugin is None or ldd is None:
            return []
        ldd_output = subprocess.run([ldd, str(plugin)], capture_output=True, text=True, timeout=30).stdout
    return [(lib, PACKAGES.get(lib)) for lib in not_found(ldd_output)]


def describe(missing: list[tuple[str, str | None]]) -> str:
    """One line: what is missing and the command that installs it."""
    packages = [pkg for _lib, pkg in missing if pkg]
    unknown = [lib for lib, pkg in missing if not pkg]
    text = "the desktop window (Qt's xcb plugin) cannot load " + ", ".join(lib for lib, _ in missing)
    if packages:
        text += "; install them with: " + APT_HINT.format(packages=" ".join(dict.fromkeys(packages)))
    if unknown:
        text += f" (no known package for {', '.join(unknown)})"
    return text
