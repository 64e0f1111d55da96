"""Results opens on what has data (issue #23 item 5): a claims-only run (gold verdicts, no expert labels
on answer sentences) leads with its closed-regime table and says in one line why there are no sentence
or claim scores; a run with both shows both; the tables show their rows at a laptop size."""
from __future__ import annotations

import json

from factaudit.engine import services
from factaudit.engine.project import queries


def _rows_shown(table) -> int:
    shown = 0
    for row in range(table.rowCount()):
        rect = table.visualRect(table.model().index(row, 0))
        if rect.isValid() and rect.bottom() <= table.viewport().height():
            shown += 1
    return shown


def _open(qtbot, project, run_id):
    from factaudit.gui.views.results_view import ResultsView

    view = ResultsView(project, n_resamples=200)
    qtbot.addWidget(view)
    view.resize(1100, 600)          # the page's share of a 1280×720 window
    view.show()
    qtbot.waitExposed(view)
    qtbot.waitUntil(lambda: not view.loading, timeout=30_000)        # the runs are read off the UI thread
    view.run_combo.setCurrentText(run_id)
    qtbot.waitUntil(lambda: view.bundle is not None and view.bundle.metrics is not None
                    and view.bundle.metrics.run_id == run_id, timeout=30_000)
    return view


def test_a_claims_only_run_leads_with_the_closed_regime(qtbot, demo_project, tmp_path):
    gold = [c for c in queries.list_claims(demo_project, dataset="scifact-demo") if c.gold_label][:40]
    path = tmp_path / "v.jsonl"
    path.write_text("".join(json.dumps({"claim_id": c.id, "verdict": c.gold_label if n % 5 else "Refuted"}) + "\n"
                            for n, c in enumerate(gold)))
    run_id = services.import_files(demo_project, [path], kind="verdicts").run_id
    view = _open(qtbot, demo_project, run_id)
    assert view.metrics_table.isHidden() and view.interval_plot.isHidden()
    assert not view.closed_table.isHidden() and view.closed_table.rowCount() >= 1
    status = view.status.text()
    assert "no expert labels on answer sentences or claims" in status and f"{len(gold)} claims" in status, status
    assert "0 sentences and 0 claims scored" not in status
    assert _rows_shown(view.closed_table) == view.closed_table.rowCount()


def test_a_run_with_sentence_labels_shows_all_three_mappings(qtbot, demo_project, tmp_path):
    rows = queries.page_rows(demo_project, "sentences", 0, 30, dataset="medexpert-demo")
    claims = [{"id": f"{sid}#1", "claim": text, "sentence_id": sid, "item_id": item}
              for sid, item, _o, text, _l, _r in rows]
    (tmp_path / "claims.jsonl").write_text("".join(json.dumps(c) + "\n" for c in claims))
    services.import_files(demo_project, [tmp_path / "claims.jsonl"], kind="claims", dataset="me-claims")
    path = tmp_path / "v.jsonl"
    path.write_text("".join(json.dumps({"claim_id": c["id"], "verdict": ("Supported", "Refuted")[n % 2]}) + "\n"
                            for n, c in enumerate(claims)))
    run_id = services.import_files(demo_project, [path], kind="verdicts").run_id
    view = _open(qtbot, demo_project, run_id)
    assert not view.metrics_table.isHidden() and view.metrics_table.rowCount() == 3
    assert _rows_shown(view.metrics_table) == 3          # not 1.3 rows
    assert view.closed_table.isHidden()                  # no gold verdicts: one line says so
    assert view.closed_label.text().startswith("Closed regime: no verified claim")


def test_a_claims_only_run_opens_on_the_claim_level(qtbot, demo_project, tmp_path):
    # the walk's project (SciFact claims, bm25, verify) has no expert labels at either level: the level
    # combo must not stay on "sentence" while the only figures are per claim
    gold = [c for c in queries.list_claims(demo_project, dataset="scifact-demo") if c.gold_label][:20]
    path = tmp_path / "v.jsonl"
    path.write_text("".join(json.dumps({"claim_id": c.id, "verdict": c.gold_label}) + "\n" for c in gold))
    run_id = services.import_files(demo_project, [path], kind="verdicts").run_id
    view = _open(qtbot, demo_project, run_id)
    assert view.level == "claim" and view.level_combo.currentData() == "claim"
    assert "no expert labels on answer sentences or claims" in view.status.text()
    view.level_combo.setCurrentIndex(view.level_combo.findData("sentence"))   # the user's choice is kept
    qtbot.waitUntil(lambda: view.bundle is not None and view.bundle.metrics is not None, timeout=30_000)
    view._show_metrics()
    assert view.level == "sentence"


def test_the_closed_regime_line_wraps_without_hiding_the_table_and_groups_thousands(qtbot, demo_project, tmp_path):
    # at 1920x1080 and 150 % the page column is ~600 px: the wrapped line must push the page into its
    # scroll area, not squeeze the table's last row out of reach; 100,000 is written with separators
    import dataclasses
    import importlib.util
    from pathlib import Path

    from PySide6.QtCore import QLocale

    spec = importlib.util.spec_from_file_location("laptop_layout_check",
                                                  Path(__file__).with_name("laptop_layout_check.py"))
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)

    gold = [c for c in queries.list_claims(demo_project, dataset="scifact-demo") if c.gold_label][:30]
    path = tmp_path / "v.jsonl"
    path.write_text("".join(json.dumps({"claim_id": c.id, "verdict": c.gold_label}) + "\n" for c in gold))
    run_id = services.import_files(demo_project, [path], kind="verdicts").run_id
    view = _open(qtbot, demo_project, run_id)
    m = view.bundle.metrics
    big = dataclasses.replace(m, closed=dataclasses.replace(m.closed, n=100_000))
    view.bundle = dataclasses.replace(view.bundle, metrics=big)
    f = view.font()
    f.setPointSizeF(f.pointSizeF() * 1.5)      # the text at 150 %
    view.setFont(f)
    view.resize(560, 480)
    view._show_metrics()
    text = view.closed_label.text()
    assert "100,000 claims" in text and "100000" not in text, text    # the tests run in en_US/C
    assert QLocale("en_US").toString(100_000) == "100,000"

    def problems():      # the laptop walk's own check: inside every ancestor up to the scroll area
        return [p for p in check.problems_of(view, "Results") if "closedTable" in p]

    qtbot.waitUntil(lambda: not problems(), timeout=5_000)
    label = view.closed_label
    assert label.height() >= 2 * label.fontMetrics().lineSpacing(), (label.width(), label.height())   # it wraps
    assert label.geometry().bottom() < view.closed_table.geometry().top()
    assert _rows_shown(view.closed_table) == view.closed_table.rowCount()


def test_confusion_matrix_tick_labels_do_not_overlap(qtbot, demo_project, tmp_path):
    import math

    gold = [c for c in queries.list_claims(demo_project, dataset="scifact-demo") if c.gold_label][:40]
    names = ("Supported", "Refuted", "No Evidence", "Ambiguous")
    path = tmp_path / "v.jsonl"       # every verdict at least once, so all four columns are drawn
    path.write_text("".join(json.dumps({"claim_id": c.id, "verdict": names[n % 4]}) + "\n" for n, c in enumerate(gold)))
    run_id = services.import_files(demo_project, [path], kind="verdicts").run_id
    view = _open(qtbot, demo_project, run_id)
    view.resize(760, 600)             # the page's share of a 1280x720 window at 150 %
    qtbot.wait(100)
    view._show_metrics()
    qtbot.waitUntil(lambda: not view.confusion_plot.rendering)     # the worker renders it (#35 item 4)
    fig = view.confusion_plot.figure
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    ax = fig.axes[0]
    labels = [t for t in ax.get_xticklabels() if t.get_text()]
    assert len(labels) == len(view.bundle.metrics.closed.labels) >= 3
    ticks = [ax.transData.transform((x, 0))[0] for x in ax.get_xticks()[:len(labels)]]
    for (a, b), (xa, xb) in zip(zip(labels, labels[1:]), zip(ticks, ticks[1:])):
        rot = math.radians(a.get_rotation())
        if rot == 0:              # side by side: the boxes must not touch
            assert not a.get_window_extent(renderer).overlaps(b.get_window_extent(renderer)), (a, b)
        else:                     # parallel slanted lines: their distance must exceed one line of text
            line_px = a.get_fontsize() * fig.dpi / 72
            assert (xb - xa) * math.sin(rot) >= line_px, (xb - xa, line_px)
