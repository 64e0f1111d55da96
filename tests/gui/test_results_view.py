"""The Results view over the demo project with two imported verify runs."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from factaudit.engine import services
from factaudit.engine.ingest import import_files
from factaudit.engine.project import queries, scoring_store

VERDICTS = ("Supported", "Refuted", "No Evidence", "Ambiguous")


def _verdict(unit: str, truth: str, salt: str, skill: int) -> str:
    h = int(hashlib.sha256(f"{salt}:{unit}".encode()).hexdigest()[:8], 16)
    return truth if h % 100 < skill else VERDICTS[(h // 100) % 4]


def _two_runs(project, tmp_path: Path) -> list[str]:
    rows = queries.page_rows(project, "sentences", 0, 100_000, dataset="medexpert-demo")
    assert rows, "the demo project always carries the MedExpert sample"
    claims = [{"id": f"{sid}#1", "claim": text, "sentence_id": sid, "item_id": item}
              for sid, item, _o, text, _l, _r in rows]
    (tmp_path / "claims.jsonl").write_text("".join(json.dumps(c) + "\n" for c in claims))
    import_files(project, [tmp_path / "claims.jsonl"], kind="claims", dataset="me-claims")
    label = {f"{r[0]}#1": r[4] for r in rows}
    gold = [c for c in queries.list_claims(project, dataset="scifact-demo") if c.gold_label]
    runs = []
    for salt, skill in (("a", 55), ("b", 70)):
        recs = [{"claim_id": cid, "verdict": _verdict(cid, "Refuted" if lab == "error" else "Supported", salt, skill)}
                for cid, lab in label.items()]
        recs += [{"claim_id": c.id, "verdict": _verdict(c.id, c.gold_label, salt, skill)} for c in gold]
        path = tmp_path / f"v_{salt}.jsonl"
        path.write_text("".join(json.dumps(r) + "\n" for r in recs))
        runs.append(import_files(project, [path], kind="verdicts").run_id)
    return runs


@pytest.fixture
def view(qtbot, demo_copy, tmp_path):
    from factaudit.gui.views.results_view import ResultsView

    project = services.open_project(demo_copy)
    runs = _two_runs(project, tmp_path)
    v = ResultsView(project, n_resamples=1_000)
    qtbot.addWidget(v)
    v.resize(1300, 820)
    v.show()
    qtbot.waitExposed(v)
    qtbot.waitUntil(lambda: v.bundle is not None and v.bundle.metrics is not None, timeout=30_000)
    yield v, project, runs
    project.close()


def _cell(table, row, col) -> str:
    return table.item(row, col).text()


def test_metrics_mapping_toggle_and_comparison(view, qtbot, screenshots):
    v, project, runs = view
    assert [v.run_combo.itemText(i) for i in range(v.run_combo.count())] == runs
    assert v.run_combo.currentText() == runs[-1]             # the view opens on the newest run
    m = services.run_metrics(project, runs[-1], n_resamples=1_000)
    for row, mapping in enumerate(("R", "R+NE", "R+NE+A")):
        s = m.sentence[mapping]
        assert _cell(v.metrics_table, row, 0) == mapping
        assert [_cell(v.metrics_table, row, c) for c in (2, 3, 4, 5)] == [str(s.tp), str(s.fp), str(s.fn), str(s.tn)]
    assert v.metrics_table.item(1, 0).font().bold()          # R+NE is the default mapping
    v.set_mapping("R")
    assert v.metrics_table.item(0, 0).font().bold() and not v.metrics_table.item(1, 0).font().bold()
    qtbot.waitUntil(lambda: not v.interval_plot.rendering)    # charts are built in a worker (#35 item 4)
    assert "R, sentence level" in v.interval_plot.figure.axes[0].get_title()

    v.level_combo.setCurrentText("claim")
    qtbot.waitUntil(lambda: v.bundle.metrics is not None and _cell(v.metrics_table, 0, 1) == str(m.claim["R"].n),
                    timeout=30_000)
    qtbot.waitUntil(lambda: not v.confusion_plot.rendering and v.confusion_plot.figure is not None, timeout=30_000)
    assert m.closed is not None and v.confusion_plot.figure.axes  # the heat map is drawn
    v.level_combo.setCurrentText("sentence")

    for i in range(v.compare_list.count()):
        v.compare_list.item(i).setCheckState(Qt.CheckState.Checked)
    qtbot.waitUntil(lambda: v.compare_table.rowCount() == 2, timeout=30_000)
    comp = services.compare_runs(project, runs, "R", "sentence", n_resamples=1_000)
    assert _cell(v.compare_table, 1, 6) == f"{comp.pairs[0].mcnemar_p:.4f}"
    assert "Cochran's Q" in v.compare_label.text()
    v.grab().save(str(screenshots / "results_view.png"))


def test_export_writes_a_new_report_folder(view, qtbot, tmp_path):
    v, project, runs = view
    with qtbot.waitSignal(v.reportWritten, timeout=60_000) as sig:
        v.export(("json",), parent_dir=str(tmp_path))
    out = Path(sig.args[0])
    assert out.parent == tmp_path
    assert sorted(p.name for p in (out / "json").iterdir()) == ["config.json", "per_item.jsonl", "summary.json"]
    recorded = {Path(r.path).name for r in scoring_store.list_reports(project)}
    assert {"config.json", "per_item.jsonl", "summary.json"} <= recorded


def test_closed_regime_run_opens_with_a_table_and_charts_that_say_why(qtbot, demo_copy, tmp_path):
    """A run over SciFact claims only (gold verdicts, no expert sentence labels): the per-class table
    holds the closed-regime figures, computed here from the same verdicts; the empty open-regime chart
    says why instead of drawing n/a over its axes."""
    from factaudit.gui.views.results_view import ResultsView

    project = services.open_project(demo_copy)
    gold = {c.id: c.gold_label for c in queries.list_claims(project, dataset="scifact-demo") if c.gold_label}
    verdict = {cid: _verdict(cid, g, "closed", 60) for cid, g in gold.items()}
    path = tmp_path / "closed.jsonl"
    path.write_text("".join(json.dumps({"claim_id": c, "verdict": v}) + "\n" for c, v in verdict.items()))
    run = import_files(project, [path], kind="verdicts").run_id
    v = ResultsView(project, n_resamples=200)
    qtbot.addWidget(v)
    v.show()
    qtbot.waitUntil(lambda: v.bundle is not None and v.bundle.metrics is not None, timeout=30_000)
    assert v.run_combo.currentText() == run
    table = v.closed_table
    rows = {_cell(table, r, 0): r for r in range(table.rowCount())}
    assert rows, "the closed-regime figures are in a table"
    for label, r in rows.items():
        tp = sum(1 for c in gold if gold[c] == label and verdict[c] == label)
        support = sum(1 for c in gold if gold[c] == label)
        predicted = sum(1 for c in gold if verdict[c] == label)
        assert _cell(table, r, 1) == str(support)
        if support and predicted:      # (classes never seen or never predicted: the engine's own rule)
            assert _cell(table, r, 3) == f"{100 * tp / support:.1f}"
            assert _cell(table, r, 2) == f"{100 * tp / predicted:.1f}"
    assert sum(int(_cell(table, r, 1)) for r in rows.values()) == len(gold)
    qtbot.waitUntil(lambda: not v.interval_plot.rendering and v.interval_plot.figure is not None, timeout=30_000)
    texts = " ".join(t.get_text() for t in v.interval_plot.figure.texts)
    assert "gold verdicts" in texts and "closed-regime table" in texts
    assert not v.interval_plot.figure.axes                    # no axes with n/a drawn over them
    project.close()


def test_results_says_its_runs_could_not_be_read_instead_of_no_runs(qtbot, tmp_path, monkeypatch):
    from factaudit.engine.errors import InvalidArgument
    from factaudit.gui.ops import Op
    from factaudit.gui.query_op import ReadFailure
    from factaudit.gui.views.results_view import ResultsView

    project = services.create_project(tmp_path / "p.faproj")
    try:
        def broken(_project):
            raise InvalidArgument("the runs cannot be read right now")
        monkeypatch.setattr(services, "scorable_runs", broken)
        v = ResultsView(project, n_resamples=200)
        qtbot.addWidget(v)
        v.show()
        qtbot.waitUntil(lambda: not v.loading, timeout=30_000)
        banner = ReadFailure.of(v, create=False)
        assert banner is not None and banner.isVisible() and "cannot be read right now" in banner.text()
        assert "No finished verify runs" not in v.status.text() and v.run_combo.count() == 0
        monkeypatch.undo()
        v.refresh()                          # readable again: an empty project says it has no runs
        qtbot.waitUntil(lambda: not v.loading, timeout=30_000)
        assert not banner.isVisible() and "No finished verify runs" in v.status.text()
    finally:
        Op.wait_all(30_000)
        project.close()
