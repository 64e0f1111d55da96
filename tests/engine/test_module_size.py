"""No module of the engine or the GUI grows past 450 lines (issue #12): a module that long does more
than one job and is split before it grows further."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 450


def test_no_module_is_over_the_limit():
    sizes = {str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines())
             for folder in ("engine", "gui") for p in (ROOT / folder).rglob("*.py")}
    assert len(sizes) > 150                       # the walk found the sources
    over = {name: n for name, n in sizes.items() if n > LIMIT}
    assert over == {}, f"modules over {LIMIT} lines: {over}"
