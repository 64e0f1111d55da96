"""Sizes that fit: windows roomy by default, never larger than a 1280×720 laptop screen or one at 150 %
scaling leaves room for (the buttons at the bottom of a dialog must stay reachable); fields as wide as
the text they must show."""
from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

# shares of the available screen a window may take, leaving room for its frame and title bar
WIDTH_SHARE, HEIGHT_SHARE = 0.95, 0.9


def resize_to_fit(widget: QWidget, width: int, height: int) -> None:
    screen = widget.screen() if widget.screen() is not None else QGuiApplication.primaryScreen()
    if screen is None:
        widget.resize(width, height)
        return
    room = screen.availableGeometry().size()
    widget.resize(min(width, int(room.width() * WIDTH_SHARE)), min(height, int(room.height() * HEIGHT_SHARE)))


def widen_to_text(field: QWidget, text: str, most: int | None = None) -> None:
    """A line edit at least as wide as `text` in its style sheet's font (not the default one), plus its
    frame and padding; at most `most` pixels."""
    field.ensurePolished()
    width = field.fontMetrics().horizontalAdvance(text) + 28
    field.setMinimumWidth(width if most is None else min(width, most))
