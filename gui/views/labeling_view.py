"""The Labeling page: keyboard-driven evidence and reasoning labeling with blind-then-reveal.

Keys (on the unit card): digits choose the code of the current dimension (each choice is written at
once, so nothing is lost if the app dies); Enter or Tab moves to the next dimension and, after the
last one, commits the unit and opens the next; Shift+Tab goes back a dimension; Backspace undoes the
last label of this session (a superseding record); R reveals the system verdict and the LLM pre-label
before committing (labels made after that are not blind).

Evidence mode hides the system verdict (and the passage's stance) and the LLM pre-labels until the
unit is committed. Reasoning mode rates the verifier's trace, so the trace and its verdict are shown;
the LLM pre-labels and the gold label stay hidden until commit.
"""
from __future__ import annotations

import getpass
import html
from dataclasses import dataclass

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent
from factaudit.gui.views.tabbed_page import TabbedPage
from PySide6.QtWidgets import (
    QComboBox, QFrame, QGridLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QSizePolicy, QSplitter, QTextBrowser,
    QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.engine.errors import FactAuditError
from factaudit.gui.settings import settings

MODES = {"evidence": "Evidence pairs (5 dimensions)", "reasoning": "Verifier reasoning (6 steps)"}
NO_RUN = "(none)"
ANNOTATOR_KEY = "audit/annotator"


def annotator_name() -> str:
    """The person labeling: a setting, defaulting to the login name."""
    value = settings().value(ANNOTATOR_KEY, "")
    if value:
        return str(value)
    try:
        return getpass.getuser() or "expert"
    except Exception:  # noqa: BLE001 - no login name on some systems
        return "expert"


def set_annotator_name(name: str) -> None:
    s = settings()
    s.setValue(ANNOTATOR_KEY, name)
    s.sync()


def _esc(text: str | None) -> str:
    return html.escape(text or "")


@dataclass
class _Done:
    """One label written in this session, for Backspace."""

    annotation_id: str
    unit_index: int
    dim_index: int


class UnitCard(QFrame):
    """The focusable area that receives the labeling keys. Tab is a labeling key here, not focus
    navigation, so it is caught before QWidget's focus chain sees it."""

    keyPressed = Signal(object)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("unitCard")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setFrameShape(QFrame.Shape.StyledPanel)

    def event(self, e) -> bool:
        if e.type() == QEvent.Type.KeyPress and e.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            self.keyPressed.emit(e)
            return True
        return super().event(e)

    def keyPressEvent(self, e: QKeyEvent) -> None:
        self.keyPressed.emit(e)

    def mousePressEvent(self, e) -> None:
        self.setFocus()
        super().mousePressEvent(e)


class LabelingView(QWidget):
    """Evidence and reasoning labeling over a queue from engine.audit.queues."""

    labelsChanged = Signal()

    def __init__(self, project, parent: QWidget | None = None, *, mode: str = "evidence"):
        super().__init__(parent)
        self.project = project
        self.mode = mode
        self.queue: list = []
        self.index = 0
        self.dim_index = 0
        self.unit = None                   # services.audit.LabelUnit of the current entry
        self.dims: tuple = ()
        self.revealed: set[int] = set()    # queue positions revealed (by commit or by R)
        self.committed: set[int] = set()
        self.history: list[_Done] = []
        self._loading = False

        root = QVBoxLayout(self)
        root.setContentsMargins(16, 12, 16, 12)
        root.setSpacing(8)
        head = QHBoxLayout()
        title = QLabel("Labeling")
        title.setObjectName("sectionTitle")
        head.addWidget(title)
        head.addSpacing(10)
        self.mode_combo = QComboBox()
        for key, text in MODES.items():
            self.mode_combo.addItem(text, key)
        self.mode_combo.setCurrentIndex(list(MODES).index(mode))
        self.mode_combo.currentIndexChanged.connect(self._mode_changed)
        head.addWidget(self.mode_combo)
        self.run_label = QLabel("Run:")
        head.addWidget(self.run_label)
        self.run_combo = QComboBox()
        self.run_combo.setMinimumWidth(120)
        self.run_combo.activated.connect(lambda _=0: self.load_queue())
        head.addWidget(self.run_combo)
        self.verdict_label = QLabel("Verdicts from:")
        head.addWidget(self.verdict_label)
        self.verdict_combo = QComboBox()
        self.verdict_combo.setMinimumWidth(110)
        self.verdict_combo.setToolTip("The verify run whose verdict is revealed after you commit a pair; "
                                      "its disagreements come first in the queue")
        self.verdict_combo.activated.connect(lambda _=0: self.load_queue())
        head.addWidget(self.verdict_combo)
        head.addStretch(1)
        head.addWidget(QLabel("Annotator:"))
        self.annotator_edit = QLineEdit(annotator_name())
        self.annotator_edit.setMaximumWidth(150)
        self.annotator_edit.setToolTip("Your name as it is stored with every label")
        self.annotator_edit.editingFinished.connect(self._annotator_changed)
        head.addWidget(self.annotator_edit)
        self.reload_button = QPushButton("Reload queue")
        self.reload_button.clicked.connect(self.refresh)
        head.addWidget(self.reload_button)
        root.addLayout(head)

        self.progress_label = QLabel("")
        self.progress_label.setObjectName("muted")
        root.addWidget(self.progress_label)

        split = QSplitter(Qt.Orientation.Horizontal)
        self.card = UnitCard()
        self.card.keyPressed.connect(self.handle_key)
        card_layout = QVBoxLayout(self.card)
        card_layout.setContentsMargins(14, 10, 14, 10)
        self.claim_label = QLabel("")
        self.claim_label.setObjectName("claimText")
        self.claim_label.setWordWrap(True)
        self.claim_label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        card_layout.addWidget(self.claim_label)
        self.body = QTextBrowser()
        self.body.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.body.setOpenLinks(False)
        card_layout.addWidget(self.body, 1)
        self.keys_label = QLabel("Keys: 1–9 choose · Enter/Tab next · Shift+Tab back · Backspace undo · R reveal")
        self.keys_label.setObjectName("muted")
        card_layout.addWidget(self.keys_label)
        split.addWidget(self.card)

        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(8, 0, 0, 0)
        dims_title = QLabel("Your labels")
        dims_title.setObjectName("subsectionTitle")
        side_layout.addWidget(dims_title)
        # one row per dimension (rebuilt when the mode changes): number and name, then the chosen code
        self.dims_box = QWidget()
        self.dims_grid = QGridLayout(self.dims_box)
        self.dims_grid.setContentsMargins(0, 0, 0, 0)
        self.dims_grid.setHorizontalSpacing(10)
        self.dims_grid.setVerticalSpacing(2)
        self.dims_grid.setColumnStretch(1, 1)
        self.dim_rows: list[tuple[QLabel, QLabel]] = []
        side_layout.addWidget(self.dims_box)
        self.codes_title = QLabel("")
        self.codes_title.setObjectName("subsectionTitle")
        self.codes_title.setWordWrap(True)
        side_layout.addWidget(self.codes_title)
        self.codes_label = QLabel("")
        self.codes_label.setWordWrap(True)
        self.codes_label.setTextFormat(Qt.TextFormat.RichText)
        self.codes_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.codes_label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        side_layout.addWidget(self.codes_label)
        sub = QLabel("System and pre-label")
        sub.setObjectName("subsectionTitle")
        side_layout.addWidget(sub)
        self.reveal_label = QLabel("")
        self.reveal_label.setObjectName("note")
        self.reveal_label.setWordWrap(True)
        self.reveal_label.setTextFormat(Qt.TextFormat.RichText)
        side_layout.addWidget(self.reveal_label)
        sub2 = QLabel("Previous unit (revealed)")
        sub2.setObjectName("subsectionTitle")
        side_layout.addWidget(sub2)
        self.previous_label = QLabel("Nothing committed yet.")
        self.previous_label.setObjectName("muted")
        self.previous_label.setWordWrap(True)
        self.previous_label.setTextFormat(Qt.TextFormat.RichText)
        side_layout.addWidget(self.previous_label)
        side_layout.addStretch(1)
        split.addWidget(side)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        root.addWidget(split, 1)

        self.status = QLabel("")
        self.status.setObjectName("muted")
        self.status.setWordWrap(True)
        root.addWidget(self.status)
        self.refresh()

    # ---- settings and choices --------------------------------------------------------------------
    @property
    def annotator(self) -> str:
        return self.annotator_edit.text().strip() or annotator_name()

    def _annotator_changed(self) -> None:
        name = self.annotator_edit.text().strip()
        if name and name != annotator_name():
            set_annotator_name(name)
            self.load_queue()

    def _mode_changed(self, _index: int) -> None:
        self.mode = self.mode_combo.currentData()
        self.refresh()

    def set_mode(self, mode: str) -> None:
        self.mode_combo.setCurrentIndex(list(MODES).index(mode))

    def _fill(self, combo: QComboBox, items: list[str], keep: str | None) -> None:
        combo.blockSignals(True)
        combo.clear()
        combo.addItems(items)
        if keep in items:
            combo.setCurrentText(keep)
        elif items:
            combo.setCurrentIndex(len(items) - 1)
        combo.blockSignals(False)

    def refresh(self) -> None:
        """Re-read the runs and rebuild the queue (units finished meanwhile drop out)."""
        try:
            verify = services.audit.verify_runs(self.project)
            retrieval = services.audit.retrieval_runs(self.project)
        except FactAuditError as exc:
            self.status.setText(str(exc))
            return
        evidence = self.mode == "evidence"
        self.run_label.setText("Retrieval run:" if evidence else "Verify run:")
        self._fill(self.run_combo, retrieval if evidence else verify, self.run_combo.currentText() or None)
        self.verdict_label.setVisible(evidence)
        self.verdict_combo.setVisible(evidence)
        if evidence:
            keep = self.verdict_combo.currentText() or (verify[-1] if verify else NO_RUN)
            self._fill(self.verdict_combo, [NO_RUN, *verify], keep)
        self.load_queue()

    def select_runs(self, run: str, verdicts: str | None = None) -> None:
        self.run_combo.setCurrentText(run)
        if verdicts is not None:
            self.verdict_combo.setCurrentText(verdicts)
        self.load_queue()

    @property
    def verdict_run(self) -> str | None:
        if self.mode != "evidence":
            return self.run_combo.currentText() or None
        text = self.verdict_combo.currentText()
        return None if not text or text == NO_RUN else text

    # ---- queue -----------------------------------------------------------------------------------
    def load_queue(self) -> None:
        run = self.run_combo.currentText()
        self.queue, self.index, self.dim_index = [], 0, 0
        self.revealed, self.committed, self.history = set(), set(), []
        self.unit = None
        self.previous_label.setText("Nothing committed yet.")
        try:
            book = services.audit.codebook(self.project)
            self.dims = book.evidence if self.mode == "evidence" else book.reasoning
            self.codebook_version = book.version
            if run:
                if self.mode == "evidence":
                    self.queue = services.audit.evidence_queue(self.project, run, self.annotator,
                                                               verify_run=self.verdict_run)
                else:
                    self.queue = services.audit.reasoning_queue(self.project, run, self.annotator)
        except FactAuditError as exc:
            self.status.setText(str(exc))
            self.show_unit()
            return
        if not run:
            what = "retrieval" if self.mode == "evidence" else "verify"
            self.status.setText(f"No {what} run to label yet: make or import one on the Runs page.")
        elif not self.queue:
            self.status.setText(f"Nothing left to label in {run} for {self.annotator}.")
        else:
            self.status.setText(f"Codebook v{self.codebook_version}. Click the card (or press a digit) to label.")
        self.show_unit()
        self.card.setFocus()

    @property
    def entry(self):
        return self.queue[self.index] if 0 <= self.index < len(self.queue) else None

    def show_unit(self, dim_index: int | None = None) -> None:
        entry = self.entry
        if entry is None:
            self.unit = None
            self.claim_label.setText("<i>The queue is empty.</i>" if not self.queue else "<b>All done.</b> "
                                     "Every unit in this queue is labelled.")
            self.body.clear()
            for name, value in self.dim_rows:
                name.setText("")
                value.setText("")
            self.codes_title.setText("")
            self.codes_label.setText("")
            self.reveal_label.setText("")
            self._update_progress()
            return
        try:
            self.unit = services.audit.label_unit(self.project, entry, self.annotator, verify_run=self.verdict_run)
        except FactAuditError as exc:
            self.status.setText(str(exc))
            return
        if dim_index is None:
            missing = [i for i, d in enumerate(self.dims) if d.id not in self.unit.labels]
            dim_index = missing[0] if missing else 0
        self.dim_index = dim_index
        self._render()

    def _render(self) -> None:
        u, entry = self.unit, self.entry
        tag = {"disagreement": "disagreement", "sample": "sample", "retest": "retest (seen before)"}.get(entry.reason,
                                                                                                       entry.reason)
        self.claim_label.setText(f"<span style='color:#6b7380'>Claim {_esc(u.claim_id)} · {tag}</span><br>"
                                 f"<b style='font-size:15px'>{_esc(u.claim_text)}</b>")
        if u.target == "evidence":
            p = u.passage
            rank = f"rank {p.rank} · " if p.rank else ""
            self.body.setHtml(f"<p style='color:#6b7380'>{rank}passage {_esc(p.passage_id)}</p>"
                              f"<h3>{_esc(p.title)}</h3><p style='font-size:14px'>{_esc(p.text)}</p>")
        else:
            parts = [f"<p><b>Verdict:</b> {_esc(u.verdict or '—')}</p>",
                     f"<p><b>Reasoning:</b><br>{_esc(u.reasoning or '(no reasoning recorded)')}</p>",
                     "<hr><p style='color:#6b7380'>Passages</p>"]
            for p in u.evidence:
                rank = f"[{p.rank}] " if p.rank else ""
                parts.append(f"<p><b>{rank}{_esc(p.title)}</b> <span style='color:#6b7380'>{_esc(p.passage_id)}"
                             f"</span><br>{_esc(p.text)}</p>")
            self.body.setHtml("".join(parts))
        self._render_dims()
        self._render_reveal()
        self._update_progress()

    def _render_dims(self) -> None:
        u = self.unit
        if len(self.dim_rows) != len(self.dims) or any(n.property("dim") != d.id
                                                        for (n, _v), d in zip(self.dim_rows, self.dims)):
            self._build_dim_rows()
        for i, (d, (name, value)) in enumerate(zip(self.dims, self.dim_rows)):
            a = u.labels.get(d.id)
            code = d.code(a.code) if a else None
            value.setText(_esc(code.name if code else a.code) if a else "<span style='color:#a0a6ae'>—</span>")
            current = i == self.dim_index
            style = "background:#d6e6f7;" if current else ""
            name.setStyleSheet(style)
            value.setStyleSheet(style + "font-weight:bold;")
            name.setText(f"{i + 1}. {_esc(d.name)}")
        d = self.dims[self.dim_index]
        self.codes_title.setText(f"{self.dim_index + 1}/{len(self.dims)} {d.name}")
        chosen = u.labels.get(d.id)
        rows = [f"<p style='color:#4a5260'>{_esc(d.question)}</p>"] if d.question else []
        for n, c in enumerate(d.codes, start=1):
            mark = "background:#d6e6f7;" if chosen and chosen.code == c.id else ""
            pattern = f" <span style='color:#8f1d1d'>({_esc(c.pattern)})</span>" if c.pattern else ""
            rows.append(f"<p style='{mark}margin:4px 0'><b style='font-size:14px'>[{n}]</b> <b>{_esc(c.name)}</b>"
                        f"{pattern}<br><span style='color:#4a5260'>{_esc(c.definition)}</span></p>")
        self.codes_label.setText("".join(rows))

    def _build_dim_rows(self) -> None:
        for name, value in self.dim_rows:
            name.deleteLater()
            value.deleteLater()
        self.dim_rows = []
        for i, d in enumerate(self.dims):
            name, value = QLabel(), QLabel()
            name.setProperty("dim", d.id)
            value.setTextFormat(Qt.TextFormat.RichText)
            value.setWordWrap(True)
            self.dims_grid.addWidget(name, i, 0)
            self.dims_grid.addWidget(value, i, 1)
            self.dim_rows.append((name, value))

    def _reveal_html(self, u, labels) -> str:
        lines = []
        if u.target == "evidence":
            if u.verdict:
                stance = f" (this passage: {_esc(u.stance)})" if u.stance else ""
                lines.append(f"System verdict: <b>{_esc(u.verdict)}</b>{stance}")
            else:
                lines.append("No system verdict for this claim in the chosen run.")
        if u.gold_label:
            lines.append(f"Gold label: <b>{_esc(u.gold_label)}</b>")
        if not u.prelabels:
            lines.append("No LLM pre-label for this unit.")
        for who, codes in sorted(u.prelabels.items()):
            same = sum(labels.get(d) == c for d, c in codes.items())
            cells = []
            for d in self.dims:
                if d.id in codes:
                    ok = labels.get(d.id) == codes[d.id]
                    color = "#1d6b33" if ok else "#8f1d1d"
                    cells.append(f"{_esc(d.name)}: <span style='color:{color}'>{_esc(codes[d.id])}</span>")
            lines.append(f"Pre-label by <code>{_esc(who)}</code> ({same} of {len(codes)} agree with you):<br>"
                         + "<br>".join(cells))
        return "<br>".join(lines)

    def _render_reveal(self) -> None:
        if self.index in self.revealed:
            labels = {d: a.code for d, a in self.unit.labels.items()}
            self.reveal_label.setText(self._reveal_html(self.unit, labels))
        else:
            hidden = ("the system verdict and the LLM pre-label stay" if self.mode == "evidence"
                      else "the LLM pre-label and the gold label stay")
            self.reveal_label.setText(f"Blind: {hidden} hidden until you commit this unit (R reveals them now; "
                                      "later labels are then not blind).")

    def _update_progress(self) -> None:
        n = len(self.queue)
        position = min(self.index + 1, n)
        entry = self.entry
        extra = f" · {entry.pass_} pass" if entry else ""
        self.progress_label.setText(f"Unit {position} of {n}{extra} · {len(self.committed)} committed this session · "
                                    f"annotator {self.annotator} · codebook v{getattr(self, 'codebook_version', '?')}")

    # ---- keys ------------------------------------------------------------------------------------
    def handle_key(self, e: QKeyEvent) -> None:
        key = e.key()
        mods = Qt.KeyboardModifier
        if e.modifiers() & (mods.ControlModifier | mods.AltModifier | mods.MetaModifier):
            e.ignore()                    # leave Ctrl+digit etc. to the window's shortcuts
            return
        if self.unit is None:
            if key == Qt.Key.Key_Backspace:
                self.undo()
            return
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
            self.choose(key - Qt.Key.Key_1)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Tab):
            self.advance()
        elif key == Qt.Key.Key_Backtab or key == Qt.Key.Key_Left:
            self.back()
        elif key == Qt.Key.Key_Right:
            self.advance()
        elif key == Qt.Key.Key_Backspace:
            self.undo()
        elif key == Qt.Key.Key_R:
            self.reveal()

    def choose(self, n: int) -> None:
        d = self.dims[self.dim_index]
        if n >= len(d.codes) or self.project.readonly:
            self.status.setText(f"{d.name} has codes 1–{len(d.codes)}." if n >= len(d.codes)
                                else "The project is open read-only.")
            return
        code = d.codes[n].id
        current = self.unit.labels.get(d.id)
        if current is not None and current.code == code:
            return
        entry = self.entry
        try:
            a = services.audit.annotate(
                self.project, target=entry.target, claim_id=entry.claim_id, passage_id=entry.passage_id,
                run_id=entry.run_id, dimension=d.id, code=code, annotator=self.annotator, pass_=entry.pass_,
                blind=self.index not in self.revealed)
        except FactAuditError as exc:
            self.status.setText(str(exc))
            return
        self.unit.labels[d.id] = a
        self.history.append(_Done(a.id, self.index, self.dim_index))
        self.status.setText(f"{d.name}: {d.codes[n].name}" + ("" if self.index in self.revealed else " (blind)"))
        self._render()
        self.labelsChanged.emit()

    def advance(self) -> None:
        d = self.dims[self.dim_index]
        if d.id not in self.unit.labels:
            self.status.setText(f"Choose a code for {d.name} first (1–{len(d.codes)}).")
            return
        if self.dim_index + 1 < len(self.dims):
            self.dim_index += 1
            self._render()
            return
        missing = [i for i, x in enumerate(self.dims) if x.id not in self.unit.labels]
        if missing:
            self.dim_index = missing[0]
            self.status.setText(f"{self.dims[missing[0]].name} is not labelled yet.")
            self._render()
            return
        self.commit()

    def commit(self) -> None:
        """The unit is complete: reveal it (in the previous-unit panel) and open the next one."""
        self.committed.add(self.index)
        self.revealed.add(self.index)
        labels = {d: a.code for d, a in self.unit.labels.items()}
        try:
            fresh = services.audit.label_unit(self.project, self.entry, self.annotator, verify_run=self.verdict_run)
        except FactAuditError:
            fresh = self.unit
        self.previous_label.setText(f"<b>{_esc(fresh.claim_id)}</b>"
                                    + (f" · {_esc(fresh.passage.passage_id)}" if fresh.passage else "")
                                    + "<br>" + self._reveal_html(fresh, labels))
        self.status.setText("Committed.")
        self.index += 1
        self.show_unit()

    def back(self) -> None:
        if self.dim_index > 0:
            self.dim_index -= 1
            self._render()

    def reveal(self) -> None:
        if self.index in self.revealed:
            return
        self.revealed.add(self.index)
        self.status.setText("Revealed: labels you make on this unit from now on are not blind.")
        self._render()

    def undo(self) -> None:
        if not self.history:
            self.status.setText("Nothing to undo in this session.")
            return
        done = self.history.pop()
        try:
            services.audit.undo_annotation(self.project, done.annotation_id)
        except FactAuditError as exc:
            self.status.setText(str(exc))
            return
        self.committed.discard(done.unit_index)
        self.index = done.unit_index
        self.show_unit(done.dim_index)
        self.status.setText("Undone (the label is superseded, not deleted).")
        self.labelsChanged.emit()

    # ---- helpers for tests and the shell --------------------------------------------------------
    def visible_text(self) -> str:
        """All text the page shows right now (labels and the unit body)."""
        parts = [w.text() for w in self.findChildren(QLabel) if w.isVisible()]
        parts.append(self.body.toPlainText())
        return "\n".join(parts)


class LabelingPage(TabbedPage):
    """The whole Labeling sidebar page: the labeling view with the codebook editor, agreement and
    taxonomy as tabs (built when first shown, refreshed whenever they are shown again)."""

    TABS = (("Label", ("factaudit.gui.views.labeling_view", "LabelingView")),
            ("Codebook", ("factaudit.gui.views.codebook_editor", "CodebookEditor")),
            ("Agreement", ("factaudit.gui.views.agreement_view", "AgreementView")),
            ("Taxonomy", ("factaudit.gui.views.taxonomy_view", "TaxonomyView")))

    @property
    def labeling(self) -> "LabelingView":
        return self._built[0]

    def view_built(self, index: int, view: QWidget) -> None:
        if self.TABS[index][1][1] == "CodebookEditor":
            view.saved.connect(lambda _v: self.labeling.refresh())

    def _tab_changed(self, index: int) -> None:
        if index == 0:  # keep the labeler's place in the queue: no refresh here
            self.labeling.card.setFocus()
            return
        super()._tab_changed(index)
