"""The retrieval dialog (progress, cancel) and the hits view (ranked passages, gold, highlighted terms)."""
from __future__ import annotations

import time

import pytest
from PySide6.QtCore import Qt

from factaudit.engine import services
from factaudit.engine.project import runs
from factaudit.gui.dialogs.retrieve_dialog import RetrieveDialog
from factaudit.gui.views.hits_view import HitsView, highlighted


@pytest.fixture
def project(demo_copy):
    from factaudit.gui.ops import Op

    p = services.open_project(demo_copy)
    yield p
    Op.cancel_all()        # a worker must not outlive the project it writes to
    Op.wait_all(30_000)
    p.close()


def test_dialog_runs_bm25_with_progress_and_the_hits_view_shows_it(qtbot, project):
    dialog = RetrieveDialog(project)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(dialog.start_button.isEnabled, timeout=10_000)      # the retrievers are read off the UI thread
    dialog.set_retriever("bm25")
    dialog.k_spin.setValue(5)
    seen = []
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    dialog.op.progressed.connect(lambda d, t, m: seen.append((d, t, m)))
    with qtbot.waitSignal(dialog.retrieved, timeout=60_000) as blocker:
        pass
    result = blocker.args[0]
    assert result.k == 5 and result.n_queries == 100
    assert runs.get_run(project, result.run_id).status == "done"
    assert result.run_id in dialog.status_label.text()
    assert any(m == "retrieving" and t == 100 for _, t, m in seen)
    assert dialog.start_button.isEnabled() and not dialog.cancel_button.isEnabled()

    view = HitsView(project, run_id=result.run_id)
    qtbot.addWidget(view)
    assert view.flush()                                           # claim ids are read in a worker
    assert view.run_id == result.run_id and view.claim_count() == 100
    ch = view.current
    assert ch is not None and len(ch.hits) == 5
    assert [h.rank for h in ch.hits] == [1, 2, 3, 4, 5]
    html = view.browser.toHtml()
    assert ch.hits[0].passage_id in html
    assert any(h.text_spans or h.title_spans for h in ch.hits)      # claim terms found in the passages
    if any(h.gold for h in ch.hits):
        assert "[gold]" in view.browser.toPlainText()


def test_cancel_marks_the_run_cancelled(qtbot, project, monkeypatch):
    from factaudit.engine.retrieval import runner

    original = runner.Pipeline.search

    def slow(self, query, k):
        time.sleep(0.05)
        return original(self, query, k)

    monkeypatch.setattr(runner.Pipeline, "search", slow)
    dialog = RetrieveDialog(project)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(dialog.start_button.isEnabled, timeout=10_000)      # the retrievers are read off the UI thread
    dialog.set_retriever("bm25")
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert dialog.running and dialog.cancel_button.isEnabled() and not dialog.start_button.isEnabled()
    # Progress with a rate and an ETA once a few claims are done.
    qtbot.waitUntil(lambda: "ETA" in dialog.status_label.text(), timeout=60_000)
    assert "retrieving" in dialog.status_label.text() and "/ 100" in dialog.status_label.text()
    assert dialog.progress_bar.maximum() == 100 and 0 < dialog.progress_bar.value() < 100
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.running, timeout=60_000)
    assert dialog.op.status == "cancelled"
    assert "Cancelled" in dialog.status_label.text()
    (run,) = runs.list_runs(project, "retrieve")
    assert run.status == "cancelled"
    assert dialog.start_button.isEnabled()


def test_highlighted_escapes_and_marks():
    assert highlighted("a <b> fever", [(6, 11)]) == 'a &lt;b&gt; <span style="background-color:#ffe58a">fever</span>'


def test_only_the_settings_the_retriever_uses_are_enabled(qtbot, project):
    # bm25 ignores the embedding model and the RRF constant: the walk found both offered there
    from factaudit.engine.retrieval.runner import parse_spec

    dialog = RetrieveDialog(project)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.retriever_combo.count() > 0, timeout=10_000)
    specs = [dialog.retriever_combo.itemText(i) for i in range(dialog.retriever_combo.count())]
    specs += ["dense", "rrf:bm25,dense"]
    assert "bm25" in specs and any(s.startswith("rrf:") for s in specs)
    for spec in specs:
        dialog.set_retriever(spec)
        model_matters = parse_spec(spec, default_model="a") != parse_spec(spec, default_model="b")
        assert dialog.model_combo.isEnabled() == model_matters, spec
        assert dialog.rrf_spin.isEnabled() == parse_spec(spec).fused, spec
    dialog.set_retriever("bm25")
    dialog._set_busy(True)
    dialog._set_busy(False)           # the end of a run does not re-enable what bm25 ignores
    assert not dialog.model_combo.isEnabled() and not dialog.rrf_spin.isEnabled()
