"""The Review page: disagreements between a verify run and the expert under a mapping, each with its
sentence, claims, top-k evidence and the verifier's reasoning, and their triage.

Keys in the list: Up/Down move, 1 retrieval error, 2 verification error, 3 wrong gold label, Enter
accepts the pre-filled outcome. A decision is saved at once in a worker (a later one supersedes it)
and the list moves to the next disagreement not yet triaged.

The list fills page by page from a worker (the first page shows in a fraction of a second on a run
of 100,000 claims); a row's evidence is read only when it is shown.
"""
from __future__ import annotations

import html

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QItemSelectionModel, QRect, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QHBoxLayout, QHeaderView, QLabel, QPushButton, QSplitter, QTextBrowser,
    QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.engine.errors import FactAuditError
from factaudit.gui.ops import Op, error_text
from factaudit.gui.query_op import QueryOp, ReadFailure
from factaudit.gui import i18n
from factaudit.gui.qtmodels.disagreement_model import DisagreementModel, kind_name, triage_name
from factaudit.gui.serial_writer import SerialWriter
from factaudit.gui.views.labeling_annotator import ask_once
from factaudit.gui.views.labeling_parts import keep_out_of_gc
from factaudit.gui.views.review_runs import NO_RUN, ReviewRunChoice
from factaudit.gui.views.review_detail import Loaded as _Loaded, detail_html, index_page as _index_page
from factaudit.gui.views.review_triage import TRIAGE, DisagreementList, prefill_reason_text
from factaudit.gui.views.page_parts import ChoosesMapping, MappingChoice, section_head

LEVELS = (("sentence", QT_TRANSLATE_NOOP("ReviewView", "sentence")), ("claim", QT_TRANSLATE_NOOP("ReviewView", "claim")))


def _esc(text) -> str:
    return html.escape(str(text) if text is not None else "")


class ReviewView(ReviewRunChoice, ChoosesMapping, QWidget):
    triaged = Signal(str, str)          # unit id, outcome

    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project
        self.result = None              # the loaded index: verify_run, mapping, level, counts (see _Loaded)
        self.model = DisagreementModel(self._expand, self)
        self.writer = SerialWriter(self)
        self._ops: list[Op] = []
        self._generation = 0
        self._reading: set[str] = set()     # "runs", "default", "detail": page reads still running
        self._wanted: tuple | None = None   # select() while the runs were read
        self.own_announcements = 0      # triage announcements this view caused (see ReviewPage)
        root = QVBoxLayout(self)
        root.setContentsMargins(16, 12, 16, 12)
        root.setSpacing(8)

        head = section_head(self.tr("Review"))
        head.addSpacing(10)
        head.addWidget(QLabel(self.tr("Verify run:")))
        self.run_combo = QComboBox()
        self.run_combo.setMinimumWidth(120)
        self.run_combo.activated.connect(self._run_changed)
        head.addWidget(self.run_combo)
        head.addWidget(QLabel(self.tr("Evidence from:")))
        self.retrieval_combo = QComboBox()
        self.retrieval_combo.setMinimumWidth(110)
        self.retrieval_combo.setToolTip(self.tr("The retrieval run whose top-k passages are shown"))
        self.retrieval_combo.activated.connect(lambda _=0: self.load())
        head.addWidget(self.retrieval_combo)
        head.addWidget(QLabel(self.tr("Level:")))
        self.level_combo = QComboBox()
        for level, text in LEVELS:
            self.level_combo.addItem(self.tr(text), level)
        self.level_combo.activated.connect(self._level_chosen)
        self._auto_level = True        # until the user picks a level, fall back to claims when no sentence scores
        head.addWidget(self.level_combo)
        head.addStretch(1)
        root.addLayout(head)
        head = QHBoxLayout()                 # a second row: the page fits a 1280-px laptop screen
        self.mapping_choice = MappingChoice(self, head, lambda _mapping: self.load())
        self.mapping_buttons = self.mapping_choice.buttons
        head.addStretch(1)
        self.refresh_button = QPushButton(self.tr("Refresh"))
        self.refresh_button.clicked.connect(self.refresh)
        head.addWidget(self.refresh_button)
        root.addLayout(head)

        self.summary = QLabel("")
        self.summary.setObjectName("muted")
        self.summary.setWordWrap(True)
        root.addWidget(self.summary)

        split = QSplitter(Qt.Orientation.Horizontal)
        self.list = DisagreementList()
        self.list.setObjectName("disagreementList")
        self.list.setModel(self.model)
        # one line each (kind and id, the text elided, the triage state): a wrapped text pushed the state
        # line out of the fixed three-line row, so a triaged row no longer said its decision
        self.list.setWordWrap(False)
        self.list.setShowGrid(False)
        self.list.horizontalHeader().hide()
        self.list.horizontalHeader().setStretchLastSection(True)
        rows = self.list.verticalHeader()
        rows.hide()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        # three lines per row, measured in the style sheet's font and with a CJK line (its fallback font is
        # taller: Chinese rows overlapped the next row when measured by the Latin font's line spacing)
        self.list.ensurePolished()
        rows.setDefaultSectionSize(self.list.fontMetrics().boundingRect(
            QRect(0, 0, 4000, 4000), 0, "\n".join(["Ág中"] * 3)).height() + 8)
        self.list.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.selectionModel().currentRowChanged.connect(lambda cur, _prev: self._show(cur.row()))
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
            b = QPushButton(f"{n}  {triage_name(code)}")
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
    def verify_run(self) -> str | None:
        return self.run_combo.currentText() or None

    @property
    def retrieval_run(self) -> str | None:
        text = self.retrieval_combo.currentText()
        return None if not text or text in (NO_RUN, self.tr(NO_RUN)) else text

    @property
    def level(self) -> str:
        return self.level_combo.currentData() or "sentence"

    def set_level(self, level: str) -> None:
        self.level_combo.setCurrentIndex(max(0, self.level_combo.findData(level)))

    # ---- loading ---------------------------------------------------------------------------------
    def load(self) -> None:
        """Read the disagreements page by page in workers; the first page shows as soon as it is read."""
        self._generation += 1
        for op in self._ops:
            op.cancel()
        self._ops = []
        self.model.reset()
        self.detail.clear()
        self.result = None
        run = self.verify_run
        if not run:
            self.summary.setText(self.tr("No verify run yet: make or import one on the Runs page."))
            self._set_buttons(None)
            return
        self.result = _Loaded(run, self.mapping, self.level, self.retrieval_run)
        # the k the verifier was sent, for the detail; off the UI thread, a failed read says so on the page
        loaded, project = self.result, self.project
        QueryOp(self, op=lambda: services.get_run(project, run).config.get("k"),
                success=lambda k: self._sent_k_read(loaded, k)).title("reading the run").run_in_background()
        self.summary.setText(self.tr("Finding disagreements…"))
        self._set_buttons(None)
        self._next_page(self._generation, None)

    def _sent_k_read(self, loaded: _Loaded, k) -> None:
        loaded.sent_k = k if isinstance(k, int) and k > 0 else None

    def _next_page(self, gen: int, after) -> None:
        r = self.result
        op = (Op(self, lambda job, p=self.project: _index_page(p, r.verify_run, r.mapping, r.level, after))
              .title(self.tr("Finding disagreements")).quiet()
              .success(lambda page: self._page_read(gen, page))
              .failure(lambda exc: gen == self._generation and self._failed(exc)))
        self._ops = [o for o in self._ops if o.running] + [op.run()]

    def _failed(self, exc) -> None:
        self.summary.setText(error_text(exc))
        self._set_buttons(None)

    @property
    def loading(self) -> bool:
        return bool(self._reading) or any(op.running for op in self._ops)

    def flush(self, msecs: int = 60_000) -> bool:
        """Wait (processing events) until the list is complete and every decision is written."""
        from PySide6.QtCore import QCoreApplication, QDeadlineTimer

        deadline = QDeadlineTimer(msecs)
        while (self.loading or self.writer.pending) and not deadline.hasExpired():
            Op.wait_all(20)
            QCoreApplication.processEvents()
        return not (self.loading or self.writer.pending)

    def _page_read(self, gen: int, page) -> None:
        if gen != self._generation:
            return
        r = self.result
        if page.triage:
            self.model.triage.update(page.triage)
        r.n_units += page.n_units
        r.n_unscored += page.n_unscored
        for row in page.rows:
            r.counts[row.kind] = r.counts.get(row.kind, 0) + 1
        r.complete = page.after is None
        if r.complete and r.n_units == 0 and r.level == "sentence" and self._auto_level:
            # closed-regime runs (claims without sentences) have nothing at sentence level
            self.set_level("claim")
            self.load()
            return
        first = self.model.rowCount() == 0
        self.model.append(page.rows)
        if first and page.rows:
            self.set_row(0)
        self._update_summary()
        if not r.complete:
            self._next_page(gen, page.after)
        else:
            keep_out_of_gc()
            if not self.model.rowCount():
                self._set_buttons(None)

    def _update_summary(self) -> None:
        r = self.result
        if r is None:
            return
        counts = ", ".join(f"{i18n.number(n)} {kind_name(k, n)}" for k, n in sorted(r.counts.items()))
        found = self.model.rowCount()
        template = (self.tr("{found} of {total} sentences disagree with the expert under {mapping}")
                    if r.level == "sentence" else
                    self.tr("{found} of {total} claims disagree with the expert under {mapping}"))
        text = (template.format(found=i18n.number(found), total=i18n.number(r.n_units), mapping=r.mapping)
                + (f" ({counts})" if counts else "")
                + " · " + self.tr("{n} triaged").format(n=i18n.number(self.model.decided)))
        if not r.complete:
            text += " · " + self.tr("still reading…")
        if r.n_unscored:
            text += " · " + self.tr("{n} left out (missing verdicts or parse failures)").format(
                n=i18n.number(r.n_unscored))
        if not r.retrieval_run:
            text += " · " + self.tr("no retrieval run chosen: evidence shows the passages the verifier used")
        if r.complete and r.n_units == 0 and r.level == "sentence":
            text += " · " + self.tr("this run has no verdicts on labelled sentences: choose the claim level")
        self.summary.setText(text)

    def evidence_changed(self) -> None:
        """Labels changed elsewhere: pre-fills may differ; re-read the rows when next shown."""
        self.model.forget_details()
        self._show(self.current_row())

    def _expand(self, rows: list) -> list:
        r = self.result
        return services.expand_disagreements(self.project, r.index, rows, retrieval_run=r.retrieval_run)

    # ---- rows ------------------------------------------------------------------------------------
    def row_count(self) -> int:
        return self.model.rowCount()

    def unit_ids(self) -> list[str]:
        return [r.unit_id for r in self.model.rows]

    def current_row(self) -> int:
        return self.list.currentIndex().row()

    def set_row(self, row: int) -> None:
        index = self.model.index(row)
        self.list.selectionModel().setCurrentIndex(index, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        self.list.scrollTo(index)

    @property
    def current(self):
        return self.model.disagreement(self.current_row()) if self.result is not None else None

    def _show(self, _row: int) -> None:
        try:
            d = self.current
        except FactAuditError as exc:
            self.detail.setPlainText(error_text(exc))
            d = None
        if d is None:
            self.detail.clear()
            self._set_buttons(None)
            return
        ids, claims, project, r = [p for c in d.claims for p in c.passages], [c.claim_id for c in d.claims], self.project, self.result
        self._set_buttons(d)                # triage keys work while the passages are read
        self._reading.add("detail")
        self.detail.setPlainText(QCoreApplication.translate("PageRead", "Reading…"))
        # a classifier run's verdicts carry attribution instead of reasoning
        QueryOp(self, op=lambda: (services.passage_texts(project, ids), services.passage_findings(project, ids),
                                  services.verdict_attribution(project, r.verify_run, claims)),
                success=lambda read: self._detail_read(d, r, *read)).failure(lambda exc: self._detail_failed(d, r, exc)) \
            .title("reading the passages").run_in_background()

    def _detail_read(self, d, r, texts: dict, suspect: dict, attribution: dict) -> None:
        self._reading.discard("detail")         # (QueryOp hides a failed read's message itself)
        self.detail.setHtml(detail_html(d, texts, r.mapping, r.sent_k, suspect, attribution))

    def _detail_failed(self, d, r, exc: BaseException) -> None:
        # the disagreement without its passages, and above the page what could not be read
        self._reading.discard("detail")
        self.detail.setHtml(detail_html(d, {}, r.mapping, r.sent_k))
        ReadFailure.of(self).show_error(exc)

    def _set_buttons(self, d) -> None:
        for code, b in self.triage_buttons.items():
            b.setEnabled(d is not None and not self.project.readonly)
            b.setChecked(d is not None and d.triage == code)
            name = triage_name(code)
            n = [c for c, _ in TRIAGE].index(code) + 1
            b.setText(f"{n}  {name}" + (self.tr("  (pre-filled)") if d is not None and d.prefill == code else ""))
        if d is None:
            self.prefill_label.setText("")
            self.decision_label.setText("")
            return
        if d.prefill:
            self.prefill_label.setText(self.tr("Pre-filled: <b>{v0}</b> — {v1}. Enter accepts it; 1, 2 or 3 decide otherwise.").format(v0=triage_name(d.prefill), v1=_esc(prefill_reason_text(d.prefill_reason))))
        else:
            self.prefill_label.setText(self.tr("No pre-fill: {v0}.").format(v0=_esc(prefill_reason_text(d.prefill_reason))))
        self.decision_label.setText(self.tr("Decided: {v0} (by {triage_annotator})").format(v0=triage_name(d.triage), triage_annotator=d.triage_annotator) if d.triage
                                    else self.tr("Not triaged yet."))

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
        """Record the decision (in the serial worker) and move to the next disagreement not triaged."""
        row = self.current_row()
        d = self.current
        if d is None or self.project.readonly:
            return
        who = ask_once(self, self.project)      # per project, asked before its first triage or label
        if not who:
            self.decision_label.setText(self.tr("Not saved: give your name first (it is stored with every "
                                                "triage decision)."))
            return
        r = self.result
        self.model.set_triage(row, code)
        d.triage_annotator = who
        self._set_buttons(d)
        self._update_summary()

        def saved(a, row=row, gen=self._generation) -> None:
            if gen == self._generation:
                self.model.set_triage(row, a.code, a)
            self.own_announcements += 1          # the page need not reload for this one
            self.triaged.emit(a.claim_id, a.code)

        def failed(exc, row=row) -> None:
            self.decision_label.setText(self.tr("Not saved: {v0}").format(v0=error_text(exc)))

        project = self.project
        self.writer.submit(lambda job: services.set_triage(project, r.verify_run, d.unit_id, code, who,
                                                                 level=r.level),
                           success=saved, failure=failed, title=self.tr("saving a triage decision"))
        nxt = self.model.next_untriaged(row)
        if nxt is not None:
            self.set_row(nxt)
