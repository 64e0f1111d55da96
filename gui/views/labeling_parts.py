"""Pieces of the Labeling and Review pages: the annotator setting, the key-receiving unit card, the
serial writer that keeps every write off the UI thread and in order, and HTML helpers."""
from __future__ import annotations

import getpass
import html
import re
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable

from PySide6.QtCore import QCoreApplication, QDeadlineTimer, QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame, QWidget

from factaudit.gui.ops import Op
from factaudit.gui.settings import settings

ANNOTATOR_KEY = "audit/annotator"
AUTO_ADVANCE_KEY = "audit/auto_advance"


def annotator_name() -> str:
    """The person labeling: a setting, defaulting to the login name."""
    value = settings().value(ANNOTATOR_KEY, "")
    if value:
        return str(value)
    try:
        return getpass.getuser() or "expert"
    except Exception:  # noqa: BLE001 - no login name on some systems
        return "expert"


def set_annotator_name(name: str) -> None:
    s = settings()
    s.setValue(ANNOTATOR_KEY, name)
    s.sync()


def auto_advance() -> bool:
    return str(settings().value(AUTO_ADVANCE_KEY, "false")).lower() in ("1", "true")


def set_auto_advance(on: bool) -> None:
    s = settings()
    s.setValue(AUTO_ADVANCE_KEY, "true" if on else "false")
    s.sync()


def esc(text: Any) -> str:
    return html.escape(str(text) if text is not None else "")


_NUM = re.compile(r"(\d+)")


def natural_key(text: str) -> tuple:
    """Sort key that puts c2 before c10 (ids sort as people read them, not as text)."""
    return tuple(int(p) if p.isdigit() else p.lower() for p in _NUM.split(text or ""))


def markdown_html(text: str | None) -> str:
    """Markdown (as LLM traces and expert notes are written) to HTML for a rich-text pane. Qt's own
    renderer goes through a QTextDocument, so this is for short texts only."""
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setMarkdown(text or "")
    body = doc.toHtml()
    start, end = body.find("<body"), body.rfind("</body>")
    if start < 0 or end < 0:
        return esc(text)
    return body[body.index(">", start) + 1:end]


@dataclass
class _Done:
    """One label written in this session, for Backspace (the id arrives when the write finished)."""

    annotation_id: str | None
    unit_index: int
    dim_index: int


@dataclass
class _Pending:
    """A label on its way to the project: shown at once, replaced by the stored record."""

    code: str
    id: str | None = None


def keep_out_of_gc() -> None:
    """Move what is alive now (a big queue's order, a review list's rows: long-lived, never cyclic
    garbage) out of the cyclic collector's full walks, which hold the GIL and so stall the UI thread
    for the length of the walk. O(1): it only relinks the collector's lists."""
    import gc

    gc.freeze()


class UnitCard(QFrame):
    """The focusable area that receives the labeling keys. Tab is a labeling key here, not focus
    navigation, so it is caught before QWidget's focus chain sees it."""

    keyPressed = Signal(object)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("unitCard")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setFrameShape(QFrame.Shape.StyledPanel)

    def event(self, e) -> bool:
        if e.type() == QEvent.Type.KeyPress and e.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            self.keyPressed.emit(e)
            return True
        return super().event(e)

    def keyPressEvent(self, e: QKeyEvent) -> None:
        self.keyPressed.emit(e)

    def mousePressEvent(self, e) -> None:
        self.setFocus()
        super().mousePressEvent(e)


def _call(fn: Callable, *args, progress=None, cancel=None, **kwargs):
    """Op passes progress and cancel; a short write takes neither."""
    return fn(*args, **kwargs)


class SerialWriter(QObject):
    """Writes run in a worker one after another, in the order they were asked for: a label, its
    correction and its undo must reach the project in that order, and the UI thread never waits on
    SQLite. Each job's callbacks run on the UI thread."""

    idle = Signal()

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._jobs: deque = deque()
        self._current: Op | None = None

    @property
    def pending(self) -> int:
        return len(self._jobs) + (self._current is not None)

    def submit(self, fn: Callable, *args, success: Callable | None = None, failure: Callable | None = None,
               title: str = "saving", changes: tuple | None = None, **kwargs) -> None:
        """`changes` = (project, OpChanges): announced once the write succeeded (gui.ops)."""
        self._jobs.append((fn, args, kwargs, success, failure, title, changes))
        if self._current is None:
            self._next()

    def _next(self) -> None:
        if not self._jobs:
            self._current = None
            self.idle.emit()
            return
        fn, args, kwargs, success, failure, title, changes = self._jobs.popleft()
        op = Op(self, _call, fn, *args, **kwargs).title(title).quiet()
        if changes is not None:
            op.changes(*changes)
        if success:
            op.success(success)
        op.failure(failure or (lambda exc: None))
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
