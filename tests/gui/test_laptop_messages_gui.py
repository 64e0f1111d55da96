"""Messages that said something untrue (issue #23 item 6), GUI side: the import dialog drops the
previous file's errors when a new file is chosen and names no command-line flag, the Workflow's
Agreement button shows its "&", the Quick start has the Workflow's steps, and the verdict view marks
a verdict its own reasoning contradicts."""
from __future__ import annotations

import json
import re

from PySide6.QtCore import Qt

from factaudit.engine import services
from factaudit.engine.services import status as wf
from factaudit.gui.dialogs.import_dialog import ImportDialog


def _jsonl(path, records):
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def test_a_new_file_clears_the_old_errors_and_no_flag_is_named(qtbot, demo_project, tmp_path):
    first_id = services.page_rows(demo_project, "claims", 0, 1)[0][0]
    dup = _jsonl(tmp_path / "dup.jsonl", [{"id": first_id, "claim": "A claim whose id already exists."}])
    dialog = ImportDialog(demo_project, None, files=[str(dup)])
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: not dialog.loading, timeout=10_000)      # the file is read off the UI thread
    dialog.set_kind("claims")
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(dialog.error_lines), timeout=10_000)
    assert any(first_id in line for line in dialog.error_lines), dialog.error_lines
    assert not any(re.search(r"--[a-z]", line) for line in dialog.error_lines), dialog.error_lines
    assert any("id prefix" in line for line in dialog.error_lines), dialog.error_lines
    # the Check's problem list says the same in the same words
    dialog.check()
    qtbot.waitUntil(lambda: dialog.plan_panel.plan is not None, timeout=10_000)
    assert dialog.plan_panel.problem_lines and not any("--" in line for line in dialog.plan_panel.problem_lines)
    fresh = _jsonl(tmp_path / "fresh.jsonl", [{"id": "new-1", "claim": "A claim nobody has."}])
    dialog.set_files([str(fresh)])
    qtbot.waitUntil(lambda: not dialog.loading, timeout=10_000)
    assert dialog.error_lines == [] and dialog.errors.isHidden() and dialog.errors_title.isHidden()
    assert dialog.plan_panel.plan is None and dialog.plan_panel.isHidden()


def test_the_agreement_button_shows_its_ampersand(qtbot, demo_project):
    from factaudit.gui.views.workflow_view import WorkflowView

    view = WorkflowView(demo_project)
    qtbot.addWidget(view)
    button = view.rows["agreement"].button
    assert button.text().replace("&&", "&") == "Agreement & taxonomy"
    assert "&t" not in button.text().replace("&&", "")        # no mnemonic eats the "&"


def test_the_quick_start_lists_the_workflow_steps_in_order():
    from factaudit.gui.workflow_actions import quickstart_text

    text = quickstart_text()
    numbered = re.findall(r"^\s*(\d+)\. \*\*([^*]+)\*\*", text, re.MULTILINE)
    assert [int(n) for n, _ in numbered] == list(range(1, len(wf.STEPS) + 1))
    titles = [t for _, t in numbered]
    assert len(titles) == len(wf.STEPS)
    for title, (name, (step_title, _purpose)) in zip(titles, wf.STEPS.items()):
        assert title.split()[0].lower() == step_title.split()[0].lower(), (title, name)


def test_the_verdict_view_marks_a_contradicted_verdict(qtbot, demo_project, tmp_path):
    from factaudit.gui.views.verdict_view import VerdictView

    claims = [r[0] for r in services.page_rows(demo_project, "claims", 0, 2)]
    verdicts = _jsonl(tmp_path / "v.jsonl", [
        {"claim_id": claims[0], "verdict": "Supported", "reasoning": "No passage is on topic. Verdict: No Evidence"},
        {"claim_id": claims[1], "verdict": "Supported", "reasoning": "Passage 1 says so: the claim is supported."},
    ])
    run_id = services.import_files(demo_project, [verdicts], kind="verdicts").run_id
    view = VerdictView(demo_project)
    view.show_run(run_id)
    qtbot.addWidget(view)
    qtbot.waitUntil(lambda: not view.loading, timeout=10_000)      # the page reads off the UI thread
    rows = {view.table.item(r, 0).text(): view.table.item(r, 2).text() for r in range(view.table.rowCount())}
    assert "reasoning says No Evidence" in rows[claims[0]] and "reasoning" not in rows[claims[1]], rows
    assert "reasoning contradicts: 1" in view.summary_label.text()
    view.show_claim(claims[0])
    qtbot.waitUntil(lambda: not view.loading, timeout=10_000)
    assert "The reasoning contradicts the verdict" in view.reasoning.toPlainText()
    view.show_claim(claims[1])
    qtbot.waitUntil(lambda: not view.loading, timeout=10_000)
    assert "contradicts" not in view.reasoning.toPlainText()


def test_the_review_detail_marks_a_contradicted_verdict():
    from types import SimpleNamespace as NS

    from factaudit.gui.views.review_detail import detail_html

    claim = NS(claim_id="c1", text="t", flagged=False, verdict="Supported", gold_label=None, evidence="none",
               reasoning="Nothing on topic. Therefore, No Evidence.", passages=[], used=[])
    d = NS(expert="correct", kind="fn", level="sentence", unit_id="s1", item_id=None, text="t", predicted="correct",
           expert_reason=None, claims=[claim])
    assert "contradicts the verdict" in detail_html(d, {}, "R+NE", None)
    claim.reasoning = "Passage 1 says so. Therefore, Supported."
    assert "contradicts" not in detail_html(d, {}, "R+NE", None)
