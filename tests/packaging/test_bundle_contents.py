"""What the built bundle (dist/factaudit, `make bundle`) must carry for the interface languages and the
Chinese plots (issue #24 items 3 and 4). Skipped without a bundle; packaging/check_package.sh renders a
Chinese report with the installed .deb."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from factaudit.gui.i18n import TRANSLATED

ROOT = Path(__file__).resolve().parents[2]
BUNDLE = ROOT / "dist" / "factaudit"
INTERNAL = BUNDLE / "_internal"

pytestmark = pytest.mark.skipif(not (BUNDLE / "factaudit").is_file(), reason="no bundle in dist/factaudit (make bundle)")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_interface_catalogue_ships_compiled_without_a_newer_looking_source(lang):
    folder = INTERNAL / "factaudit" / "resources" / "i18n"
    assert (folder / f"factaudit_{lang}.qm").stat().st_size > 1000
    # a .ts beside it, copied after it, would send gui/i18n.qm_path to a recompile the bundle cannot do
    assert not (folder / f"factaudit_{lang}.ts").exists()
    assert (INTERNAL / "PySide6" / "Qt" / "translations" / f"qtbase_{lang}.qm").is_file()


def test_the_plots_cjk_font_and_its_licence():
    from fontTools.ttLib import TTFont

    fonts = INTERNAL / "factaudit" / "resources" / "reports" / "fonts"
    otf = [p for p in fonts.iterdir() if p.suffix == ".otf"]
    assert len(otf) == 1
    font = TTFont(otf[0])
    assert font["name"].getDebugName(1) == "Noto Sans CJK SC"
    cmap = font.getBestCmap()
    for text in ("混淆矩阵", "召回率", "精确率"):      # report words; GB2312 hanzi the subset keeps
        assert all(ord(ch) in cmap for ch in text), text
    licence = (fonts / "OFL-NotoSansCJK.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence


def test_duplicates_are_links_that_resolve_inside_the_bundle():
    links = [p for p in INTERNAL.rglob("*") if p.is_symlink()]
    assert links
    for link in links:
        target = link.resolve()
        assert target.is_file() or target.is_dir(), link
        assert INTERNAL.resolve() in target.parents, link
        assert not os.path.isabs(os.readlink(link)), link   # relative: the tree can be moved or installed
