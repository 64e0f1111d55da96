"""Every page, tab and dialog fits a laptop (issue #23 item 1): on a 1366×768 screen at 100 % and on a
1920×1080 screen at QT_SCALE_FACTOR=1.5 (1280×720 logical pixels) no interactive widget lies outside
the visible part of its window or scroll area, no word-wrapped text is cut off outside a scroll area,
and committing a label does not grow the window. The walk runs in a child process
(laptop_layout_check.py), since the screen and the scale are fixed when a QApplication starts.

The pictures in docs/screenshots/laptop_1366x768 and laptop_1920x1080_150 come from the same walk on a
real X server:

    Xvfb :77 -screen 0 1366x768x24 &  Xvfb :78 -screen 0 1920x1080x24 &
    DISPLAY=:77 FACTAUDIT_LAPTOP_PLATFORM=xcb FACTAUDIT_SCREENSHOTS=docs/screenshots/laptop_1366x768 \
        pytest tests/gui/test_laptop_layout.py -k 1366
    DISPLAY=:78 FACTAUDIT_LAPTOP_PLATFORM=xcb FACTAUDIT_SCREENSHOTS=docs/screenshots/laptop_1920x1080_150 \
        pytest tests/gui/test_laptop_layout.py -k 150
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from factaudit.engine import services
from laptop_walk import CHECKER, SCREENS, run_walk  # same folder; pytest puts it on sys.path



def populate(path: Path, tmp_path: Path) -> None:
    """The demo data with a retrieval run and a verify run (imported verdicts with reasoning), so the
    Labeling page has units, Review has disagreements and Results has rows."""
    from factaudit.engine.project import queries

    project = services.open_project(path)
    try:
        rows = queries.page_rows(project, "sentences", 0, 30, dataset="medexpert-demo")
        claims = [{"id": f"{sid}#1", "claim": text, "sentence_id": sid, "item_id": item}
                  for sid, item, _o, text, _l, _r in rows]
        (tmp_path / "claims.jsonl").write_text("".join(json.dumps(c) + "\n" for c in claims))
        services.import_files(project, [tmp_path / "claims.jsonl"], kind="claims", dataset="me-claims")
        ids = [c["id"] for c in claims]
        services.retrieve(project, services.RetrievalRequest("bm25", k=3, claim_ids=ids))
        verdicts = []
        for n, c in enumerate(ids):
            verdict = ("Supported", "Refuted", "No Evidence")[n % 3]
            said = "No Evidence" if n % 5 == 0 else verdict     # one in five contradicted by its reasoning
            verdicts.append({"claim_id": c, "verdict": verdict,
                             "reasoning": f"Passage 1 is about the claim's topic. Therefore, {said}."})
        (tmp_path / "verdicts.jsonl").write_text("".join(json.dumps(v) + "\n" for v in verdicts))
        services.import_files(project, [tmp_path / "verdicts.jsonl"], kind="verdicts")
    finally:
        project.close()


@pytest.fixture(scope="module")
def laptop_project(tmp_path_factory, demo_project_path) -> Path:
    import shutil

    folder = tmp_path_factory.mktemp("laptop")
    path = folder / "laptop.faproj"
    shutil.copy2(demo_project_path, path)
    populate(path, folder)
    return path


def run_checker(project: Path, tmp_path: Path, width: int, height: int, scale: str,
                shots: Path | None = None, suffix: str = "") -> dict:
    proc, result = run_walk(project, tmp_path, width, height, scale, shots, suffix)
    assert proc.returncode == 0 and result is not None, proc.stderr[-4000:]
    return result


@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_page_and_dialog_fits_the_laptop_screen(laptop_project, tmp_path, screen):
    width, height, scale = SCREENS[screen]
    shots = Path(os.environ["FACTAUDIT_SCREENSHOTS"]) if os.environ.get("FACTAUDIT_SCREENSHOTS") else None
    result = run_checker(laptop_project, tmp_path, width, height, scale, shots, "" if scale == "1" else "_150")
    logical = (round(width / float(scale)), round(height / float(scale)))
    if result["platform"] == "offscreen":       # the screen the configuration asked for
        assert abs(result["screen"][0] - logical[0]) <= 2 and abs(result["screen"][1] - logical[1]) <= 2, result
    assert result["window"][0] <= logical[0] and result["window"][1] <= logical[1], result
    assert result["window_after"] == result["window"], "the window grew while its pages were shown"
    assert not result["problems"], "\n".join(result["problems"])


def _checker():
    import importlib.util

    spec = importlib.util.spec_from_file_location("laptop_layout_check", CHECKER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_check_finds_what_does_not_fit(qtbot):
    """The walk's own test: a button beyond the window's edge, a table squeezed to a sliver and a cut-off
    wrapped label are found; the same widgets inside a scroll area, or given room, are not."""
    from PySide6.QtWidgets import QLabel, QPushButton, QScrollArea, QTableWidget, QVBoxLayout, QWidget

    check = _checker()
    top = QWidget()
    qtbot.addWidget(top)
    top.resize(400, 300)
    outside = QPushButton("Beyond the edge", top)
    outside.setGeometry(350, 10, 120, 30)
    table = QTableWidget(5, 2, top)
    table.setGeometry(10, 60, 300, 40)
    label = QLabel("word " * 200, top)
    label.setWordWrap(True)
    label.setGeometry(10, 120, 300, 20)
    top.show()
    qtbot.waitExposed(top)
    found = "\n".join(check.problems_of(top, "synthetic"))
    assert "Beyond the edge" in found and "cannot be reached" in found
    assert "shows fewer than 3 of its 5 rows" in found
    assert "is cut off" in found

    outside.setGeometry(10, 10, 120, 30)
    table.setGeometry(10, 60, 300, 160)
    label.setText("short")
    assert check.problems_of(top, "synthetic") == []

    roomy = QWidget()
    qtbot.addWidget(roomy)
    content = QWidget()
    layout = QVBoxLayout(content)
    for n in range(30):
        layout.addWidget(QPushButton(f"button {n}"))
    scroll = QScrollArea(roomy)
    scroll.setWidget(content)
    scroll.setGeometry(0, 0, 300, 200)
    roomy.resize(300, 200)
    roomy.show()
    qtbot.waitExposed(roomy)
    assert check.problems_of(roomy, "scrolled") == []     # below the fold, but reachable by scrolling
