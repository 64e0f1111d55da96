"""The dialogs the Workflow page opens: Seal, Report, Decompose, Pre-label, run details, and the
Data page's dataset delete. Files they write are checked on disk and with the engine's own checks."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from factaudit.engine import services
from factaudit.engine.services import retrieval, status
from factaudit.engine.services.status import Estimate
from factaudit.gui.dialogs import long_run
from factaudit.gui.main_window import PAGES, ProjectWindow


@pytest.fixture
def window(qtbot, demo_copy, closer):
    project = services.open_project(demo_copy)
    w = ProjectWindow(project)
    closer(w)
    w.show()
    qtbot.waitUntil(lambda: w.workflow_view.status is not None, timeout=20_000)
    return w


def opened(window, name: str) -> QDialog:
    found = [d for d in window.findChildren(QDialog) if d.objectName() == name and d.isVisible()]
    assert len(found) == 1, [d.objectName() for d in window.findChildren(QDialog)]
    return found[0]


def _verdicts(window, tmp_path) -> str:
    ids = [r[0] for r in window.project.reader().execute("SELECT id FROM claims WHERE active = 1 ORDER BY rowid")]
    f = tmp_path / "verdicts.jsonl"
    f.write_text("".join(json.dumps({"claim_id": c, "verdict": ["Supported", "Refuted"][i % 2]}) + "\n"
                         for i, c in enumerate(ids)))
    return services.import_files(window.project, [f], kind="verdicts").run_id


def test_seal_dialog_encrypts_checks_and_marks_the_step(window, qtbot, tmp_path):
    window.workflow_view.rows["seal"].button.click()
    dialog = opened(window, "sealDialog")
    out = tmp_path / "shipped.faproj"
    dialog.out_edit.setText(str(out))
    dialog.encrypt_check.setChecked(True)
    dialog.pass_edit.setText("correct horse")
    dialog.pass2_edit.setText("correct hors")
    assert dialog.start() is None and "differ" in dialog.status_label.text() and not out.exists()
    qtbot.waitUntil(lambda: dialog.signer_label.text().startswith("ed25519:"), timeout=10_000)
    dialog.pass2_edit.setText("correct horse")
    qtbot.mouseClick(dialog.seal_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.verification is not None, timeout=60_000)
    assert dialog.verification.valid and "valid" in dialog.status_label.text()
    assert dialog.verification.signer == dialog.signer_label.text()
    assert services.is_encrypted(out)
    assert services.verify_sealed(out, passphrase="correct horse").valid      # checked again, independently
    assert dialog.folder_button.isEnabled() and dialog.pass_edit.text() == ""
    qtbot.waitUntil(lambda: window.workflow_view.rows["seal"].state.text() == "Done", timeout=20_000)


def test_report_dialog_writes_one_folder_with_every_format(window, qtbot, tmp_path):
    _verdicts(window, tmp_path)
    window.do_step("report")
    dialog = opened(window, "reportDialog")
    folder = tmp_path / "audit report"
    dialog.folder_edit.setText(str(folder))
    dialog.format_checks["xlsx"].setChecked(False)
    op = dialog.start()
    qtbot.waitUntil(lambda: op.status is not None, timeout=120_000)
    assert op.status == "done", dialog.status_label.text()
    assert (folder / "report.html").is_file() and (folder / "json").is_dir() and not (folder / "report.xlsx").exists()
    assert dialog.html_path() == folder / "report.html" and dialog.open_button.isEnabled()
    dialog.folder_edit.setText(str(folder))
    assert dialog.start() is None and "already exists" in dialog.status_label.text()
    assert status.workflow_status(window.project).step("report").state == "done"


def test_decompose_dialog(window, qtbot):
    window.do_step("decompose")
    dialog = opened(window, "decomposeDialog")
    assert dialog.method_combo.currentData() == "sentence" and not dialog.model_combo.isEnabled()
    op = dialog.start()
    qtbot.waitUntil(lambda: op.status is not None, timeout=60_000)
    assert op.status == "done"
    n_sentences = window.project.reader().execute("SELECT count(*) FROM sentences").fetchone()[0]
    assert dialog.result.n_sentences == n_sentences
    qtbot.waitUntil(lambda: window.workflow_view.rows["decompose"].state.text() == "Done", timeout=20_000)
    assert window.workflow_view.status.next_step.name == "retrieve"


def test_run_details_show_retrieval_metrics_and_mark_the_step(window, qtbot):
    run = retrieval.retrieve(window.project, retrieval.RetrievalRequest("bm25", k=3)).run_id
    expected = retrieval.eval_retrieval(window.project, run)
    window.show_page(PAGES.index("Runs"))
    qtbot.waitUntil(lambda: window.runs_view.table.rowCount() > 0, timeout=10_000)   # read off the UI thread
    dialog = window.runs_view.show_details(0)
    qtbot.waitUntil(lambda: dialog.figures is not None, timeout=30_000)
    text = dialog.browser.toPlainText()
    assert f"{expected.n_evaluated:,} claims evaluated" in text
    assert f"{expected.metrics['recall@3']:.3f}" in text and "Settings and pins" in text
    assert not dialog.review_button.isEnabled()          # a retrieval run has no verdicts to review
    dialog.reject()


def test_prelabel_dialog_form(window, qtbot):
    window.do_step("prelabel")
    dialog = opened(window, "prelabelDialog")
    assert not dialog.start_button.isEnabled()
    # the runs are read off the UI thread
    qtbot.waitUntil(lambda: "needs a finished retrieval run" in dialog.status_label.text(), timeout=10_000)
    dialog.reject()
    run = retrieval.retrieve(window.project, retrieval.RetrievalRequest("bm25", k=3)).run_id
    window.do_step("prelabel")
    dialog = [d for d in window.findChildren(QDialog) if d.objectName() == "prelabelDialog" and d.isVisible()][-1]
    qtbot.waitUntil(lambda: dialog.run_combo.currentData() == run, timeout=10_000)
    assert dialog.start_button.isEnabled()
    dialog.target_combo.setCurrentIndex(1)        # reasoning: no verify run yet, and the mode is fixed
    assert not dialog.mode_combo.isEnabled() and dialog.mode_combo.currentData() == "care"
    assert not dialog.start_button.isEnabled()
    req_target = dialog.request().target
    assert req_target == "reasoning"


def test_long_run_estimate_texts():
    est = Estimate(230, 40, 11.7)             # 230 claims at 11.7 s each ≈ 45 min
    assert long_run.estimate_text(est, "claim").startswith("230 claims ≈ 45 min")
    assert long_run.first_slice(est) == int(120 // 11.7)
    unknown = Estimate(230, 0, None)
    assert "no speed measured" in long_run.estimate_text(unknown, "claim")
    assert long_run.ask_long_run(None, Estimate(5, 3, 1000.0), "claim") == 0      # few units: no question


def test_estimate_uses_this_machines_measured_speed(window, tmp_path):
    import socket

    from factaudit.engine.project import runs as run_store
    from factaudit.engine.project.records import VerdictRecord

    p = window.project
    rrun = retrieval.retrieve(p, retrieval.RetrievalRequest("bm25", k=3)).run_id
    vrun = run_store.create_run(p, "verify", {"model": {"name": "m1"}, "retrieval_run": rrun})
    claims = [r[0] for r in p.reader().execute("SELECT id FROM claims ORDER BY rowid LIMIT 4")]
    for cid, ms in zip(claims, (1000.0, 3000.0, 2000.0, 2000.0)):
        run_store.add_verdict(p, vrun, VerdictRecord(claim_id=cid, verdict="Supported", reasoning="", evidence_used=[],
                                                     parse_status="ok", latency_ms=ms))
    est = status.estimate_run(p, "verify", "m1", rrun)
    n_claims = p.reader().execute("SELECT count(*) FROM claims WHERE active = 1").fetchone()[0]
    assert (est.n_units, est.n_measured, est.seconds_per_unit) == (n_claims, 4, 2.0)
    assert status.estimate_run(p, "verify", "other", rrun).seconds is None
    assert socket.gethostname()


def test_delete_unused_dataset_from_the_data_page(window, qtbot):
    from factaudit.gui.dialogs import dataset_actions

    window.show_page(PAGES.index("Data"))
    qtbot.waitUntil(lambda: not window.data_view.loading, timeout=10_000)     # read off the UI thread
    before = window.data_view.datasets.topLevelItemCount()
    op = dataset_actions.delete(window.data_view, window.project, "medexpert-demo", confirm=False)
    qtbot.waitUntil(lambda: op.status == "done", timeout=10_000)
    qtbot.waitUntil(lambda: getattr(window.data_view, "_delete_op", None) is not None
                    and window.data_view._delete_op.status == "done", timeout=10_000)
    qtbot.waitUntil(lambda: window.data_view.datasets.topLevelItemCount() == before - 1, timeout=10_000)
    assert [d.name for d in services.list_datasets(window.project)] == ["scifact-demo"]


def test_seal_passphrase_fields_are_off_and_look_it_until_encryption_is_ticked(window, qtbot):
    # the walk read the passphrase fields as offered with encryption unticked: they were disabled, but the
    # stylesheet drew a disabled field exactly like an enabled one
    from factaudit.gui.app import stylesheet
    from factaudit.gui.dialogs.seal_dialog import SealDialog

    dialog = SealDialog(window.project)
    qtbot.addWidget(dialog)
    dialog.setStyleSheet(stylesheet())
    dialog.show()
    qtbot.waitExposed(dialog)

    def fill(edit) -> tuple[int, int, int]:
        image = edit.grab().toImage()
        c = image.pixelColor(image.width() - 6, image.height() // 2)    # inside the frame, right of any text
        return c.red(), c.green(), c.blue()

    assert not dialog.encrypt_check.isChecked()
    assert not dialog.pass_edit.isEnabled() and not dialog.pass2_edit.isEnabled()
    off = fill(dialog.pass_edit), fill(dialog.pass2_edit)
    dialog.encrypt_check.setChecked(True)
    assert dialog.pass_edit.isEnabled() and dialog.pass2_edit.isEnabled()
    on = fill(dialog.pass_edit), fill(dialog.pass2_edit)
    assert off[0] != on[0] and off[1] != on[1], (off, on)
    assert sum(off[0]) < sum(on[0])          # greyed: darker than the white of a field to type in
    dialog.encrypt_check.setChecked(False)
    assert not dialog.pass_edit.isEnabled() and fill(dialog.pass_edit) == off[0]
