"""What a worker held for an Op (its work function's closure, its result, its error and the frames in
that error's traceback) is let go on the UI thread, never on the worker. A widget whose last reference
a worker dropped was deleted by shiboken from the main thread's pending calls at an arbitrary moment:
the segfault in Op.wait_all seen in tests/gui/test_rater_roundtrip.py after a failed test."""
from __future__ import annotations

import threading

import pytest

from factaudit.gui.ops import Op


class Held:
    """Notes the thread that let go of it."""

    def __init__(self, log: list):
        self.log = log

    def __del__(self):
        self.log.append(threading.current_thread() is threading.main_thread())


def _work(kind: str, log: list, gate: threading.Event):
    held = Held(log)

    def work(job):
        mine = held                  # a local of the work's frame too (kept by an error's traceback)
        assert gate.wait(30)
        if kind == "result":
            return mine
        if kind == "error":
            raise ValueError("failed on purpose")
        return 1

    return work


@pytest.mark.parametrize("kind", ["closure", "result", "error"])
def test_what_the_work_held_is_let_go_on_the_ui_thread(qtbot, kind):
    log, gate = [], threading.Event()
    op = Op(None, _work(kind, log, gate)).quiet().failure(lambda exc: None).run()
    gate.set()                       # the work ends only now: the Op holds no reference to it any more
    qtbot.waitUntil(lambda: op.status is not None, timeout=30_000)
    assert op.status == ("failed" if kind == "error" else "done")
    assert Op.wait_all(30_000)
    op.result = op.error = None      # what the Op kept for the page, dropped here on the UI thread
    op = None
    qtbot.waitUntil(lambda: bool(log), timeout=30_000)
    assert log == [True]
