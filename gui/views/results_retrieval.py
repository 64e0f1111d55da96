"""Results › Retrieval runs (issue #33 item 4): two retrieval runs compared on the claims with gold
evidence that both ranked: paired ΔRecall@k, ΔMRR@k and ΔnDCG@k with stratified bootstrap intervals,
Holm-adjusted p-values, and the claims that regressed (services.compare_retrieval_runs). OptiRAG's
check, "no question regresses in Recall or MRR", is the note's last sentence."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QComboBox, QLabel, QSpinBox, QWidget

from factaudit.engine import services
from factaudit.gui import i18n
from factaudit.gui.ops import error_text
from factaudit.gui.query_op import QueryOp
from factaudit.gui.views.results_parts import WrapLabel, _pvalue
from factaudit.gui.views.results_study_base import StudySection, fill_table
from factaudit.gui.views.tables import fit_rows, read_only_table

DELTA_COLUMNS = (QT_TRANSLATE_NOOP("RetrievalCompareSection", "Figure"), QT_TRANSLATE_NOOP("RetrievalCompareSection", "Baseline"),
                 QT_TRANSLATE_NOOP("RetrievalCompareSection", "Compared"), QT_TRANSLATE_NOOP("RetrievalCompareSection", "Δ [95% CI]"),
                 QT_TRANSLATE_NOOP("RetrievalCompareSection", "p"), QT_TRANSLATE_NOOP("RetrievalCompareSection", "Holm p"),
                 QT_TRANSLATE_NOOP("RetrievalCompareSection", "Regressed"), QT_TRANSLATE_NOOP("RetrievalCompareSection", "Improved"))
REGRESSION_COLUMNS = (QT_TRANSLATE_NOOP("RetrievalCompareSection", "Figure"), QT_TRANSLATE_NOOP("RetrievalCompareSection", "Claim"),
                      QT_TRANSLATE_NOOP("RetrievalCompareSection", "Baseline"), QT_TRANSLATE_NOOP("RetrievalCompareSection", "Compared"))
# engine.metrics.retrieval_compare.COMPARED, as the figures are written in the literature
FIGURE_NAMES = {"recall": "Recall", "mrr": "MRR", "ndcg": "nDCG"}


def figure_name(metric: str) -> str:
    """"recall@10" -> "Recall@10"."""
    name, _, k = metric.partition("@")
    return f"{FIGURE_NAMES.get(name, name)}@{k}"


def ranking_runs(project) -> list[str]:
    """Worker: the finished runs that hold rankings (retrieve runs, imported TREC runs), oldest first."""
    return [r.id for r in services.retrieval_runs(project) if services.is_retrieval_run(project, r.id)]


def delta_rows(comp) -> list[tuple[str, ...]]:
    """The comparison's Δ table as texts: one row per (compared run, figure)."""
    rows = []
    for d in comp.deltas:
        ci = i18n.interval(*d.delta_ci, 3) if d.delta_ci else ""
        rows.append((figure_name(d.metric), i18n.number(d.baseline, 3), i18n.number(d.value, 3),
                     f"{i18n.number(d.delta, 3)} {ci}".strip(), _pvalue(d.p), _pvalue(d.p_holm),
                     i18n.number(d.n_regressed), i18n.number(d.n_improved)))
    return rows


def regression_rows(comp) -> list[tuple[str, ...]]:
    rows = []
    for _run, by_metric in comp.regressions.items():
        for metric, regs in by_metric.items():
            rows += [(figure_name(metric), r.claim_id, i18n.number(r.baseline, 3), i18n.number(r.value, 3)) for r in regs]
    return rows


class RetrievalCompareSection(StudySection):
    """Pick a baseline and a compared run; the figures are read in the background on every choice."""

    title = "listing the retrieval runs"

    def __init__(self, project, n_resamples: int, parent: QWidget | None = None):
        super().__init__(project, n_resamples, parent)
        self.comparison = None
        self._comparing = False
        self.head.addWidget(QLabel(self.tr("Baseline:")))
        self.baseline_combo = QComboBox()
        self.baseline_combo.setObjectName("retrievalBaseline")
        self.head.addWidget(self.baseline_combo)
        self.head.addWidget(QLabel(self.tr("Compared:")))
        self.compared_combo = QComboBox()
        self.compared_combo.setObjectName("retrievalCompared")
        self.head.addWidget(self.compared_combo)
        self.head.addWidget(QLabel(self.tr("Cutoff k:")))
        self.k_spin = QSpinBox()
        self.k_spin.setObjectName("retrievalK")
        self.k_spin.setRange(0, 1000)
        self.k_spin.setSpecialValueText(self.tr("auto"))
        self.k_spin.setToolTip(self.tr("The rank cutoff of every figure; auto: the shallower run's k, so no run is "
                                       "scored past the end of its rankings"))
        self.head.addWidget(self.k_spin)
        self.head.addStretch(1)
        for combo in (self.baseline_combo, self.compared_combo):
            combo.setMinimumWidth(140)
            combo.currentIndexChanged.connect(lambda _=0: self.compare())
        self.k_spin.editingFinished.connect(self.compare)
        self.table = read_only_table([self.tr(c) for c in DELTA_COLUMNS])
        self.table.setObjectName("retrievalDeltaTable")
        fit_rows(self.table, 3)        # Recall, MRR and nDCG
        self.root.addWidget(self.table, 1)
        self.regressions_label = WrapLabel("")
        self.root.addWidget(self.regressions_label)
        self.regressions = read_only_table([self.tr(c) for c in REGRESSION_COLUMNS])
        self.regressions.setObjectName("retrievalRegressionTable")
        fit_rows(self.regressions, 4)
        self.root.addWidget(self.regressions, 1)

    @property
    def loading(self) -> bool:
        return self._reading or self._comparing

    def start_read(self) -> None:
        project = self.project
        self.begin_read(QueryOp(self, op=lambda: ranking_runs(project), success=self._read_done))

    def show_result(self, runs: list[str]) -> None:
        before = (self.baseline_combo.currentText(), self.compared_combo.currentText())
        for combo in (self.baseline_combo, self.compared_combo):
            combo.blockSignals(True)
            combo.clear()
            combo.addItems(runs)
        # keep the user's pair; else the newest run against the one before it
        a, b = before if set(before) <= set(runs) and before[0] != before[1] else (runs[-2:] if len(runs) > 1 else ("", ""))
        self.baseline_combo.setCurrentText(a)
        self.compared_combo.setCurrentText(b)
        for combo in (self.baseline_combo, self.compared_combo):
            combo.blockSignals(False)
        self.compare()

    def compare(self) -> None:
        a, b = self.baseline_combo.currentText(), self.compared_combo.currentText()
        if not a or not b or a == b:
            self._clear(self.tr("Choose two different runs that hold rankings (retrieve runs or imported TREC runs).")
                        if self.baseline_combo.count() > 1 else
                        self.tr("Two runs that hold rankings are needed: retrieve twice (Workflow › Retrieve), "
                                "or import a TREC run (File › Import data)."))
            return
        self._comparing = True
        self.note.setText(self.tr("Comparing…"))
        project, n, k = self.project, self.n_resamples, self.k_spin.value() or None
        QueryOp(self, op=lambda: services.compare_retrieval_runs(project, [a, b], k, n_resamples=n),
                success=self._compared).failure(self._compare_failed) \
            .title("comparing retrieval runs").run_in_background()

    def _clear(self, why: str) -> None:
        self.comparison = None
        self.table.setRowCount(0)
        self.regressions.setRowCount(0)
        self.regressions_label.setText("")
        self.note.setText(why)

    def _compare_failed(self, exc: BaseException) -> None:
        self._comparing = False
        self._clear(self.tr("Cannot compare: {v0}").format(v0=error_text(exc)))

    def _compared(self, comp) -> None:
        self._comparing = False
        self.comparison = comp
        a, b = comp.runs[0], comp.runs[1]
        strata = self.tr("category") if comp.strata == "category" else self.tr("none")
        note = self.tr("{n} claims with gold evidence ranked by both runs, at k = {k}; Δ = {b} − {a}. Intervals: paired "
                       "bootstrap over claims, stratified by {strata} ({resamples} resamples); p: two-sided bootstrap, "
                       "Holm-adjusted over the {m} tests.").format(
            n=i18n.number(comp.n_shared), k=comp.k, a=a, b=b, strata=strata,
            resamples=i18n.number(comp.n_resamples), m=len(comp.deltas))
        excluded = sum(comp.n_excluded.values())
        if excluded:
            note += " " + self.tr("{n} claims ranked by one run only are left out.").format(n=i18n.number(excluded))
        by_figure = {d.metric.split("@")[0]: d.n_regressed for d in comp.deltas if d.run_id == b}
        if comp.no_regression(b):
            note += " " + self.tr("No claim regresses in Recall@{k} or MRR@{k}.").format(k=comp.k)
        else:
            note += " " + self.tr("Claims that regress: {recall} in Recall@{k}, {mrr} in MRR@{k}.").format(
                recall=i18n.number(by_figure.get("recall", 0)), mrr=i18n.number(by_figure.get("mrr", 0)), k=comp.k)
        self.note.setText(note)
        fill_table(self.table, delta_rows(comp))
        rows = regression_rows(comp)
        fill_table(self.regressions, rows, right_from=2)
        total = sum(d.n_regressed for d in comp.deltas if d.run_id == b)
        self.regressions_label.setText(
            self.tr("Claims where {b} scores lower than {a}, worst first ({shown} listed of {total}):").format(
                a=a, b=b, shown=i18n.number(len(rows)), total=i18n.number(total)) if rows
            else self.tr("No claim scores lower in {b} than in {a} on any figure.").format(a=a, b=b))
