"""Agreement › Disagreements (issue #21 item 4): units where human raters differ, per dimension, and
the adjudicator's final code.

The list comes from services.rater_disagreements (evidence and reasoning, first pass, before
adjudication) and services.sentence_disagreements (the expert's sentence label against a rater's).
The selected unit is shown with its texts and each rater's code side by side; a digit (or a click)
records the final code as an `adjudicator:<name>` annotation, append-only, in the serial writer, and
moves on to the next unit without one."""
from __future__ import annotations

import html
from types import SimpleNamespace

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPushButton, QSplitter, QTableWidgetItem,
    QTextBrowser, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.engine.errors import FactAuditError
from factaudit.engine.i18n import language
from factaudit.gui import i18n
from factaudit.gui.ops import error_text
from factaudit.gui.serial_writer import SerialWriter
from factaudit.gui.views.labeling_parts import UnitCard, annotator_name
from factaudit.gui.views.page_parts import PageRead, muted_label, refresh_button, section_head
from factaudit.gui.views.tables import read_only_table

COLUMNS = (QT_TRANSLATE_NOOP("AdjudicationView", "Target"), QT_TRANSLATE_NOOP("AdjudicationView", "Unit"),
           QT_TRANSLATE_NOOP("AdjudicationView", "Dimension / step"), QT_TRANSLATE_NOOP("AdjudicationView", "Final"),
           QT_TRANSLATE_NOOP("AdjudicationView", "Raters' codes"))
SENTENCE_CODES = (("correct", QT_TRANSLATE_NOOP("AdjudicationView", "Correct")),
                  ("error", QT_TRANSLATE_NOOP("AdjudicationView", "Contains an error")))
FILTERS = (("", QT_TRANSLATE_NOOP("AdjudicationView", "All targets")),
           ("evidence", QT_TRANSLATE_NOOP("AdjudicationView", "Evidence")),
           ("reasoning", QT_TRANSLATE_NOOP("AdjudicationView", "Reasoning")),
           ("sentence", QT_TRANSLATE_NOOP("AdjudicationView", "Sentences")))
TARGET_NAMES = {"evidence": QT_TRANSLATE_NOOP("AdjudicationView", "evidence"),
                "reasoning": QT_TRANSLATE_NOOP("AdjudicationView", "reasoning"),
                "sentence": QT_TRANSLATE_NOOP("AdjudicationView", "sentence")}


def read_disagreements(project, target: str):
    """Worker-thread read: (codebook, disagreements, why the list is empty: RaterOverlap or None)."""
    book = services.codebook(project)
    rows = [] if target == "sentence" else services.rater_disagreements(project, target or None)
    if target in ("", "sentence"):
        rows += services.sentence_disagreements(project)
    return book, rows, (None if rows else services.rater_overlap(project, target or None))


class _DigitsToCard(QObject):
    """After a click in the table the keys go to the table, whose type-ahead would swallow the digits:
    digits and J/K go to the card's handler instead (issue #35)."""

    def __init__(self, view: "AdjudicationView"):
        super().__init__(view)
        self.view = view

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.KeyPress and not event.modifiers() & (
                Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier) and \
                (Qt.Key.Key_1 <= event.key() <= Qt.Key.Key_9 or event.key() in (Qt.Key.Key_J, Qt.Key.Key_K)):
            self.view.handle_key(event)
            return True
        return False


def row_key(d) -> tuple:
    return (d.target, d.claim_id, d.other, d.dimension)


class AdjudicationView(QWidget):
    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project
        self.book = None
        self.rows: list = []
        self.writer = SerialWriter(self)
        root = QVBoxLayout(self)
        root.setContentsMargins(0, 6, 0, 0)
        root.setSpacing(6)
        head = section_head(self.tr("Disagreements between raters"))
        head.addSpacing(10)
        self.filter_combo = QComboBox()
        for key, text in FILTERS:
            self.filter_combo.addItem(self.tr(text), key)
        self.filter_combo.currentIndexChanged.connect(lambda _=0: self.refresh())
        head.addWidget(self.filter_combo)
        head.addWidget(QLabel(self.tr("Adjudicator:")))
        self.adjudicator_edit = QLineEdit(annotator_name())
        self.adjudicator_edit.setObjectName("adjudicatorName")
        self.adjudicator_edit.setMaximumWidth(150)
        self.adjudicator_edit.setToolTip(self.tr("Stored as adjudicator:<name> with every final code"))
        head.addWidget(self.adjudicator_edit)
        head.addStretch(1)
        self.refresh_button = refresh_button(head, self.refresh)
        root.addLayout(head)
        self.status = muted_label()
        root.addWidget(self.status)
        self._read = PageRead(self, self.status, self.refresh_button)

        split = QSplitter(Qt.Orientation.Horizontal)
        self.table = read_only_table([self.tr(c) for c in COLUMNS])
        self.table.setObjectName("adjudicationTable")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.itemSelectionChanged.connect(self._selected)
        self.table.installEventFilter(_DigitsToCard(self))
        # the raters' codes are what a row is about: the unit and dimension columns are capped and the codes
        # take the rest; rows of two lines wrap what is longer (full texts in the tooltips) (issue #35)
        header = self.table.horizontalHeader()
        for col in (1, 2):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self.table.setWordWrap(True)
        header.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.verticalHeader().setDefaultSectionSize(2 * self.table.fontMetrics().lineSpacing() + 10)
        split.addWidget(self.table)
        self.card = UnitCard()
        self.card.keyPressed.connect(self.handle_key)
        card = QVBoxLayout(self.card)
        card.setContentsMargins(12, 8, 12, 8)
        self.unit_title = QLabel("")
        self.unit_title.setObjectName("subsectionTitle")
        self.unit_title.setWordWrap(True)
        card.addWidget(self.unit_title)
        self.texts = QTextBrowser()
        self.texts.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        card.addWidget(self.texts, 3)
        self.side_by_side = QHBoxLayout()
        card.addLayout(self.side_by_side)
        final = QLabel(self.tr("Final code (press its digit):"))
        final.setObjectName("subsectionTitle")
        card.addWidget(final)
        self.codes_box = QVBoxLayout()
        self.codes_box.setSpacing(2)
        card.addLayout(self.codes_box)
        self.note_edit = QLineEdit()
        self.note_edit.setPlaceholderText(self.tr("optional note on the decision"))
        card.addWidget(self.note_edit)
        keys = QLabel(self.tr("Keys: 1–9 record the final code · ↑/↓ or J/K move · the next unit without one opens after"))
        keys.setObjectName("muted")
        keys.setWordWrap(True)
        card.addWidget(keys)
        split.addWidget(self.card)
        split.setSizes([640, 460])
        root.addWidget(split, 1)
        self.code_buttons: list[QPushButton] = []
        self.refresh()

    # ---- reading -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        project, target = self.project, self.filter_combo.currentData()
        self._read.start(lambda job: read_disagreements(project, target), title=self.tr("Reading rater disagreements"),
                         success=self.show_rows, failed=self.tr("Could not read the disagreements"),
                         busy=self.tr("Reading…"))

    def show_rows(self, result) -> None:
        keep = row_key(self.current) if self.current is not None else None
        self.book, self.rows, overlap = result
        t = self.table
        t.blockSignals(True)
        t.setRowCount(len(self.rows))
        for r, d in enumerate(self.rows):
            self._fill_row(r, d)
        t.resizeColumnsToContents()
        self.fit_columns()
        t.blockSignals(False)
        done = sum(1 for d in self.rows if d.adjudicated)
        if not self.rows:
            self.status.setText(self.empty_text(overlap))
            self._show(None)
            return
        self.status.setText(self.tr("{v0} disagreements, {done} adjudicated. Agreement figures are computed before adjudication; taxonomy, triage, certification and the report use the final codes.").format(
            v0=i18n.number(len(self.rows)), done=i18n.number(done)))
        at = next((i for i, d in enumerate(self.rows) if row_key(d) == keep), None)
        if at is None:
            at = next((i for i, d in enumerate(self.rows) if not d.adjudicated), 0)
        t.selectRow(at)
        self._selected()

    def fit_columns(self) -> None:
        """Unit and dimension at most a fifth of the table each, so the codes column keeps room."""
        cap = max(90, self.table.viewport().width() // 5)
        for col in (1, 2):
            if self.table.columnWidth(col) > cap:
                self.table.setColumnWidth(col, cap)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.fit_columns()

    def empty_text(self, overlap) -> str:
        """Why there is nothing to adjudicate: one rater, two raters on different units, or agreement."""
        why = overlap.why_empty if overlap is not None else "one_rater"
        if why == "one_rater":
            return self.tr("No disagreements: only one rater has labelled yet (File › Send to a rater… asks a second one; File › Merge returned labels… brings their labels in).")
        if why == "no_overlap":
            return self.tr("No disagreements: {people} labelled no unit in common, so there is nothing to compare (send the units labelled here: File › Send to a rater…).").format(
                people=", ".join(overlap.people))
        return self.tr("No disagreements: {people} agree on every one of the {n} units they both labelled.").format(
            people=", ".join(overlap.people), n=i18n.number(overlap.n_units))

    def _fill_row(self, r: int, d) -> None:
        unit = d.claim_id + (f" · {d.other}" if d.other else "")
        # the codes alone in the cell (the card names who gave which), each with its rater in the tooltip:
        # "name: code" for two raters did not fit beside the card at 1280 px (issue #35)
        codes = " · ".join(self._code_name(d, c) for c in d.codes.values())
        who_said = "\n".join(f"{who}: {self._code_name(d, c)}" for who, c in d.codes.items())
        final = self._code_name(d, d.adjudicated) if d.adjudicated else ""
        target = self.tr(TARGET_NAMES[d.target]) if d.target in TARGET_NAMES else d.target
        for col, text in enumerate((target, unit, self._dim_name(d), final, codes)):
            item = QTableWidgetItem(text)
            item.setToolTip(who_said if col == len(COLUMNS) - 1 else text)
            self.table.setItem(r, col, item)

    # ---- names -------------------------------------------------------------------------------------
    def _dimension(self, d):
        if d.target == "sentence" or self.book is None:
            return None
        try:
            return self.book.dimension(d.dimension, d.target)
        except (FactAuditError, KeyError, ValueError):
            return None

    def _dim_name(self, d) -> str:
        dim = self._dimension(d)
        if dim is not None:         # the codebook's name in the interface language (issue #35)
            return self.book.text(dim, "name", language())
        return self.tr("Sentence label") if d.target == "sentence" else d.dimension

    def codes_of(self, d) -> list[tuple[str, str, str]]:
        """(code id, name, definition) the final code is chosen from."""
        if d.target == "sentence":
            return [(c, self.tr(n), "") for c, n in SENTENCE_CODES]
        dim = self._dimension(d)
        if dim is None:
            return [(c, c, "") for c in dict.fromkeys(d.codes.values())]
        lang = language()
        return [(c.id, self.book.text(c, "name", lang, dim), self.book.text(c, "definition", lang, dim)) for c in dim.codes]

    def _code_name(self, d, code: str | None) -> str:
        return next((n for c, n, _ in self.codes_of(d) if c == code), code or "")

    # ---- the selected unit -------------------------------------------------------------------------
    @property
    def current(self):
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        return self.rows[rows[0].row()] if rows and rows[0].row() < len(self.rows) else None

    def _selected(self) -> None:
        self._show(self.current)

    def _show(self, d) -> None:
        while self.side_by_side.count():
            w = self.side_by_side.takeAt(0).widget()
            if w is not None:
                w.deleteLater()
        for b in self.code_buttons:
            b.deleteLater()
        self.code_buttons = []
        if d is None:
            self.unit_title.setText("")
            self.texts.clear()
            return
        self.unit_title.setText(f"{self._dim_name(d)} — {html.escape(d.claim_id)}"
                                + (f" · {html.escape(d.other)}" if d.other else ""))
        self.texts.setHtml(self._texts_html(d))
        for who, code in d.codes.items():
            name = next(((n, definition) for c, n, definition in self.codes_of(d) if c == code), (code, ""))
            box = QLabel(f"<b>{html.escape(who)}</b><br>{html.escape(name[0])}"
                         + (f"<br><span style='color:#52606d'>{html.escape(name[1])}</span>" if name[1] else ""))
            box.setObjectName("raterCode")
            box.setWordWrap(True)
            box.setFrameShape(QLabel.Shape.StyledPanel)
            box.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            self.side_by_side.addWidget(box, 1)
        for n, (code, name, definition) in enumerate(self.codes_of(d), 1):
            b = QPushButton(f"{n}  {name}" + (self.tr("   ✓ final") if code == d.adjudicated else ""))
            b.setToolTip(definition)
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            b.setStyleSheet("text-align: left; padding: 2px 8px;")
            b.clicked.connect(lambda _=False, c=code: self.choose(c))
            self.codes_box.addWidget(b)
            self.code_buttons.append(b)
        self.card.setFocus()

    def _texts_html(self, d) -> str:
        try:
            if d.target == "sentence":
                ctx = services.sentence_contexts(self.project, [d.claim_id]).get(d.claim_id)
                if ctx is None:
                    return self.tr("<i>(sentence not found)</i>")
                q = self.tr("<p><b>Question:</b> {text}</p>").format(text=html.escape(ctx.question)) if ctx.question else ""
                return q + self.tr("<p><b>Sentence:</b> {text}</p>").format(text=html.escape(ctx.text)) \
                    + self.tr("<p><b>Answer:</b> {text}</p>").format(text=html.escape(ctx.answer or ""))
            entry = SimpleNamespace(target=d.target, claim_id=d.claim_id,
                                    passage_id=d.other if d.target == "evidence" else None,
                                    run_id=d.other if d.target == "reasoning" else None, pass_="first", rank=None)
            u = services.label_unit(self.project, entry, self.adjudicator)
        except FactAuditError as exc:
            return f"<i>{html.escape(error_text(exc))}</i>"
        parts = [self.tr("<p><b>Claim:</b> {text}</p>").format(text=html.escape(u.claim_text))]
        if u.passage is not None:
            title = f"<b>{html.escape(u.passage.title)}</b><br>" if u.passage.title else ""
            parts.append(self.tr("<p><b>Passage {id}:</b><br>{title}{text}</p>").format(
                id=html.escape(u.passage.passage_id), title=title, text=html.escape(u.passage.text)))
        if u.reasoning:
            parts.append(self.tr("<p><b>Verifier's reasoning</b> ({verdict}):<br>{text}</p>").format(
                verdict=html.escape(i18n.verdict_name(u.verdict or "")), text=html.escape(u.reasoning)))
        return "".join(parts)

    # ---- keys and the final code -------------------------------------------------------------------
    @property
    def adjudicator(self) -> str:
        return self.adjudicator_edit.text().strip() or annotator_name()

    def handle_key(self, e: QKeyEvent) -> None:
        key = e.key()
        if e.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
            e.ignore()
            return
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
            d = self.current
            codes = self.codes_of(d) if d is not None else []
            n = key - Qt.Key.Key_1
            if n < len(codes):
                self.choose(codes[n][0])
            elif d is not None:
                self.status.setText(self.tr("{v0} has codes 1–{v1}.").format(v0=self._dim_name(d), v1=len(codes)))
        elif key in (Qt.Key.Key_Down, Qt.Key.Key_J):
            self._move(1)
        elif key in (Qt.Key.Key_Up, Qt.Key.Key_K):
            self._move(-1)

    def _move(self, step: int) -> None:
        rows = self.table.selectionModel().selectedRows()
        at = (rows[0].row() if rows else -1) + step
        if 0 <= at < len(self.rows):
            self.table.selectRow(at)

    def choose(self, code: str) -> None:
        d = self.current
        if d is None:
            return
        if self.project.readonly:
            self.status.setText(self.tr("The project is open read-only."))
            return
        project, who, note = self.project, self.adjudicator, self.note_edit.text().strip() or None
        at = self.rows.index(d)
        if d.target == "sentence":
            work = lambda job: services.adjudicate_sentence(project, d.claim_id, code, who)  # noqa: E731
        else:
            work = lambda job: services.adjudicate(  # noqa: E731
                project, target=d.target, claim_id=d.claim_id, dimension=d.dimension, code=code, adjudicator=who,
                passage_id=d.other if d.target == "evidence" else None,
                run_id=d.other if d.target == "reasoning" else None, note=note)

        def written(rec, d=d, at=at) -> None:
            d.adjudicated = code
            d.adjudicator = getattr(rec, "annotator", None)
            if at < self.table.rowCount():
                self._fill_row(at, d)
            done = sum(1 for x in self.rows if x.adjudicated)
            self.status.setText(QCoreApplication.translate("rater_adjudication", "{v0} of {claim_id}: {v1} (by {adjudicator}). {done} of {v2} adjudicated.").format(
                v0=self._dim_name(d), claim_id=d.claim_id, v1=self._code_name(d, code), adjudicator=d.adjudicator,
                done=i18n.number(done), v2=i18n.number(len(self.rows))))
            if self.current is d:
                self._show(d)

        self.writer.submit(work, title=self.tr("recording the final code"),
                           success=written, failure=lambda exc: self.status.setText(self.tr("Not saved: {v0}").format(v0=error_text(exc))))
        self.note_edit.clear()
        nxt = next((i for i in range(at + 1, len(self.rows)) if not self.rows[i].adjudicated), None)
        if nxt is not None:
            self.table.selectRow(nxt)

    def flush(self, msecs: int = 30_000) -> bool:
        return self.writer.wait(msecs)


__all__ = ["AdjudicationView", "read_disagreements"]
