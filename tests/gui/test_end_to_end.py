"""One expert's path through the real window, offscreen, from an empty project: each step is started
from its Workflow button with mouse clicks (keys for triage and labeling), using the shipped demo data
and the embedded model on five claims and one pre-label; five passages and five reasoning traces
labelled, a second rater for agreement; then report, seal, and the sealed file reopened read-only.

Screenshots of each step go to the folder FACTAUDIT_SCREENSHOTS names (a temporary one otherwise).

Every wait is on a condition with a generous limit (LIMIT, and longer for the model steps), never on a
fixed time or on work being done by the time a call returns: it failed at load 5-8 where a label key
reached the Labeling page while the next unit was still loading (issue #35 item 6)."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from factaudit.engine import services
from factaudit.engine.audit.annotations import is_llm
from factaudit.engine.resource_files import resource_path
from factaudit.gui.app import AppController
from factaudit.gui.main_window import ProjectWindow

LIMIT = 180_000          # ms: a bound on a condition that holds within seconds on an idle machine
MODEL_LIMIT = 1_800_000  # ms: steps that run the embedded model (5 claims took > 15 min at load 9 on 2 cores)

def dialog_named(window, name: str) -> QDialog:
    """The visible dialog with this object name or class name (the newest if several)."""
    found = [d for d in window.findChildren(QDialog)
             if name in (d.objectName(), type(d).__name__) and d.isVisible()]
    assert found, f"no visible {name}"
    return found[-1]


def click(qtbot, button) -> None:
    """Click once the button is enabled: a Workflow row's button is disabled while the status is read
    again after a write (in the background), however long that takes on a loaded machine."""
    qtbot.waitUntil(button.isEnabled, timeout=LIMIT)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def state(window, step: str) -> str:
    return window.workflow_view.rows[step].state.text()


def settled(qtbot, labeling, unit: bool = True) -> None:
    """Wait until every label sent is written and (`unit`) the Labeling page shows a unit: keys pressed
    while the next unit loads would land on the old one or nowhere."""
    qtbot.waitUntil(lambda: labeling.flush(0) and (labeling.entry is not None or not unit), timeout=LIMIT)


def test_expert_path_from_an_empty_project(qtbot, tmp_path, closer, screenshots):
    project = services.create_project(tmp_path / "audit.faproj")
    window = ProjectWindow(project)
    closer(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitUntil(lambda: window.workflow_view.status is not None, timeout=LIMIT)
    assert window.workflow_view.status.next_step.name == "import"
    window.grab().save(str(screenshots / "e2e_01_empty.png"))

    def step_done(step: str, timeout: int = LIMIT, states=("Done",)) -> None:
        qtbot.waitUntil(lambda: state(window, step) in states, timeout=timeout)

    # 1. import the SciFact subset, then the MedExpert sample
    for files, fmt, name in (
        ([resource_path("demo", "scifact_corpus_subset.jsonl"), resource_path("demo", "scifact_claims_dev100.jsonl")],
         "scifact", "scifact"),
        ([resource_path("demo", "medexpert_sample.json")], "medexpert", "medexpert"),
    ):
        click(qtbot, window.workflow_view.rows["import"].button)
        dialog = dialog_named(window, "ImportDialog")
        dialog.set_files([str(f) for f in files])
        dialog.set_format(fmt)
        dialog.dataset_edit.setText(name)
        with qtbot.waitSignal(dialog.imported, timeout=LIMIT):
            click(qtbot, dialog.import_button)
    step_done("import")
    qtbot.waitUntil(lambda: window.workflow_view.status.next_step.name == "decompose", timeout=LIMIT)

    # 2. decompose the answers (one claim per sentence)
    click(qtbot, window.workflow_view.rows["decompose"].button)
    dialog = dialog_named(window, "decomposeDialog")
    # the dialog reads its datasets in the background (QueryOp); Start is enabled once they are in
    qtbot.waitUntil(dialog.start_button.isEnabled, timeout=LIMIT)
    with qtbot.waitSignal(dialog.decomposed, timeout=LIMIT):
        click(qtbot, dialog.start_button)
    dialog.reject()
    step_done("decompose")

    # 3. retrieve (BM25, k = 3)
    click(qtbot, window.workflow_view.rows["retrieve"].button)
    dialog = dialog_named(window, "RetrieveDialog")
    dialog.k_spin.setValue(3)
    qtbot.waitUntil(dialog.start_button.isEnabled, timeout=LIMIT)
    dialog.set_retriever("bm25")        # the retrievers are read in the background; the step says BM25
    assert dialog.retriever_combo.currentText() == "bm25"
    with qtbot.waitSignal(dialog.retrieved, timeout=LIMIT):
        click(qtbot, dialog.start_button)
    dialog.reject()
    step_done("retrieve")

    # 4. evaluate retrieval: the run's details show its metrics against the gold passages
    click(qtbot, window.workflow_view.rows["evaluate_retrieval"].button)
    details = dialog_named(window, "runDetailsDialog")
    qtbot.waitUntil(lambda: details.figures is not None, timeout=LIMIT)
    assert "claims evaluated" in details.browser.toPlainText()
    details.reject()
    step_done("evaluate_retrieval")
    window.grab().save(str(screenshots / "e2e_04_retrieved.png"))

    # 5. verify five claims with the embedded model
    click(qtbot, window.workflow_view.rows["verify"].button)
    dialog = dialog_named(window, "verifyDialog")
    dialog.set_kind("llm")          # reasoning is labelled below: the LLM, not the default classifier
    dialog.limit_spin.setValue(5)
    dialog.k_spin.setValue(3)
    # the models are read in the background; the embedded demo LLM is chosen once they are in
    qtbot.waitUntil(lambda: dialog.model_combo.currentData() == "smollm2-135m", timeout=LIMIT)
    qtbot.waitUntil(dialog.start_button.isEnabled, timeout=LIMIT)
    with qtbot.waitSignal(dialog.verified, timeout=MODEL_LIMIT) as blocker:
        click(qtbot, dialog.start_button)
    verify_run = blocker.args[0].run_id
    assert blocker.args[0].n_claims == 5 and "claims" in dialog.estimate_label.text()
    dialog.reject()
    step_done("verify")

    # 6. score: the Results page computes the run's metrics
    click(qtbot, window.workflow_view.rows["score"].button)
    assert window.current_page == "Reports"
    window.show_page(0)
    step_done("score")

    # 7. triage a disagreement with a key press (the three claims have gold verdicts)
    review = window.workflow_view.status.step("review")
    if review.state != "skipped":
        click(qtbot, window.workflow_view.rows["review"].button)
        page = window.page_widget("Review")
        view = page.widget("Disagreements") if hasattr(page, "widget") else page
        qtbot.waitUntil(lambda: view.model.rowCount() > 0, timeout=LIMIT)
        view.list.setCurrentIndex(view.model.index(0, 0))
        qtbot.waitUntil(lambda: view.current is not None, timeout=LIMIT)
        view.list.setFocus()
        with qtbot.waitSignal(view.triaged, timeout=LIMIT):
            qtbot.keyClick(view.list, Qt.Key.Key_1)
        triaged = services.current_annotations(window.project, target="triage")
        assert triaged and all(a.run_id == verify_run for a in triaged)
        window.show_page(0)

    # 8. pre-label one verdict's reasoning with the embedded model (hidden until labelled)
    click(qtbot, window.workflow_view.rows["prelabel"].button)
    dialog = dialog_named(window, "prelabelDialog")
    dialog.target_combo.setCurrentIndex(dialog.target_combo.findData("reasoning"))
    qtbot.waitUntil(lambda: dialog.run_combo.currentData() == verify_run, timeout=LIMIT)   # runs read in the background
    dialog.limit_spin.setValue(1)
    with qtbot.waitSignal(dialog.prelabelled, timeout=MODEL_LIMIT) as blocker:
        click(qtbot, dialog.start_button)
    assert blocker.args[0].n_done == 1
    dialog.reject()
    step_done("prelabel")

    # 9. label five retrieved passages from the keyboard: the Labeling page takes the digits at once,
    #    one digit per dimension, auto-advancing to the next passage
    click(qtbot, window.workflow_view.rows["label_evidence"].button)
    assert window.current_page == "Labeling"
    labeling = window.page_widget("Labeling").labeling
    settled(qtbot, labeling)
    # the window's focus (offscreen it may not be active); it moves to the card once the unit is shown
    qtbot.waitUntil(lambda: window.focusWidget() is labeling.card, timeout=LIMIT)
    labeling.auto_check.setChecked(True)
    labelled = []
    for _ in range(5):
        labelled.append(labeling.entry.passage_id)
        for _dim in labeling.dims:
            qtbot.keyClick(window.focusWidget(), Qt.Key.Key_1)
        settled(qtbot, labeling)                 # auto-advanced: the next passage is on screen
    mine = services.current_annotations(window.project, target="evidence")
    assert len({a.passage_id for a in mine}) == 5 and {a.passage_id for a in mine} == set(labelled)
    window.show_page(0)
    qtbot.waitUntil(lambda: window.workflow_view.rows["label_evidence"].detail.text().split(": ", 1)[-1]
                    .startswith("5 of "), timeout=LIMIT)
    assert state(window, "label_evidence") != "Done"
    window.grab().save(str(screenshots / "e2e_09_labelled.png"))

    # 10. label the reasoning of the five verdicts: the step's button switches Labeling to reasoning
    click(qtbot, window.workflow_view.rows["label_reasoning"].button)
    labeling = window.page_widget("Labeling").labeling
    assert labeling.mode == "reasoning"
    settled(qtbot, labeling)
    for n in range(5):
        for _dim in labeling.dims:
            qtbot.keyClick(window.focusWidget(), Qt.Key.Key_1)
        settled(qtbot, labeling, unit=n < 4)     # the fifth verdict may be the queue's last
    reasoning = services.current_annotations(window.project, target="reasoning", run_id=verify_run)
    assert len({a.claim_id for a in reasoning if not is_llm(a.annotator)}) == 5
    window.show_page(0)
    step_done("label_reasoning")

    # 11. a second rater labels the same five passages; Agreement compares the two
    click(qtbot, window.workflow_view.rows["label_evidence"].button)
    labeling = window.page_widget("Labeling").labeling
    assert labeling.mode == "evidence"
    first_rater = labeling.annotator
    labeling.annotator_edit.setText("second-rater")
    labeling._annotator_changed()
    settled(qtbot, labeling)
    second = []
    for _ in range(5):
        second.append(labeling.entry.passage_id)
        for n, _dim in enumerate(labeling.dims):
            qtbot.keyClick(window.focusWidget(), Qt.Key.Key_1 if n % 2 else Qt.Key.Key_2)
        settled(qtbot, labeling)
    assert second == labelled          # the same queue order for every rater
    window.show_page(0)
    step_done("agreement")
    click(qtbot, window.workflow_view.rows["agreement"].button)
    agreement = window.page_widget("Labeling").widget("Agreement")
    qtbot.waitUntil(lambda: agreement.results is not None and agreement.pair_table.rowCount() > 0, timeout=LIMIT)
    pairs = {(agreement.pair_table.item(r, 1).text(), agreement.pair_table.item(r, 2).text())
             for r in range(agreement.pair_table.rowCount())}
    assert tuple(sorted((first_rater, "second-rater"))) in {tuple(sorted(p)) for p in pairs}
    window.grab().save(str(screenshots / "e2e_11_agreement.png"))
    window.show_page(0)

    # 12. report: one folder with every format
    click(qtbot, window.workflow_view.rows["report"].button)
    dialog = dialog_named(window, "reportDialog")
    folder = tmp_path / "report"
    dialog.folder_edit.setText(str(folder))
    with qtbot.waitSignal(dialog.written, timeout=MODEL_LIMIT):
        click(qtbot, dialog.write_button)
    assert (folder / "report.html").is_file() and (folder / "report.xlsx").is_file() and (folder / "json").is_dir()
    dialog.reject()
    step_done("report")

    # 13. seal, checked at once
    click(qtbot, window.workflow_view.rows["seal"].button)
    dialog = dialog_named(window, "sealDialog")
    sealed = tmp_path / "audit.sealed.faproj"
    dialog.out_edit.setText(str(sealed))
    with qtbot.waitSignal(dialog.sealed, timeout=LIMIT) as blocker:
        click(qtbot, dialog.seal_button)
    assert blocker.args[1].valid
    dialog.reject()
    step_done("seal")
    window.grab().save(str(screenshots / "e2e_13_sealed.png"))
    window.close()

    # reopen the sealed file: read-only, with the steps it holds
    controller = AppController()
    with qtbot.waitSignal(controller.sealedOpened, timeout=LIMIT) as opened:
        controller.open_path(str(sealed))        # the seal is checked off the UI thread
    reopened = opened.args[0]
    closer(reopened)
    assert reopened.project.readonly
    qtbot.waitUntil(lambda: reopened.workflow_view.status is not None, timeout=LIMIT)
    assert "read-only" in reopened.windowTitle()
    assert not reopened.workflow_view.rows["import"].button.isEnabled()
    assert reopened.workflow_view.status.step("verify").state == "done"
    reopened.grab().save(str(screenshots / "e2e_14_sealed_reopened.png"))
    controller.start.close()
    assert Path(sealed).is_file()
