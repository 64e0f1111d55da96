"""The Answers view (Review › Answers): a choices run's audit figures, the failed answers with their
layers, drawing a review sample and marking answers from the keyboard (issue #13)."""
from __future__ import annotations

import json

from PySide6.QtCore import Qt

from factaudit.engine import services


def _jsonl(path, rows):
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


def make_project(tmp_path):
    p = services.create_project(tmp_path / "a.faproj")
    corpus = [{"id": "p1", "text": "Warfarin interacts with aspirin."}, {"id": "p2", "text": "头孢与酒精相互作用。"}]
    services.import_files(p, [_jsonl(tmp_path / "corpus.jsonl", corpus)], kind="corpus")
    items = [{"id": f"i{k}", "question": f"Question {k}?", "answer": "-", "options": ["aspirin", "heparin", "头孢"],
              "gold_options": ["aspirin"] if k % 2 else ["头孢"], "risk_tier": "ABC"[k % 3]} for k in range(12)]
    services.import_files(p, [_jsonl(tmp_path / "items.jsonl", items)], kind="answers")
    # odd items right (aspirin, seen in p1); even items chose aspirin although 头孢 is in p2, which they saw
    choices = [{"item_id": f"i{k}", "chosen": ["aspirin"], "passages": ["p1", "p2"], "refused": False}
               for k in range(12)]
    run = services.import_files(p, [_jsonl(tmp_path / "choices.jsonl", choices)], kind="choices").run_id
    return p, run


def test_answers_view_shows_failures_then_reviews_from_the_keyboard(qtbot, tmp_path):
    from factaudit.gui.views.answers_view import AnswersView

    project, run = make_project(tmp_path)
    view = AnswersView(project, n_resamples=200)
    qtbot.addWidget(view)
    view.resize(1280, 700)
    view.show()
    qtbot.waitUntil(lambda: view.bundle is not None, timeout=30_000)
    assert view.bundle.run_id == run and view.table.rowCount() == 6          # the six even items failed
    assert {view.table.item(r, 3).text() for r in range(6)} == {"generation"}
    assert "strict 50.0" in view.status.text() and "faithfulness 100.0" in view.status.text()
    assert not view.accept_button.isEnabled()                                 # nothing to review yet
    text = view.detail.toPlainText()
    assert "头孢与酒精相互作用。" in text and "missed 头孢 — generation" in text

    qtbot.mouseClick(view.sample_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.bundle.sample_id is not None, timeout=30_000)
    sample = services.review_samples(project, run)[-1]
    assert [view.table.item(r, 0).text() for r in range(view.table.rowCount())] == sample.items
    assert len(sample.items) == 3                                             # one per tier (15 % of 4, at least 1)
    view.table.selectRow(0)
    view.table.setFocus()
    view.note.setText("fine for the label")
    qtbot.keyClick(view.table, Qt.Key.Key_A)
    qtbot.waitUntil(lambda: view.table.item(0, 4).text() == "acceptable", timeout=10_000)
    assert view.table.currentRow() == 1 and view.note.text() == ""          # the next answer follows
    qtbot.keyClick(view.table, Qt.Key.Key_N)
    qtbot.waitUntil(lambda: view.table.item(1, 4).text() == "not acceptable", timeout=10_000)
    marks = [tuple(r) for r in project.reader().execute("SELECT item_id, acceptable, note FROM review_marks ORDER BY id")]
    assert marks == [(sample.items[0], 1, "fine for the label"), (sample.items[1], 0, None)]
    view.refresh()
    qtbot.waitUntil(lambda: "acceptable (expert review, 2 of 3)" in view.status.text(), timeout=30_000)


def test_review_page_has_an_answers_tab(qtbot, tmp_path):
    from factaudit.gui.views.answers_view import AnswersView
    from factaudit.gui.views.tabbed_page import ReviewPage

    project, _ = make_project(tmp_path)
    page = ReviewPage(project)
    qtbot.addWidget(page)
    view = page.widget("Answers")
    assert isinstance(view, AnswersView)
    qtbot.waitUntil(lambda: view.bundle is not None, timeout=30_000)
    assert view.table.rowCount() == 6
