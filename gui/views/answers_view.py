"""The Answers view (Review › Answers): a choices run's answer-level audit — strict / intermediate /
lenient, where options were lost, faithfulness, refusals, the expert review — and the expert review
itself: each sampled answer with its gold options and the passages the system saw, marked from the
keyboard (A = acceptable, N = not acceptable, with the note typed above; append-only, the next answer
follows). Without a sample the table lists the failed answers. The lenient score's wrong-option penalty
is set here (re-scored in the worker); the "Gold options" tab holds a second rater's gold options and the
test-set profile (answers_gold). Reads and writes run off the UI thread."""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QSplitter, QTableWidgetItem, QTabWidget, QTextBrowser,
    QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.gui.ops import Op, error_text
from factaudit.gui.views.answers_gold import GoldOptionsPanel
from factaudit.gui.penalty_setting import last_penalty, penalty_spin, remember_penalty
from factaudit.gui.views.labeling_parts import annotator_for
from factaudit.gui import i18n
from factaudit.gui.views.tables import read_only_table
from factaudit.gui.views.page_parts import PageRead, muted_label, refresh_button, section_head

COLUMNS = (QT_TRANSLATE_NOOP("AnswersView", "Item"), QT_TRANSLATE_NOOP("AnswersView", "Tier"),
           QT_TRANSLATE_NOOP("AnswersView", "Strict"), QT_TRANSLATE_NOOP("AnswersView", "Lost in"),
           QT_TRANSLATE_NOOP("AnswersView", "Review"))


def _tr(text: str) -> str:
    return QCoreApplication.translate("AnswersView", text)


def percent_text(value, ci=None) -> str:
    """0.8532 with (0.80, 0.90) -> "85.3 [80.0, 90.0]" in the locale's digits; None -> "n/a"."""
    return i18n.percent_ci(value, ci, missing=QCoreApplication.translate("AnswersView", "n/a"))


# the audit's words for an option's fate and the layer it was lost in (stored as the engine writes them)
AUDIT_WORDS = {"missed": QT_TRANSLATE_NOOP("AnswersView", "missed"), "wrong": QT_TRANSLATE_NOOP("AnswersView", "wrong"),
               "retrieval": QT_TRANSLATE_NOOP("AnswersView", "retrieval"),
               "generation": QT_TRANSLATE_NOOP("AnswersView", "generation"),
               "terminology": QT_TRANSLATE_NOOP("AnswersView", "terminology"),
               "data": QT_TRANSLATE_NOOP("AnswersView", "data"), "unknown": QT_TRANSLATE_NOOP("AnswersView", "unknown"),
               "in_evidence": QT_TRANSLATE_NOOP("AnswersView", "misread"),
               "unsupported": QT_TRANSLATE_NOOP("AnswersView", "made up")}


def audit_word(word: str) -> str:
    return _tr(AUDIT_WORDS[word]) if word in AUDIT_WORDS else word


def review_text(acceptable: bool) -> str:
    return QCoreApplication.translate("AnswersView", "acceptable") if acceptable else QCoreApplication.translate("AnswersView", "not acceptable")


@dataclass
class AnswersBundle:
    runs: list[str]
    run_id: str | None
    figures: dict | None = None            # the `multi_answer` part of `metrics --json`
    sample_id: int | None = None
    items: list = field(default_factory=list)       # services.ReviewItem
    audits: dict = field(default_factory=dict)      # item id -> audit row (causes, layers)
    strict: dict = field(default_factory=dict)


def load_answers(project, run_id: str | None, n_resamples: int = 1000, cancel=None,
                 lenient_penalty: float = 0.2) -> AnswersBundle:
    """Worker-thread function: the choices runs, and the chosen run's figures (the lenient score with
    `lenient_penalty` per wrong option), sample and answers."""
    runs = [r for r, kind in services.scorable_runs(project).items() if kind == "choices"][::-1]
    if run_id not in runs:
        run_id = runs[0] if runs else None
    if run_id is None:
        return AnswersBundle(runs, None)
    res = services.multi_answer_scores(project, run_id, n_resamples=n_resamples, lenient_penalty=lenient_penalty)
    if cancel is not None:
        cancel.check()
    audits = {a["item_id"]: a for a in res.audit_items}
    strict = {i.item_id: i.strict for i in res.items}
    samples = services.review_samples(project, run_id)
    if samples:
        items = services.review_queue(project, samples[-1].id)
    else:
        items = services.answer_items(project, run_id, [i for i, a in audits.items() if a["failed"]])
    return AnswersBundle(runs, run_id, res.to_json(), samples[-1].id if samples else None, items, audits, strict)


def summary_text(m: dict) -> str:
    parts = [QCoreApplication.translate("AnswersView", "{n} items: strict {strict}, intermediate {intermediate}, lenient {lenient}").format(
        n=i18n.number(m['n']), strict=percent_text(m['strict'], m.get('strict_ci')),
        intermediate=percent_text(m['intermediate'], m.get('intermediate_ci')),
        lenient=percent_text(m['lenient'], m.get('lenient_ci')))]
    if m.get("lenient_penalty") is not None:      # beside the lenient figure it qualifies
        parts[0] += " " + QCoreApplication.translate("AnswersView", "(penalty {penalty} per wrong option)").format(
            penalty=i18n.number(m["lenient_penalty"], 2))
    if m.get("acceptable_rate") is not None:
        t = m["review"]["table"]
        parts.append(QCoreApplication.translate("AnswersView", "acceptable (expert review, {reviewed} of {sampled}) {rate} against strict {strict} on those items — strict & acceptable {sa}, strict & not {sn}, not strict & acceptable {na}, neither {nn}").format(
            reviewed=i18n.number(m['review']['n_reviewed']), sampled=i18n.number(m['review']['n_sampled']),
            rate=percent_text(m['acceptable_rate'], m['acceptable_rate_ci']),
            strict=percent_text(m['review']['strict_on_reviewed']), sa=i18n.number(t['strict_and_acceptable']),
            sn=i18n.number(t['strict_not_acceptable']), na=i18n.number(t['not_strict_acceptable']),
            nn=i18n.number(t['not_strict_not_acceptable'])))
    if m.get("n_with_passages"):
        miss, wrong = m["missed_options"], m["wrong_options"]
        parts.append(QCoreApplication.translate("AnswersView", "evidence coverage {coverage}, faithfulness {faithfulness}; missed: retrieval {retrieval}, generation {generation}, terminology {terminology}; wrong: made up {made_up}, misread {misread}").format(
            coverage=percent_text(m['evidence_coverage'], m['evidence_coverage_ci']),
            faithfulness=percent_text(m['faithfulness'], m['faithfulness_ci']),
            retrieval=i18n.number(miss['retrieval']), generation=i18n.number(miss['generation']),
            terminology=i18n.number(miss['terminology']), made_up=i18n.number(wrong['unsupported']),
            misread=i18n.number(wrong['in_evidence'])))
    if m.get("refusal_rate") is not None:
        parts.append(QCoreApplication.translate("AnswersView", "refusals {rate}").format(rate=percent_text(m['refusal_rate'], m['refusal_rate_ci'])))
    parts += [f"⚠ {w}" for w in m.get("warnings", [])]
    return "\n".join(parts)


def _e(text) -> str:
    return html.escape(str(text if text is not None else ""))


_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*|__(?=\S)(.+?)(?<=\S)__")
_ITALIC = re.compile(r"(?<![\w*])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![\w*])")
_CODE = re.compile(r"`([^`\n]+)`")
_BULLET = re.compile(r"^\s*[-*+]\s+")       # numbered lines keep their numbers
_HEADING = re.compile(r"^\s*#{1,6}\s+")


def md_html(text) -> str:
    """Answers and references written by LLMs carry markdown (**bold**, lists, headings) that showed
    raw: the common inline marks and line structure become HTML, after escaping, so a stray '<' in an
    answer stays text and nothing else the model wrote is interpreted."""
    lines = []
    for line in _e(text).splitlines():
        heading = _HEADING.match(line)
        if heading:
            line = "<b>" + line[heading.end():] + "</b>"
        bullet = _BULLET.match(line)
        if bullet:
            line = "• " + line[bullet.end():]
        line = _BOLD.sub(lambda m: "<b>" + (m.group(1) or m.group(2)) + "</b>", line)
        line = _ITALIC.sub(r"<i>\1</i>", line)
        lines.append(_CODE.sub(r"<code>\1</code>", line))
    return "<br>".join(lines)


def item_html(v, audit: dict | None) -> str:
    cited = set(v.citations)
    label_question = QCoreApplication.translate("AnswersView", "Question:")
    label_gold_options = QCoreApplication.translate("AnswersView", "Gold options:")
    label_chosen = QCoreApplication.translate("AnswersView", "Chosen:")
    label_tier = QCoreApplication.translate("AnswersView", "Tier:")
    label_category = QCoreApplication.translate("AnswersView", "Category:")
    label_reference_answer = QCoreApplication.translate("AnswersView", "Reference answer:")
    label_lost = QCoreApplication.translate("AnswersView", "Lost:")
    label_review = QCoreApplication.translate("AnswersView", "Review:")
    chosen = "<i>" + QCoreApplication.translate("AnswersView", "refused") + "</i>" if v.refused else _e(', '.join(v.chosen) or '∅')
    out = [f"<h3>{_e(v.item_id)}</h3><p><b>{label_question}</b> {md_html(v.question)}<br>",
           f"<b>{label_gold_options}</b> {_e(', '.join(v.gold_options))}<br>",
           f"<b>{label_chosen}</b> {chosen}<br>",
           f"<b>{label_tier}</b> {_e(v.risk_tier or '—')} · <b>{label_category}</b> {_e(v.category or '—')}</p>"]
    if v.reference:
        out.append(f"<p><b>{label_reference_answer}</b> {md_html(v.reference)}</p>")
    if audit and audit.get("causes"):
        out.append(f"<p><b>{label_lost}</b> " + "; ".join(
            f"{_e(audit_word(c['kind']))} {_e(c['option'])} — {_e(audit_word(c.get('layer', c['cause'])))}"
            for c in audit["causes"]) + "</p>")
    if v.mark is not None:
        out.append(f"<p><b>{label_review}</b> {review_text(v.mark.acceptable)} "
                   f"({_e(v.mark.reviewer)}){': ' + _e(v.mark.note) if v.mark.note else ''}</p>")
    out.append("<h4>" + QCoreApplication.translate("AnswersView", "Passages the system saw") + "</h4>" if v.seen else
               "<p><i>" + QCoreApplication.translate("AnswersView", "The record does not list the passages the system saw.") + "</i></p>")
    cited_mark = QCoreApplication.translate("AnswersView", " (cited)")
    for pid, text in v.seen:
        out.append(f"<p><b>{_e(pid)}</b>{cited_mark if pid in cited else ''}: {md_html(text)}</p>")
    if v.gold_passages:
        out.append("<h4>" + QCoreApplication.translate("AnswersView", "Gold passages") + "</h4>" + "".join(f"<p><b>{_e(p)}</b>: {md_html(t)}</p>" for p, t in v.gold_passages))
    return "".join(out)


class AnswersView(QWidget):
    def __init__(self, project, parent: QWidget | None = None, *, n_resamples: int = 1000):
        super().__init__(parent)
        self.project = project
        self.n_resamples = n_resamples
        self.bundle: AnswersBundle | None = None
        self._write = None
        root = QVBoxLayout(self)
        root.setContentsMargins(16, 12, 16, 12)
        head = section_head(self.tr("Answers"))
        head.addWidget(QLabel(self.tr("Run:")))
        self.run_combo = QComboBox()
        self.run_combo.setMinimumWidth(160)
        self.run_combo.activated.connect(lambda _=0: self.refresh())
        head.addWidget(self.run_combo)
        self.sample_button = QPushButton(self.tr("Draw review sample (15 %)"))
        self.sample_button.setToolTip(self.tr("A stratified (by risk tier), seeded sample of the run's answers for expert review"))
        self.sample_button.clicked.connect(self.draw_sample)
        head.addWidget(self.sample_button)
        head.addWidget(QLabel(self.tr("Lenient penalty:")))
        self.penalty = penalty_spin(last_penalty(project), self.tr("What the lenient score takes off per wrong option chosen (0 to 1); the report uses the last value chosen here"))
        self.penalty.valueChanged.connect(self._penalty_changed)
        head.addWidget(self.penalty)
        head.addStretch(1)
        self.refresh_button = refresh_button(head, self.refresh)
        root.addLayout(head)
        self.status = muted_label()
        self._read = PageRead(self, self.status, self.refresh_button)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        root.addWidget(self.status)
        mark_row = QHBoxLayout()
        mark_row.addWidget(QLabel(self.tr("Note:")))
        self.note = QLineEdit()
        self.note.setPlaceholderText(self.tr("optional note, then A = acceptable, N = not acceptable (Alt+A / Alt+N while typing)"))
        mark_row.addWidget(self.note, 1)
        self.accept_button = QPushButton(self.tr("&Acceptable"))
        self.accept_button.clicked.connect(lambda: self.mark(True))
        self.reject_button = QPushButton(self.tr("&Not acceptable"))
        self.reject_button.clicked.connect(lambda: self.mark(False))
        mark_row.addWidget(self.accept_button)
        mark_row.addWidget(self.reject_button)
        root.addLayout(mark_row)
        split = QSplitter(Qt.Orientation.Horizontal)
        self.table = read_only_table([self.tr(c) for c in COLUMNS], stretch_last=False)
        self.table.itemSelectionChanged.connect(self.show_selected)
        split.addWidget(self.table)
        self.detail = QTextBrowser()
        split.addWidget(self.detail)
        split.setSizes([420, 780])
        self.tabs = QTabWidget()
        self.tabs.addTab(split, self.tr("Answers"))
        self.gold = GoldOptionsPanel(project)
        self.tabs.addTab(self.gold, self.tr("Gold options"))
        self.tabs.currentChanged.connect(lambda i: self.gold.refresh() if self.tabs.widget(i) is self.gold else None)
        root.addWidget(self.tabs, 1)
        for key, ok in (("A", True), ("N", False)):
            sc = QShortcut(QKeySequence(key), self.table)
            sc.setContext(Qt.ShortcutContext.WidgetShortcut)
            sc.activated.connect(lambda ok=ok: self.mark(ok))
        self.setFocusProxy(self.table)
        self.refresh()

    # ---- reading ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        project, run, n, penalty = self.project, self.run_combo.currentData(), self.n_resamples, self.penalty.value()
        self._read.start(lambda job: load_answers(project, run, n, cancel=job.cancel, lenient_penalty=penalty),
                         title=self.tr("Reading answers"), success=self.show_bundle,
                         failed=self.tr("Could not read the run"), busy=self.tr("Reading…"))
        if self.tabs.currentWidget() is self.gold:
            self.gold.refresh()

    def _penalty_changed(self, value: float) -> None:
        remember_penalty(self.project, value)
        self.refresh()      # a read still running is not restarted: show_bundle reads again when it is stale

    def show_bundle(self, bundle: AnswersBundle) -> None:
        keep = self.current_item()
        self.bundle = bundle
        shown = (bundle.figures or {}).get("lenient_penalty")
        if shown is not None and abs(shown - self.penalty.value()) > 1e-9:
            QTimer.singleShot(0, self.refresh)      # the penalty changed while this was read
        self.run_combo.blockSignals(True)
        self.run_combo.clear()
        for r in bundle.runs:
            self.run_combo.addItem(r, r)
        if bundle.run_id:
            self.run_combo.setCurrentIndex(self.run_combo.findData(bundle.run_id))
        self.run_combo.blockSignals(False)
        reviewing = bundle.sample_id is not None
        self.sample_button.setEnabled(bundle.run_id is not None and not reviewing)
        for w in (self.accept_button, self.reject_button, self.note):
            w.setEnabled(reviewing)
        if bundle.run_id is None:
            self.status.setText(self.tr("No choices runs yet: import the answers a system gave with File › Import data… (Ctrl+I), kind “choices”."))
        else:
            lead = (self.tr("Review sample {sample}: {n} answers.").format(sample=bundle.sample_id,
                                                                            n=i18n.number(len(bundle.items)))
                    if reviewing else self.tr("{n} failed answers (draw a review sample to judge answers).").format(
                        n=i18n.number(len(bundle.items))))
            self.status.setText(lead + "\n" + summary_text(bundle.figures or {}))
        self.table.setRowCount(len(bundle.items))
        for row, v in enumerate(bundle.items):
            a = bundle.audits.get(v.item_id) or {}
            s = bundle.strict.get(v.item_id)
            review = "" if v.mark is None else review_text(v.mark.acceptable)
            cells = (v.item_id, v.risk_tier or "", "—" if s is None else (self.tr("yes") if s == 1.0 else self.tr("no")),
                     ", ".join(audit_word(x) for x in a.get("layers") or []), review)
            for col, text in enumerate(cells):
                self.table.setItem(row, col, QTableWidgetItem(text))
        ids = [v.item_id for v in bundle.items]
        if ids:
            self.table.selectRow(ids.index(keep) if keep in ids else 0)
            self.show_selected()

    def current_item(self):
        rows = self.table.selectionModel().selectedRows() if self.bundle else []
        if rows and self.bundle and rows[0].row() < len(self.bundle.items):
            return self.bundle.items[rows[0].row()].item_id
        return None

    def show_selected(self) -> None:
        item = self.current_item()
        if item is None or self.bundle is None:
            self.detail.clear()
            return
        v = next(x for x in self.bundle.items if x.item_id == item)
        self.detail.setHtml(item_html(v, self.bundle.audits.get(item)))

    # ---- writing ---------------------------------------------------------------------------------
    def draw_sample(self) -> None:
        if self.bundle is None or self.bundle.run_id is None:
            return
        self.sample_button.setEnabled(False)
        project, run = self.project, self.bundle.run_id
        Op(self, lambda job: services.draw_review_sample(project, run)).title(self.tr("Drawing a review sample")).quiet().success(lambda _: self.refresh()) \
            .failure(lambda exc: self.status.setText(self.tr("Could not draw a sample: {v0}").format(v0=error_text(exc)))).run()

    def mark(self, acceptable: bool) -> None:
        b, item = self.bundle, self.current_item()
        if b is None or b.sample_id is None or item is None or (self._write is not None and self._write.running):
            return
        note = self.note.text().strip() or None
        row = self.table.currentRow()
        self._write = Op(self, lambda job, p=self.project, who=annotator_for(self.project):
                            services.mark_review(p, b.sample_id, item, acceptable, note, who)) \
            .title(self.tr("Saving the review")).quiet() \
            .success(lambda m, r=row: self._marked(m, r)) \
            .failure(lambda exc: self.status.setText(self.tr("Could not save: {v0}").format(v0=error_text(exc)))).run()

    def _marked(self, mark, row: int) -> None:
        v = next(x for x in self.bundle.items if x.item_id == mark.item_id)
        v.mark = mark
        self.table.setItem(row, 4, QTableWidgetItem(review_text(mark.acceptable)))
        self.note.clear()
        if row + 1 < self.table.rowCount():
            self.table.selectRow(row + 1)      # the next answer follows
        self.show_selected()
        self.table.setFocus()

