"""Change announcements: which areas of a project a write changed, and the pages that listen.

The areas come from the engine (engine/changes.py: the write path logs them); an Op announces what its
work recorded. The API is documented (and re-exported) in factaudit.gui.ops, where writes are made.
"""
from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QEvent, QObject, Signal, Slot
from PySide6.QtWidgets import QWidget

from factaudit.engine.changes import Changes

# The engine computes what a write changed (engine/changes.py); the GUI only carries it to the pages.
OpChanges = Changes


class _Hub(QObject):
    changed = Signal(object, object)     # (project, OpChanges)


_hub: _Hub | None = None


def hub() -> _Hub:
    global _hub
    if _hub is None:
        _hub = _Hub()
    return _hub


def announce(project: Any, changes: OpChanges) -> None:
    """Tell every subscribed page that `project` changed in these areas (UI thread); project None is
    an app-wide change (models, network) that pages of every project hear."""
    if changes is not None and changes.touches():
        hub().changed.emit(project, changes)


class _Listener(QObject):
    """A child of the subscribing widget: dies with it, so the subscription ends with the widget."""

    def __init__(self, widget: QWidget, callback: Callable[[OpChanges], None], areas: tuple[str, ...],
                 project: Any, when_hidden: str):
        super().__init__(widget)
        self._widget = widget
        self._callback = callback
        self._areas = areas
        self._project = project
        self._defer = when_hidden == "defer"
        self._pending: OpChanges | None = None
        hub().changed.connect(self._heard)
        widget.installEventFilter(self)

    @Slot(object, object)
    def _heard(self, project: Any, changes: OpChanges) -> None:
        if self._project is not None and project is not None and project is not self._project:
            return
        if not changes.touches(*self._areas):
            return
        if self._defer and not self._widget.isVisible():
            self._pending = changes if self._pending is None else self._pending | changes
            return
        self._callback(changes)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        # while Qt tears a widget down it may hand this filter a fresh wrapper without our attributes
        # (seen in a test run): such a listener has nothing pending
        if getattr(self, "_pending", None) is not None and obj is self._widget and event.type() == QEvent.Type.Show:
            pending, self._pending = self._pending, None
            self._callback(pending)
        return False

    @property
    def pending(self) -> OpChanges | None:
        return self._pending


def on_changes(widget: QWidget, callback: Callable[[OpChanges], None], *areas: str, project: Any = None,
               when_hidden: str = "defer") -> _Listener:
    """Call `callback(changes)` when an announced change touches one of `areas` (see module docstring)."""
    unknown = set(areas) - set(OpChanges.AREAS)
    if unknown:
        raise ValueError(f"unknown change areas: {', '.join(sorted(unknown))}")
    if when_hidden not in ("defer", "call"):
        raise ValueError("when_hidden is 'defer' or 'call'")
    return _Listener(widget, callback, areas, project, when_hidden)
