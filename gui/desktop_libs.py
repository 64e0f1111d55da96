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

# shared object -> the Debian/Ubuntu package that ships it (README "Install" names the same list)
PACKAGES = {
    "libxcb-cursor.so.0": "libxcb-cursor0", "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0", "libxcb-icccm.so.4": "libxcb-icccm4", "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-image.so.0": "libxcb-image0", "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0", "libxcb-randr.so.0": "libxcb-randr0", "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb-xinerama.so.0": "libxcb-xinerama0", "libxcb-shm.so.0": "libxcb-shm0", "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0", "libxcb-render.so.0": "libxcb-render0", "libxcb.so.1": "libxcb1",
    "libX11-xcb.so.1": "libx11-xcb1", "libX11.so.6": "libx11-6", "libEGL.so.1": "libegl1", "libGL.so.1": "libgl1",
    "libOpenGL.so.0": "libopengl0", "libfontconfig.so.1": "libfontconfig1", "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3", "libglib-2.0.so.0": "libglib2.0-0",
}
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
