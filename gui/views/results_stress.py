"""Results › Conflict runs › Naturalized stress test (issue #33 item 3): the chosen aggregate run's variant
answers again on documents whose templated answers are rewritten into running text
(services.naturalized_stress), on request, since a model variant spends a call per rewritten document.
Read in the background (QueryOp): nothing is written."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from factaudit.engine import services
from factaudit.gui import i18n
from factaudit.gui.ops import error_text
from factaudit.gui.query_op import QueryOp
from factaudit.gui.views.results_parts import WrapLabel
from factaudit.gui.views.results_study_base import CONFLICT_METRIC_NAMES, fill_table, pct
from factaudit.gui.views.tables import fit_rows, read_only_table

STRESS_COLUMNS = (QT_TRANSLATE_NOOP("StressPanel", "Figure"), QT_TRANSLATE_NOOP("StressPanel", "Original [95% CI]"),
                  QT_TRANSLATE_NOOP("StressPanel", "Naturalized [95% CI]"), QT_TRANSLATE_NOOP("StressPanel", "Drop [95% CI]"))


def stress_rows(s: dict) -> list[tuple[str, ...]]:
    """One row per conflict metric: the original and naturalized figures and the drop between them."""
    o, n = s["original"], s["naturalized"]
    return [(QCoreApplication.translate("ResultsStudies", name), pct(o["metrics"][m], o["intervals"][m]),
             pct(n["metrics"][m], n["intervals"][m]), pct(s["drop"][m], s["drop_intervals"][m]))
            for m, name in CONFLICT_METRIC_NAMES.items()]


class StressPanel(QWidget):
    def __init__(self, project, n_resamples: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project
        self.n_resamples = n_resamples
        self.run_id: str | None = None
        self.result: dict | None = None
        self._running = False
        root = QVBoxLayout(self)
        root.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.button = QPushButton(self.tr("Naturalized stress test"))
        self.button.setObjectName("stressButton")
        self.button.setToolTip(self.tr("Answer the chosen run's items again with each templated answer in the documents "
                                       "rewritten into running text, and show how far its figures drop"))
        self.button.clicked.connect(lambda _=False: self.start())
        self.button.setEnabled(False)
        row.addWidget(self.button)
        self.label = WrapLabel("")
        row.addWidget(self.label, 1)
        root.addLayout(row)
        self.table = read_only_table([self.tr(c) for c in STRESS_COLUMNS])
        self.table.setObjectName("stressTable")
        fit_rows(self.table, 5)
        self.table.hide()
        root.addWidget(self.table, 1)

    @property
    def loading(self) -> bool:
        return self._running

    def set_run(self, run_id: str | None) -> None:
        """The run the next test is for; a shown result of another run is cleared."""
        if run_id == self.run_id:
            return
        self.run_id = run_id
        self.result = None
        self.table.hide()
        self.label.setText("")
        self.button.setEnabled(run_id is not None and not self._running)

    def start(self) -> None:
        if self.run_id is None or self._running:
            return
        self._running = True
        self.button.setEnabled(False)
        self.label.setText(self.tr("Answering the rewritten items again…"))
        project, run_id, n = self.project, self.run_id, self.n_resamples
        QueryOp(self, op=lambda: services.naturalized_stress(project, run_id, n), success=self._done) \
            .failure(self._failed).title("the naturalized stress test").run_in_background()

    def _ended(self) -> None:
        self._running = False
        self.button.setEnabled(self.run_id is not None)

    def _failed(self, exc: BaseException) -> None:
        self._ended()
        self.label.setText(self.tr("No stress test: {v0}").format(v0=error_text(exc)))

    def _done(self, s: dict) -> None:
        self._ended()
        if s["run_id"] != self.run_id:       # another run was chosen meanwhile
            return
        self.result = s
        fill_table(self.table, stress_rows(s))
        self.table.show()
        self.label.setText(self.tr("{run} ({variant}) on naturalized documents: {docs} of {n} documents rewritten "
                                   "({mentions} answer mentions); {changed} of {items} items scored differently. Drop = "
                                   "original − naturalized, paired bootstrap 95%.").format(
            run=s["run_id"], variant=s["variant"], docs=i18n.number(s["n_docs_rewritten"]), n=i18n.number(s["n_docs"]),
            mentions=i18n.number(s["n_mentions_rewritten"]), changed=i18n.number(s["n_items_changed"]),
            items=i18n.number(s["n_items"])))
