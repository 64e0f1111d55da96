"""Pieces of the Labeling and Review pages: the key-receiving unit card and
HTML helpers (their ordered writes go through gui/serial_writer.py)."""
from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame, QWidget

from factaudit.gui.annotator_settings import (  # noqa: F401  (the pages import them from here)
    ANNOTATOR_KEY, AUTO_ADVANCE_KEY, annotator_for, annotator_name, auto_advance, project_annotator,
    set_annotator_name, set_auto_advance, set_project_annotator,
)


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
