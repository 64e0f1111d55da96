"""Fonts for report plots: Latin text in DejaVu Sans (matplotlib's own), Chinese in a CJK font, so no
glyph of a Chinese label or a Chinese category renders as a box (issue #24 item 4).

matplotlib (3.6 and later) falls back glyph by glyph along the `font.family` list, so the CJK font
only has to come second. It is a font shipped with the app (resources/reports/fonts/, the bundle's copy) or else one
installed on the system (`make fonts` installs fonts-noto-cjk). Figures are drawn on their own Agg
canvas, never through pyplot, so a GUI process's backend is left alone; the font list is set only while
a plot function runs (`cjk_fonts`).
"""
from __future__ import annotations

import functools
from pathlib import Path

# Families with Simplified Chinese coverage, preferred first (Noto CJK SC is what fonts-noto-cjk installs
# and what the bundle ships; the others are what Windows and macOS users have).
CJK_FAMILIES = ("Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "Noto Sans CJK JP",
                "WenQuanYi Zen Hei", "WenQuanYi Micro Hei", "Microsoft YaHei", "SimHei", "PingFang SC",
                "Heiti SC", "AR PL UMing CN", "Droid Sans Fallback")
FONT_SUFFIXES = (".otf", ".ttf", ".ttc")


def bundled_font_files() -> list[Path]:
    from factaudit.engine.resource_files import resource_path

    # under reports/ (a folder the bundle already collects), written at bundle time by tools/cjk_font_subset.py
    folder = resource_path("reports", "fonts")
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix.lower() in FONT_SUFFIXES)


@functools.lru_cache(maxsize=1)
def cjk_family() -> str | None:
    """The name of a CJK-capable family matplotlib can use, or None when the machine has none."""
    from matplotlib import font_manager

    for path in bundled_font_files():
        try:
            font_manager.fontManager.addfont(str(path))
        except (OSError, RuntimeError, ValueError):
            continue        # an unreadable file: the system's fonts may still do
    names = {f.name for f in font_manager.fontManager.ttflist}
    for family in CJK_FAMILIES:
        if family in names:
            return family
    for name in sorted(names):       # any other CJK family fontconfig gave matplotlib
        if "CJK" in name or name.endswith((" SC", " CN")):
            return name
    return None


def families() -> list[str]:
    cjk = cjk_family()
    return ["DejaVu Sans", cjk] if cjk else ["DejaVu Sans"]


def cjk_fonts(fn):
    """Runs a plot function with the CJK-capable font list: texts are measured (tight_layout) and drawn
    (savefig) inside it. rc_context restores the previous settings after; it only adds fallbacks, so
    another thread drawing meanwhile gets at most an extra fallback font."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        import matplotlib

        # named families, not the generic "sans-serif": matplotlib falls back glyph by glyph only along
        # the font.family list (a generic name resolves to its first installed font alone)
        with matplotlib.rc_context({"font.family": families()}):
            return fn(*args, **kwargs)

    return wrapper


def figure(figsize):
    """A Figure on its own Agg canvas: no pyplot state, so a GUI process's backend is left alone."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=figsize)
    FigureCanvasAgg(fig)
    return fig


__all__ = ["figure", "cjk_fonts", "cjk_family", "families", "bundled_font_files", "CJK_FAMILIES"]
