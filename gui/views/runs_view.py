"""The Runs page: every run in the project, and the dialogs that start new ones."""
from __future__ import annotations

import json

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView, QHeaderView, QLabel, QMessageBox, QPushButton, QTableWidget,
    QTableWidgetItem, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.engine.errors import FactAuditError
from factaudit.gui.dialogs.retrieve_dialog import RetrieveDialog
from factaudit.gui.dialogs.run_details import RunDetailsDialog, summary_key, summary_value
from factaudit.gui.dialogs.verify_dialog import VerifyDialog
from factaudit.gui.ops import error_text
from factaudit.gui.run_names import run_kind, run_state
from factaudit.gui.query_op import QueryOp, ReadFailure
from factaudit.gui.views.tables import local_time
from factaudit.gui.views.page_parts import section_head

COLUMNS = (QT_TRANSLATE_NOOP("RunsView", "Run"), QT_TRANSLATE_NOOP("RunsView", "Kind"), QT_TRANSLATE_NOOP("RunsView", "Status"), QT_TRANSLATE_NOOP("RunsView", "Created"), QT_TRANSLATE_NOOP("RunsView", "Finished"), QT_TRANSLATE_NOOP("RunsView", "Summary"))
STATUS_COLORS = {"done": "#1d6435", "failed": "#8f1d1d", "cancelled": "#7a4d00", "interrupted": "#7a4d00",
                 "running": "#1f4f8f"}
# (button text, dialog class taking (project, parent)) of the runs this page starts
RUN_DIALOGS = ((QT_TRANSLATE_NOOP("RunsView", "Retrieve…"), RetrieveDialog), (QT_TRANSLATE_NOOP("RunsView", "Verify…"), VerifyDialog))




def summary_text(summary) -> str:
    if not summary:
        return ""
    if isinstance(summary, dict):
        # the keys and numbers as Run details names them ("claims 5", not "n_claims=5" in every language)
        return ", ".join(f"{summary_key(k)} {summary_value(v)}" for k, v in summary.items()
                         if not isinstance(v, (dict, list)))
    return json.dumps(summary)


class RunsView(QWidget):
    runsChanged = Signal()

    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project
        root = QVBoxLayout(self)
        root.setContentsMargins(16, 12, 16, 12)
        root.setSpacing(10)

        head = section_head(self.tr("Runs"))
        head.addStretch(1)
        self.refresh_button = QPushButton(self.tr("Refresh"))
        self.refresh_button.setToolTip(self.tr("Read this page again from the project file (F5)"))
        self.refresh_button.clicked.connect(lambda: (self.refresh(), self.runsChanged.emit()))
        head.addWidget(self.refresh_button)
        self.dialog_buttons: dict[str, QPushButton] = {}
        for text, dialog_cls in RUN_DIALOGS:
            button = QPushButton(self.tr(text))
            if project.readonly:
                button.setEnabled(False)
                button.setToolTip(self.tr("The project is open read-only"))
            button.clicked.connect(lambda _=False, d=dialog_cls: self.open_dialog(d))
            self.dialog_buttons[text.rstrip("…")] = button
            head.addWidget(button)
        root.addLayout(head)

        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("runsTable")
        self.table.setHorizontalHeaderLabels([self.tr(c) for c in COLUMNS])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        self.table.setShowGrid(False)
        self.table.verticalHeader().hide()
        hh = self.table.horizontalHeader()
        hh.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        for col, width in enumerate((130, 100, 100, 150, 150)):
            self.table.setColumnWidth(col, width)
        hh.setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self.table.setToolTip(self.tr("Double-click a run for its settings, counts and figures"))
        self.table.cellDoubleClicked.connect(lambda row, _col: self.show_details(row))
        root.addWidget(self.table, 1)
        self.empty_label = QLabel(self.tr("No runs yet. Retrieve evidence for the claims to make the first one."))
        self.empty_label.setObjectName("muted")
        root.addWidget(self.empty_label)
        self.refresh()

    def refresh(self) -> None:
        """Re-read the runs off the UI thread; a failed read says so above the table (it used to show
        "No runs yet")."""
        project = self.project
        QueryOp(self, op=lambda: services.list_runs(project), success=self._runs_read).title("reading the runs") \
            .failure(self._runs_failed).run_in_background()

    def _runs_failed(self, exc: BaseException) -> None:
        self.empty_label.hide()              # not "No runs yet": the runs could not be read
        ReadFailure.of(self).show_error(exc)

    def _runs_read(self, runs) -> None:
        self.table.setRowCount(len(runs))
        for row, r in enumerate(runs):
            values = (r.id, run_kind(r.kind), run_state(r.status), local_time(r.created), local_time(r.finished),
                      summary_text(r.summary) or (r.error or ""))
            for col, value in enumerate(values):
                item = QTableWidgetItem(str(value))
                if col == 2 and r.status in STATUS_COLORS:
                    item.setForeground(QBrush(QColor(STATUS_COLORS[r.status])))
                if col == 5:
                    item.setToolTip(str(value))
                self.table.setItem(row, col, item)
        self.empty_label.setVisible(not runs)

    def show_details(self, row: int):
        item = self.table.item(row, 0)
        if item is None:
            return None
        return self.open_dialog(RunDetailsDialog, item.text())

    def open_dialog(self, dialog_cls, *args):
        try:
            dialog = dialog_cls(self.project, self, *args)
        except FactAuditError as exc:   # e.g. the project cannot be read: say so, keep the window
            QMessageBox.warning(self, self.tr("Cannot open dialog"), error_text(exc))
            return None
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.finished.connect(lambda _=0: (self.refresh(), self.runsChanged.emit()))
        dialog.open()
        return dialog
