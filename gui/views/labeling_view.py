"""The Labeling page: keyboard-driven evidence and reasoning labeling with blind-then-reveal.

Keys (on the unit card): digits choose the code of the current dimension (each choice is written at
once, in a worker, so nothing is lost if the app dies and the UI never waits on the disk); Enter or
Tab moves to the next dimension and, after the last one, commits the unit and opens the next; with
Auto-advance on, the digit itself moves on (5 keys per evidence unit); Shift+Tab goes back a
dimension; Backspace undoes the last label of this session (a superseding record); R reveals the
system verdict and the LLM pre-label before committing (labels made after that are not blind), and
then A accepts the pre-label as it stands.

The queue is opened in a worker from the head of its order (the first disagreement claims, found in
a fraction of a second at any size); the rest of the order follows from a second worker and the
units are materialised a page at a time.

Evidence mode hides the system verdict (and the passage's stance) and the LLM pre-labels until the
unit is committed. Reasoning mode rates the verifier's trace, so the trace and its verdict are shown;
the LLM pre-labels and the gold label stay hidden until commit.
"""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QComboBox, QWidget

from factaudit.engine import services
from factaudit.engine.errors import FactAuditError
from factaudit.gui import i18n
from factaudit.gui.ops import Op, error_text
from factaudit.gui.query_op import QueryOp
from factaudit.gui.serial_writer import SerialWriter
from factaudit.gui.views.labeling_parts import (  # noqa: F401  (annotator helpers re-exported for callers)
    _Done, _Pending, annotator_name, esc as _esc, keep_out_of_gc, set_annotator_name,
)
from factaudit.gui.views.labeling_annotator import AnnotatorChoice, annotator_shown
from factaudit.gui.views.labeling_note import edit_note
from factaudit.gui.views.labeling_queue import open_queue
from factaudit.gui.views.labeling_render import MODES, LabelingLayout
from factaudit.gui.views.page_parts import build_later

NO_RUN = QT_TRANSLATE_NOOP("LabelingView", "(none)")      # shown translated; never a run id
PASSES = {"first": QT_TRANSLATE_NOOP("LabelingView", "first pass"), "retest": QT_TRANSLATE_NOOP("LabelingView", "retest pass")}


class LabelingView(AnnotatorChoice, LabelingLayout, QWidget):
    """Evidence and reasoning labeling over a queue from engine.audit.queues."""

    labelsChanged = Signal()
    annotatorChanged = Signal(str)

    def __init__(self, project, parent: QWidget | None = None, *, mode: str = "evidence"):
        super().__init__(parent)
        self.project = project
        self.mode = mode
        self.queue = None                  # engine.audit.queues.LabelQueue, once opened
        self.index = 0
        self.dim_index = 0
        self.unit = None                   # services.LabelUnit of the current entry
        self.dims: tuple = ()
        self.codebook_version = None
        self.revealed: set[int] = set()    # queue positions revealed (by commit or by R)
        self.committed: set[int] = set()
        self.history: list[_Done] = []
        self.writer = SerialWriter(self)
        self._ops: list[Op] = []           # the queue being opened and its full order
        self._generation = 0               # bumps on every reload: late results of older loads are dropped
        self._accepted = False             # the status line says a pre-label was accepted for this unit
        self._reading = False              # the runs are being read
        self._wanted: tuple | None = None  # select_runs() while they were
        self._queue_key: tuple | None = None   # (mode, run, verdict run) of the queue last opened
        self._force_reload = False         # Reload queue: reopen even where the labeler has a place

        self._build_ui(mode)
        self.refresh()

    # ---- settings and choices --------------------------------------------------------------------
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
        """Re-read the runs (off the UI thread) and rebuild the queue (units finished meanwhile drop out)."""
        project = self.project
        self._reading = True
        self.status.setText(QCoreApplication.translate("PageRead", "Reading…"))
        QueryOp(self, op=lambda: (services.verify_run_ids(project), services.retrieval_run_ids(project)),
                success=self._runs_read).failure(self._runs_failed).title("reading the runs").run_in_background()

    def _runs_failed(self, exc: BaseException) -> None:
        self._reading = False
        self.status.setText(error_text(exc))

    def _runs_read(self, runs) -> None:
        if not self._card_built:     # the queue opens into the card: wait for the card's own turn (#35 item 4)
            return build_later(self, lambda: self._runs_read(runs))
        self._reading = False
        verify, retrieval = runs
        evidence = self.mode == "evidence"
        self.run_label.setText(self.tr("Retrieval run:") if evidence else self.tr("Verify run:"))
        self._fill(self.run_combo, retrieval if evidence else verify, self.run_combo.currentText() or None)
        self.verdict_label.setVisible(evidence)
        self.verdict_combo.setVisible(evidence)
        if evidence:
            keep = self.verdict_combo.currentText() or (verify[-1] if verify else self.tr(NO_RUN))
            self._fill(self.verdict_combo, [self.tr(NO_RUN), *verify], keep)
        wanted, self._wanted = self._wanted, None
        if wanted is not None:
            self.select_runs(*wanted)
            return
        force, self._force_reload = self._force_reload, False
        if not force and self._keeps_place():
            self.status.setText(self.tr("New runs or verdicts arrived; you keep your place in the queue (Reload queue takes them in)."))
            return
        self.load_queue()

    def reload(self) -> None:
        """Reload queue: read the runs again and reopen the queue, even where the labeler has a place in it."""
        self._force_reload = True
        self.refresh()

    def _keeps_place(self) -> bool:
        """A reread of the runs (a page refresh on new runs or verdicts, from any job) while the labeler is
        working on the same queue must not send them back to its first unit."""
        if self.queue is None or self._queue_key != (self.mode, self.run_combo.currentText(), self.verdict_run):
            return False
        return bool(self.committed or self.history or self.index > 0 or self.dim_index > 0)

    def select_runs(self, run: str, verdicts: str | None = None) -> None:
        if self._reading:                  # chosen once the runs are read
            self._wanted = (run, verdicts)
            return
        self.run_combo.setCurrentText(run)
        if verdicts is not None:
            self.verdict_combo.setCurrentText(verdicts)
        self.load_queue()

    @property
    def verdict_run(self) -> str | None:
        if self.mode != "evidence":
            return self.run_combo.currentText() or None
        text = self.verdict_combo.currentText()
        return None if not text or text in (NO_RUN, self.tr(NO_RUN)) else text

    # ---- queue -----------------------------------------------------------------------------------
    def load_queue(self) -> None:
        """Open the queue in a worker: the head first (the first unit shows at once), then the rest."""
        run = self.run_combo.currentText()
        self._queue_key = (self.mode, run, self.verdict_run)
        self._generation += 1
        for op in self._ops:
            op.cancel()
        self._ops = []
        self.queue, self.index, self.dim_index = None, 0, 0
        self.revealed, self.committed, self.history = set(), set(), []
        self.unit = None
        self.previous_label.setText(self.tr("Nothing committed yet."))
        self.llm_bar.show_for(None, False)      # until the queue's worker says whether the run is a classifier's
        if not run:
            self.status.setText(self.tr("No retrieval run to label yet: make or import one on the Runs page.")
                                if self.mode == "evidence" else
                                self.tr("No verify run to label yet: make or import one on the Runs page."))
            self.show_unit()
            return
        self.status.setText(self.tr("Opening the queue…"))
        self._clear_unit("<i>" + self.tr("Opening the queue…") + "</i>")
        gen = self._generation
        project, mode, annotator, verdict_run = self.project, self.mode, self.annotator, self.verdict_run
        op = (Op(self, lambda job: open_queue(project, mode, run, annotator, verdict_run, job.progress, job.cancel))
              .title(self.tr("Opening the labeling queue")).quiet()
              .success(lambda result: self._queue_opened(gen, run, result))
              .failure(lambda exc: gen == self._generation and self._failed(exc)))
        self._ops.append(op.run())

    def _failed(self, exc) -> None:
        self.status.setText(error_text(exc))
        self._clear_unit("<i>" + self.tr("The queue could not be opened.") + "</i>")

    def _queue_opened(self, gen: int, run: str, result) -> None:
        if gen != self._generation:
            return
        book, queue, classifier = result
        self.llm_bar.show_for(run, classifier)
        self.book = book
        self.dims = book.evidence if self.mode == "evidence" else book.reasoning
        self.codebook_version = book.version
        self.queue = queue
        if self.llm_bar.active:   # the queue gives the units to verify with the LLM; nothing to rate here
            self.status.setText(self.tr("Verify the units with the LLM, then label its reasoning."))
            self._clear_unit("<i>" + self.tr("Classifier verdicts have no reasoning to label.") + "</i>")
        elif queue.get(0) is None and not queue.waiting:
            self.status.setText(self.tr("Nothing left to label in {run} for {annotator}.").format(run=run, annotator=self.annotator))
        else:
            self.status.setText(self.tr("Codebook v{codebook_version}. Click the card (or press a digit) to label.").format(codebook_version=self.codebook_version))
        if not self.llm_bar.active:
            self.show_unit()
        self.card.setFocus()
        if not queue.complete:       # after the first unit is shown: the ordering worker holds the GIL half the time
            project = self.project
            op = (Op(self, lambda job: services.queue_full_order(project, queue.spec, progress=job.progress,
                                                                       cancel=job.cancel))
                  .title(self.tr("Ordering the labeling queue"))
                  .success(lambda order: self._order_ready(gen, order))
                  .failure(lambda exc: gen == self._generation and self.status.setText(error_text(exc))))
            self._ops.append(op.run())

    def _reasoning_run_made(self, run_id: str) -> None:
        project = self.project
        QueryOp(self, op=lambda: services.verify_run_ids(project),
                success=lambda runs: (self._fill(self.run_combo, runs, run_id), self.load_queue())) \
            .failure(lambda exc: self.status.setText(error_text(exc))).title("reading the runs").run_in_background()

    def _order_ready(self, gen: int, order) -> None:
        if gen != self._generation or self.queue is None:
            return
        claims, n_units = order
        self.queue.adopt(claims, n_units)
        keep_out_of_gc()
        if self.unit is None and not self.llm_bar.active:
            self.show_unit()                # the head was used up while the rest was ordered
        else:
            self._update_progress()

    @property
    def loading(self) -> bool:
        return self._reading or any(op.running for op in self._ops)

    def flush(self, msecs: int = 60_000) -> bool:
        """Wait (processing events) until the queue is open and every label is written: for tests and
        for anything that reads the project right after a key press."""
        from PySide6.QtCore import QCoreApplication, QDeadlineTimer

        deadline = QDeadlineTimer(msecs)
        while (self.loading or self.writer.pending) and not deadline.hasExpired():
            Op.wait_all(20)
            QCoreApplication.processEvents()
        return not (self.loading or self.writer.pending)

    @property
    def entry(self):
        return self.queue.get(self.index) if self.queue is not None else None

    def _clear_unit(self, message: str) -> None:
        self.unit = None
        self.claim_label.setText(message)
        self.body.clear()
        for name, value in self.dim_rows:
            name.setText("")
            value.setText("")
        self.codes_title.setText("")
        self.codes_label.setText("")
        self.reveal_label.setText("")
        self._update_progress()

    def show_unit(self, dim_index: int | None = None) -> None:
        entry = self.entry
        if entry is None:
            if self.queue is not None and self.queue.waiting:
                message = "<i>" + self.tr("Ordering the rest of the queue…") + "</i>"
            elif self.queue is None or (self.index == 0 and not self.committed):
                message = "<i>" + self.tr("The queue is empty.") + "</i>"
            else:
                message = self.tr("<b>All done.</b> Every unit in this queue is labelled.")
            self._clear_unit(message)
            return
        try:
            # a handful of primary-key reads: the same cost at 100 and at 100,000 claims
            self.unit = services.label_unit(self.project, entry, self.annotator, verify_run=self.verdict_run)
        except FactAuditError as exc:
            self.status.setText(error_text(exc))
            return
        if dim_index is None:
            missing = [i for i, d in enumerate(self.dims) if d.id not in self.unit.labels]
            dim_index = missing[0] if missing else 0
        self.dim_index = dim_index
        self._render()
        self.side_scroll.verticalScrollBar().setValue(0)     # a new unit opens on its codes, not on a reveal

    def _update_progress(self) -> None:
        q, entry = self.queue, self.entry
        if q is None:
            self.progress_label.setText(self.tr("annotator {annotator}").format(annotator=self._annotator_shown()))
            return
        size = (self.tr("{units} units in the run, {done} finished by you before").format(
                    units=i18n.number(q.n_units), done=i18n.number(q.n_done)) if q.n_units is not None
                else self.tr("ordering the rest of the queue…"))
        extra = " · " + (self.tr(PASSES[entry.pass_]) if entry.pass_ in PASSES else entry.pass_) if entry else ""
        self.progress_label.setText(self.tr("Unit {v0}{extra} · {size} · {v1} committed this session · annotator {annotator} · codebook v{v2}").format(v0=i18n.number(self.index + 1), extra=extra, size=size, v1=i18n.number(len(self.committed)), annotator=self._annotator_shown(), v2=self.codebook_version or '?'))

    def _annotator_shown(self) -> str:
        return annotator_shown(self.project, self.annotator_edit.text())

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
        elif key == Qt.Key.Key_A:
            self.accept_prelabel()
        elif key == Qt.Key.Key_N:
            edit_note(self)

    def choose(self, n: int) -> None:
        d = self.dims[self.dim_index]
        if n >= len(d.codes) or self.project.readonly:
            self.status.setText(self.tr("{name} has codes 1–{v0}.").format(name=self.cb_text(d), v0=len(d.codes)) if n >= len(d.codes)
                                else self.tr("The project is open read-only."))
            return
        if not self._have_annotator():
            return
        self._write(self.dim_index, d.codes[n].id)
        self.status.setText(f"{self.cb_text(d)}: {self.cb_text(d.codes[n], 'name', d)}" + ("" if self.index in self.revealed else self.tr(" (blind)")))
        if self.auto_check.isChecked():
            self.advance()
        else:
            self._render()

    def _write(self, dim_index: int, code: str) -> None:
        """Show the label at once and write it in the serial worker (in order with undo)."""
        d = self.dims[dim_index]
        current = self.unit.labels.get(d.id)
        if current is not None and current.code == code:
            return
        entry, unit = self.entry, self.unit
        done = _Done(None, self.index, dim_index)
        pending = _Pending(code)
        unit.labels[d.id] = pending
        self.history.append(done)

        def written(a, done=done, unit=unit, dim=d.id, pending=pending) -> None:
            done.annotation_id = a.id
            if unit.labels.get(dim) is pending:
                unit.labels[dim] = a
            self.labelsChanged.emit()

        def failed(exc, done=done, unit=unit, dim=d.id, pending=pending) -> None:
            if done in self.history:
                self.history.remove(done)
            if unit.labels.get(dim) is pending:
                del unit.labels[dim]
            self.status.setText(self.tr("Not saved: {v0}").format(v0=error_text(exc)))
            if unit is self.unit:
                self._render()

        project, annotator, blind = self.project, self.annotator, self.index not in self.revealed
        self.writer.submit(lambda job: services.annotate(
                               project, target=entry.target, claim_id=entry.claim_id, passage_id=entry.passage_id,
                               run_id=entry.run_id, dimension=d.id, code=code, annotator=annotator,
                               pass_=entry.pass_, blind=blind),
                           success=written, failure=failed, title=self.tr("saving a label"))

    def accept_prelabel(self) -> None:
        """A: take the revealed LLM pre-label's codes for this unit, then commit (or stop at a gap)."""
        if self.index not in self.revealed:
            self.status.setText(self.tr("Press R to reveal the pre-label first; A then accepts it."))
            return
        if not self.unit.prelabels or self.project.readonly:
            self.status.setText(self.tr("No LLM pre-label for this unit.") if not self.unit.prelabels
                                else self.tr("The project is open read-only."))
            return
        who, codes = sorted(self.unit.prelabels.items())[0]
        for i, d in enumerate(self.dims):
            if codes.get(d.id) and d.code(codes[d.id]) is not None:
                self._write(i, codes[d.id])
        missing = [i for i, d in enumerate(self.dims) if d.id not in self.unit.labels]
        if missing:
            self.dim_index = missing[0]
            self.status.setText(self.tr("Accepted the pre-label by {who}; {name} still needs a code.").format(who=who, name=self.cb_text(self.dims[missing[0]])))
            self._render()
            return
        self.status.setText(self.tr("Accepted the pre-label by {who}.").format(who=who))
        self._accepted = True
        self.commit()

    def advance(self) -> None:
        d = self.dims[self.dim_index]
        if d.id not in self.unit.labels:
            self.status.setText(self.tr("Choose a code for {name} first (1–{v0}).").format(name=self.cb_text(d), v0=len(d.codes)))
            return
        if self.dim_index + 1 < len(self.dims):
            self.dim_index += 1
            self._render()
            return
        missing = [i for i, x in enumerate(self.dims) if x.id not in self.unit.labels]
        if missing:
            self.dim_index = missing[0]
            self.status.setText(self.tr("{name} is not labelled yet.").format(name=self.cb_text(self.dims[missing[0]])))
            self._render()
            return
        self.commit()

    def commit(self) -> None:
        """The unit is complete: reveal it (in the previous-unit panel) and open the next one. The
        labels are already on their way to the project; nothing here waits for the disk."""
        self.committed.add(self.index)
        self.revealed.add(self.index)
        u = self.unit
        labels = {d: a.code for d, a in u.labels.items()}
        self.previous_label.setText(f"<b>{_esc(u.claim_id)}</b>"
                                    + (f" · {_esc(u.passage.passage_id)}" if u.passage else "")
                                    + "<br>" + self._reveal_html(u, labels))
        if not self._accepted:         # "Accepted the pre-label …" stays on the status line
            self.status.setText(self.tr("Committed."))
        self._accepted = False
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
        self.status.setText(self.tr("Revealed: labels you make on this unit from now on are not blind (A accepts the pre-label)."))
        self._render()
        self.show_reveal()

    def undo(self) -> None:
        if not self.history:
            self.status.setText(self.tr("Nothing to undo in this session."))
            return
        done = self.history.pop()
        self.status.setText(self.tr("Undoing…"))

        def run_undo(job, project=self.project, done=done):
            if done.annotation_id is None:      # its write failed: nothing stored to undo
                return None
            return services.undo_annotation(project, done.annotation_id)

        def undone(_a, done=done) -> None:
            self.committed.discard(done.unit_index)
            self.index = done.unit_index
            self.show_unit(done.dim_index)
            self.status.setText(self.tr("Undone (the label is superseded, not deleted)."))
            self.labelsChanged.emit()

        self.writer.submit(run_undo, success=undone,
                           failure=lambda exc: self.status.setText(self.tr("Not undone: {v0}").format(v0=error_text(exc))), title=self.tr("undoing a label"))

