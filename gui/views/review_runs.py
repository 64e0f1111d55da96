"""The Review page's run choice: the verify run, its retrieval run (by default the one it used) and
the level, read off the UI thread before the list loads. A mixin of ReviewView (gui/views/review_view.py),
which builds the combos and loads the list."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from factaudit.engine import services
from factaudit.engine.errors import FactAuditError
from factaudit.gui.ops import error_text
from factaudit.gui.query_op import QueryOp

NO_RUN = QT_TRANSLATE_NOOP("ReviewView", "(none)")      # shown translated; never a run id


def _default_retrieval_run(project, verify_run: str | None) -> str | None:
    """Worker: the retrieval run a verify run used, or None (no evidence shown then) when it has none
    or its record cannot be read: the list itself says what went wrong with the run."""
    try:
        return services.default_retrieval_run(project, verify_run)
    except FactAuditError:
        return None



class ReviewRunChoice:
    """Needs the view's project, run/retrieval/level combos, summary, `_reading`, `_wanted`, set_level,
    mapping_choice and load()."""

    def refresh(self) -> None:
        # the runs, then the default retrieval run, then the list: each read off the UI thread
        project = self.project
        self._reading.add("runs")
        self.summary.setText(QCoreApplication.translate("PageRead", "Reading…"))
        QueryOp(self, op=lambda: (services.verify_run_ids(project), services.retrieval_run_ids(project)),
                success=self._runs_read).failure(self._runs_failed).title("reading the runs").run_in_background()

    def _runs_failed(self, exc: BaseException) -> None:
        self._reading.discard("runs")
        self.summary.setText(error_text(exc))

    def _runs_read(self, runs) -> None:
        self._reading.discard("runs")
        verify, retrieval = runs
        keep = self.run_combo.currentText()
        self.run_combo.blockSignals(True)
        self.run_combo.clear()
        self.run_combo.addItems(verify)
        if keep in verify:
            self.run_combo.setCurrentText(keep)
        elif verify:
            self.run_combo.setCurrentIndex(len(verify) - 1)
        self.run_combo.blockSignals(False)
        keep_r = self.retrieval_combo.currentText()
        self.retrieval_combo.blockSignals(True)
        self.retrieval_combo.clear()
        self.retrieval_combo.addItems([QCoreApplication.translate("ReviewView", NO_RUN), *retrieval])
        if keep_r in retrieval:
            self.retrieval_combo.setCurrentText(keep_r)
        self.retrieval_combo.blockSignals(False)
        wanted, self._wanted = self._wanted, None
        if wanted is not None:
            self.select(*wanted)
        elif keep_r in retrieval:
            self.load()
        else:
            self._default_retrieval()

    def _default_retrieval(self) -> None:
        """Choose the verify run's own retrieval run (read off the UI thread), then load the list."""
        project, run = self.project, self.verify_run
        self._reading.add("default")
        QueryOp(self, op=lambda: _default_retrieval_run(project, run), success=self._default_read) \
            .failure(self._default_failed).title("reading the run's retrieval run").run_in_background()

    def _default_failed(self, exc: BaseException) -> None:
        self._reading.discard("default")
        self.summary.setText(error_text(exc))

    def _default_read(self, default: str | None) -> None:
        self._reading.discard("default")
        self.retrieval_combo.blockSignals(True)
        self.retrieval_combo.setCurrentText(default or QCoreApplication.translate("ReviewView", NO_RUN))
        self.retrieval_combo.blockSignals(False)
        self.load()

    def _level_chosen(self, _index: int) -> None:
        self._auto_level = False
        self.load()

    def _run_changed(self, _index: int) -> None:
        if self._auto_level:
            self.set_level("sentence")
        self._default_retrieval()           # then loads

    def select(self, verify_run: str, retrieval_run: str | None = None, level: str | None = None,
               mapping: str | None = None) -> None:
        if "runs" in self._reading:         # chosen once the runs are read
            self._wanted = (verify_run, retrieval_run, level, mapping)
            return
        self.run_combo.setCurrentText(verify_run)
        if retrieval_run:
            self.retrieval_combo.setCurrentText(retrieval_run)
        if level:
            self.set_level(level)
            self._auto_level = False
        if mapping:
            self.mapping_choice.set(mapping, quiet=True)
        if retrieval_run:
            self.load()
        else:
            self._default_retrieval()       # then loads

