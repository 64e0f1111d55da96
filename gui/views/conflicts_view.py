"""The Conflicts view (Review › Conflicts): an aggregate run item by item — the documents with their
language, each document's extracted candidate and quote, the repairs, the groups with the rule of
each decision, the final answer or conflict listing, and the stage where the item diverged from the
privileged oracle. Filters by stage and by condition. Everything is read in a worker thread."""
from __future__ import annotations

import html
from dataclasses import dataclass, field

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtWidgets import (
    QComboBox, QHBoxLayout, QLabel, QPushButton, QSplitter, QTableWidgetItem, QTextBrowser, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.gui import i18n
from factaudit.gui.dialogs.aggregate_dialog import AggregateDialog
from factaudit.gui.views.page_parts import PageRead, muted_label, refresh_button, section_head
from factaudit.gui.views.tables import read_only_table

STAGES = ("extraction", "repair", "grouping", "aggregation", "single-call")
CONDITIONS = ("conflict", "no-conflict", "misinfo", "noise", "ambiguous", "bilingual")
# the conditions as shown (issue #35: they were English in zh and de); stored values stay these ids
CONDITION_NAMES = {"conflict": QT_TRANSLATE_NOOP("ConflictsView", "conflict"),
                   "no-conflict": QT_TRANSLATE_NOOP("ConflictsView", "no conflict"),
                   "misinfo": QT_TRANSLATE_NOOP("ConflictsView", "misinformation"),
                   "noise": QT_TRANSLATE_NOOP("ConflictsView", "noise"),
                   "ambiguous": QT_TRANSLATE_NOOP("ConflictsView", "ambiguous"),
                   "bilingual": QT_TRANSLATE_NOOP("ConflictsView", "bilingual")}


def condition_names(conditions) -> str:
    return ", ".join(QCoreApplication.translate("ConflictsView", CONDITION_NAMES[c]) if c in CONDITION_NAMES else c
                     for c in conditions)
SAME = QT_TRANSLATE_NOOP("ConflictsView", "same as the oracle")
# the stages as shown (the stored `diverged_at` values stay these English ids)
STAGE_NAMES = {"extraction": QT_TRANSLATE_NOOP("ConflictsView", "extraction"),
               "repair": QT_TRANSLATE_NOOP("ConflictsView", "repair"),
               "grouping": QT_TRANSLATE_NOOP("ConflictsView", "grouping"),
               "aggregation": QT_TRANSLATE_NOOP("ConflictsView", "aggregation"),
               "single-call": QT_TRANSLATE_NOOP("ConflictsView", "single call")}


def stage_name(stage: str | None) -> str:
    if stage is None:
        return QCoreApplication.translate("ConflictsView", SAME)
    return QCoreApplication.translate("ConflictsView", STAGE_NAMES[stage]) if stage in STAGE_NAMES else stage
COLUMNS = (QT_TRANSLATE_NOOP("ConflictsView", "Item"), QT_TRANSLATE_NOOP("ConflictsView", "Question"), QT_TRANSLATE_NOOP("ConflictsView", "Output"), QT_TRANSLATE_NOOP("ConflictsView", "Success"), QT_TRANSLATE_NOOP("ConflictsView", "Diverged at"), QT_TRANSLATE_NOOP("ConflictsView", "Conditions"))
METRIC_NAMES = {"strict_accuracy": QT_TRANSLATE_NOOP("ConflictsView", "strict accuracy"), "conflict_aware_success": QT_TRANSLATE_NOOP("ConflictsView", "conflict-aware success"),
                "conflict_f1": QT_TRANSLATE_NOOP("ConflictsView", "conflict F1"), "conflict_awareness": QT_TRANSLATE_NOOP("ConflictsView", "conflict awareness"),
                "unsupported_ratio": QT_TRANSLATE_NOOP("ConflictsView", "unsupported ratio")}


@dataclass
class ConflictsBundle:
    runs: list[tuple[str, str]]                   # (run id, variant), newest first
    run_id: str | None
    items: list = field(default_factory=list)     # services.ConflictItemView
    metrics: dict | None = None
    privileged: str | None = None


def load_conflicts(project, run_id: str | None, progress=None, cancel=None) -> ConflictsBundle:
    """Worker-thread function: the runs, and the chosen run's items."""
    runs = [(r.id, r.config.get("variant", "?")) for r in reversed(services.aggregate_runs(project))
            if r.status == "done"]
    if run_id is None or run_id not in {r for r, _ in runs}:
        run_id = runs[0][0] if runs else None
    if run_id is None:
        return ConflictsBundle(runs, None)
    if progress is not None:
        progress(0, None, "reading the run's items")
    items = services.conflict_items(project, run_id)
    if cancel is not None:
        cancel.check()
    scores = services.aggregate_scores(project, run_id)
    privileged = services.get_run(project, run_id).config.get("privileged")
    return ConflictsBundle(runs, run_id, items, {"scores": scores.metrics, "intervals": scores.intervals,
                                                 "n": scores.n_items, "n_conflict": scores.n_conflict}, privileged)


def _e(text) -> str:
    return html.escape(str(text if text is not None else ""))


def item_html(v) -> str:
    """One item, stage by stage (the documents and answers are quoted text: escaped)."""
    r = v.result
    extracted = {e.doc_id: e for e in r.extractions}
    repaired = {x.doc_id: x for x in r.repairs}
    question = QCoreApplication.translate("ConflictsView", "Question:")
    gold = QCoreApplication.translate("ConflictsView", "Gold answers:")
    conditions = QCoreApplication.translate("ConflictsView", "Conditions:")
    diverged = QCoreApplication.translate("ConflictsView", "Diverged from the oracle at:")
    out = [f"<h3>{_e(v.item_id)}</h3><p><b>{question}</b> {_e(v.question)}<br>"
           f"<b>{gold}</b> {_e(', '.join(v.gold_answers))}<br>"
           f"<b>{conditions}</b> {_e(condition_names(v.conditions))}<br>"
           f"<b>{diverged}</b> {_e(stage_name(v.diverged_at))}</p>"]
    heads = [QCoreApplication.translate("ConflictsView", "Doc"), QCoreApplication.translate("ConflictsView", "Lang"),
             QCoreApplication.translate("ConflictsView", "Text"), QCoreApplication.translate("ConflictsView", "Candidate"),
             QCoreApplication.translate("ConflictsView", "Quote"), QCoreApplication.translate("ConflictsView", "Repair")]
    out.append("<h4>" + QCoreApplication.translate("ConflictsView", "Documents")
               + "</h4><table border='1' cellspacing='0' cellpadding='3'><tr>"
               + "".join(f"<th>{h}</th>" for h in heads) + "</tr>")
    for d in v.docs:
        e = extracted.get(d.id)
        cand = "—" if e is None else (_e(e.answer) if e.answer else "<i>" + QCoreApplication.translate(
            "ConflictsView", "none ({status})").format(status=_e(e.status)) + "</i>")
        rep = repaired.get(d.id)
        rep_text = "" if rep is None else f"{_e(rep.before) or '∅'} → {_e(rep.after) or '∅'} <i>({_e(rep.rule)})</i>"
        text = d.text if len(d.text) <= 300 else d.text[:300] + " …"
        out.append(f"<tr><td>{_e(d.id)}</td><td>{_e(d.lang or '?')}</td><td>{_e(text)}</td><td>{cand}</td>"
                   f"<td>{_e(e.quote if e else '')}</td><td>{rep_text}</td></tr>")
    out.append("</table>")
    if r.groups:
        out.append("<h4>" + QCoreApplication.translate("ConflictsView", "Groups (by {rule})").format(
            rule=_e(r.grouped_by)) + "</h4><ul>")
        for g in r.groups:
            why = ", ".join(f"{_e(d.doc_id)}: {_e(d.answer)} ({_e(d.rule)})" for d in g.decisions)
            out.append(f"<li><b>{_e(g.label)}</b> — {why}</li>")
        out.append("</ul>")
    elif r.grouped_by == "none":
        out.append("<p><i>" + QCoreApplication.translate("ConflictsView", "Single call: no per-document stages.")
                   + "</i></p>")
    out.append("<h4>" + QCoreApplication.translate("ConflictsView", "Output ({kind})").format(kind=_e(r.outcome.kind))
               + f"</h4><p>{_e(r.outcome.text)}</p>")
    yes, no = QCoreApplication.translate("ConflictsView", "yes"), QCoreApplication.translate("ConflictsView", "no")
    out.append("<p>" + QCoreApplication.translate(
        "ConflictsView", "Strict: {strict}; conflict-aware success: {success}; model calls: {calls}").format(
        strict=yes if v.score.strict else no, success=yes if v.score.success else no, calls=r.calls) + "</p>")
    return "".join(out)


class ConflictsView(QWidget):
    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project
        self.bundle: ConflictsBundle | None = None
        self.shown: list = []
        root = QVBoxLayout(self)
        root.setContentsMargins(16, 12, 16, 12)
        root.setSpacing(8)
        head = section_head(self.tr("Conflicts"))
        head.addSpacing(12)
        head.addWidget(QLabel(self.tr("Run:")))
        self.run_combo = QComboBox()
        self.run_combo.setMinimumWidth(200)
        self.run_combo.activated.connect(lambda _=0: self.refresh())
        head.addWidget(self.run_combo)
        head.addWidget(QLabel(self.tr("Stage:")))
        self.stage_combo = QComboBox()
        self.stage_combo.addItem(self.tr("any stage"), None)     # entries shown translated, filtered by data
        self.stage_combo.addItem(self.tr(SAME), SAME)
        for stage in STAGES:
            self.stage_combo.addItem(stage_name(stage), stage)
        self.stage_combo.currentIndexChanged.connect(lambda _=0: self.apply_filters())
        head.addWidget(self.stage_combo)
        head.addWidget(QLabel(self.tr("Condition:")))
        self.condition_combo = QComboBox()
        self.condition_combo.addItem(self.tr("any condition"), None)
        for c in CONDITIONS:
            self.condition_combo.addItem(self.tr(CONDITION_NAMES[c]), c)
        self.condition_combo.currentIndexChanged.connect(lambda _=0: self.apply_filters())
        head.addWidget(self.condition_combo)
        head.addStretch(1)
        root.addLayout(head)
        # the buttons share the status row, so the filters row fits a 1280-px laptop screen
        second = QHBoxLayout()
        self.status = muted_label()
        second.addWidget(self.status, 1)
        self.run_button = QPushButton(self.tr("Answer from documents…"))
        self.run_button.setToolTip(self.tr("Start an aggregate run: one variant over questions that carry documents"))
        self.run_button.clicked.connect(self.open_run_dialog)
        self.run_button.setEnabled(not project.readonly)
        second.addWidget(self.run_button)
        self.refresh_button = refresh_button(second, self.refresh)
        root.addLayout(second)
        self._read = PageRead(self, self.status, self.refresh_button)
        split = QSplitter(Qt.Orientation.Horizontal)
        self.table = read_only_table([self.tr(c) for c in COLUMNS], stretch_last=False)
        self.table.itemSelectionChanged.connect(self.show_selected)
        split.addWidget(self.table)
        self.detail = QTextBrowser()
        self.detail.setOpenExternalLinks(False)
        split.addWidget(self.detail)
        split.setSizes([520, 680])
        root.addWidget(split, 1)
        self.refresh()

    def refresh(self) -> None:
        project, run = self.project, self.run_combo.currentData()
        self._read.start(lambda job: load_conflicts(project, run, job.progress, job.cancel), title=self.tr("Reading conflicts"),
                         success=self.show_bundle, failed=self.tr("Could not read the run"))

    def open_run_dialog(self) -> AggregateDialog:
        dialog = AggregateDialog(self.project, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.aggregated.connect(lambda result: self.show_run(result.run_id))
        dialog.open()
        return dialog

    def show_run(self, run_id: str) -> None:
        """Show a run that has just finished (it is not in the run list yet)."""
        self.run_combo.addItem(run_id, run_id)
        self.run_combo.setCurrentIndex(self.run_combo.count() - 1)
        self.refresh()

    def show_bundle(self, bundle: ConflictsBundle) -> None:
        self.bundle = bundle
        self.run_combo.blockSignals(True)
        self.run_combo.clear()
        for run_id, variant in bundle.runs:
            self.run_combo.addItem(f"{run_id} · {variant}", run_id)
        if bundle.run_id:
            self.run_combo.setCurrentIndex(self.run_combo.findData(bundle.run_id))
        self.run_combo.blockSignals(False)
        if bundle.run_id is None:
            self.status.setText(self.tr("No aggregate runs yet: press “Answer from documents…” to answer the questions of a dataset whose items carry documents (rules take seconds, no model)."))
        else:
            m = bundle.metrics or {}
            figures = "; ".join(
                f"{self.tr(METRIC_NAMES[k])} {'–' if v is None else i18n.number(v, 3)}" for k, v in m.get("scores", {}).items())
            note = f" — {bundle.privileged}" if bundle.privileged else ""
            self.status.setText(self.tr("{v0} items, {v1} conflict items: {figures}{note}").format(v0=m.get('n', 0), v1=m.get('n_conflict', 0), figures=figures, note=note))
        self.apply_filters()

    def apply_filters(self) -> None:
        items = self.bundle.items if self.bundle else []
        stage = self.stage_combo.currentData()
        cond = self.condition_combo.currentData()
        if stage == SAME:
            items = [v for v in items if v.diverged_at is None]
        elif stage in STAGES:
            items = [v for v in items if v.diverged_at == stage]
        if cond in CONDITIONS:
            items = [v for v in items if cond in v.conditions]
        self.shown = items
        self.table.setRowCount(len(items))
        for row, v in enumerate(items):
            answers = ", ".join(a.answer for a in v.result.outcome.answers)
            cells = (v.item_id, v.question, f"{v.result.outcome.kind}: {answers}" if answers else v.result.outcome.kind,
                     self.tr("yes") if v.score.success else self.tr("no"), stage_name(v.diverged_at),
                     condition_names(v.conditions))
            for col, text in enumerate(cells):
                self.table.setItem(row, col, QTableWidgetItem(text))
        self.detail.clear()
        if items:
            self.table.selectRow(0)
            self.show_selected()    # the selection may not have changed (row 0 again), so no signal

    def show_selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if rows and rows[0].row() < len(self.shown):
            self.detail.setHtml(item_html(self.shown[rows[0].row()]))
