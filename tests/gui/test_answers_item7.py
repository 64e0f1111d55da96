"""Issue #34 item 7 in the desktop app: the lenient penalty set on the Answers page (re-scored off the UI
thread, remembered for the report dialog), a second rater's gold options imported from the "Gold options"
tab with their agreement, and the test-set profile. Figures are checked against the services and against
an independent computation (plain code, sklearn's κ)."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from factaudit.engine import services
from factaudit.gui import i18n

# the engine test's fixture data (items, the second rater, the run's choices) and its plain lenient score
_spec = importlib.util.spec_from_file_location(
    "_item7_engine", Path(__file__).resolve().parents[1] / "engine" / "test_answer_item7.py")
item7 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(item7)


@pytest.fixture
def rated(tmp_path):
    project = services.create_project(tmp_path / "item7.faproj")
    items = [{"id": i, "question": q, "answer": "-", "options": item7.OPTIONS, "gold_options": g,
              **({"source": s} if s else {})} for i, q, g, s in item7.ITEMS]
    services.import_files(project, [item7._jsonl(tmp_path / "mcq.jsonl", items)], kind="answers", dataset="mcq")
    run = services.import_files(project, [item7._jsonl(tmp_path / "run.jsonl", [
        {"item_id": k, "chosen": v} for k, v in item7.CHOSEN.items()])], kind="choices").run_id
    yield project, run, tmp_path
    project.close()


def _plain_lenient(penalty: float) -> float:
    gold = {i: set(g) for i, _q, g, _s in item7.ITEMS}
    return sum(item7._lenient(set(item7.CHOSEN[i]), gold[i], penalty) for i in gold) / len(gold)


def _view(qtbot, project):
    from factaudit.gui.views.answers_view import AnswersView

    view = AnswersView(project, n_resamples=100)
    qtbot.addWidget(view)
    view.resize(1200, 700)
    view.show()
    qtbot.waitUntil(lambda: view.bundle is not None, timeout=30_000)
    return view


def test_the_penalty_rescores_the_page_and_reaches_the_report(qtbot, rated):
    from factaudit.gui.dialogs.report_dialog import ReportDialog

    project, run, tmp_path = rated
    view = _view(qtbot, project)
    assert view.penalty.value() == pytest.approx(0.2) and view.bundle.figures["lenient_penalty"] == pytest.approx(0.2)
    for penalty in (0.5, 0.0):
        view.penalty.setValue(penalty)
        qtbot.waitUntil(lambda p=penalty: view.bundle.figures["lenient_penalty"] == pytest.approx(p), timeout=30_000)
        want = services.multi_answer_scores(project, run, n_resamples=100, lenient_penalty=penalty).lenient
        assert want == pytest.approx(_plain_lenient(penalty))
        text = view.status.text()
        shown = f"lenient {i18n.number(100 * want, 1)}"
        assert shown in text and f"(penalty {i18n.number(penalty, 2)} per wrong option)" in text
    assert _plain_lenient(0.0) > _plain_lenient(0.5)      # the fixture's wrong options make the penalty show

    # the report dialog starts from the page's last choice and writes the report with it
    view.penalty.setValue(0.35)
    qtbot.waitUntil(lambda: view.bundle.figures["lenient_penalty"] == pytest.approx(0.35), timeout=30_000)
    dialog = ReportDialog(project)
    qtbot.addWidget(dialog)
    assert dialog.penalty.value() == pytest.approx(0.35)
    for key in ("html", "xlsx"):
        dialog.format_checks[key].setChecked(False)
    folder = tmp_path / "report-out"
    dialog.folder_edit.setText(str(folder))
    qtbot.mouseClick(dialog.write_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.op is not None and not dialog.op.running, timeout=60_000)
    m = json.loads((folder / "json" / "summary.json").read_text(encoding="utf-8"))["multi_answer"][run]
    assert m["lenient_penalty"] == pytest.approx(0.35) and m["lenient"] == pytest.approx(_plain_lenient(0.35))


def test_gold_options_tab_imports_a_second_rater_and_shows_agreement_and_profile(qtbot, rated, monkeypatch):
    from sklearn.metrics import cohen_kappa_score

    project, _run, tmp_path = rated
    view = _view(qtbot, project)
    gold_panel = view.gold
    view.tabs.setCurrentWidget(gold_panel)
    qtbot.waitUntil(lambda: gold_panel.bundle is not None, timeout=30_000)
    assert gold_panel.bundle.agreement is None and gold_panel.table.rowCount() == 0

    # a bad file: every located problem shown, nothing written
    bad = item7._jsonl(tmp_path / "bad.jsonl", [{"item_id": "q1", "gold_options": ["a"]},
                                                {"item_id": "nope", "gold_options": ["a"]},
                                                {"item_id": "q2", "gold_options": ["z"]}])
    chosen = {"path": str(bad)}
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (chosen["path"], ""))
    qtbot.mouseClick(gold_panel.import_button, Qt.MouseButton.LeftButton)
    assert "Name the second rater first" in gold_panel.status.text()      # no rater named: no dialog, no write
    gold_panel.rater_name.setText("rater2")
    qtbot.mouseClick(gold_panel.import_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "bad.jsonl:3:" in gold_panel.status.text(), timeout=30_000)
    assert "bad.jsonl:2:item_id" in gold_panel.status.text() and "bad.jsonl:3:gold_options" in gold_panel.status.text()
    assert services.gold_raters(project) == []

    chosen["path"] = str(item7._jsonl(tmp_path / "rater2.jsonl", [{"item_id": k, "gold_options": v}
                                                                  for k, v in item7.SECOND.items()]))
    qtbot.waitUntil(gold_panel.import_button.isEnabled, timeout=10_000)
    qtbot.mouseClick(gold_panel.import_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: gold_panel.bundle.agreement is not None, timeout=30_000)
    assert gold_panel.rater_combo.currentText() == "rater2" and services.gold_raters(project) == ["rater2"]

    # κ over the (item, option) decisions, recomputed by sklearn from the fixture rows
    first = {i: set(g) for i, _q, g, _s in item7.ITEMS}
    shared = [i for i in first if i in item7.SECOND]
    a = [int(o in first[i]) for i in shared for o in item7.OPTIONS]
    b = [int(o in item7.SECOND[i]) for i in shared for o in item7.OPTIONS]
    service = services.gold_agreement(project, "rater2")
    assert service.kappa == pytest.approx(cohen_kappa_score(a, b), abs=1e-12)
    text = gold_panel.agreement.text()
    assert f"Cohen's κ {i18n.number(cohen_kappa_score(a, b), 3)} over {len(a)} option decisions of {len(shared)}" in text
    same = sum(first[i] == set(item7.SECOND[i]) for i in shared)
    lo, hi = service.exact_ci
    assert f"{i18n.percent(same / len(shared))} ({same} of {len(shared)})" in text
    assert i18n.interval(100 * lo, 100 * hi, 1) in text and "set by one rater only: imported gold 1, rater2 0" in text
    rows = {gold_panel.table.item(r, 0).text(): (gold_panel.table.item(r, 1).text(), gold_panel.table.item(r, 2).text())
            for r in range(gold_panel.table.rowCount())}
    assert rows == {i: (", ".join(sorted(first[i] - set(item7.SECOND[i]))) or "∅",
                        ", ".join(sorted(set(item7.SECOND[i]) - first[i])) or "∅")
                    for i in shared if first[i] != set(item7.SECOND[i])}

    # the profile, against the engine test's plain recomputation
    want = item7._expected_profile()
    profile = gold_panel.profile.text()
    assert profile.startswith(f"{want['n_items']} items; sources: ")
    for name, n in want["sources"].items():
        assert f"{name} {n}" in profile
    assert f"more than one gold option: {i18n.percent(want['n_multi'] / want['n_items'])} ({want['n_multi']} of" in profile
    assert f"negated question: {i18n.percent(want['n_negation'] / want['n_items'])} ({want['n_negation']} of" in profile
    assert f"mean distractors {i18n.number(want['distractors_mean'], 2)}" in profile
