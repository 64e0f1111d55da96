"""The Agreement view: Krippendorff's alpha (with its bootstrap interval) per evidence dimension and
reasoning step, Cohen's kappa per rater pair (human–human, human–LLM, intra-rater retest), and the LLM
pre-label's pull on the expert (agreement on labels made blind versus after the reveal). Its
Disagreements tab lists the units where human raters differ, for adjudication (gui/views/raters/adjudication.py).
With one rater, the "–" cells say what is missing: a second rater (File › Send to a rater…)."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import QLabel, QPushButton, QSplitter, QTableWidgetItem, QTabWidget, QVBoxLayout, QWidget

from factaudit.engine import services
from factaudit.engine.errors import FactAuditError
from factaudit.engine.i18n import language
from factaudit.gui import i18n
from factaudit.gui.views.page_parts import PageRead, muted_label, refresh_button, section_head
from factaudit.gui.views.tables import read_only_table

NEEDS_SECOND = "needs a second rater: File › Send to a rater…"   # the English of the cell text below
DIM_COLUMNS = (QT_TRANSLATE_NOOP("AgreementView", "Dimension / step"), QT_TRANSLATE_NOOP("AgreementView", "Target"), "α", QT_TRANSLATE_NOOP("AgreementView", "α 95% CI"), QT_TRANSLATE_NOOP("AgreementView", "α humans only"), QT_TRANSLATE_NOOP("AgreementView", "Units"), QT_TRANSLATE_NOOP("AgreementView", "Raters (people + LLM)"),
               QT_TRANSLATE_NOOP("AgreementView", "Rater pairs (κ)"))
# the engine's identifiers of a pair's kind and a step's target, as the table names them (issue #35)
PAIR_KINDS = {"human-human": QT_TRANSLATE_NOOP("AgreementView", "two people"),
              "human-llm": QT_TRANSLATE_NOOP("AgreementView", "person and LLM"),
              "llm-llm": QT_TRANSLATE_NOOP("AgreementView", "two LLMs"),
              "intra": QT_TRANSLATE_NOOP("AgreementView", "test–retest")}
TARGETS = {"evidence": QT_TRANSLATE_NOOP("AgreementView", "evidence"),
           "reasoning": QT_TRANSLATE_NOOP("AgreementView", "reasoning"),
           "sentence": QT_TRANSLATE_NOOP("AgreementView", "sentence")}
PAIR_COLUMNS = (QT_TRANSLATE_NOOP("AgreementView", "Dimension / step"), QT_TRANSLATE_NOOP("AgreementView", "Rater A"), QT_TRANSLATE_NOOP("AgreementView", "Rater B"), QT_TRANSLATE_NOOP("AgreementView", "Kind"), QT_TRANSLATE_NOOP("AgreementView", "Units"), "κ", QT_TRANSLATE_NOOP("AgreementView", "κ 95% CI"), QT_TRANSLATE_NOOP("AgreementView", "Raw agreement"),
                QT_TRANSLATE_NOOP("AgreementView", "Pull: κ blind (n)"), QT_TRANSLATE_NOOP("AgreementView", "Pull: κ revealed (n)"))


def compute_agreement(project, n_resamples: int, progress):
    """Worker-thread function."""
    progress(0, None, "bootstrapping agreement")
    out = services.agreement(project, n_resamples=n_resamples)
    # κ/α on sentence labels (the expert's and each rater's), a row like a dimension's (issue #33)
    sentences = services.sentence_label_agreement(project, n_resamples=n_resamples)
    results = out if sentences is None else {**out, sentences.dimension: sentences}
    # the dimensions by their codebook names in the interface language, not their ids (issue #35)
    book = services.codebook(project)
    names = {}
    for dim_id, r in results.items():
        try:
            names[dim_id] = book.text(book.dimension(dim_id, r.target), "name", language())
        except FactAuditError:          # the sentence label, or a dimension no longer in the codebook
            names[dim_id] = None
    return results, names


def num(value, digits: int = 3) -> str:
    return "–" if value is None else i18n.number(value, digits)


def interval(ci) -> str:
    return i18n.interval(ci[0], ci[1], 3) if ci else "–"


def _item(text: str, numeric: bool = False) -> QTableWidgetItem:
    it = QTableWidgetItem(text)
    if numeric:
        it.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return it


class AgreementView(QWidget):
    def __init__(self, project, parent: QWidget | None = None, *, n_resamples: int = 10_000):
        super().__init__(parent)
        self.project = project
        self.n_resamples = n_resamples
        self.results: dict | None = None
        root = QVBoxLayout(self)
        root.setContentsMargins(16, 12, 16, 12)
        root.setSpacing(8)
        self.inner = QTabWidget()
        self.inner.setDocumentMode(True)
        outer, root = root, QVBoxLayout()
        figures = QWidget()
        figures.setLayout(root)
        root.setContentsMargins(0, 6, 0, 0)
        self.inner.addTab(figures, self.tr("Figures"))
        self.inner.addTab(QWidget(), self.tr("Disagreements"))
        self.adjudication = None               # built when its tab is first shown
        self.inner.currentChanged.connect(self._inner_changed)
        outer.addWidget(self.inner)
        head = section_head(self.tr("Agreement"))
        head.addStretch(1)
        self.send_button = QPushButton(self.tr("Send to a rater…"))
        self.send_button.setToolTip(self.tr("κ and α need a second rater: write a blind package for a colleague"))
        self.send_button.clicked.connect(self._send_to_rater)
        self.send_button.hide()
        head.addWidget(self.send_button)
        self.refresh_button = refresh_button(head, self.refresh, self.tr("Recompute"))
        root.addLayout(head)
        self.status = muted_label()
        root.addWidget(self.status)
        self._read = PageRead(self, self.status, self.refresh_button)
        split = QSplitter(Qt.Orientation.Vertical)
        self.dim_table = read_only_table([self.tr(c) for c in DIM_COLUMNS])
        self.dim_table.setObjectName("agreementTable")
        split.addWidget(self.dim_table)
        lower = QWidget()
        ll = QVBoxLayout(lower)
        ll.setContentsMargins(0, 0, 0, 0)
        sub = QLabel(self.tr("Rater pairs"))
        sub.setObjectName("subsectionTitle")
        ll.addWidget(sub)
        self.pair_table = read_only_table([self.tr(c) for c in PAIR_COLUMNS])
        self.pair_table.setObjectName("pairTable")
        ll.addWidget(self.pair_table)
        split.addWidget(lower)
        split.setSizes([420, 300])
        root.addWidget(split, 1)
        note = QLabel(self.tr("α: Krippendorff's alpha (nominal, missing values allowed) over first-pass labels; κ: Cohen's kappa on the units both raters labelled; intervals: percentile bootstrap over units ({n_resamples} resamples, seed 42). A rater paired with “<name>:retest” is test–retest agreement. The pull compares a human's agreement with an LLM pre-labeler on labels made blind and labels made after the pre-label was revealed.").format(n_resamples=i18n.number(n_resamples)))
        note.setObjectName("muted")
        note.setWordWrap(True)
        root.addWidget(note)
        self.refresh()

    # ---- the Disagreements tab and the second rater -----------------------------------------------
    def show_disagreements(self):
        self.inner.setCurrentIndex(1)
        return self.adjudication

    def _inner_changed(self, index: int) -> None:
        if index != 1:
            if self._stale:
                self.refresh()
            return
        if self.adjudication is None:
            from factaudit.gui.views.raters.adjudication import AdjudicationView

            self.adjudication = AdjudicationView(self.project)
            self.inner.blockSignals(True)
            self.inner.removeTab(1)
            self.inner.insertTab(1, self.adjudication, self.tr("Disagreements"))
            self.inner.setCurrentIndex(1)
            self.inner.blockSignals(False)
        else:
            self.adjudication.refresh()

    def _send_to_rater(self) -> None:
        window = self.window()
        if hasattr(window, "send_to_rater"):
            window.send_to_rater()

    _stale = False

    def refresh(self) -> None:
        if self.inner.currentIndex() == 1:      # adjudicating: agreement (before adjudication) waits
            self._stale = True
            if self.adjudication is not None:
                self.adjudication.refresh()
            return
        self._stale = False
        project, n = self.project, self.n_resamples
        self._read.start(lambda job: compute_agreement(project, n, job.progress), title="Computing agreement",
                         success=self.show_results, failed="Could not compute agreement", busy="Computing…",
                         quiet=False)

    def show_results(self, read: tuple[dict, dict]) -> None:
        results, names = read
        self.results = results
        self.dim_table.setRowCount(0)
        self.pair_table.setRowCount(0)
        rated = [r for r in results.values() if r.n_raters]
        for dim_id, r in results.items():
            name = names.get(dim_id) or (self.tr("Sentence label") if r.target == "sentence" else dim_id)
            row = self.dim_table.rowCount()
            self.dim_table.insertRow(row)
            kappas = "; ".join(f"{k.replace('|', ' · ')}: {num(v, 2)}" for k, v in r.kappa.items())
            cells = [(name, False), (self.tr(TARGETS[r.target]) if r.target in TARGETS else (r.target or ""), False), (num(r.alpha), True), (interval(r.alpha_ci), True),
                     (num(r.alpha_humans), True), (str(r.n_units), True),
                     (f"{len(r.human_raters)} + {len(r.llm_raters)}", True), (kappas, False)]
            for col, (text, numeric) in enumerate(cells):
                self.dim_table.setItem(row, col, _item(text, numeric))
            self.dim_table.item(row, 0).setData(Qt.ItemDataRole.UserRole, dim_id)
            for p in r.pairs:
                prow = self.pair_table.rowCount()
                self.pair_table.insertRow(prow)
                blind = revealed = "–"
                if p.blind:
                    b, v = p.blind["blind"], p.blind["revealed"]
                    blind = f"{num(b['kappa'], 2)} ({b['n_units']})"
                    revealed = f"{num(v['kappa'], 2)} ({v['n_units']})"
                pcells = [(name, False), (p.a, False), (p.b, False), (self.tr(PAIR_KINDS[p.kind]) if p.kind in PAIR_KINDS else p.kind, False), (str(p.n_units), True),
                          (num(p.kappa), True), (interval(p.kappa_ci), True), (num(p.agreement), True),
                          (blind, True), (revealed, True)]
                for col, (text, numeric) in enumerate(pcells):
                    self.pair_table.setItem(prow, col, _item(text, numeric))
                self.pair_table.item(prow, 0).setData(Qt.ItemDataRole.UserRole, dim_id)
        people = sorted({x for r in results.values() for x in r.human_raters})
        models = sorted({x for r in results.values() for x in r.llm_raters})
        alone = len(people) < 2          # an LLM pre-labeller is no second rater
        if alone:
            self._mark_missing()
        self.send_button.setVisible(alone)
        if not rated:
            self.status.setText(self.tr("No labels yet: label evidence pairs or reasoning traces, or ask a second rater (File › Send to a rater…)."))
        else:
            names = ", ".join(people) or self.tr("none")
            said = (self.tr("1 human rater: {names}") if len(people) == 1 else
                    self.tr("{n} human raters: {names}")).format(n=len(people), names=names)
            if models:
                said += (self.tr("; 1 LLM pre-labeller ({names}), counted apart: their pairs with people are "
                                 "human–LLM agreement") if len(models) == 1 else
                         self.tr("; {n} LLM pre-labellers ({names}), counted apart: their pairs with people are "
                                 "human–LLM agreement")).format(n=len(models), names=", ".join(models))
            self.status.setText(said + "." + (self.tr(" κ and α between people need a second rater: File › Send to "
                                                      "a rater… (or a retest pass).") if alone else ""))

    def _mark_missing(self) -> None:
        """Where a κ or α cell is "–" for want of a second rater, the cell says so."""
        tip = self.tr("Needs a second rater: File › Send to a rater…; File › Merge returned labels… brings their "
                      "labels in.")
        for row in range(self.dim_table.rowCount()):
            for col in (2, 3, 4):
                item = self.dim_table.item(row, col)
                if item is not None and item.text() == "–":
                    item.setToolTip(tip)
            pairs = self.dim_table.item(row, 7)
            if pairs is not None and not pairs.text():
                pairs.setText(self.tr("– needs a second rater: File › Send to a rater…"))
                pairs.setToolTip(tip)
