"""The Conflicts view (Review › Conflicts): loads an aggregate run off the UI thread, shows each
stage of an item (Chinese documents included), names the stage that diverged from the oracle, and
filters by stage and condition."""
from __future__ import annotations

import json

from factaudit.engine import services

ITEMS = [
    ("What sport does Ann play?", ["Golf"], [("Ann is a keen golf player.", "correct", "Golf"),
                                             ("据报道，她是一名高尔夫球运动员。", "correct", "高尔夫球")]),
    ("What sport does Bo play?", ["Tennis"], [("Bo plays tennis every day.", "correct", "Tennis"),
                                              ("A blog says Bo plays cricket.", "misinfo", "Cricket")]),
    ("What sport does Cy play?", ["Golf"], [("Cy plays golf and tennis.", "correct", "Golf")]),
]


def import_items(tmp_path):
    src = tmp_path / "items.jsonl"
    src.write_text("\n".join(json.dumps({"question": q, "gold_answers": g, "wrong_answers": [], "disambig_entity": [],
                                         "documents": [{"text": t, "type": ty, "answer": a} for t, ty, a in d]},
                                        ensure_ascii=False) for q, g, d in ITEMS) + "\n", encoding="utf-8")
    (tmp_path / "lex.yaml").write_text("Golf: [高尔夫球]\n", encoding="utf-8")
    p = services.create_project(tmp_path / "c.faproj")
    services.import_files(p, [src], fmt="ramdocs", dataset="sports")
    return p


def make_project(tmp_path):
    p = import_items(tmp_path)
    lex = str(tmp_path / "lex.yaml")
    oracle = services.aggregate(p, services.AggregateRequest(variant="oracle", dataset="sports", lexicon=lex))
    rules = services.aggregate(p, services.AggregateRequest(variant="rules", dataset="sports", lexicon=lex))
    return p, oracle.run_id, rules.run_id


def test_conflicts_view_shows_stages_filters_and_renders_chinese(qtbot, tmp_path):
    from factaudit.gui.views.conflicts_view import ConflictsView

    project, oracle_run, rules_run = make_project(tmp_path)
    view = ConflictsView(project)
    qtbot.addWidget(view)
    view.resize(1280, 700)
    view.show()
    qtbot.waitUntil(lambda: view.bundle is not None, timeout=30_000)
    # the newest run first: rules
    assert view.bundle.run_id == rules_run and view.table.rowCount() == 3
    rows = {view.table.item(r, 0).text(): [view.table.item(r, c).text() for c in range(6)] for r in range(3)}
    # rules read "golf" and 高尔夫球 from Ann's documents (one group by the lexicon); two sports for Cy: none
    assert rows["ramdocs-1"][2] == "answer: golf" and rows["ramdocs-1"][4] == "same as the oracle"
    assert rows["ramdocs-3"][4] == "extraction" and rows["ramdocs-3"][3] == "no"
    # conditions in words (issue #35), filtered by their stored ids
    assert "bilingual" in rows["ramdocs-1"][5] and "misinformation" in rows["ramdocs-2"][5]
    view.stage_combo.setCurrentText("extraction")
    assert view.table.rowCount() == 1 and view.table.item(0, 0).text() == "ramdocs-3"
    view.stage_combo.setCurrentText("any stage")
    view.condition_combo.setCurrentIndex(view.condition_combo.findData("misinfo"))
    assert [view.table.item(r, 0).text() for r in range(view.table.rowCount())] == ["ramdocs-2"]

    # the oracle run: privileged note, Chinese text and the lexicon rule in the item's detail
    view.condition_combo.setCurrentIndex(view.condition_combo.findData("bilingual"))
    view.run_combo.setCurrentIndex(view.run_combo.findData(oracle_run))
    view.refresh()
    qtbot.waitUntil(lambda: view.bundle.run_id == oracle_run and view.table.rowCount() == 1, timeout=30_000)
    assert "not deployable" in view.status.text()
    text = view.detail.toPlainText()
    assert "据报道，她是一名高尔夫球运动员。" in text and "高尔夫球 (lexicon)" in text
    assert "ramdocs-1-d2" in text and "zh" in text


def test_review_page_has_a_conflicts_tab(qtbot, tmp_path):
    from factaudit.gui.views.conflicts_view import ConflictsView
    from factaudit.gui.views.tabbed_page import ReviewPage

    project, _, _ = make_project(tmp_path)
    page = ReviewPage(project)
    qtbot.addWidget(page)
    view = page.widget("Conflicts")
    assert isinstance(view, ConflictsView)
    qtbot.waitUntil(lambda: view.bundle is not None, timeout=30_000)
    assert view.table.rowCount() == 3


def test_an_aggregate_run_starts_from_the_conflicts_view(qtbot, tmp_path):
    """No terminal: the empty view says how to start, the dialog runs `rules`, and the view then shows
    the run with the same figures the engine computes for it."""
    from factaudit.gui.views.conflicts_view import ConflictsView

    project = import_items(tmp_path)
    view = ConflictsView(project)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitUntil(lambda: view.bundle is not None, timeout=30_000)
    assert view.bundle.run_id is None and "Answer from documents" in view.status.text()
    dialog = view.open_run_dialog()
    qtbot.waitUntil(lambda: dialog.source_combo.count() > 0, timeout=10_000)     # read off the UI thread
    assert dialog.source_combo.currentData() == ("dataset", "sports")
    dialog.variant_combo.setCurrentIndex(dialog.variant_combo.findData("full"))
    assert dialog.model_combo.isEnabled() and not dialog.k_spin.isEnabled()
    dialog.variant_combo.setCurrentIndex(dialog.variant_combo.findData("oracle"))
    assert dialog.variant_combo.currentText() == "oracle (privileged)"
    assert not dialog.model_combo.isEnabled() and "not deployable" in dialog.note_label.text()
    dialog.variant_combo.setCurrentIndex(dialog.variant_combo.findData("rules"))
    with qtbot.waitSignal(dialog.aggregated, timeout=60_000) as done:
        dialog.start_button.click()
    result = done.args[0]
    assert result.variant == "rules" and result.n_items == 3
    qtbot.waitUntil(lambda: view.bundle.run_id == result.run_id and view.table.rowCount() == 3, timeout=30_000)
    scores = services.aggregate_scores(project, result.run_id)
    assert scores.metrics == result.metrics
    assert f"strict accuracy {scores.metrics['strict_accuracy']:.3f}" in view.status.text()
