"""Read-only tables (the Results, Agreement, Taxonomy, Runs and Data pages) and how their cells show times."""
from __future__ import annotations

from datetime import datetime

from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget


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


def local_time(iso: str | None) -> str:
    """An ISO timestamp (stored in UTC) as local 'YYYY-MM-DD HH:MM'."""
    if not iso:
        return ""
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso
