"""Issue #35 item 2 in the window: the Workflow page walks to Seal with review called "enough for now"
(its count kept), Label reasoning opens the run that carries reasoning, and each state shown is the
engine's (services.workflow_status on the same file). Waits are on conditions, never on time."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from factaudit.engine import services
from factaudit.gui.main_window import ProjectWindow
from test_rater_gui import as_user, build_source, wait_ops  # noqa: I001  (same folder)

LONG = 180_000          # generous: a loaded 2-core machine, never a speed bar


def _next(w) -> str | None:
    status = w.workflow_view.status
    return status.next_step.name if status is not None and status.next_step else None


def _click_and_settle(qtbot, w, button, until) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    wait_ops(qtbot)
    qtbot.waitUntil(until, timeout=LONG)


def test_workflow_walks_to_seal_with_review_enough_for_now(qtbot, tmp_path, monkeypatch, closer, screenshots):
    as_user(monkeypatch, tmp_path, "expert")
    project, rrun, vrun = build_source(tmp_path, n_answers=4)
    services.mark_step(project, "score", vrun)                 # the metrics were seen
    services.set_triage(project, vrun, "a3:s1", "verification_error", "Ann")   # a missed error
    w = ProjectWindow(project)
    closer(w)
    w.resize(1280, 760)
    w.show()
    view = w.workflow_view
    qtbot.waitUntil(lambda: view.status is not None, timeout=LONG)
    engine = services.workflow_status(project)
    review = engine.step("review")
    assert review.state == "partial" and _next(w) == "review" and view.rows["review"].property("next")
    assert "Next: Review disagreements." in view.next_label.text()
    count = review.detail                                      # "imported-2: 1 of N disagreements triaged"
    # a triaged disagreement is data for taxonomy induction: that path is shown, never next
    assert [p.name for p in view.status.paths] == ["induction"], view.status.paths
    assert [n for n, r in view.path_rows.items() if r.isVisibleTo(view)] == ["induction"], view.path_rows
    assert view.path_rows["induction"].detail.text() == "induction rounds: 0" and view.paths_title.isVisibleTo(view)

    # review: enough for now; the count stays, Next moves on
    rows = view.rows
    assert rows["review"].enough_button.isVisible()
    _click_and_settle(qtbot, w, rows["review"].enough_button, lambda: _next(w) != "review")
    assert rows["review"].state.text() == "Enough for now" and not rows["review"].property("next")
    assert rows["review"].detail.text().startswith(count) and "enough for now" in rows["review"].detail.text()
    assert rows["review"].enough_button.text() == "Back to the list"
    assert services.workflow_status(project).step("review").enough
    shot = screenshots / "workflow_enough_for_now.png"
    w.grab().save(str(shot))

    # pre-labels: skipped with the page's own button
    assert _next(w) == "prelabel"
    _click_and_settle(qtbot, w, rows["prelabel"].extra, lambda: _next(w) not in ("prelabel", None))
    for step in ("label_evidence", "label_reasoning", "agreement"):
        assert _next(w) == step, (step, _next(w))
        if step == "label_reasoning":
            # the imported verdicts carry reasoning: the step opens Labeling on that run, in reasoning mode
            qtbot.mouseClick(rows[step].button, Qt.MouseButton.LeftButton)
            page = w.page_widget("Labeling")
            qtbot.waitUntil(lambda: w.current_page == "Labeling", timeout=LONG)
            assert page.labeling.mode == "reasoning"
            qtbot.waitUntil(lambda: page.labeling.run_combo.currentText() == vrun, timeout=LONG)
            w.show_page(w.page_index("Workflow"))
        _click_and_settle(qtbot, w, rows[step].enough_button, lambda s=step: _next(w) != s)
    assert _next(w) == "report" and "Next: Report." in view.next_label.text()

    # Report, then Seal, each from its own step's button
    qtbot.mouseClick(rows["report"].button, Qt.MouseButton.LeftButton)
    report = w.findChild(QDialog, "reportDialog")
    report.folder_edit.setText(str(tmp_path / "report"))
    qtbot.mouseClick(report.write_button, Qt.MouseButton.LeftButton)
    wait_ops(qtbot)
    qtbot.waitUntil(lambda: _next(w) == "seal", timeout=LONG)
    report.close()
    qtbot.mouseClick(rows["seal"].button, Qt.MouseButton.LeftButton)
    seal = w.findChild(QDialog, "sealDialog")
    seal.out_edit.setText(str(tmp_path / "sealed.faproj"))
    qtbot.mouseClick(seal.seal_button, Qt.MouseButton.LeftButton)
    wait_ops(qtbot)
    qtbot.waitUntil(lambda: view.status is not None and view.status.step("seal").state == "done", timeout=LONG)
    assert Path(tmp_path / "sealed.faproj").is_file()
    assert _next(w) is None and "enough for now" in view.next_label.text()
    # the page and `factaudit status` read one function: the same states
    assert {s.name: (s.state, s.enough) for s in services.workflow_status(project).steps} == \
        {s.name: (s.state, s.enough) for s in view.status.steps}
    seal.close()


def test_label_reasoning_without_a_reasoning_run_offers_to_make_one(qtbot, tmp_path, monkeypatch, closer):
    as_user(monkeypatch, tmp_path, "expert")
    project, rrun, vrun = build_source(tmp_path, n_answers=2)
    from factaudit.engine.project import classifier_store

    # a classifier run stores attribution; this marks the imported run as one (no reasoning to label)
    monkeypatch.setattr(classifier_store, "has_verdict_evidence", lambda p, run: True)
    w = ProjectWindow(project)
    closer(w)
    w.show()
    qtbot.waitUntil(lambda: w.workflow_view.status is not None, timeout=LONG)
    assert "needs verdicts with reasoning" in w.workflow_view.rows["label_reasoning"].detail.text()
    from factaudit.gui.workflow_actions import do_step

    box = do_step(w, "label_reasoning")
    assert box.objectName() == "offerReasoningRun" and "language model" in box.text()
    verify = next(b for b in box.buttons() if "Verify" in b.text())
    qtbot.mouseClick(verify, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: w.findChild(QDialog, "verifyDialog") is not None, timeout=LONG)
