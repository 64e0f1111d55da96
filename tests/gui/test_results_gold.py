"""The Results page's gold-source chooser, subset filter and Study figures tab (issue #33), on a small
MedExpert project with a second rater and an adjudication; and the metrics table's "F1 [95% CI]"
column in view on a 1366×768 screen and at QT_SCALE_FACTOR=1.5 (issue #35 item 7), in a child process
because the screen and the scale are fixed when the QApplication starts."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

GRADES = ("Mild", "Moderate", "Severe")
VERDICTS = ("Refuted", "Supported", "No Evidence")


def build(folder: Path) -> tuple[Path, str]:
    """40 MedExpert answers × 3 sentences (graded flags), one claim a sentence, one verify run; rater
    "bob" relabels the first 30 sentences (every third flipped) and "carol" adjudicates 6 of them."""
    from factaudit.engine import services
    from factaudit.engine.ingest import import_files
    from factaudit.engine.ingest.sentences import split_sentences
    from factaudit.engine.project import rater_store
    from factaudit.engine.project.db import Project

    tasks, claims, verdicts = [], [], []
    for t in range(40):
        text = f"Drug {t} is first line. It needs no monitoring at dose {t}. Ask a pharmacist about drug {t}."
        result = []
        for k, (start, end, _s) in enumerate(split_sentences(text), start=1):
            sid = f"medexpert-{t}:s{k}"
            if (t * 3 + k) % 5 in (0, 2):
                result.append({"id": f"r{t}{k}", "from_name": "factuality_label",
                               "value": {"start": start, "end": end, "labels": [GRADES[(t + k) % 3]]}})
            claims.append({"id": f"{sid}#1", "claim": text[start:end], "sentence_id": sid, "item_id": f"medexpert-{t}"})
            verdicts.append({"claim_id": f"{sid}#1", "verdict": VERDICTS[(t * 7 + k) % 3]})
        tasks.append({"id": t, "data": {"question": f"q{t}", "response": text, "title": ("PC" if t % 2 else "GI") + "-x"},
                      "completions": [{"result": result}]})
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "me.json").write_text(json.dumps(tasks), encoding="utf-8")
    (folder / "c.jsonl").write_text("".join(json.dumps(c) + "\n" for c in claims), encoding="utf-8")
    (folder / "v.jsonl").write_text("".join(json.dumps(v) + "\n" for v in verdicts), encoding="utf-8")
    path = folder / "gold.faproj"
    project = Project.create(path)
    try:
        import_files(project, [folder / "me.json"], fmt="medexpert", dataset="medexpert")
        import_files(project, [folder / "c.jsonl"], kind="claims")
        run_id = import_files(project, [folder / "v.jsonl"], kind="verdicts").run_id
        labels = rater_store.sentence_labels(project, [c["sentence_id"] for c in claims[:30]])
        flip = {"error": "correct", "correct": "error"}
        rows = [rater_store.SentenceRating(f"sr-{n}", sid, flip[lab] if n % 3 == 0 else lab, "bob",
                                           f"2026-01-01T00:00:{n:02d}") for n, (sid, lab) in enumerate(sorted(labels.items()))]
        with project.atomic() as conn:
            rater_store.add_sentence_ratings(conn, rows)
        for r in rows[:6]:
            services.adjudicate_sentence(project, r.sentence_id, "error", "carol")
    finally:
        project.close()
    return path, run_id


@pytest.fixture
def view(qtbot, tmp_path):
    from factaudit.engine import services
    from factaudit.gui.views.results_view import ResultsView

    path, run_id = build(tmp_path / "p")
    project = services.open_project(path)
    v = ResultsView(project, n_resamples=200)
    qtbot.addWidget(v)
    v.resize(1300, 820)
    v.show()
    qtbot.waitExposed(v)
    qtbot.waitUntil(lambda: v.bundle is not None and v.bundle.metrics is not None, timeout=30_000)
    yield v, project, run_id
    project.close()


def _rows(table) -> list[list[str]]:
    return [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]


def _wait_for(qtbot, v, gold: str, subset: str | None) -> None:
    qtbot.waitUntil(lambda: v.bundle is not None and v.bundle.extras is not None
                    and v.bundle.extras["gold"]["source"] == gold
                    and ((v.bundle.extras.get("gold_subset") or {}).get("subset") == subset), timeout=30_000)


def test_gold_chooser_subset_and_study_figures(view, qtbot):
    from factaudit.engine import services

    v, project, run_id = view
    # the raters the project has join the fixed choices once the first read is back
    assert [v.gold_combo.itemData(i) for i in range(v.gold_combo.count())] == ["expert", "adjudicated", "rater:bob"]
    assert [v.subset_combo.itemData(i) for i in range(v.subset_combo.count())] == [
        None, "adjudicated", "category:GI", "category:PC"]
    expected = services.score_run(project, run_id, gold="rater:bob", subset="adjudicated", n_resamples=200)
    v.gold_combo.setCurrentIndex(v.gold_combo.findData("rater:bob"))
    v.subset_combo.setCurrentIndex(v.subset_combo.findData("adjudicated"))
    _wait_for(qtbot, v, "rater:bob", "adjudicated")
    qtbot.waitUntil(lambda: v.metrics_table.rowCount() == 3 and v.metrics_table.item(0, 1).text()
                    == str(expected["sentence"]["R"]["n"]), timeout=30_000)
    for row, mapping in enumerate(("R", "R+NE", "R+NE+A")):
        s = expected["sentence"][mapping]
        assert [v.metrics_table.item(row, c).text() for c in (1, 2, 3, 4, 5)] == [
            str(s["n"]), str(s["tp"]), str(s["fp"]), str(s["fn"]), str(s["tn"])]
    assert expected["sentence"]["R"]["n"] == 30            # bob labelled 30 sentences: his gold has 30
    rows = {r[0]: r for r in _rows(v.figures_panel.table)}
    gold_row = rows["Gold source"]
    assert gold_row[1] == "30" and gold_row[2].startswith("rater:bob")
    sub = expected["gold_subset"]["sentence"]["R+NE"]
    subset_row = rows["Subset adjudicated, sentence level (R+NE)"]
    assert subset_row[1] == str(sub["n"]) == "6"
    assert services.percent_text(sub["f1"], sub["f1_ci"]) in subset_row[2]


def test_severity_rows_follow_the_mapping(view, qtbot):
    from factaudit.engine import services

    v, project, run_id = view
    sev = services.score_run(project, run_id, n_resamples=200)["severity"]
    rows = {r[0]: r for r in _rows(v.figures_panel.table)}
    weighted = rows["Severity-weighted recall (R+NE; weights 1, 2, 3)"]
    assert weighted[1] == str(sev["R+NE"]["n_graded"])
    assert weighted[2] == services.percent_text(sev["R+NE"]["weighted_recall"])
    severe = sev["R+NE"]["by_severity"]["Severe"]
    assert rows["Recall of Severe errors"][1] == str(severe["n"])
    before = v.bundle
    v.set_mapping("R")
    rows = {r[0]: r for r in _rows(v.figures_panel.table)}
    assert rows["Severity-weighted recall (R; weights 1, 2, 3)"][2] == services.percent_text(sev["R"]["weighted_recall"])
    # the mapping is re-scored without the run's figures: the subset chooser keeps the categories
    qtbot.waitUntil(lambda: v.bundle is not before, timeout=30_000)
    assert [v.subset_combo.itemData(i) for i in range(v.subset_combo.count())][2:] == ["category:GI", "category:PC"]


# ---- the F1 column on laptop screens ------------------------------------------------------------------
SCREENS = {"1366x768": ("1366", "768", "1"), "1920x1080@150": ("1920", "1080", "1.5")}


# maximised on each screen, and at 1,100 logical pixels, the narrowest window a page may need (test_laptop_fit)
@pytest.mark.parametrize("screen,width", [("1366x768", 0), ("1920x1080@150", 0), ("1920x1080@150", 1100)])
def test_f1_interval_column_in_view_on_laptop_screens(tmp_path, screen, width):
    w, h, scale = SCREENS[screen]
    path, _run = build(tmp_path / "p")
    shot = tmp_path / f"results_{screen}.png"
    config = tmp_path / "screen.json"          # the simulated screen, as tests/gui/laptop_walk.py makes it
    config.write_text(json.dumps({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": int(w), "height": int(h),
                                               "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}", "QT_SCALE_FACTOR": scale,
           "QT_ENABLE_HIGHDPI_SCALING": "1"}
    proc = subprocess.run([sys.executable, __file__, str(path), str(shot), str(width)], env=env, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    doc = json.loads(proc.stdout.strip().splitlines()[-1])
    # the header of the last column ends inside the table's viewport, and the table inside the window
    assert doc["headers"][-1] == "F1 [95% CI]"
    assert doc["last_right"] <= doc["viewport_width"], doc
    assert doc["table_right"] <= doc["window_width"] == (width or doc["window_width"]), doc
    assert doc["f1_text"] and doc["f1_width"] >= doc["f1_text_width"], doc
    assert shot.stat().st_size > 10_000


def _child(project_path: str, shot: str, width: int = 0) -> None:
    """Open the project window at the screen's available size on the Results page; print where the
    metrics table's last column ends and save a grab of the window."""
    from PySide6.QtWidgets import QApplication

    from factaudit.engine import services
    from factaudit.gui import main_window
    from factaudit.gui.ops import Op

    app = QApplication.instance() or QApplication([])
    project = services.open_project(Path(project_path))
    window = main_window.ProjectWindow(project)
    avail = app.primaryScreen().availableGeometry()
    window.resize(width or avail.width(), avail.height())
    window.show()
    window.show_page(list(main_window.PAGES).index("Reports"))      # the Results page (LAZY_PAGES)
    page = window.pages.currentWidget()

    def filled() -> bool:   # the metrics read and the table's rows shown (the page builds in parts)
        t = getattr(page, "metrics_table", None)
        return (getattr(page, "bundle", None) is not None and page.bundle.metrics is not None and t is not None
                and t.rowCount() > 1 and t.item(1, t.columnCount() - 1) is not None)

    deadline = time.monotonic() + 240     # on the condition, not a count of turns: a turn may take no time
    while not filled() and time.monotonic() < deadline:
        app.processEvents()
        Op.wait_all(100)
        time.sleep(0.01)
    for _ in range(20):
        app.processEvents()
    t = page.metrics_table
    last = t.columnCount() - 1
    fm = t.fontMetrics()
    text = t.item(1, last).text() if t.rowCount() > 1 and t.item(1, last) else ""
    window.grab().save(shot)
    print(json.dumps({
        "headers": [t.horizontalHeaderItem(c).text() for c in range(t.columnCount())],
        "last_right": t.columnViewportPosition(last) + t.columnWidth(last),
        "viewport_width": t.viewport().width(),
        "table_right": t.mapTo(window, t.rect().topRight()).x(), "window_width": window.width(),
        "window": [window.width(), window.height()], "f1_text": text, "f1_width": t.columnWidth(last), "f1_text_width": fm.horizontalAdvance(text),
    }))
    window.close()
    project.close()


if __name__ == "__main__":
    _child(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 0)


def test_agreement_page_has_a_sentence_label_row(qtbot, tmp_path):
    """The Agreement page's κ/α on sentence labels (expert and bob), against scikit-learn's kappa."""
    from sklearn.metrics import cohen_kappa_score

    from factaudit.engine import services
    from factaudit.engine.project import rater_store
    from factaudit.gui.views.agreement_view import AgreementView

    path, _run = build(tmp_path / "p")
    project = services.open_project(path)
    try:
        bob = {r.sentence_id: r.label for r in rater_store.sentence_ratings(project, "bob")}
        expert = rater_store.sentence_labels(project, sorted(bob))
        kappa = cohen_kappa_score([expert[s] for s in sorted(bob)], [bob[s] for s in sorted(bob)])
        v = AgreementView(project, n_resamples=200)
        qtbot.addWidget(v)
        qtbot.waitUntil(lambda: v.results is not None, timeout=30_000)
        row = v.results["sentence_label"]
        assert row.kappa["bob|expert"] == pytest.approx(kappa, abs=1e-12) and row.n_units == len(bob) == 30
        from PySide6.QtCore import Qt

        # the row carries the dimension's id and shows its name (issue #35: no raw ids in the table)
        names = {v.dim_table.item(r, 0).data(Qt.ItemDataRole.UserRole): v.dim_table.item(r, 0).text()
                 for r in range(v.dim_table.rowCount())}
        assert names["sentence_label"] == "Sentence label"
    finally:
        project.close()
