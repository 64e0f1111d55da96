"""`factaudit --self-test` names the system library the desktop window lacks (issue #23 item 7): `ldd`
on Qt's xcb plugin, each "not found" library with the Debian package that ships it."""
from __future__ import annotations

import pytest

from factaudit.gui import desktop_libs, selftest

LDD = """\tlinux-vdso.so.1 (0x00007ffd3c5f2000)
\tlibQt6XcbQpa.so.6 => /venv/PySide6/Qt/lib/libQt6XcbQpa.so.6 (0x00007f2b8c000000)
\tlibxcb-cursor.so.0 => not found
\tlibxkbcommon-x11.so.0 => not found
\tlibxcb-cursor.so.0 => not found
\tlibweird.so.7 => not found
\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f2b8ba00000)
"""


def test_the_missing_libraries_and_their_packages_are_named():
    missing = desktop_libs.missing_libraries(LDD)
    assert missing == [("libxcb-cursor.so.0", "libxcb-cursor0"), ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"),
                       ("libweird.so.7", None)]
    line = desktop_libs.describe(missing)
    assert "cannot load libxcb-cursor.so.0, libxkbcommon-x11.so.0, libweird.so.7" in line
    assert "sudo apt-get install libxcb-cursor0 libxkbcommon-x11-0" in line
    assert "no known package for libweird.so.7" in line
    assert desktop_libs.missing_libraries(LDD.replace("not found", "/lib/x.so (0x1)")) == []


def test_the_self_test_check_fails_with_the_package_to_install(monkeypatch, tmp_path):
    plugin = tmp_path / "libqxcb.so"
    plugin.write_bytes(b"")
    monkeypatch.setattr(desktop_libs, "xcb_plugin", lambda: plugin)
    real = desktop_libs.missing_libraries
    monkeypatch.setattr(desktop_libs, "missing_libraries", lambda: real(LDD))
    with pytest.raises(RuntimeError, match="sudo apt-get install libxcb-cursor0"):
        selftest.check_desktop_libraries({})
    monkeypatch.setattr(desktop_libs, "missing_libraries", lambda: [])
    assert "present" in selftest.check_desktop_libraries({})


def test_this_machines_plugin_loads_or_the_check_says_why():
    """On this machine: the real ldd run either finds every library or names the missing ones."""
    if desktop_libs.xcb_plugin() is None:
        pytest.skip("no xcb plugin here")
    missing = desktop_libs.missing_libraries()
    assert all(lib.startswith("lib") for lib, _pkg in missing)


def test_the_readme_names_every_package_of_a_qt_window():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    for package in ("libxcb-cursor0", "libxkbcommon-x11-0", "libxcb-icccm4", "libxcb-keysyms1"):
        assert package in readme
    assert "--self-test" in readme
