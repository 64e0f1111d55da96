"""Read-only tables (the Results, Agreement, Taxonomy, Runs and Data pages) and how their cells show times."""
from __future__ import annotations

from datetime import datetime

from PySide6.QtWidgets import QAbstractItemView, QFrame, QHeaderView, QScrollArea, QTableWidget, QWidget


def read_only_table(columns, *, select_rows: bool = True, stretch_last: bool = True) -> QTableWidget:
    t = QTableWidget(0, len(columns))
    t.setHorizontalHeaderLabels(columns)
    t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    if select_rows:
        t.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    t.setAlternatingRowColors(True)
    t.setShowGrid(False)
    t.verticalHeader().hide()
    t.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    t.horizontalHeader().setStretchLastSection(stretch_last)
    return t


def fit_rows(table: QTableWidget, rows: int) -> None:
    """Give a table the height that shows `rows` rows whole (with its header and a horizontal scroll
    bar), so a splitter or a small window never squeezes it to a sliver of its first row."""
    header = table.horizontalHeader().sizeHint().height() if not table.horizontalHeader().isHidden() else 0
    scrollbar = table.horizontalScrollBar().sizeHint().height()
    height = header + rows * table.verticalHeader().defaultSectionSize() + scrollbar + 2 * table.frameWidth() + 2
    table.setMinimumHeight(height)


def scrolling(content: QWidget) -> QScrollArea:
    """`content` in a frameless vertical scroll area: it gets its minimum height, the rest of the page
    scrolls on a small screen (the width follows the page)."""
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setWidget(content)
    return scroll


def local_time(iso: str | None) -> str:
    """An ISO timestamp (stored in UTC) as local 'YYYY-MM-DD HH:MM'."""
    if not iso:
        return ""
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso
