"""The background-operation builder: results, errors and cancellation reach the UI thread."""
from __future__ import annotations

import threading
import time

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QVBoxLayout, QWidget

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.jobs import RateMeter
from factaudit.gui.ops import Op, error_text
from factaudit.gui.views.job_area import JobArea, describe_progress

MAIN = threading.get_ident


@pytest.fixture
def owner(qtbot):
    w = QWidget()
    qtbot.addWidget(w)
    return w


def _wait_ended(qtbot, op):
    qtbot.waitUntil(lambda: op.status is not None, timeout=10_000)


def test_success_and_progress_arrive_on_the_ui_thread(qtbot, owner):
    ui_thread = MAIN()
    seen = {"progress": [], "success": [], "threads": set(), "worker": None}

    def work(a, b, progress, scale=1):     # an engine-like function: only the parameters it uses
        seen["worker"] = threading.get_ident()
        for i in range(1, 6):
            progress(i, 5, f"step {i}")
        return (a + b) * scale

    def on_progress(done, total, message):
        seen["threads"].add(threading.get_ident())
        seen["progress"].append((done, total, message))

    def on_success(result):
        seen["threads"].add(threading.get_ident())
        seen["success"].append(result)

    op = (Op(owner, lambda job: work(2, 3, job.progress, scale=10))
          .progress(on_progress).success(on_success).failure(pytest.fail).run())
    with qtbot.waitSignal(op.ended, timeout=10_000) as blocker:
        pass
    assert blocker.args == ["done"]
    assert seen["success"] == [50]
    assert op.result == 50 and op.status == "done" and not op.running
    assert seen["worker"] is not None and seen["worker"] != ui_thread
    assert seen["threads"] == {ui_thread}
    # throttled, but the final report always arrives, and in order
    assert seen["progress"][-1] == (5, 5, "step 5")
    assert [p[0] for p in seen["progress"]] == sorted(p[0] for p in seen["progress"])
    assert op not in Op._running


@pytest.mark.parametrize("exc", [InvalidArgument("the k must be positive"), ValueError("boom")])
def test_failure_receives_the_exception(qtbot, owner, exc):
    got, threads = [], set()

    def work(job):
        raise exc

    op = (Op(owner, work).success(lambda r: pytest.fail("success called"))
          .failure(lambda e: (got.append(e), threads.add(threading.get_ident())))
          .cancelled(lambda: pytest.fail("cancelled called")).run())
    _wait_ended(qtbot, op)
    assert got == [exc] and op.error is exc and op.status == "failed"
    assert threads == {MAIN()}
    text = error_text(exc)
    if isinstance(exc, InvalidArgument):
        assert text == "the k must be positive"          # engine errors are written for users
    else:
        assert text == "Unexpected error (ValueError): boom"


def test_cancel_is_not_an_error(qtbot, owner):
    started = threading.Event()
    calls = []

    def work(job):
        started.set()
        deadline = time.monotonic() + 20
        n = 0
        while time.monotonic() < deadline:
            job.cancel.check()
            n += 1
            job.progress(n, None, "looping")
            time.sleep(0.005)
        return "ran to the end"

    op = (Op(owner, work).success(lambda r: calls.append("success")).failure(lambda e: calls.append(("failure", e)))
          .cancelled(lambda: calls.append("cancelled")).finished(lambda: calls.append("finished")).run())
    assert started.wait(10)
    op.cancel()
    _wait_ended(qtbot, op)
    assert calls == ["cancelled", "finished"]
    assert op.status == "cancelled" and op.token.cancelled


def test_default_failure_handler_shows_a_non_blocking_message(qtbot, owner):
    def work(job):
        raise InvalidArgument("no such retriever: foo")

    op = Op(owner, work).title("retrieving").run()
    _wait_ended(qtbot, op)
    boxes = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]
    assert any(b.text() == "no such retriever: foo" for b in boxes)
    for b in boxes:
        b.close()


def test_job_area_shows_progress_and_its_cancel_button_cancels(qtbot):
    class Window(QWidget):
        def __init__(self):
            super().__init__()
            self.job_area = JobArea()
            QVBoxLayout(self).addWidget(self.job_area)

    window = Window()
    qtbot.addWidget(window)
    window.resize(900, 60)
    window.show()
    qtbot.waitExposed(window)
    area = window.job_area

    def work(job):
        for i in range(100_000):
            job.cancel.check()
            job.progress(i, 100_000, "scoring claims")
            time.sleep(0.002)
        return "finished without cancel"

    child = QWidget(window)   # the job area is found through the parent's window
    op = Op(child, work).title("scoring").run()
    assert area.current is op
    qtbot.waitUntil(lambda: "/ 100,000" in area.message, timeout=10_000)
    assert "scoring claims" in area.message
    assert area.bar.maximum() == 1000 and area.cancel_button.isVisible()
    qtbot.mouseClick(area.cancel_button, Qt.MouseButton.LeftButton)
    _wait_ended(qtbot, op)
    assert op.status == "cancelled"
    assert area.current is None and not area.cancel_button.isVisible()
    assert area.message == "Scoring: cancelled"


def test_progress_text_rate_and_eta():
    meter = RateMeter(total=200, started=time.monotonic() - 10.0)
    text = describe_progress(50, 200, "verifying", meter, "claims")
    parts = text.split(" · ")
    assert parts[0] == "verifying" and parts[1] == "50 / 200"
    rate = float(parts[2].removesuffix(" claims/s"))
    assert rate == pytest.approx(50 / 10.0, rel=0.05)         # 5 claims per second
    eta = parts[3].removeprefix("ETA ")
    assert float(eta.removesuffix(" s")) == pytest.approx(150 / 5.0, abs=2)   # 150 left at 5/s
    assert describe_progress(7, None, "", None) == "7"
    # a slow model run reads per minute; a resumed run's earlier work does not count towards the rate
    slow = RateMeter(total=None, started=time.monotonic() - 60.0)
    assert describe_progress(40, None, "", slow, "claims", new=2).split(" · ")[1] == "2.0 claims/min"


def test_the_usage_example_in_the_module_docstring_runs(qtbot, owner, tmp_path):
    """gui/ops.py's usage example, executed as written: it imports a file and announces the change."""
    import textwrap

    from factaudit.engine import services
    from factaudit.gui import ops
    from factaudit.gui.ops import on_changes

    doc = ops.__doc__
    start = doc.index("from factaudit.gui.ops import Op")
    example = textwrap.dedent(doc[doc.rindex("\n", 0, start) + 1:doc.index("\n\nContract:")])
    project = services.create_project(tmp_path / "docs.faproj")
    files = [tmp_path / "claims.jsonl"]
    files[0].write_text('{"id": "c1", "claim": "Aspirin thins the blood."}\n', encoding="utf-8")
    heard = []
    owner.show()
    on_changes(owner, heard.append, "datasets", project=project)
    scope = {"self": owner, "services": services, "project": project, "files": files}
    exec(compile(example, "gui/ops.py docstring", "exec"), scope)
    op = scope["op"]
    _wait_ended(qtbot, op)
    # its op.cancel() has no effect: cancelling is cooperative and import_files takes no cancel
    assert op.status == "done" and op.result.counts == {"claims": 1}
    assert heard and heard[-1].datasets
    project.close()


def test_serial_writer_runs_in_order_and_reports_a_failure(qtbot, owner, caplog, tmp_path):
    from factaudit.engine import services
    from factaudit.gui.ops import OpChanges, on_changes
    from factaudit.gui.serial_writer import SerialWriter

    owner.show()
    project, order, heard = services.create_project(tmp_path / "serial.faproj"), [], []
    on_changes(owner, heard.append, project=project)
    writer = SerialWriter(owner)

    def write(n):
        def work(job):
            order.append(n)
            if n == 2:
                raise InvalidArgument("label 2 was refused")
            services.set_prelabels_wanted(project, n == 3)     # 1 turns pre-labels off, 3 on again
            return n
        return work

    for n in (1, 2, 3):
        writer.submit(write(n), title="saving a label")
    assert writer.wait(10_000)
    assert order == [1, 2, 3]                                # one at a time, in the order asked
    # the two writes that committed announced what they wrote; the refused one wrote nothing
    assert heard == [OpChanges(workflow=True), OpChanges(workflow=True)]
    project.close()
    boxes = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]
    assert any(b.text() == "label 2 was refused" for b in boxes)      # no failure callback: a message
    assert any("label 2 was refused" in r.getMessage() for r in caplog.records)   # and the log
    for b in boxes:
        b.close()


def test_an_op_whose_qt_object_is_gone_is_not_waited_for(qtbot):
    """A deleted op left in the running set (its destroyed hook did not run: seen when a page was the
    first thing a fresh test process built) made every wait_all wait out its limit and busy() stay true."""
    import shiboken6

    op = Op(None, lambda job: None)
    op.destroyed.disconnect()          # as when the hook did not run
    Op._running.add(op)
    shiboken6.delete(op)
    try:
        assert Op.wait_all(2_000) and not Op.busy()
    finally:
        Op._running.discard(op)
