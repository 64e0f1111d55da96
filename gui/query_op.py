"""Reads that leave the UI thread (the shape of Anki's ``QueryOp``)::

    from factaudit.gui.query_op import QueryOp

    QueryOp(self, op=lambda: services.list_runs(project), success=self._show_runs) \\
        .failure(lambda exc: ...) \\
        .run_in_background()

Contract:

- ``op()`` runs on a worker of the ops pool (gui/ops.py); ``success(result)`` and ``failure(exc)``
  run on the UI thread. A read never blocks painting, however big the project.
- A failure is never an empty widget. Without a ``failure`` callback the page shows the message in
  a banner at its top (``ReadFailure``, the first widget of the page's box layout; a later read of the
  same page that succeeds hides it); a page without a box layout gets Op's non-blocking message box.
- The latest read wins: a QueryOp started from the same call site (the same ``op`` code) of the same
  page supersedes an older one still running, whose result is then dropped. A page that refreshes twice
  quickly never shows the first answer after the second.
- ``.key(k)`` names the read when one call site serves several readers; ``.title(t)`` names it in the
  log and in the fallback message box.
- Reads only: tests/gui/test_query_op.py fails on a QueryOp that commits a write.

tests/gui/test_query_op.py also fails on an engine read called on the UI thread outside an Op or a
QueryOp, except the few cheap ones it lists with their reason.
"""
from __future__ import annotations

import logging
from typing import Any, Callable

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QBoxLayout, QLabel, QWidget

from factaudit.gui.ops import Op, error_text

log = logging.getLogger(__name__)

_LATEST = "_fa_query_latest"      # attribute on the page: {key: the QueryOp that may deliver}


class ReadFailure(QLabel):
    """The message a page shows when one of its reads failed (instead of an empty widget)."""

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.failed: dict[Any, str] = {}    # read key -> its message: a page's other reads may still succeed
        self.setObjectName("readFailure")
        self.setWordWrap(True)
        self.setProperty("role", "error")
        self.setStyleSheet("QLabel#readFailure { color: #b3261e; font-weight: bold; padding: 4px; }")
        self.hide()

    @classmethod
    def of(cls, page: QWidget, create: bool = True) -> "ReadFailure | None":
        found = page.findChild(ReadFailure, "readFailure")
        if found is not None and found.parent() is page:
            return found
        layout = page.layout()
        if not create or not isinstance(layout, QBoxLayout):
            return None
        banner = cls(page)
        layout.insertWidget(0, banner)
        return banner

    def show_error(self, exc: BaseException, key: Any = None) -> None:
        self.failed[key] = QCoreApplication.translate("query_op", "Could not read this: {v0}").format(v0=error_text(exc))
        self._update()

    def cleared(self, key: Any) -> None:
        """The read of `key` succeeded: its message goes, the failures of the page's other reads stay (one
        shown without a key, by a page's own failure handler, goes with the page's next good read)."""
        self.failed.pop(key, None)
        self.failed.pop(None, None)
        self._update()

    def _update(self) -> None:
        self.setText("\n".join(self.failed.values()))
        self.setVisible(bool(self.failed))


class QueryOp(QObject):
    """A background read; see the module docstring for the contract."""

    def __init__(self, parent: QWidget, *, op: Callable[[], Any], success: Callable[[Any], None]):
        super().__init__(parent)
        if not callable(op) or not callable(success):
            raise TypeError("QueryOp takes callables op() and success(result)")
        self._page = parent
        self._read = op
        self._on_success = success
        self._on_failure: Callable[[BaseException], None] | None = None
        self._key: Any = getattr(op, "__code__", op)
        self._title = "reading"
        self.op: Op | None = None

    def failure(self, cb: Callable[[BaseException], None]) -> "QueryOp":
        self._on_failure = cb
        return self

    def key(self, key: Any) -> "QueryOp":
        self._key = key
        return self

    def title(self, text: str) -> "QueryOp":
        self._title = text
        return self

    def run_in_background(self) -> "QueryOp":
        latest = getattr(self._page, _LATEST, None)
        if latest is None:
            latest = {}
            setattr(self._page, _LATEST, latest)
        latest[self._key] = self      # an older read of this key still running is dropped when it ends
        read = self._read
        # a page reads on every change it hears: each read is deleted once it ended, not kept by the page
        self.op = (Op(self, lambda job: read()).title(self._title).quiet()
                   .success(self._succeeded).failure(self._failed).finished(self.deleteLater).run())
        return self

    @property
    def running(self) -> bool:
        return self.op is not None and self.op.running

    def _current(self) -> bool:
        return getattr(self._page, _LATEST, {}).get(self._key) is self

    def _succeeded(self, result: Any) -> None:
        if not self._current():
            log.debug("%s: a newer read of this page superseded this one", self._title)
            return
        banner = ReadFailure.of(self._page, create=False)
        if banner is not None:
            banner.cleared(self._key)
        self._on_success(result)

    def _failed(self, exc: BaseException) -> None:
        if not self._current():
            return
        if self._on_failure is not None:
            self._on_failure(exc)
            return
        banner = ReadFailure.of(self._page)
        if banner is not None:
            banner.show_error(exc, self._key)
        else:
            self.op._show_error(exc)


__all__ = ["QueryOp", "ReadFailure"]
