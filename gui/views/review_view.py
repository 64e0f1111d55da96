"""The Review page: disagreements between a verify run and the expert under a mapping, each with its
sentence, claims, top-k evidence and the verifier's reasoning, and their triage.

Keys in the list: Up/Down move, 1 retrieval error, 2 verification error, 3 wrong gold label, Enter
accepts the pre-filled outcome. A decision is saved at once (a later one supersedes it).
"""
from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QButtonGroup, QComboBox, QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPushButton, QRadioButton,
    QSplitter, QTextBrowser, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.engine.errors import FactAuditError
from factaudit.engine.metrics.classification import MAPPINGS
from factaudit.gui.views.labeling_view import annotator_name

TRIAGE = (("retrieval_error", "Retrieval error"), ("verification_error", "Verification error"),
          ("wrong_gold", "Wrong gold label"))
TRIAGE_NAMES = dict(TRIAGE)
KIND_NAMES = {"missed_error": "missed error", "false_alarm": "false alarm", "wrong_verdict": "wrong verdict"}
EVIDENCE_NAMES = {"high_quality": "a high-quality passage is in the top k", "none": "no high-quality passage",
                  "undecided": "evidence not fully labelled"}
PASSAGE_CHARS = 900
NO_RUN = "(none)"


def _esc(text) -> str:
    return html.escape(str(text) if text is not None else "")


class _List(QListWidget):
    """The disagreement list: forwards the triage keys to the view."""

    triageKey = Signal(int)

    def keyPressEvent(self, e) -> None:
        key = e.key()
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_3:
            self.triageKey.emit(key - Qt.Key.Key_1)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.triageKey.emit(-1)
        else:
            super().keyPressEvent(e)


class ReviewView(QWidget):
    triaged = Signal(str, str)          # unit id, outcome

    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project
        self.result = None              # services.audit DisagreementSet
        root = QVBoxLayout(self)
        root.setContentsMargins(16, 12, 16, 12)
        root.setSpacing(8)

        head = QHBoxLayout()
        title = QLabel("Review")
        title.setObjectName("sectionTitle")
        head.addWidget(title)
        head.addSpacing(10)
        head.addWidget(QLabel("Verify run:"))
        self.run_combo = QComboBox()
        self.run_combo.setMinimumWidth(120)
        self.run_combo.activated.connect(self._run_changed)
        head.addWidget(self.run_combo)
        head.addWidget(QLabel("Evidence from:"))
        self.retrieval_combo = QComboBox()
        self.retrieval_combo.setMinimumWidth(110)
        self.retrieval_combo.setToolTip("The retrieval run whose top-k passages are shown")
        self.retrieval_combo.activated.connect(lambda _=0: self.load())
        head.addWidget(self.retrieval_combo)
        head.addWidget(QLabel("Level:"))
        self.level_combo = QComboBox()
        self.level_combo.addItems(["sentence", "claim"])
        self.level_combo.activated.connect(self._level_chosen)
        self._auto_level = True        # until the user picks a level, fall back to claims when no sentence scores
        head.addWidget(self.level_combo)
        head.addSpacing(6)
        head.addWidget(QLabel("Mapping:"))
        self.mapping_group = QButtonGroup(self)
        self.mapping_buttons: dict[str, QRadioButton] = {}
        for m in MAPPINGS:
            b = QRadioButton(m)
            b.setToolTip("counts as an error: " + ", ".join(sorted(MAPPINGS[m])))
            self.mapping_group.addButton(b)
            self.mapping_buttons[m] = b
            head.addWidget(b)
        self.mapping_buttons["R+NE"].setChecked(True)
        self.mapping_group.buttonToggled.connect(lambda _b, on: on and self.load())
        head.addStretch(1)
        self.refresh_button = QPushButton("Refresh")
        self.refresh_button.clicked.connect(self.refresh)
        head.addWidget(self.refresh_button)
        root.addLayout(head)

        self.summary = QLabel("")
        self.summary.setObjectName("muted")
        self.summary.setWordWrap(True)
        root.addWidget(self.summary)

        split = QSplitter(Qt.Orientation.Horizontal)
        self.list = _List()
        self.list.setObjectName("disagreementList")
        self.list.setWordWrap(True)
        self.list.setSpacing(3)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.currentRowChanged.connect(self._show)
        self.list.triageKey.connect(self._triage_key)
        split.addWidget(self.list)
        right = QWidget()
        rl = QVBoxLayout(right)
        rl.setContentsMargins(8, 0, 0, 0)
        self.detail = QTextBrowser()
        self.detail.setOpenLinks(False)
        rl.addWidget(self.detail, 1)
        self.prefill_label = QLabel("")
        self.prefill_label.setObjectName("note")
        self.prefill_label.setWordWrap(True)
        rl.addWidget(self.prefill_label)
        buttons = QHBoxLayout()
        self.triage_buttons: dict[str, QPushButton] = {}
        for n, (code, name) in enumerate(TRIAGE, start=1):
            b = QPushButton(f"{n}  {name}")
            b.setCheckable(True)
            b.setStyleSheet("QPushButton:checked { background: #2f6fb0; color: white; border-color: #2a639e; }")
            b.clicked.connect(lambda _=False, c=code: self.set_triage(c))
            self.triage_buttons[code] = b
            buttons.addWidget(b)
        buttons.addStretch(1)
        rl.addLayout(buttons)
        self.decision_label = QLabel("")
        self.decision_label.setObjectName("muted")
        rl.addWidget(self.decision_label)
        split.addWidget(right)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 3)
        split.setSizes([330, 900])
        root.addWidget(split, 1)
        self.refresh()

    # ---- choices ---------------------------------------------------------------------------------
    @property
    def mapping(self) -> str:
        for m, b in self.mapping_buttons.items():
            if b.isChecked():
                return m
        return "R+NE"

    def set_mapping(self, mapping: str) -> None:
        self.mapping_buttons[mapping].setChecked(True)

    @property
    def verify_run(self) -> str | None:
        return self.run_combo.currentText() or None

    @property
    def retrieval_run(self) -> str | None:
        text = self.retrieval_combo.currentText()
        return None if not text or text == NO_RUN else text

    def refresh(self) -> None:
        try:
            verify = services.audit.verify_runs(self.project)
            retrieval = services.audit.retrieval_runs(self.project)
        except FactAuditError as exc:
            self.summary.setText(str(exc))
            return
        keep = self.run_combo.currentText()
        self.run_combo.blockSignals(True)
        self.run_combo.clear()
        self.run_combo.addItems(verify)
        if keep in verify:
            self.run_combo.setCurrentText(keep)
        elif verify:
            self.run_combo.setCurrentIndex(len(verify) - 1)
        self.run_combo.blockSignals(False)
        keep_r = self.retrieval_combo.currentText()
        self.retrieval_combo.blockSignals(True)
        self.retrieval_combo.clear()
        self.retrieval_combo.addItems([NO_RUN, *retrieval])
        if keep_r in retrieval:
            self.retrieval_combo.setCurrentText(keep_r)
        else:
            self._default_retrieval()
        self.retrieval_combo.blockSignals(False)
        self.load()

    def _default_retrieval(self) -> None:
        try:
            default = services.audit.default_retrieval_run(self.project, self.verify_run)
        except FactAuditError:
            default = None
        self.retrieval_combo.setCurrentText(default or NO_RUN)

    def _level_chosen(self, _index: int) -> None:
        self._auto_level = False
        self.load()

    def _run_changed(self, _index: int) -> None:
        if self._auto_level:
            self.level_combo.setCurrentText("sentence")
        self._default_retrieval()
        self.load()

    def select(self, verify_run: str, retrieval_run: str | None = None, level: str | None = None,
               mapping: str | None = None) -> None:
        self.run_combo.setCurrentText(verify_run)
        if retrieval_run:
            self.retrieval_combo.setCurrentText(retrieval_run)
        else:
            self._default_retrieval()
        if level:
            self.level_combo.setCurrentText(level)
            self._auto_level = False
        if mapping:
            self.mapping_group.blockSignals(True)
            self.mapping_buttons[mapping].setChecked(True)
            self.mapping_group.blockSignals(False)
        self.load()

    # ---- loading ---------------------------------------------------------------------------------
    def load(self) -> None:
        self.list.clear()
        self.detail.clear()
        self.result = None
        run = self.verify_run
        if not run:
            self.summary.setText("No verify run yet: make or import one on the Runs page.")
            self._set_buttons(None)
            return
        try:
            self.result = services.audit.disagreements(self.project, run, mapping=self.mapping,
                                                       level=self.level_combo.currentText(),
                                                       retrieval_run=self.retrieval_run)
        except FactAuditError as exc:
            self.summary.setText(str(exc))
            self._set_buttons(None)
            return
        r = self.result
        if r.n_units == 0 and r.level == "sentence" and self._auto_level:
            # closed-regime runs (claims without sentences) have nothing at sentence level
            self.level_combo.setCurrentText("claim")
            self.load()
            return
        counts = ", ".join(f"{n} {KIND_NAMES.get(k, k)}{'s' if n != 1 else ''}" for k, n in sorted(r.counts().items()))
        decided = sum(1 for d in r.disagreements if d.triage)
        text = (f"{len(r.disagreements)} of {r.n_units} {r.level}s disagree with the expert under {r.mapping}"
                + (f" ({counts})" if counts else "") + f" · {decided} triaged")
        if r.n_unscored:
            text += f" · {r.n_unscored} left out (missing verdicts or parse failures)"
        if not r.retrieval_run:
            text += " · no retrieval run chosen: evidence shows the passages the verifier used"
        if r.n_units == 0 and r.level == "sentence":
            text += " · this run has no verdicts on labelled sentences: choose the claim level"
        self.summary.setText(text)
        for d in r.disagreements:
            item = QListWidgetItem()
            self._label_item(item, d)
            self.list.addItem(item)
        if r.disagreements:
            self.list.setCurrentRow(0)
        else:
            self._set_buttons(None)
            self.prefill_label.setText("")
            self.decision_label.setText("")

    def _label_item(self, item: QListWidgetItem, d) -> None:
        state = (f"✓ {TRIAGE_NAMES[d.triage]}" if d.triage else
                 f"pre-fill: {TRIAGE_NAMES[d.prefill]}" if d.prefill else "not triaged")
        text = d.text if len(d.text) <= 80 else d.text[:77] + "…"
        item.setText(f"{KIND_NAMES.get(d.kind, d.kind)} · {d.unit_id}\n{text}\n{state}")
        item.setToolTip(d.text)
        item.setForeground(QBrush(QColor("#1f2430" if not d.triage else "#1d6b33")))

    @property
    def current(self):
        row = self.list.currentRow()
        if self.result is None or not 0 <= row < len(self.result.disagreements):
            return None
        return self.result.disagreements[row]

    def _show(self, _row: int) -> None:
        d = self.current
        if d is None:
            self.detail.clear()
            self._set_buttons(None)
            return
        ids = [p for c in d.claims for p in c.passages]
        try:
            texts = services.audit.passage_texts(self.project, ids)
        except FactAuditError:
            texts = {}
        expert = f"expert: <b>{_esc(d.expert)}</b>"
        parts = [f"<p style='color:#6b7380'>{_esc(KIND_NAMES.get(d.kind, d.kind))} · {_esc(d.level)} {_esc(d.unit_id)}"
                 + (f" · item {_esc(d.item_id)}" if d.item_id else "") + "</p>",
                 f"<h3>{_esc(d.text)}</h3>",
                 f"<p>{expert} · system: <b>{_esc(d.predicted)}</b> (under {_esc(self.result.mapping)})"
                 + (f"<br><span style='color:#4a5260'>Expert's reason: {_esc(d.expert_reason)}</span>"
                    if d.expert_reason else "") + "</p>"]
        for c in d.claims:
            flag = " <span style='color:#8f1d1d'>(flagged as an error)</span>" if c.flagged else ""
            parts.append("<hr>")
            parts.append(f"<p><b>Claim {_esc(c.claim_id)}:</b> {_esc(c.text)}<br>"
                         f"Verdict: <b>{_esc(c.verdict or '—')}</b>{flag}"
                         + (f" · gold: {_esc(c.gold_label)}" if c.gold_label else "")
                         + f" · evidence: {_esc(EVIDENCE_NAMES.get(c.evidence, c.evidence))}</p>")
            parts.append(f"<p style='background:#f3f5f8'><b>Reasoning:</b> {_esc(c.reasoning or '(none recorded)')}</p>")
            if not c.passages:
                parts.append("<p style='color:#6b7380'>No passages.</p>")
            for rank, pid in enumerate(c.passages, start=1):
                p = texts.get(pid)
                body = p.text if p else "(passage not in the project)"
                if len(body) > PASSAGE_CHARS:
                    body = body[:PASSAGE_CHARS] + "…"
                title = f"{_esc(p.title)} " if p and p.title else ""
                parts.append(f"<p><b>[{rank}]</b> {title}<span style='color:#6b7380'>{_esc(pid)}</span><br>"
                             f"<span style='color:#333'>{_esc(body)}</span></p>")
        self.detail.setHtml("".join(parts))
        self._set_buttons(d)

    def _set_buttons(self, d) -> None:
        for code, b in self.triage_buttons.items():
            b.setEnabled(d is not None and not self.project.readonly)
            b.setChecked(d is not None and d.triage == code)
            name = TRIAGE_NAMES[code]
            n = [c for c, _ in TRIAGE].index(code) + 1
            b.setText(f"{n}  {name}" + ("  (pre-filled)" if d is not None and d.prefill == code else ""))
        if d is None:
            self.prefill_label.setText("")
            self.decision_label.setText("")
            return
        if d.prefill:
            self.prefill_label.setText(f"Pre-filled: <b>{TRIAGE_NAMES[d.prefill]}</b> — {_esc(d.prefill_reason)}. "
                                       "Enter accepts it; 1, 2 or 3 decide otherwise.")
        else:
            self.prefill_label.setText(f"No pre-fill: {_esc(d.prefill_reason)}.")
        self.decision_label.setText(f"Decided: {TRIAGE_NAMES[d.triage]} (by {d.triage_annotator})" if d.triage
                                    else "Not triaged yet.")

    # ---- triage ----------------------------------------------------------------------------------
    def _triage_key(self, n: int) -> None:
        d = self.current
        if d is None:
            return
        if n < 0:
            if d.prefill:
                self.set_triage(d.prefill)
            return
        self.set_triage(TRIAGE[n][0])

    def set_triage(self, code: str) -> None:
        d = self.current
        if d is None or self.project.readonly:
            return
        who = annotator_name()
        try:
            a = services.audit.set_triage(self.project, self.result.verify_run, d.unit_id, code, who,
                                          level=self.result.level)
        except FactAuditError as exc:
            self.decision_label.setText(str(exc))
            return
        d.triage, d.triage_annotation, d.triage_annotator = a.code, a.id, a.annotator
        self._label_item(self.list.currentItem(), d)
        self._set_buttons(d)
        self._update_decided(sum(1 for x in self.result.disagreements if x.triage))
        self.triaged.emit(d.unit_id, code)

    def _update_decided(self, decided: int) -> None:
        parts = self.summary.text().split(" · ")
        parts = [f"{decided} triaged" if p.endswith(" triaged") else p for p in parts]
        self.summary.setText(" · ".join(parts))
