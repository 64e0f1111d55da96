"""The Workflow page, change announcements, the focus check for other processes' writes, F5, Help.

States shown are compared with the engine's status function on the same file; announcements are
checked by what a page does when it hears them (refresh now, or once when next shown)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QWidget

from factaudit.engine import services
from factaudit.engine.services import retrieval, status
from factaudit.gui.main_window import PAGES, ProjectWindow
from factaudit.gui.ops import Op, OpChanges, announce, error_text, on_changes
from factaudit.gui.views.workflow_view import STATE_TEXT

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def window(qtbot, demo_copy, closer):
    project = services.open_project(demo_copy)
    w = ProjectWindow(project)
    closer(w)
    w.show()
    qtbot.waitUntil(lambda: w.workflow_view.status is not None, timeout=20_000)
    return w


def shown_states(w) -> dict[str, str]:
    return {name: row.state.text() for name, row in w.workflow_view.rows.items()}


def test_workflow_page_first_and_matches_the_engine(window, qtbot):
    assert PAGES[0] == "Workflow" and window.current_page == "Workflow"
    expected = status.workflow_status(window.project)
    assert shown_states(window) == {s.name: STATE_TEXT[s.state] for s in expected.steps}
    rows = window.workflow_view.rows
    highlighted = [n for n, r in rows.items() if r.property("next")]
    assert highlighted == [expected.next_step.name] == ["decompose"]
    assert rows["decompose"].detail.text() == expected.step("decompose").detail
    assert "Next: Decompose answers" in window.workflow_view.next_label.text()


def test_a_write_through_ops_refreshes_the_pages(window, qtbot):
    before = window.runs_view.table.rowCount()
    op = Op(window, lambda job: retrieval.retrieve(window.project, retrieval.RetrievalRequest("bm25", k=3),
                                                   progress=job.progress)).run()
    qtbot.waitUntil(lambda: op.status == "done", timeout=60_000)
    # the Workflow page (shown) re-reads the status; the Runs page (hidden) refreshes when shown
    qtbot.waitUntil(lambda: window.workflow_view.rows["retrieve"].state.text() in ("Done", "Partly done"),
                    timeout=20_000)
    assert window.runs_view.table.rowCount() == before
    window.show_page(PAGES.index("Runs"))
    qtbot.waitUntil(lambda: window.runs_view.table.rowCount() == before + 1, timeout=10_000)   # read off the UI thread


def test_listener_defers_while_hidden_and_merges(qapp, qtbot):
    widget = QWidget()
    qtbot.addWidget(widget)
    heard = []
    project = object()
    on_changes(widget, heard.append, "runs", "verdicts", project=project)
    announce(project, OpChanges(annotations=True))      # not an area it shows
    announce(object(), OpChanges(runs=True))             # another project
    announce(project, OpChanges(runs=True))
    announce(project, OpChanges(verdicts=True))
    assert heard == []                                   # hidden: nothing yet
    widget.show()
    assert heard == [OpChanges(runs=True, verdicts=True)]
    announce(project, OpChanges(verdicts=True))
    assert heard[-1] == OpChanges(verdicts=True) and len(heard) == 2
    with pytest.raises(ValueError):
        on_changes(widget, heard.append, "run")


def test_an_op_announces_what_its_work_committed_however_it_ended(qapp, qtbot, tmp_path):
    # behaviour changed by issue #31: no call site declares changes; the engine records what was committed
    widget = QWidget()
    qtbot.addWidget(widget)
    widget.show()
    heard = []
    project = services.create_project(tmp_path / "ann.faproj")
    on_changes(widget, heard.append, project=project)

    def boom(job):
        raise ValueError("no")

    def wrote_then_failed(job):
        services.set_prelabels_wanted(project, False)       # committed before the failure
        raise ValueError("no")

    failing = Op(widget, boom).failure(lambda exc: None).run()
    qtbot.waitUntil(lambda: failing.status == "failed", timeout=5000)
    assert heard == [] and failing.changed == OpChanges()
    kept = Op(widget, wrote_then_failed).failure(lambda exc: None).run()
    qtbot.waitUntil(lambda: kept.status == "failed", timeout=5000)
    assert heard == [OpChanges(workflow=True)] and kept.changed == OpChanges(workflow=True)
    read = Op(widget, lambda job: services.list_datasets(project)).run()
    qtbot.waitUntil(lambda: read.status == "done", timeout=5000)
    assert len(heard) == 1                                   # a read announces nothing
    project.close()


def test_other_process_writes_are_picked_up_on_focus(qtbot, demo_copy, closer):
    reader = services.open_project(demo_copy, readonly=True)
    w = ProjectWindow(reader)
    closer(w)
    w.show()
    qtbot.waitUntil(lambda: w.workflow_view.status is not None, timeout=20_000)
    assert w.workflow_view.status.step("retrieve").state == "todo"
    with services.open_project(demo_copy) as writer:       # what the command line would do
        retrieval.retrieve(writer, retrieval.RetrievalRequest("bm25", k=3))
    # a check the window's activation started may still be running (the synchronous retrieve above kept
    # the event loop from delivering its end): check_external_changes starts none then, so ask again
    ops = []
    qtbot.waitUntil(lambda: ops.append(w.check_external_changes()) or ops[-1] is not None, timeout=10_000)
    op = ops[-1]
    qtbot.waitUntil(lambda: op.status == "done", timeout=10_000)
    qtbot.waitUntil(lambda: w.workflow_view.status.step("retrieve").state == "done", timeout=20_000)
    assert w.workflow_view.rows["retrieve"].state.text() == "Done"


def test_f5_is_bound_once_and_refreshes_the_current_page(window, qtbot):
    owners = [a for a in window.findChildren(QWidget) + [window] for a in getattr(a, "actions", lambda: [])()
              if a.shortcut().toString() == "F5"]
    buttons = [b for b in window.findChildren(QAbstractButton) if b.shortcut().toString() == "F5"]
    assert len(set(owners)) == 1 and buttons == []
    window.show_page(PAGES.index("Workflow"))
    qtbot.waitUntil(lambda: not window.workflow_view._op.running, timeout=10_000)
    first = window.workflow_view._op
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)
    qtbot.keyClick(window, Qt.Key.Key_F5)
    assert window.workflow_view._op is not first


def test_prelabel_skip_button(window, qtbot):
    row = window.workflow_view.rows["prelabel"]
    assert row.extra.text() == "Skip pre-labels"
    qtbot.mouseClick(row.extra, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: row.state.text() == "Skipped", timeout=20_000)
    assert row.extra.text() == "Use pre-labels"
    assert status.workflow_status(window.project).step("prelabel").detail == "pre-labels turned off"


def test_help_pages(window, qtbot):
    window.quickstart_action.trigger()
    dialog = window.findChild(QWidget, "quickstartDialog")
    text = dialog.browser.toPlainText()
    assert text.startswith("Quick start") and "R+NE+A" in text and "# " not in text   # Markdown rendered
    dialog.close()
    from factaudit.gui import workflow_actions

    md = workflow_actions.shortcuts_markdown(window)
    assert "| F5 | Refresh |" in md and "| Ctrl+1 | Workflow |" in md


def _string_constants(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
            and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value


FLAG = re.compile(r"(?<![\w-])--[a-z][a-z-]+")


def test_gui_texts_name_no_command_line_flags():
    found = [(str(p.relative_to(ROOT)), line, text[:80]) for p in sorted((ROOT / "gui").rglob("*.py"))
             if p.name != "ops.py" for line, text in _string_constants(p) if FLAG.search(text)]
    assert found == []


def test_engine_errors_shown_without_flags():
    """Engine messages name no flag (tests/engine/test_errors_render.py); the app adds the setting an error
    names in its own words."""
    from factaudit.engine.errors import InvalidArgument

    shown = error_text(InvalidArgument("a dataset named 'x' already exists; choose another dataset name",
                                       setting="dataset"))
    assert shown == "a dataset named 'x' already exists; choose another dataset name (the dataset name setting)"
    assert not FLAG.search(shown)


def test_report_and_seal_steps_show_local_dates_not_iso(qtbot, monkeypatch):
    # the engine writes stored UTC times into the detail; the row shows them in the locale's short form
    from datetime import datetime

    from PySide6.QtCore import QDateTime, QLocale

    from factaudit.gui.views.workflow_view import StepRow

    monkeypatch.setenv("TZ", "Asia/Shanghai")
    import time
    time.tzset()
    try:
        row = StepRow(12, "report")
        qtbot.addWidget(row)
        stamp = "2026-03-01T09:30:00+00:00"
        row.show_step(status.Step("report", "done", f"written {stamp}"))
        epoch_ms = int(datetime.fromisoformat(stamp).timestamp()) * 1000
        en = QLocale(QLocale.Language.English)      # the locale's short format with a four-digit year (issue #35)
        local = en.toString(QDateTime.fromMSecsSinceEpoch(epoch_ms),
                            en.dateTimeFormat(QLocale.FormatType.ShortFormat).replace("yy", "yyyy"))
        assert row.detail.text() == f"written {local}", row.detail.text()
        assert "T09:30" not in local and "5:30" in local      # 09:30 UTC is 17:30 in Shanghai
        row.show_step(status.Step("seal", "done", "demo.sealed.faproj sealed 2026-03-01T09:30:00Z"))
        assert row.detail.text() == f"demo.sealed.faproj sealed {local}"
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_a_burst_of_label_writes_reads_the_status_counts_once(window, qtbot, monkeypatch):
    # every label write announced "annotations" and the status bar re-read the counts each time
    from factaudit.gui import main_window

    qtbot.waitUntil(lambda: window._status_op is None or not window._status_op.running, timeout=20_000)
    reads = []
    real = main_window.services.project_info
    monkeypatch.setattr(main_window.services, "project_info", lambda p: (reads.append(1), real(p))[1])
    for _ in range(8):
        announce(window.project, OpChanges(annotations=True))
    assert reads == [] and window._status_timer.isActive()       # nothing read yet: one read is pending
    qtbot.waitUntil(lambda: len(reads) == 1 and not window._status_op.running, timeout=10_000)
    qtbot.wait(2 * main_window.STATUS_COALESCE_MS)
    assert len(reads) == 1
    announce(window.project, OpChanges(runs=True))                # a later change is read again
    qtbot.waitUntil(lambda: len(reads) == 2, timeout=10_000)


def test_an_import_note_takes_the_project_line_not_a_message_over_it(window, qtbot, tmp_path, monkeypatch):
    # QStatusBar's temporary message was drawn over the project label after an import
    import json

    from factaudit.gui import main_window

    qtbot.waitUntil(lambda: "passages" in window.project_label.text(), timeout=20_000)
    f = tmp_path / "c.jsonl"
    f.write_text(json.dumps({"id": "extra-1", "claim": "Aspirin lowers fever."}) + "\n")
    result = services.import_files(window.project, [f], kind="claims", dataset="extra")
    window._imported(result)
    assert window.statusBar().currentMessage() == ""               # nothing painted over the label
    assert window.project_label.isVisible()
    assert window.project_label.text() == "Imported dataset extra: 1 claims"
    window._show_counts({"passages": 5, "items": 1, "claims_active": 2, "runs": 0})   # counts arrive meanwhile
    assert window.project_label.text() == "Imported dataset extra: 1 claims"
    window._flash_timer.timeout.emit()                              # the note's time is up
    assert window.project_label.text().startswith("demo-copy.faproj") and "2 claims" in window.project_label.text()


def test_the_audit_services_are_imported_off_the_ui_thread(tmp_path):
    # imported on first use, they were most of the UI thread's longest block when Labeling was built
    import os
    import subprocess
    import sys

    script = tmp_path / "probe.py"
    script.write_text('''
import sys, threading, time
seen = []
class Spy:
    def find_spec(self, name, path=None, target=None):
        if name == "factaudit.engine.services.audit":
            seen.append(threading.current_thread() is threading.main_thread())
        return None
sys.meta_path.insert(0, Spy())
from PySide6.QtWidgets import QApplication
app = QApplication([])
from factaudit.engine import services
from factaudit.gui.main_window import ProjectWindow
from factaudit.gui.ops import Op
window = ProjectWindow(services.create_project(sys.argv[1]))
window.show()
before = "factaudit.engine.services.audit" in sys.modules
end = time.monotonic() + 60
while "factaudit.engine.services.audit" not in sys.modules and time.monotonic() < end:
    app.processEvents()
    time.sleep(0.01)
Op.wait_all(30_000)
print(before, seen)
window.close()
''')
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "FACTAUDIT_DATA_DIR": str(tmp_path / "data"),
           "FACTAUDIT_CONFIG_DIR": str(tmp_path / "config"), "HOME": str(tmp_path)}
    out = subprocess.run([sys.executable, str(script), str(tmp_path / "p.faproj")], env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().splitlines()[-1] == "False [False]", out.stdout + out.stderr[-2000:]
