"""The Results page's study sections for runs that are not verify runs (issue #33): evidence judge runs
scored against gold relevance (one row per run, so the CARE modes sit side by side, each with its
breakdowns by K, question type and difficulty) and aggregate (conflict-aware answering) runs' five
metrics with intervals and their breakdowns. The retrieval comparison is results_retrieval.py.

Each section reads in the background (QueryOp) when its tab is first shown and again after the page's
Refresh while shown: a project with no such runs pays nothing for them."""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QTabWidget, QWidget

from factaudit.engine import services
from factaudit.engine.errors import FactAuditError
from factaudit.gui import i18n
from factaudit.gui.ops import error_text
from factaudit.gui.query_op import QueryOp
from factaudit.gui.views.results_parts import WrapLabel
from factaudit.gui.views.results_study_base import CONFLICT_METRIC_NAMES, StudySection, _t, fill_table, pct
from factaudit.gui.views.tables import fit_rows, read_only_table

JUDGE_COLUMNS = (QT_TRANSLATE_NOOP("ResultsStudies", "Run"), QT_TRANSLATE_NOOP("ResultsStudies", "Mode"),
                 QT_TRANSLATE_NOOP("ResultsStudies", "Gold answer shown"), "n",
                 QT_TRANSLATE_NOOP("ResultsStudies", "Accuracy [95% CI]"), QT_TRANSLATE_NOOP("ResultsStudies", "Precision [95% CI]"),
                 QT_TRANSLATE_NOOP("ResultsStudies", "Recall [95% CI]"), QT_TRANSLATE_NOOP("ResultsStudies", "F1 [95% CI]"))
JUDGE_DETAIL_COLUMNS = (QT_TRANSLATE_NOOP("ResultsStudies", "Units"), "n", QT_TRANSLATE_NOOP("ResultsStudies", "Accuracy [95% CI]"),
                        QT_TRANSLATE_NOOP("ResultsStudies", "Precision [95% CI]"), QT_TRANSLATE_NOOP("ResultsStudies", "Recall [95% CI]"),
                        QT_TRANSLATE_NOOP("ResultsStudies", "F1 [95% CI]"))
CONFLICT_COLUMNS = (QT_TRANSLATE_NOOP("ResultsStudies", "Run"), QT_TRANSLATE_NOOP("ResultsStudies", "Variant"),
                    QT_TRANSLATE_NOOP("ResultsStudies", "Items"), QT_TRANSLATE_NOOP("ResultsStudies", "With conflict"))
CONFLICT_DETAIL_COLUMNS = (QT_TRANSLATE_NOOP("ResultsStudies", "Breakdown"), QT_TRANSLATE_NOOP("ResultsStudies", "Group"),
                           QT_TRANSLATE_NOOP("ResultsStudies", "Items"))
BREAKDOWN_NAMES = {"evidence_condition": QT_TRANSLATE_NOOP("ResultsStudies", "evidence condition"),
                   "conflict_type": QT_TRANSLATE_NOOP("ResultsStudies", "conflict type"),
                   "language": QT_TRANSLATE_NOOP("ResultsStudies", "question language")}


def _scored(fn: Callable[[], dict], run_id: str) -> dict:
    """One run's figures, or why it has none (a run the figures refuse still gets its row)."""
    try:
        return fn()
    except FactAuditError as exc:
        return {"run_id": run_id, "error": error_text(exc)}


def judge_section_figures(project, n_resamples: int) -> list[dict]:
    """Worker: every finished evidence judge run scored against the claims' gold evidence (judge_scores)."""
    out = []
    for r in services.judge_runs(project):
        if r.status != "done" or (r.config or {}).get("target") != "evidence":
            continue
        out.append(_scored(lambda r=r: services.judge_scores(project, r.id, n_resamples), r.id))
    return out


def _relevance_cells(fig: dict) -> tuple[str, ...]:
    return (i18n.number(fig["n"]), pct(fig["accuracy"], fig["accuracy_ci"]), pct(fig["precision"], fig["precision_ci"]),
            pct(fig["recall"], fig["recall_ci"]), pct(fig["f1"], fig["f1_ci"]))


class JudgeScoresSection(StudySection):
    """Evidence judge runs against gold relevance: one row per run (its mode, whether it saw the gold
    answer), the chosen run's figures by K, question type and difficulty below."""

    title = "scoring the judge runs"

    def __init__(self, project, n_resamples: int, parent: QWidget | None = None):
        super().__init__(project, n_resamples, parent)
        self.table = read_only_table([_t(c) for c in JUDGE_COLUMNS])
        self.table.setObjectName("judgeRunsTable")
        fit_rows(self.table, 3)
        self.table.itemSelectionChanged.connect(self._show_detail)
        self.root.addWidget(self.table, 1)
        self.detail_label = WrapLabel("")
        self.root.addWidget(self.detail_label)
        self.detail = read_only_table([_t(c) for c in JUDGE_DETAIL_COLUMNS])
        self.detail.setObjectName("judgeDetailTable")
        fit_rows(self.detail, 4)
        self.root.addWidget(self.detail, 1)

    def start_read(self) -> None:
        project, n = self.project, self.n_resamples
        self.begin_read(QueryOp(self, op=lambda: judge_section_figures(project, n), success=self._read_done))

    def show_result(self, runs: list[dict]) -> None:
        rows = []
        for j in runs:
            if "error" in j:
                rows.append((j["run_id"], "", "", "", j["error"], "", "", ""))
                continue
            rows.append((j["run_id"], j["mode"] or "", self.tr("yes") if j["with_gold"] else self.tr("no"),
                         *_relevance_cells(j["overall"])))
        fill_table(self.table, rows, right_from=3)
        if not runs:
            self.note.setText(self.tr("No finished evidence judge run yet. Judge evidence (Workflow › Judge, target: evidence) "
                                      "on claims with gold evidence passages to score the judge here."))
        else:
            self.note.setText(self.tr("The relevant label against the claims' gold evidence passages, one row per judge run "
                                      "(CARE, direct or indirect mode, with or without the gold answer). Accuracy, precision "
                                      "and recall: Wilson 95%; F1: bootstrap 95% ({n} resamples). Units of claims without "
                                      "gold evidence are left out.").format(n=i18n.number(self.n_resamples)))
        self.select_first_scored(runs)

    def _show_detail(self) -> None:
        run = self.selected_run()
        if run is None:
            return
        j = run
        out = [(self.tr("all"), *_relevance_cells(j["overall"]))]
        out += [(self.tr("K = {k}").format(k=k), *_relevance_cells(f)) for k, f in (j.get("by_k") or {}).items()]
        out += [(self.tr("type {v}").format(v=v), *_relevance_cells(f)) for v, f in (j.get("by_question_type") or {}).items()]
        out += [(self.tr("difficulty {v}").format(v=v), *_relevance_cells(f)) for v, f in (j.get("by_difficulty") or {}).items()]
        fill_table(self.detail, out)
        self.detail_label.setText(self.tr("{run}: {n} judged units with gold ({left} left out without gold, {failed} parse "
                                          "failures counted as not relevant); K = the first K passages of each judged list.").format(
            run=j["run_id"], n=i18n.number(j["n_units"]), left=i18n.number(j["n_without_gold"]),
            failed=i18n.number(j["n_parse_failures"])))


def conflict_section_figures(project, n_resamples: int) -> list[dict]:
    """Worker: every aggregate run that answered an item, scored (aggregate_figures)."""
    out = []
    for r in services.aggregate_runs(project):
        fig = _scored(lambda r=r: services.aggregate_figures(project, r.id, n_resamples), r.id)
        if "error" in fig or fig["n_items"]:
            out.append(fig)
    return out


def _metric_cells(fig: dict) -> tuple[str, ...]:
    return tuple(pct(fig["metrics"].get(m), fig["intervals"].get(m)) for m in CONFLICT_METRIC_NAMES)


class ConflictRunsSection(StudySection):
    """Aggregate runs: the five conflict metrics with bootstrap intervals, one row per run, and the
    chosen run's breakdown by evidence condition, conflict type and question language below."""

    title = "scoring the aggregate runs"

    def __init__(self, project, n_resamples: int, parent: QWidget | None = None):
        super().__init__(project, n_resamples, parent)
        metrics = [_t(m) for m in CONFLICT_METRIC_NAMES.values()]
        self.table = read_only_table([_t(c) for c in CONFLICT_COLUMNS] + metrics)
        self.table.setObjectName("conflictRunsTable")
        fit_rows(self.table, 3)
        self.table.itemSelectionChanged.connect(self._show_detail)
        self.root.addWidget(self.table, 1)
        self.detail_label = WrapLabel("")
        self.root.addWidget(self.detail_label)
        self.detail = read_only_table([_t(c) for c in CONFLICT_DETAIL_COLUMNS] + metrics)
        self.detail.setObjectName("conflictDetailTable")
        fit_rows(self.detail, 4)
        self.root.addWidget(self.detail, 1)
        from factaudit.gui.views.results_stress import StressPanel

        self.stress = StressPanel(project, n_resamples)
        self.root.addWidget(self.stress)

    @property
    def loading(self) -> bool:
        return self._reading or self.stress.loading

    def start_read(self) -> None:
        project, n = self.project, self.n_resamples
        self.begin_read(QueryOp(self, op=lambda: conflict_section_figures(project, n), success=self._read_done))

    def show_result(self, runs: list[dict]) -> None:
        rows = []
        for c in runs:
            if "error" in c:
                rows.append((c["run_id"], "", "", "", c["error"], *[""] * (len(CONFLICT_METRIC_NAMES) - 1)))
                continue
            rows.append((c["run_id"], c["variant"] or "", i18n.number(c["n_items"]), i18n.number(c["n_conflict"]),
                         *_metric_cells(c)))
        fill_table(self.table, rows, right_from=2)
        if not runs:
            self.note.setText(self.tr("No aggregate run has answered an item yet. Run conflict-aware answering "
                                      "(Workflow › Aggregate) on a dataset with document answers to score it here."))
        else:
            self.note.setText(self.tr("Each aggregate run over the items it answered, against the gold answers: the five "
                                      "conflict metrics with bootstrap 95% intervals ({n} resamples). A privileged variant "
                                      "(oracle) sees the gold and is a ceiling, not a method.").format(n=i18n.number(self.n_resamples)))
        self.select_first_scored(runs)

    def _show_detail(self) -> None:
        run = self.selected_run()
        if run is None:
            self.stress.set_run(None)
            return
        c = run
        self.stress.set_run(c["run_id"])
        out = []
        for name, groups in (c.get("breakdown") or {}).items():
            for group, fig in groups.items():
                out.append((_t(BREAKDOWN_NAMES.get(name, name)), group, i18n.number(fig["n_items"]), *_metric_cells(fig)))
        fill_table(self.detail, out, right_from=2)
        if out:
            text = self.tr("{run}: its items by evidence condition (an item can carry several), conflict type "
                           "(conflict items only) and question language.").format(run=c["run_id"])
        else:
            text = self.tr("{run}: its items fall in one group of each breakdown, so the run's row says it all.").format(run=c["run_id"])
        if c.get("n_unanswered"):
            text += " " + self.tr("{n} items are not answered yet.").format(n=i18n.number(c["n_unanswered"]))
        self.detail_label.setText(text)


STUDY_TABS = (("retrieval", QT_TRANSLATE_NOOP("ResultsStudies", "Retrieval runs")),
              ("judge", QT_TRANSLATE_NOOP("ResultsStudies", "Judge runs")),
              ("conflict", QT_TRANSLATE_NOOP("ResultsStudies", "Conflict runs")))


def study_section(key: str, project, n_resamples: int) -> StudySection:
    """One section of the Results page's lower half (built when its tab is first shown)."""
    from factaudit.gui.views.results_retrieval import RetrievalCompareSection

    cls = {"retrieval": RetrievalCompareSection, "judge": JudgeScoresSection, "conflict": ConflictRunsSection}[key]
    return cls(project, n_resamples)


def add_study_tabs(lazy, project, n_resamples: int) -> list[str]:
    """The three sections as lazily built tabs (results_lazy.LazyTabs) of the Results page's lower
    half; returns their keys, so its Refresh reaches those built."""
    for key, name in STUDY_TABS:
        lazy.add(key, _t(name), lambda k=key: study_section(k, project, n_resamples))
    return [key for key, _name in STUDY_TABS]
