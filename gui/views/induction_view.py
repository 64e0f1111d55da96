"""The Induction tab: taxonomy induction rounds with their state, a new round on a chosen verify run,
the round's proposed codes with accept / merge / reject, closing a round (a new codebook version) and
the saturation plot (new codes per closed round) as the engine draws it."""
from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QComboBox, QHBoxLayout, QLabel, QPushButton, QTableWidgetItem, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.engine.errors import FactAuditError
from factaudit.engine.i18n import language
from factaudit.gui import i18n
from factaudit.gui.annotator_settings import annotator_for
from factaudit.gui.ops import Op, error_text
from factaudit.gui.query_op import QueryOp
from factaudit.gui.views.page_parts import muted_label, section_head
from factaudit.gui.views.tables import fit_rows, read_only_table, scrolling

ALL_CASES = ""        # the run combo's data for "no run": notes and "other" codes of every label


@dataclass
class InductionState:
    rounds: list
    verify_runs: list
    codebook: object | None
    llms: list[str] | None          # None: not read this time (the list is read once per tab)
    without_other: list[str]        # dimensions and steps with no "other" code yet


def _read_state(project, with_llms: bool) -> InductionState:
    try:
        book = services.codebook(project)
    except FactAuditError:      # no codebook yet: proposals still list, merging has nothing to offer
        book = None
    llms = [e.name for e in services.llm_models()] if with_llms else None     # the default first
    return InductionState(services.induction_rounds(project), services.verify_runs(project), book, llms,
                          services.dimensions_without_other(project) if book is not None else [])


def _uncovered(project, run: str | None) -> tuple[int, int]:
    """(notes and "other" codes, unexplained disagreements) a round on `run` would read."""
    cases = services.uncovered_cases(project, run)
    notes = sum(1 for c in cases if c.kind == "note")
    return notes, len(cases) - notes


def _plot_png(project) -> bytes:
    # the engine draws to a file (the CLI's --plot); the page shows the same picture
    with tempfile.TemporaryDirectory(prefix="factaudit-plot-") as folder:
        return Path(services.saturation_plot(project, Path(folder) / "saturation.png")).read_bytes()


class InductionView(QWidget):
    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project
        self.state: InductionState | None = None
        self.loading = False
        self.plot_png: bytes | None = None
        self.op: Op | None = None          # the write running (a round, a decision, a close)
        content = QWidget()
        root = QVBoxLayout(content)
        root.setContentsMargins(16, 12, 16, 12)
        root.setSpacing(8)
        head = section_head(self.tr("Taxonomy induction"))
        head.addStretch(1)
        self.refresh_button = QPushButton(self.tr("Refresh"))
        self.refresh_button.clicked.connect(self.refresh)
        head.addWidget(self.refresh_button)
        root.addLayout(head)
        root.addWidget(muted_label(self.tr(
            "Each round an LLM reads the cases the codebook does not cover (labels with a note or the code "
            "“other”, and unexplained disagreements of a verify run) and proposes codes. Accept, merge or "
            "reject each, then close the round: the accepted codes make a new codebook version.")))
        self.status = muted_label()
        root.addWidget(self.status)

        start = QHBoxLayout()
        start.addWidget(QLabel(self.tr("Cases from:")))
        self.run_combo = QComboBox()
        self.run_combo.setMinimumContentsLength(18)
        self.run_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        start.addWidget(self.run_combo, 1)
        start.addWidget(QLabel(self.tr("LLM:")))
        self.llm_combo = QComboBox()
        self.llm_combo.setMinimumContentsLength(14)
        self.llm_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        start.addWidget(self.llm_combo, 1)
        self.start_button = QPushButton(self.tr("Start a round"))
        self.start_button.setToolTip(self.tr("The LLM reads up to {n} uncovered cases and proposes codes")
                                     .format(n=i18n.number(services.INDUCTION_MAX_CASES)))
        self.start_button.clicked.connect(self.start_round)
        start.addWidget(self.start_button)
        root.addLayout(start)
        cases_row = QHBoxLayout()
        self.cases_label = muted_label()
        cases_row.addWidget(self.cases_label, 1)
        self.other_button = QPushButton(self.tr("Add an “other” code"))
        self.other_button.setToolTip(self.tr(
            "Add a code “Other (say what in a note)” to every dimension and step that lacks one (a new "
            "codebook version): labels coded “other” are cases the next round reads"))
        self.other_button.clicked.connect(self.add_other_codes)
        cases_row.addWidget(self.other_button)
        root.addLayout(cases_row)
        self.uncovered: tuple[int, int] | None = None
        self.run_combo.currentIndexChanged.connect(lambda _i: self._count_cases())

        sub = QLabel(self.tr("Rounds"))
        sub.setObjectName("subsectionTitle")
        root.addWidget(sub)
        self.rounds_table = read_only_table([self.tr("Round"), self.tr("Verify run"), self.tr("Proposer"),
                                             self.tr("Cases"), self.tr("Proposals"), self.tr("State"),
                                             self.tr("Started")])
        self.rounds_table.itemSelectionChanged.connect(self._round_chosen)
        fit_rows(self.rounds_table, 3)
        root.addWidget(self.rounds_table, 1)

        sub2 = QLabel(self.tr("Proposed codes"))
        sub2.setObjectName("subsectionTitle")
        root.addWidget(sub2)
        self.proposals_table = read_only_table([self.tr("ID"), self.tr("Dimension / step"), self.tr("Code"),
                                                self.tr("Name"), self.tr("Definition"), self.tr("Examples"),
                                                self.tr("Decision")])
        self.proposals_table.itemSelectionChanged.connect(self._update_buttons)
        fit_rows(self.proposals_table, 3)
        root.addWidget(self.proposals_table, 1)
        decide = QHBoxLayout()
        self.accept_button = QPushButton(self.tr("Accept"))
        self.accept_button.clicked.connect(lambda: self.decide("accept"))
        decide.addWidget(self.accept_button)
        self.merge_button = QPushButton(self.tr("Merge into"))
        self.merge_button.clicked.connect(lambda: self.decide("merge"))
        decide.addWidget(self.merge_button)
        self.merge_combo = QComboBox()
        self.merge_combo.setMinimumContentsLength(14)
        self.merge_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        decide.addWidget(self.merge_combo)
        self.reject_button = QPushButton(self.tr("Reject"))
        self.reject_button.clicked.connect(lambda: self.decide("reject"))
        decide.addWidget(self.reject_button)
        decide.addStretch(1)
        self.close_button = QPushButton(self.tr("Close round"))
        self.close_button.setToolTip(self.tr("Save the codebook with the accepted codes as a new version"))
        self.close_button.clicked.connect(self.close_round)
        decide.addWidget(self.close_button)
        root.addLayout(decide)

        sub3 = QLabel(self.tr("Saturation: new codes per closed round"))
        sub3.setObjectName("subsectionTitle")
        root.addWidget(sub3)
        self.plot = QLabel()
        self.plot.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.plot.setMinimumHeight(120)
        root.addWidget(self.plot)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scrolling(content))
        self._update_buttons()
        self.refresh()

    # ---- reading ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        project = self.project
        self.loading = True
        self.status.setText(self.tr("Reading…"))
        with_llms = self.llm_combo.count() == 0
        QueryOp(self, op=lambda: _read_state(project, with_llms), success=self._read).failure(self._failed) \
            .title("reading the induction rounds").run_in_background()
        QueryOp(self, op=lambda: _plot_png(project), success=self._plotted).failure(self._plot_failed) \
            .title("drawing the saturation plot").run_in_background()

    def _failed(self, exc: BaseException) -> None:
        self.loading = False
        self.status.setText(error_text(exc))

    def _plot_failed(self, exc: BaseException) -> None:
        self.plot.setText(self.tr("Could not draw the saturation plot: {v0}").format(v0=error_text(exc)))

    def _plotted(self, png: bytes) -> None:
        self.plot_png = png
        pixmap = QPixmap()
        pixmap.loadFromData(png, "PNG")
        self.plot.setPixmap(pixmap)

    def _read(self, state: InductionState) -> None:
        self.loading = False
        chosen_round = self.current_round_id()
        self.state = state
        run = self.run_combo.currentData()
        self.run_combo.blockSignals(True)
        self.run_combo.clear()
        self.run_combo.addItem(self.tr("Notes and “other” codes only (no run)"), ALL_CASES)
        for r in state.verify_runs:
            self.run_combo.addItem(r.id, r.id)
        if state.verify_runs and run is None:
            run = state.verify_runs[-1].id         # the newest run's disagreements are the usual cases
        index = self.run_combo.findData(run if run is not None else ALL_CASES)
        self.run_combo.setCurrentIndex(max(index, 0))
        self.run_combo.blockSignals(False)
        if state.llms is not None:
            self.llm_combo.clear()
            for name in state.llms:
                self.llm_combo.addItem(name, name)
        self._count_cases()
        table = self.rounds_table
        table.blockSignals(True)
        table.setRowCount(len(state.rounds))
        for row, r in enumerate(state.rounds):
            if r.closed:
                s = self.tr("closed: {n} new codes, codebook v{v}").format(
                    n=i18n.number(r.n_new_codes or 0), v=r.new_version or r.codebook_version)
            else:
                s = self.tr("open: {n} undecided").format(n=i18n.number(sum(1 for p in r.proposals if p.decision is None)))
            cells = [str(r.id), r.source_run or "–", r.proposer, i18n.number(len(r.cases)),
                     i18n.number(len(r.proposals)), s, i18n.date(r.created)]
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, r.id)
                table.setItem(row, col, item)
        table.blockSignals(False)
        keep = next((n for n, r in enumerate(state.rounds) if r.id == chosen_round), None)
        if keep is None and state.rounds:
            keep = len(state.rounds) - 1            # the newest round is the one being decided
        if keep is not None:
            table.selectRow(keep)
        self._round_chosen()
        n_open = sum(1 for r in state.rounds if not r.closed)
        self.status.setText(self.tr("{n} rounds, {open} open; codebook v{v}").format(
            n=i18n.number(len(state.rounds)), open=i18n.number(n_open),
            v=state.codebook.version if state.codebook is not None else "–"))

    def _count_cases(self) -> None:
        project, run = self.project, self.run_combo.currentData() or None
        self.uncovered = None
        self.cases_label.setText(self.tr("Counting the cases not covered yet…"))
        QueryOp(self, op=lambda: _uncovered(project, run), success=self._counted) \
            .failure(lambda exc: self.cases_label.setText(error_text(exc))) \
            .title("counting the uncovered cases").run_in_background()

    def _counted(self, counts: tuple[int, int]) -> None:
        self.uncovered = counts
        notes, disagreements = counts
        if notes + disagreements == 0:
            self.cases_label.setText(self.tr("No case is left uncovered: a round now records saturation "
                                             "without asking the LLM."))
        else:
            self.cases_label.setText(self.tr(
                "{n} cases not covered yet: {notes} labels with a note or “other”, {d} unexplained "
                "disagreements; a round reads up to {max}.").format(
                n=i18n.number(notes + disagreements), notes=i18n.number(notes), d=i18n.number(disagreements),
                max=i18n.number(services.INDUCTION_MAX_CASES)))

    # ---- the chosen round and proposal --------------------------------------------------------------
    def current_round_id(self) -> int | None:
        rows = self.rounds_table.selectionModel().selectedRows() if self.rounds_table.selectionModel() else []
        if not rows:
            return None
        item = self.rounds_table.item(rows[0].row(), 0)
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def current_round(self):
        rid = self.current_round_id()
        if self.state is None or rid is None:
            return None
        return next((r for r in self.state.rounds if r.id == rid), None)

    def current_proposal(self):
        rnd = self.current_round()
        rows = self.proposals_table.selectionModel().selectedRows()
        if rnd is None or not rows:
            return None
        item = self.proposals_table.item(rows[0].row(), 0)
        pid = item.data(Qt.ItemDataRole.UserRole) if item else None
        return next((p for p in rnd.proposals if p.id == pid), None)

    def _dimension_name(self, p) -> str:
        book = self.state.codebook if self.state else None
        if book is None:
            return p.dimension
        try:
            return book.text(book.dimension(p.dimension, p.target), "name", language())
        except FactAuditError:
            return p.dimension

    def _decision_text(self, p) -> str:
        if p.decision == "accept":
            return self.tr("accepted")
        if p.decision == "merge":
            return self.tr("merged into {code}").format(code=p.merge_into)
        if p.decision == "reject":
            return self.tr("rejected")
        return self.tr("undecided")

    def _round_chosen(self) -> None:
        rnd = self.current_round()
        proposals = rnd.proposals if rnd is not None else []
        chosen = self.current_proposal()
        table = self.proposals_table
        table.blockSignals(True)
        table.setRowCount(len(proposals))
        for row, p in enumerate(proposals):
            cells = [str(p.id), self._dimension_name(p), p.code_id, p.name, p.definition,
                     ", ".join(p.examples), self._decision_text(p)]
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, p.id)
                table.setItem(row, col, item)
        table.blockSignals(False)
        keep = next((n for n, p in enumerate(proposals) if chosen is not None and p.id == chosen.id), None)
        if keep is None:
            keep = next((n for n, p in enumerate(proposals) if p.decision is None), 0 if proposals else None)
        if keep is not None:
            table.selectRow(keep)
        self._update_buttons()

    def _update_buttons(self) -> None:
        rnd, p = self.current_round(), self.current_proposal()
        writable = not self.project.readonly and not (self.op is not None and self.op.running)
        open_round = rnd is not None and not rnd.closed
        self.start_button.setEnabled(writable)
        self.other_button.setEnabled(writable and self.state is not None and bool(self.state.without_other))
        for b in (self.accept_button, self.reject_button, self.merge_button):
            b.setEnabled(writable and open_round and p is not None)
        self.close_button.setEnabled(writable and open_round)
        self.merge_combo.clear()
        book = self.state.codebook if self.state else None
        if p is not None and book is not None:
            try:
                dim = book.dimension(p.dimension, p.target)
            except FactAuditError:
                dim = None
            for code in dim.codes if dim is not None else ():
                self.merge_combo.addItem(f"{code.id} · {book.text(code, 'name', language(), dim)}", code.id)
        self.merge_button.setEnabled(self.merge_button.isEnabled() and self.merge_combo.count() > 0)

    # ---- writes ------------------------------------------------------------------------------------
    def _write(self, op: Op, title: str, done) -> Op:
        self.op = (op.title(title).success(done)
                   .failure(lambda exc: self.status.setText(error_text(exc)))
                   .finished(self._written).run())
        self._update_buttons()
        return self.op

    def _written(self) -> None:
        self._update_buttons()
        self.refresh()

    def start_round(self) -> Op:
        project, run, model = self.project, self.run_combo.currentData() or None, self.llm_combo.currentData()
        self.status.setText(self.tr("Reading the uncovered cases…"))
        return self._write(Op(self, lambda job: services.induce(project, run=run, model=model)), self.tr("Induction round"),
                           lambda res: self.status.setText(self.tr(
                               "Round {round_id}: {n} cases read, {p} codes proposed").format(
                               round_id=res.round_id, n=i18n.number(res.n_cases), p=i18n.number(len(res.proposals)))))

    def decide(self, decision: str) -> Op | None:
        p = self.current_proposal()
        if p is None:
            return None
        project, who, pid, into = self.project, annotator_for(self.project), p.id, self.merge_combo.currentData()
        if decision == "accept":
            op = Op(self, lambda job: services.accept_proposal(project, pid, who))
        elif decision == "merge":
            op = Op(self, lambda job: services.merge_proposal(project, pid, into, who))
        else:
            op = Op(self, lambda job: services.reject_proposal(project, pid, who))
        return self._write(op, self.tr("Deciding a proposed code"), lambda _p: None)

    def close_round(self) -> Op | None:
        rnd = self.current_round()
        if rnd is None:
            return None
        project, rid = self.project, rnd.id
        return self._write(Op(self, lambda job: services.close_round(project, rid)), self.tr("Closing the round"),
                           lambda res: self.status.setText(self.tr(
                               "Round {round_id} closed: {n} new codes; codebook v{v}").format(
                               round_id=res.round_id, n=i18n.number(res.n_new_codes), v=res.codebook_version)))

    def add_other_codes(self) -> Op:
        project = self.project
        return self._write(Op(self, lambda job: services.add_other_codes(project)), self.tr("Adding “other” codes"),
                           lambda book: self.status.setText(self.tr(
                               "Codebook v{v}: every dimension and step has an “other” code").format(v=book.version)))
