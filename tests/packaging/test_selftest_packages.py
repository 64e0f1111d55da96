"""`factaudit --self-test` names the Debian package of every desktop library it finds missing (issue #23
item 7): gui/desktop_libs.py reads the SONAME -> package table the .deb's Depends: come from
(packaging/linux/depends.txt), and every package of packaging/linux/desktop-deps.txt (the list the
README and `make gui` install) has a library there."""
from __future__ import annotations

import filecmp
from pathlib import Path

import pytest

from factaudit.gui import desktop_libs

ROOT = Path(__file__).resolve().parents[2]
LINUX = ROOT / "packaging" / "linux"


def desktop_packages() -> list[str]:
    return [line.split("#", 1)[0].strip() for line in (LINUX / "desktop-deps.txt").read_text(encoding="utf-8").splitlines()
            if line.split("#", 1)[0].strip()]


def depends_rows() -> list[tuple[str, str]]:
    rows = []
    for line in (LINUX / "depends.txt").read_text(encoding="utf-8").splitlines():
        parts = line.split("#", 1)[0].split()
        if parts:
            assert len(parts) == 2, line
            rows.append((parts[0], parts[1]))
    return rows


def ldd_not_found(sonames) -> str:
    lines = ["\tlinux-vdso.so.1 (0x00007ffd)", "\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f00)"]
    return "\n".join(lines + [f"\t{name} => not found" for name in sonames]) + "\n"


def test_the_self_test_reads_the_packaging_table_of_this_tree():
    assert desktop_libs.DEPENDS_TXT == LINUX / "depends.txt"
    expected = {lib: pkg for lib, pkg in depends_rows() if pkg != "-"}
    assert desktop_libs.PACKAGES == expected


@pytest.mark.parametrize("package", desktop_packages())
def test_every_desktop_package_is_named_when_its_library_is_missing(package):
    sonames = [lib for lib, pkg in depends_rows() if pkg == package]
    assert sonames, f"{package} (desktop-deps.txt) has no library in depends.txt"
    missing = desktop_libs.missing_libraries(ldd_not_found(sonames))
    assert [lib for lib, _ in missing] == sonames
    line = desktop_libs.describe(missing)
    assert line.endswith("install them with: sudo apt-get install " + package)
    assert "no known package" not in line


def test_all_missing_at_once_gives_one_command_with_each_package_once():
    wanted = set(desktop_packages())
    sonames = [lib for lib, pkg in depends_rows() if pkg in wanted]
    line = desktop_libs.describe(desktop_libs.missing_libraries(ldd_not_found(sonames)))
    command = line.split("install them with: ", 1)[1].split()
    assert command[:3] == ["sudo", "apt-get", "install"]
    assert sorted(command[3:]) == sorted(wanted)


def test_optional_rows_and_comments_name_no_package(tmp_path):
    table = tmp_path / "depends.txt"
    table.write_text("# comment\nlibfoo.so.1   libfoo1   # why\nlibcups.so.2  -  # optional\n\n", encoding="utf-8")
    assert desktop_libs.read_packages(table) == {"libfoo.so.1": "libfoo1"}
    assert desktop_libs.read_packages(tmp_path / "absent.txt") == {}


def test_a_library_outside_the_table_is_said_to_have_no_known_package(monkeypatch):
    monkeypatch.setattr(desktop_libs, "PACKAGES", {"libxcb-util.so.1": "libxcb-util1"})
    line = desktop_libs.describe(desktop_libs.missing_libraries(ldd_not_found(["libxcb-util.so.1", "libnew.so.3"])))
    assert "sudo apt-get install libxcb-util1" in line
    assert "no known package for libnew.so.3" in line


BUNDLED = ROOT / "dist" / "factaudit" / "_internal" / "factaudit"


@pytest.mark.skipif(not (ROOT / "dist" / "factaudit" / "factaudit").is_file(), reason="no bundle in dist/factaudit (make bundle)")
def test_the_bundle_carries_the_table_where_the_frozen_module_looks():
    # frozen, desktop_libs sits at <_internal>/factaudit/gui/, so parents[1] is <_internal>/factaudit
    shipped = BUNDLED / "packaging" / "linux" / "depends.txt"
    assert shipped.is_file()
    assert filecmp.cmp(shipped, LINUX / "depends.txt", shallow=False)
