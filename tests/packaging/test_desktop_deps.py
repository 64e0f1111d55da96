"""The desktop window's system libraries for a source install (issue #23 item 7) come from one list,
packaging/linux/desktop-deps.txt: the README's first command and `make desktop-libs` (run by `make gui`)
name exactly its packages. (packaging/check_package.sh derives the list with ldd in a clean chroot.)"""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEPS = ROOT / "packaging" / "linux" / "desktop-deps.txt"
# what the README's command adds for building the .venv (not libraries the window loads)
BUILD_TOOLS = {"python3-venv", "build-essential", "cmake"}


def listed() -> list[str]:
    out = []
    for line in DEPS.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            assert re.fullmatch(r"[a-z0-9][a-z0-9.+-]+", line), line
            out.append(line)
    return out


def readme_apt_packages() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = text[text.index("## Quick start"):]
    block = re.search(r"```bash\n(.*?)```", quick, re.S).group(1)
    command = block.replace("\\\n", " ")
    assert command.strip().startswith("sudo apt-get install "), command
    return command.split("install", 1)[1].split()


def test_the_list_is_not_empty_and_has_no_duplicates():
    packages = listed()
    assert "libxcb-cursor0" in packages   # the one whose absence stopped the window (#23)
    assert len(packages) == len(set(packages))


def test_every_listed_package_is_one_the_bundle_table_knows():
    table = {}
    for line in (ROOT / "packaging" / "linux" / "depends.txt").read_text(encoding="utf-8").splitlines():
        parts = line.split("#", 1)[0].split()
        if len(parts) == 2:
            table[parts[0]] = parts[1]
    assert set(listed()) <= set(table.values())


def test_the_readme_first_command_names_exactly_the_list():
    packages = readme_apt_packages()
    assert len(packages) == len(set(packages))
    assert set(packages) - BUILD_TOOLS == set(listed())
    assert BUILD_TOOLS <= set(packages)


@pytest.mark.skipif(not shutil.which("make"), reason="make is not installed")
def test_make_desktop_libs_asks_for_the_list():
    # -n prints the recipe without running it: nothing is installed by the test
    res = subprocess.run(["make", "-n", "-C", str(ROOT), "desktop-libs"], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    loop = re.search(r"for p in (.*?); do", res.stdout)
    assert loop, res.stdout
    assert loop.group(1).split() == listed()
    gui = subprocess.run(["make", "-n", "-p", "-C", str(ROOT), "gui"], capture_output=True, text=True, timeout=60)
    assert re.search(r"^gui: .*\bdesktop-libs\b", gui.stdout, re.M)
