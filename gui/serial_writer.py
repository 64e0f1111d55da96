"""Writes that must reach the project in the order they were asked for: part of the one GUI write
path (gui/ops.py). A label, its correction and its undo run one after another in a worker, the UI
thread never waits on SQLite, and each write announces the `OpChanges` it committed (the engine
records them at its write path; nobody declares them here).

    writer = SerialWriter(self)
    writer.submit(lambda job: services.annotate(project, ...), title="saving a label",
                  success=written, failure=failed)

A write without a `failure` callback is reported like any Op's: a non-blocking message box; every
failure is logged (by the Op's worker) whether or not a callback took it.
"""
from __future__ import annotations

from collections import deque
from typing import Any, Callable

from PySide6.QtCore import QCoreApplication, QDeadlineTimer, QObject, Signal

from factaudit.gui.ops import Job, Op


class SerialWriter(QObject):
    """Runs submitted writes one at a time, in order; each job's callbacks run on the UI thread."""

    idle = Signal()

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._jobs: deque = deque()
        self._current: Op | None = None

    @property
    def pending(self) -> int:
        return len(self._jobs) + (self._current is not None)

    def submit(self, work: Callable[[Job], Any], *, title: str = "saving",
               success: Callable[[Any], None] | None = None,
               failure: Callable[[BaseException], None] | None = None) -> None:
        """Queue `work(job)`; what it committed is announced once it ended."""
        self._jobs.append((work, title, success, failure))
        if self._current is None:
            self._next()

    def _next(self) -> None:
        if not self._jobs:
            self._current = None
            self.idle.emit()
            return
        work, title, success, failure = self._jobs.popleft()
        op = Op(self, work).title(title).quiet()
        if success is not None:
            op.success(success)
        if failure is not None:
            op.failure(failure)
        op.finished(self._next)
        self._current = op
        op.run()

    def wait(self, msecs: int = 30_000) -> bool:
        """Process events until every submitted write ended (tests, closing)."""
        deadline = QDeadlineTimer(msecs)
        while self.pending and not deadline.hasExpired():
            QCoreApplication.processEvents()
            Op.wait_all(20)
        return not self.pending


__all__ = ["SerialWriter"]
