"""The parts every study section of the Results page shares (results_studies, results_retrieval,
results_stress import them from here, so the sections do not import each other)."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtWidgets import QHBoxLayout, QTableWidgetItem, QVBoxLayout, QWidget

from factaudit.gui import i18n
from factaudit.gui.ops import error_text
from factaudit.gui.query_op import QueryOp
from factaudit.gui.views.results_parts import WrapLabel

# engine.conflicts.metrics.METRICS, in its order
CONFLICT_METRIC_NAMES = {
    "strict_accuracy": QT_TRANSLATE_NOOP("ResultsStudies", "Strict accuracy"),
    "conflict_aware_success": QT_TRANSLATE_NOOP("ResultsStudies", "Conflict-aware success"),
    "conflict_f1": QT_TRANSLATE_NOOP("ResultsStudies", "Conflict F1"),
    "conflict_awareness": QT_TRANSLATE_NOOP("ResultsStudies", "Conflict awareness"),
    "unsupported_ratio": QT_TRANSLATE_NOOP("ResultsStudies", "Unsupported answers"),
}


def _t(text: str) -> str:
    """A text marked with QT_TRANSLATE_NOOP("ResultsStudies", ...) above, translated now."""
    return QCoreApplication.translate("ResultsStudies", text)


def pct(value: float | None, ci=None) -> str:
    return i18n.percent_ci(value, ci, missing=QCoreApplication.translate("ResultsStudies", "n/a"))


def fill_table(table, rows: list[tuple[str, ...]], right_from: int = 1) -> None:
    """Rows of texts into a read-only table; columns from `right_from` on are figures, aligned right."""
    table.setRowCount(len(rows))
    for r, values in enumerate(rows):
        for c, v in enumerate(values):
            item = QTableWidgetItem(v)
            if c >= right_from:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(r, c, item)
    table.resizeColumnsToContents()


class StudySection(QWidget):
    """A tab whose figures come from one background read, made when shown on a stale page. Subclasses
    give `start_read()` (a QueryOp handed to begin_read) and `show_result(result)` (UI thread)."""

    title = "reading study figures"

    def __init__(self, project, n_resamples: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project
        self.n_resamples = n_resamples
        self.result: Any = None
        self.stale = True
        self._reading = False
        self.root = QVBoxLayout(self)
        self.root.setContentsMargins(0, 4, 0, 0)
        self.root.setSpacing(4)
        self.head = QHBoxLayout()
        self.root.addLayout(self.head)
        self.note = WrapLabel("")
        self.note.setObjectName("muted")
        self.root.addWidget(self.note)

    @property
    def loading(self) -> bool:
        return self._reading

    def refresh(self) -> None:
        """The project may have new runs: read again now if shown, else when next shown."""
        self.stale = True
        if self.isVisible():
            self.start_read()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self.stale:
            self.start_read()

    def start_read(self) -> None:
        """Each section starts its QueryOp with its own worker function named in the call (the UI-thread
        read scan, tests/gui/test_query_op.py, follows names, not a method that returns a lambda)."""
        raise NotImplementedError

    def begin_read(self, query: QueryOp) -> None:
        self.stale = False
        self._reading = True
        self.note.setText(QCoreApplication.translate("PageRead", "Reading…"))
        query.failure(self._read_failed).title(self.title).key(type(self).__name__).run_in_background()

    def _read_done(self, result: Any) -> None:
        self._reading = False
        self.result = result
        self.show_result(result)

    def _read_failed(self, exc: BaseException) -> None:
        self._reading = False
        self.result = None
        self.show_failure(QCoreApplication.translate("ResultsStudies", "Could not read these figures: {v0}").format(v0=error_text(exc)))

    def show_result(self, result: Any) -> None:
        raise NotImplementedError

    def select_first_scored(self, runs: list[dict]) -> None:
        """Select the first run with figures (its details follow); none: the details are emptied."""
        scored = [r for r, run in enumerate(runs) if "error" not in run]
        if scored:
            self.table.selectRow(scored[0])
        else:
            self.detail.setRowCount(0)
            self.detail_label.setText("")

    def selected_run(self) -> dict | None:
        """The selected run's figures; None (and the details emptied) when none with figures is selected."""
        rows = sorted({i.row() for i in self.table.selectedIndexes()})
        runs = self.result or []
        if not rows or rows[0] >= len(runs) or "error" in runs[rows[0]]:
            self.detail.setRowCount(0)
            self.detail_label.setText("")
            return None
        return runs[rows[0]]

    def show_failure(self, text: str) -> None:
        self.note.setText(text)
