"""The Results page: scores of a verify run under every mapping, with intervals, the confusion heat map,
a comparison of runs, and export of the report formats."""
from __future__ import annotations

import datetime as _dt
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox, QFileDialog, QGridLayout, QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QMessageBox,
    QSplitter, QTableWidgetItem, QTabWidget, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.gui import i18n
from factaudit.gui.ops import Op, error_text
from factaudit.gui.query_op import QueryOp, ReadFailure
from factaudit.gui.views.results_parts import (  # noqa: F401
    FiguresPanel, PlotCanvas, WrapLabel, _empty, interval_axes, _pvalue, add_unit_list, closed_figures_text, fill_choices, gold_controls,
    keep_columns_in_view, percent_text, show_closed, unit_list_items,
)
from factaudit.gui.views.results_scoring import ResultsBundle, compute_results, export_report
from factaudit.gui.views.results_lazy import LowerTabsMixin
from factaudit.gui.views.tables import fit_rows, read_only_table, scrolling
from factaudit.gui.views.page_parts import ChoosesMapping, MappingChoice, build_later, section_head

METRIC_COLUMNS = (QT_TRANSLATE_NOOP("ResultsView", "Mapping"), "n", QT_TRANSLATE_NOOP("ResultsView", "TP"), QT_TRANSLATE_NOOP("ResultsView", "FP"), QT_TRANSLATE_NOOP("ResultsView", "FN"), QT_TRANSLATE_NOOP("ResultsView", "TN"), QT_TRANSLATE_NOOP("ResultsView", "Precision [95% CI]"), QT_TRANSLATE_NOOP("ResultsView", "Recall [95% CI]"), QT_TRANSLATE_NOOP("ResultsView", "F1 [95% CI]"))
CLOSED_COLUMNS = (QT_TRANSLATE_NOOP("ResultsView", "Gold verdict"), "n", QT_TRANSLATE_NOOP("ResultsView", "Precision"), QT_TRANSLATE_NOOP("ResultsView", "Recall"), "F1")
COMPARE_COLUMNS = (QT_TRANSLATE_NOOP("ResultsView", "Run"), "n", QT_TRANSLATE_NOOP("ResultsView", "Recall [95% CI]"), QT_TRANSLATE_NOOP("ResultsView", "F1 [95% CI]"), QT_TRANSLATE_NOOP("ResultsView", "ΔRecall [95% CI]"), QT_TRANSLATE_NOOP("ResultsView", "ΔF1 [95% CI]"),
                   QT_TRANSLATE_NOOP("ResultsView", "McNemar p"), QT_TRANSLATE_NOOP("ResultsView", "Holm p"))


class ResultsView(LowerTabsMixin, ChoosesMapping, QWidget):
    reportWritten = Signal(str)

    def __init__(self, project, parent: QWidget | None = None, *, n_resamples: int = 10_000):
        super().__init__(parent)
        self.project = project
        self.n_resamples = n_resamples
        self.bundle: ResultsBundle | None = None
        self._reading_runs = False
        self._op = None
        root = QVBoxLayout(self)
        root.setContentsMargins(16, 12, 16, 12)
        root.setSpacing(8)

        head = section_head(self.tr("Results"))
        head.addSpacing(12)
        head.addWidget(QLabel(self.tr("Run:")))
        self.run_combo = QComboBox()
        self.run_combo.setMinimumWidth(160)
        self.run_combo.currentIndexChanged.connect(lambda _=0: self.recompute())
        head.addWidget(self.run_combo)
        head.addWidget(QLabel(self.tr("Level:")))
        self.level_combo = QComboBox()
        self.level_combo.addItem(self.tr("sentence"), "sentence")    # shown translated, read as data
        self.level_combo.addItem(self.tr("claim"), "claim")
        self.level_combo.currentIndexChanged.connect(lambda _=0: self._level_chosen())
        self._auto_level = True      # until the user picks a level, show the one that has scores
        head.addWidget(self.level_combo)
        head.addSpacing(8)
        self.mapping_choice = MappingChoice(self, head, self._mapping_chosen)
        self.mapping_buttons = self.mapping_choice.buttons
        head.addStretch(1)
        root.addLayout(head)

        self.status = QLabel("")
        self.status.setObjectName("muted")
        self.status.setWordWrap(True)
        root.addWidget(self.status)

        self._root = root
        self._body_built = False
        # tables, charts and lower tabs: a part a turn later (all when first used); built in one turn they
        # blocked the UI thread 250-480 ms through "Open results" in a real window (#35 item 4)
        self._body_parts = [self._build_buttons, self._build_top, self._build_charts, self._build_closed,
                            self._build_compare, self._build_lower_tabs]
        build_later(self, self._build_next_part)
        self.refresh()

    def _build_top(self) -> None:
        split = QSplitter(Qt.Orientation.Vertical)
        self._split = split
        top = QWidget()
        grid = QGridLayout(top)
        grid.setContentsMargins(0, 0, 0, 0)
        self.metrics_table = read_only_table([self.tr(c) for c in METRIC_COLUMNS])
        self.metrics_table.setObjectName("metricsTable")
        fit_rows(self.metrics_table, 3)          # R, R+NE, R+NE+A: always all three
        grid.addWidget(self.metrics_table, 0, 0)
        grid.setColumnStretch(0, 3)
        grid.setColumnStretch(1, 2)
        self._top_grid = grid
        split.addWidget(top)
        split.setChildrenCollapsible(False)
        # the tables keep their rows on a laptop screen: the page scrolls instead of squeezing them
        self.scroll = scrolling(split)
        self._root.addWidget(self.scroll, 1)

    def _build_charts(self) -> None:
        self.interval_plot = PlotCanvas(5.2, 2.6)
        self._top_grid.addWidget(self.interval_plot, 0, 1)
        self.confusion_plot = PlotCanvas(3.6, 3.0)
        self._top_grid.addWidget(self.confusion_plot, 1, 1)

    def _build_closed(self) -> None:
        grid = self._top_grid
        closed = QWidget()
        cl = QVBoxLayout(closed)
        cl.setContentsMargins(0, 0, 0, 0)
        self.closed_label = WrapLabel("")
        self.closed_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.closed_label.setToolTip(self.tr("Closed regime: claims with a gold four-way verdict (as in SciFact), scored verdict against verdict"))
        cl.addWidget(self.closed_label)
        self.closed_table = read_only_table([self.tr(c) for c in CLOSED_COLUMNS])
        self.closed_table.setObjectName("closedTable")
        fit_rows(self.closed_table, 4)           # the four verdicts
        cl.addWidget(self.closed_table, 1)
        grid.addWidget(closed, 1, 0)

    def _build_compare(self) -> None:
        bottom = QWidget()
        bl = QHBoxLayout(bottom)
        bl.setContentsMargins(0, 0, 0, 0)
        pick = QVBoxLayout()
        sub = QLabel(self.tr("Compare runs"))
        sub.setObjectName("subsectionTitle")
        pick.addWidget(sub)
        self.compare_list = QListWidget()
        self.compare_list.setMaximumWidth(200)
        self.compare_list.itemChanged.connect(lambda _item: self.recompute())
        pick.addWidget(self.compare_list)
        bl.addLayout(pick)
        right = QVBoxLayout()
        self.compare_label = QLabel(self.tr("Tick two or more runs to compare them on the units they share."))
        self.compare_label.setWordWrap(True)
        self.compare_label.setMinimumHeight(36)
        right.addWidget(self.compare_label)
        self.compare_table = read_only_table([self.tr(c) for c in COMPARE_COLUMNS])
        self.compare_table.setObjectName("compareTable")
        right.addWidget(self.compare_table)
        bl.addLayout(right, 1)
        # the run's certification from few expert labels sits beside the comparison (issue #21)
        self.lower_tabs = QTabWidget()
        self.lower_tabs.setDocumentMode(True)
        self.lower_tabs.addTab(bottom, self.tr("Compare runs"))
        self._split.addWidget(self.lower_tabs)
        self._split.setSizes([480, 320])
        self._split.setChildrenCollapsible(False)

    # ---- state ----------------------------------------------------------------------------------------
    @property
    def level(self) -> str:
        return self.level_combo.currentData() or "sentence"

    def compare_ids(self) -> list[str]:
        out = []
        for i in range(self.compare_list.count()):
            it = self.compare_list.item(i)
            if it.checkState() == Qt.CheckState.Checked:
                out.append(it.text())
        return out

    @property
    def loading(self) -> bool:
        """True while the list of scorable runs is being read."""
        return self._reading_runs

    def refresh(self) -> None:
        """Re-read the scorable runs off the UI thread; the page keeps its choices until they arrive."""
        self._reading_runs = True
        self.status.setText(QCoreApplication.translate("PageRead", "Reading…"))
        if self._body_built:
            for section in filter(None, map(self._lazy.built, self._study_keys)):
                section.refresh()
        project = self.project
        QueryOp(self, op=lambda: services.scorable_runs(project), success=self._runs_read) \
            .failure(self._runs_failed).title("reading the scorable runs").run_in_background()

    def _runs_failed(self, exc: BaseException) -> None:
        # not "no verify runs yet": the runs exist, they could not be read
        self._reading_runs = False
        self.status.clear()
        ReadFailure.of(self).show_error(exc)
        for b in self.export_buttons.values():
            b.setEnabled(False)

    def _runs_read(self, kinds: dict) -> None:
        if not self._body_built:    # into the body once its turns are over: asking for it now built it all in one
            build_later(self, lambda: self._runs_read(kinds))
            return
        self._reading_runs = False
        runs = [r for r, k in kinds.items() if k == "verdicts"]
        current = self.run_combo.currentText()
        ticked = set(self.compare_ids())
        for w in (self.run_combo, self.compare_list):
            w.blockSignals(True)
        self.run_combo.clear()
        self.run_combo.addItems(runs)
        if current in runs:
            self.run_combo.setCurrentText(current)
        elif runs:
            self.run_combo.setCurrentIndex(len(runs) - 1)     # the newest run first
        self.compare_list.clear()
        for r in runs:
            it = QListWidgetItem(r)
            it.setFlags(it.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            it.setCheckState(Qt.CheckState.Checked if r in ticked else Qt.CheckState.Unchecked)
            self.compare_list.addItem(it)
        for w in (self.run_combo, self.compare_list):
            w.blockSignals(False)
        for b in self.export_buttons.values():
            b.setEnabled(bool(kinds))
        if not runs:
            self.status.setText(self.tr("No finished verify runs yet. Verify claims (Workflow › Verify), or import verdicts made elsewhere (File › Import data, kind: verdicts)."))
        self.recompute()

    @property
    def gold(self) -> str:
        return self.gold_combo.currentData() or "expert"

    def _mapping_chosen(self, _mapping: str) -> None:
        if self.bundle is not None and self.bundle.metrics is not None:
            self._show_metrics()
            if self._lazy.built("figures") is not None:
                self.figures_panel.show_figures(self.bundle.extras, self.mapping)
        self.recompute(metrics=False)

    def _show_choices(self, bundle: ResultsBundle) -> None:
        """The gold sources and categories the project offers, read with the figures (never on this thread)."""
        fill_choices(self.gold_combo, [(g, g) for g in bundle.gold_choices[2:]])
        fill_choices(self.subset_combo, [(self.tr("category {c}").format(c=c), f"category:{c}") for c in bundle.categories]
                     + unit_list_items(self.subset_combo))

    def recompute(self, metrics: bool = True) -> None:
        run_id = self.run_combo.currentText() or None
        compare_ids = self.compare_ids()
        if self._lazy.built("certify") is not None:
            self.certify_panel.set_inputs(run_id, self.mapping, self.level)
        if run_id is None and len(compare_ids) < 2:
            self._show(ResultsBundle(None, None, None))
            return
        if self._op is not None and self._op.running:
            self._op.cancel()
        self.status.setText(self.tr("Scoring…"))
        keep = self.bundle if (self.bundle and not metrics) else None
        fn_run = None if keep is not None and keep.metrics is not None else run_id

        def done(bundle: ResultsBundle) -> None:
            if keep is not None and keep.metrics is not None:
                bundle.metrics, bundle.extras, bundle.categories = keep.metrics, keep.extras, keep.categories
            self._show_choices(bundle)
            self._show(bundle)

        project, mapping, level, n = self.project, self.mapping, self.level, self.n_resamples
        gold, subset = self.gold, self.subset_combo.currentData()
        self._op = (Op(self, lambda job: compute_results(project, fn_run, compare_ids, mapping, level, n,
                                                         cancel=job.cancel, gold=gold, subset=subset))
                    .title(self.tr("Scoring"))   # metrics seen: the Score step is done
                    .success(done)
                    .failure(lambda exc: self.status.setText(self.tr("Cannot score: {v0}").format(v0=error_text(exc))))
                    .run())

    # ---- display --------------------------------------------------------------------------------------
    def _show(self, bundle: ResultsBundle) -> None:
        self.bundle = bundle
        self._show_metrics()
        self._show_comparison()
        if self._lazy.built("figures") is not None:
            self.figures_panel.show_figures(bundle.extras, self.mapping)

    def _show_metrics(self) -> None:
        m = self.bundle.metrics if self.bundle else None
        t = self.metrics_table
        if m is None:
            t.setRowCount(0)
            self.closed_label.setText("")
            self.closed_table.setRowCount(0)
            _empty(self.interval_plot, self.tr("No scores yet: choose a finished verify run."))
            _empty(self.confusion_plot, self.tr("No confusion matrix yet: choose a finished verify run."))
            return
        if self._auto_level:
            here = getattr(m, self.level).get(self.mapping)
            other = "claim" if self.level == "sentence" else "sentence"
            there = getattr(m, other).get(self.mapping)
            # a claims-only run has neither level scored: its gold-verdict table is per claim, so open there
            closed_only = m.closed is not None and self.level == "sentence" and not (there and there.n)
            if (here is None or here.n == 0) and ((there is not None and there.n > 0) or closed_only):
                self.level_combo.blockSignals(True)
                self.level_combo.setCurrentIndex(self.level_combo.findData(other))   # the level that has scores
                self.level_combo.blockSignals(False)
        scores = getattr(m, self.level)
        has_open = any(s.n for s in (*m.sentence.values(), *m.claim.values()))
        # show the regime that has data; the other says in one line why it is empty
        t.setVisible(has_open)
        self.interval_plot.setVisible(has_open)
        self.closed_table.setVisible(m.closed is not None)
        self.confusion_plot.setVisible(m.closed is not None)
        t.setRowCount(len(scores))
        for row, (mapping, s) in enumerate(scores.items()):
            values = (mapping, s.n, s.tp, s.fp, s.fn, s.tn, percent_text(s.precision, s.precision_ci),
                      percent_text(s.recall, s.recall_ci), percent_text(s.f1, s.f1_ci))
            for col, v in enumerate(values):
                item = QTableWidgetItem(str(v))
                if col > 0:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if mapping == self.mapping:
                    f = item.font()
                    f.setBold(True)
                    item.setFont(f)
                t.setItem(row, col, item)
        keep_columns_in_view(t)
        reasons = {"parse_failed": self.tr("{n} parse failed"), "no_claims": self.tr("{n} no claims"),
                   "missing_verdict": self.tr("{n} missing verdict")}     # engine/services/scoring_units.py
        unscored = ", ".join(reasons[k].format(n=i18n.number(v)) if k in reasons else f"{v} {k.replace('_', ' ')}"
                             for k, v in m.unscored.items() if v)
        contradicted = (self.tr(" {n} verdicts are contradicted by their own reasoning (marked in Review).")
                        .format(n=m.n_reasoning_contradicts) if m.n_reasoning_contradicts else "")
        if has_open:
            self.status.setText(
                self.tr("{run}: {sentences} sentences and {claims} claims scored; {failures} parse failures "
                        "excluded; {unscored} sentences unscored").format(
                    run=m.run_id, sentences=i18n.number(m.n_sentences), claims=i18n.number(m.n_claims),
                    failures=i18n.number(m.n_parse_failures), unscored=i18n.number(m.n_unscored)) + (f" ({unscored})" if unscored else "")
                + self.tr(". Precision and recall: Wilson 95%; F1: bootstrap 95%.") + contradicted)
        elif m.closed is not None:
            self.status.setText(
                self.tr("{run}: no expert labels on answer sentences or claims, so no sentence- or claim-level "
                        "scores; {n} claims are scored against their gold verdicts below; {failures} parse failures "
                        "excluded.").format(run=m.run_id, n=i18n.number(m.closed.n),
                                            failures=i18n.number(m.n_parse_failures)) + contradicted)
        else:
            self.status.setText(self.tr("{run}: nothing to score: no verified claim has an expert label or a gold "
                                        "verdict; {failures} parse failures.").format(
                run=m.run_id, failures=m.n_parse_failures) + contradicted)
        self._plot_intervals(scores)
        self._plot_confusion(m)

    def _level_name(self) -> str:
        return self.tr("sentence") if self.level == "sentence" else self.tr("claim")

    def _level_chosen(self) -> None:
        self._auto_level = False
        self.recompute()

    def _plot_intervals(self, scores) -> None:
        s = scores[self.mapping]
        if s.n == 0 or all(v is None for v in (s.precision, s.recall, s.f1)):
            m = self.bundle.metrics
            if m is not None and m.closed is not None:
                why = self.tr("No {level}-level scores: this run's claims carry gold verdicts, not expert labels "
                              "on answer sentences. See the closed-regime table.").format(level=self._level_name())
            else:
                why = self.tr("No {level}-level scores: no verified claim of this run has an expert label at the "
                              "{level} level.").format(level=self._level_name())
            _empty(self.interval_plot, why)
            return
        rows = [(name, v, ci, None if v is None else i18n.number(100 * v, 1))
                for name, v, ci in zip([self.tr("precision"), self.tr("recall"), "F1"], [s.precision, s.recall, s.f1],
                                       [s.precision_ci, s.recall_ci, s.f1_ci])]
        title = self.tr("{mapping}, {level} level (95% intervals)").format(mapping=self.mapping, level=self._level_name())
        missing = self.tr("n/a")
        self.interval_plot.plot(lambda fig: interval_axes(fig, rows, title, missing))

    def _plot_confusion(self, m: services.RunMetrics) -> None:
        c = m.closed
        if c is None:
            self.closed_label.setText(self.tr("Closed regime: no verified claim of this run has a gold verdict."))
            self.closed_table.setRowCount(0)
            _empty(self.confusion_plot, self.tr("No confusion matrix: no verified claim of this run has a gold "
                                                "verdict (open-regime runs are scored above)."))
            return
        self.closed_label.setText(
            self.tr("Closed regime: {n} claims with gold verdicts, accuracy {v0}, macro-F1 {v1}.").format(n=i18n.number(c.n), v0=percent_text(c.accuracy, c.accuracy_ci), v1=percent_text(c.macro_f1))
            + " " + closed_figures_text(m))
        show_closed(self.closed_table, self.confusion_plot, c)

    def _show_comparison(self) -> None:
        comp = self.bundle.comparison if self.bundle else None
        t = self.compare_table
        if comp is None:
            t.setRowCount(0)
            note = self.bundle.comparison_note if self.bundle else None
            self.compare_label.setText(note or self.tr("Tick two or more runs to compare them on the units they share."))
            return
        q = comp.cochran_q or {}
        self.compare_label.setText(
            (self.tr("{n_shared} shared sentences") if comp.level == "sentence" else
             self.tr("{n_shared} shared claims")).format(n_shared=comp.n_shared)
            + self.tr(" under {mapping}. Cochran's Q = {v0:.2f}, p = {v1} (permutation p = {v2}). Δ against {v3}; exact McNemar with Holm adjustment; bootstrap stratified by {strata}.").format(mapping=comp.mapping, v0=q.get('statistic', 0), v1=_pvalue(q.get('p_asymptotic')), v2=_pvalue(q.get('p_permutation')), v3=comp.runs[0], strata=comp.strata))
        t.setRowCount(len(comp.table))
        for row, r in enumerate(comp.table):
            values = (r["run_id"], r["n"], percent_text(r["recall"], r["recall_ci"]), percent_text(r["f1"], r["f1_ci"]),
                      percent_text(r["delta_recall"], r["delta_recall_ci"]) if r["delta_recall"] is not None else "",
                      percent_text(r["delta_f1"], r["delta_f1_ci"]) if r["delta_f1"] is not None else "",
                      _pvalue(r["mcnemar_p"]), _pvalue(r["mcnemar_p_holm"]))
            for col, v in enumerate(values):
                item = QTableWidgetItem(str(v))
                if col > 0:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                t.setItem(row, col, item)

    # ---- export ---------------------------------------------------------------------------------------
    def default_report_dir(self, parent: str | Path) -> Path:
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        return Path(parent) / f"{Path(self.project.path).stem}-report-{stamp}"

    def export(self, formats: tuple[str, ...], parent_dir: str | None = None) -> None:
        if parent_dir is None:
            parent_dir = QFileDialog.getExistingDirectory(self, self.tr("Folder to write the report into"),
                                                          str(Path(self.project.path).parent))
            if not parent_dir:
                return
        out = self.default_report_dir(parent_dir)
        runs = self.compare_ids() or ([self.run_combo.currentText()] if self.run_combo.currentText() else None)
        self.status.setText(self.tr("Writing {v0} report to {out}…").format(v0=', '.join(formats), out=out))

        def ok(written) -> None:
            self.status.setText(QCoreApplication.translate("results_view", "Report written to {out} ({v0} files).").format(out=out, v0=len(written)))
            self.reportWritten.emit(str(out))

        project, mapping, level, gold = self.project, self.mapping, self.level, self.gold
        Op(self, lambda job: export_report(project, str(out), formats, runs, mapping, level, job.progress, gold)) \
            .title(self.tr("Writing report")).success(ok) \
            .failure(lambda exc: QMessageBox.warning(self, self.tr("Report not written"), error_text(exc))).run()
