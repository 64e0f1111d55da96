"""The rater's labeling views (issue #21, rater mode): today's keyboard flow on a package's units only.

- `RaterLabelingView`: the Labeling view on the package's workspace with its one run, the package's
  rater as annotator and no choice to get lost in (no mode, run or annotator to pick).
- `SentenceRaterView`: answer sentences (a "sentences" package): 1 = correct, 2 = error, each written
  at once in the serial writer; ←/Backspace goes back, → skips. Closing and reopening resumes at the
  first sentence without a label.
"""
from __future__ import annotations

import html

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from factaudit.engine import services
from factaudit.gui import i18n
from factaudit.gui.ops import Op, error_text
from factaudit.gui.query_op import QueryOp, ReadFailure
from factaudit.gui.serial_writer import SerialWriter
from factaudit.gui.views.labeling_parts import UnitCard
from factaudit.gui.views.labeling_view import LabelingView
from factaudit.gui.views.long_text import bounded

RATER_KEYS = QT_TRANSLATE_NOOP("rater_labeling", "Keys: 1–9 choose · Enter/Tab next · Shift+Tab back · Backspace undo")
SENTENCE_KEYS = QT_TRANSLATE_NOOP("rater_labeling", "Keys: 1 correct · 2 error · → next · ← or Backspace back")
SENTENCE_CODES = (("correct", QT_TRANSLATE_NOOP("rater_labeling", "Correct")),
                  ("error", QT_TRANSLATE_NOOP("rater_labeling", "Contains an error")))


def _tr(text: str) -> str:
    return QCoreApplication.translate("rater_labeling", text)


def _shown(context: str, text: str) -> set[str]:
    """A title of the base view as it reads in English and in the interface language."""
    return {text, QCoreApplication.translate(context, text)}


class RaterLabelingView(LabelingView):
    """The Labeling view fixed to one package: its run, its rater, its target."""

    _ready = False          # refresh() waits until the package is known (the base class calls it early)

    def __init__(self, ws, parent: QWidget | None = None):
        target = ws.manifest.target
        super().__init__(ws.project, parent, mode="reasoning" if target == "reasoning" else "evidence")
        self.ws = ws
        self._ready = True
        for w in (self.mode_combo, self.run_label, self.run_combo, self.verdict_label, self.verdict_combo,
                  self.reload_button):
            w.hide()
        self.annotator_edit.setText(ws.manifest.rater)
        self.annotator_edit.setReadOnly(True)
        self.annotator_edit.setToolTip(self.tr("The rater this package was made for"))
        self.keys_label.setText(_tr(RATER_KEYS))
        # a package holds no system verdict or pre-label: nothing to reveal
        self.reveal_label.hide()
        for label in self.findChildren(QLabel):
            if label.text() in _shown("LabelingLayout", "System and pre-label"):
                label.hide()
            elif label.text() in _shown("LabelingLayout", "Previous unit (revealed)"):
                label.setText(self.tr("Previous unit"))
        self.refresh()

    @property
    def annotator(self) -> str:
        return self.ws.manifest.rater if self._ready else ""

    def _annotator_changed(self) -> None:
        """The rater's name is the package's."""

    def refresh(self) -> None:
        if self._ready:
            super().refresh()
            self.verdict_label.hide()           # the base class shows them in evidence mode
            self.verdict_combo.hide()

    def _runs_read(self, runs) -> None:
        super()._runs_read(runs)
        self.verdict_label.hide()               # and shows them again once its runs are read off the UI thread
        self.verdict_combo.hide()

    def _reveal_html(self, u, labels) -> str:
        """What the rater committed (a package has no system verdict or pre-label to reveal)."""
        names = {d.id: d for d in self.dims}
        cells = []
        for dim_id, code in labels.items():
            d = names.get(dim_id)
            c = d.code(code) if d is not None else None
            cells.append(f"{html.escape(d.name if d else dim_id)}: {html.escape(c.name if c else str(code))}")
        return "<br>".join(cells) or self.tr("No labels.")

    def reveal(self) -> None:
        self.status.setText(self.tr("A rater package holds no system verdict or pre-label to reveal."))

    def accept_prelabel(self) -> None:
        self.status.setText(self.tr("A rater package holds no pre-labels."))


class SentenceRaterView(QWidget):
    """Label a package's answer sentences correct or error, each read in its answer."""

    labelsChanged = Signal()

    def __init__(self, ws, parent: QWidget | None = None):
        super().__init__(parent)
        self.ws = ws
        self.project = ws.project
        self.ids = [u[1] for u in ws.manifest.units]
        self.writer = SerialWriter(self)
        self.contexts: dict = {}
        self.labels: dict[str, str] = {}
        self.index = 0
        # the package's sentences and labels are read off the UI thread; keys wait for them
        self._reading = True
        self._read_failed = False
        root = QVBoxLayout(self)
        root.setContentsMargins(16, 12, 16, 12)
        root.setSpacing(6)
        self.status = QLabel("")
        self.status.setObjectName("muted")
        self.status.setWordWrap(True)
        root.addWidget(self.status)
        self.card = UnitCard()
        self.card.keyPressed.connect(self.handle_key)
        card = QVBoxLayout(self.card)
        card.setContentsMargins(14, 10, 14, 10)
        self.position_label = QLabel("")
        self.position_label.setObjectName("subsectionTitle")
        card.addWidget(self.position_label)
        self.sentence_label = QLabel("")
        self.sentence_label.setObjectName("claimText")
        self.sentence_label.setWordWrap(True)
        card.addWidget(self.sentence_label)
        self.body = QTextBrowser()
        self.body.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        card.addWidget(self.body, 1)
        row = QHBoxLayout()
        self.code_buttons: list[QPushButton] = []
        for n, (code, text) in enumerate(SENTENCE_CODES, 1):
            b = QPushButton(f"{n}  {_tr(text)}")
            b.setCheckable(True)
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            b.clicked.connect(lambda _=False, c=code: self.choose(c))
            row.addWidget(b)
            self.code_buttons.append(b)
        row.addStretch(1)
        card.addLayout(row)
        keys = QLabel(_tr(SENTENCE_KEYS))
        keys.setObjectName("muted")
        card.addWidget(keys)
        root.addWidget(self.card, 1)
        self.setFocusProxy(self.card)
        self._read_package()

    def _read_package(self) -> None:
        self._reading, self._read_failed = True, False
        self.show_unit()
        project, ids, ws = self.project, self.ids, self.ws
        QueryOp(self, op=lambda: (services.sentence_contexts(project, ids), services.rater_sentence_labels(ws)),
                success=self._package_read).failure(self._package_failed) \
            .title("reading the package's sentences").run_in_background()

    def _package_read(self, read) -> None:
        self._reading = False
        self.contexts, self.labels = read
        missing = [i for i, s in enumerate(self.ids) if s not in self.labels]
        self.index = missing[0] if missing else 0
        self.show_unit()

    def _package_failed(self, exc: BaseException) -> None:
        self._reading = False
        self._read_failed = True
        ReadFailure.of(self).show_error(exc)
        self.show_unit()

    @property
    def loading(self) -> bool:
        """True while the package's sentences and labels are being read."""
        return self._reading

    # ---- state -------------------------------------------------------------------------------------
    @property
    def current(self) -> str | None:
        return self.ids[self.index] if 0 <= self.index < len(self.ids) else None

    def show_unit(self) -> None:
        sid = self.current
        for b in self.code_buttons:
            b.setChecked(False)
            b.setEnabled(not (self._reading or self._read_failed))
        if self._reading or self._read_failed:
            # no sentence to label until the package is read (a failed read says so in the banner)
            self.position_label.setText(QCoreApplication.translate("PageRead", "Reading…") if self._reading else "")
            self.sentence_label.clear()
            self.body.clear()
            return
        if sid is None:
            self.position_label.setText(self.tr("All {n} sentences seen").format(n=i18n.number(len(self.ids))))
            self.sentence_label.setText(self.tr("<b>All done.</b> Return the labels with File › Return labels…"))
            self.body.clear()
            return
        ctx = self.contexts.get(sid)
        self.position_label.setText(self.tr("Sentence {v0} of {v1}").format(v0=i18n.number(self.index + 1), v1=i18n.number(len(self.ids))))
        if ctx is None:
            self.sentence_label.setText(html.escape(sid))
            self.body.setHtml(self.tr("<i>(this sentence is not in the package)</i>"))
        else:
            self.sentence_label.setText(bounded(ctx.text))
            self.body.setHtml(_answer_html(ctx))
        label = self.labels.get(sid)
        for b, (code, _text) in zip(self.code_buttons, SENTENCE_CODES):
            b.setChecked(code == label)

    def handle_key(self, e: QKeyEvent) -> None:
        key = e.key()
        if self._reading or self._read_failed:
            e.ignore()
            return
        if e.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
            e.ignore()
            return
        if key in (Qt.Key.Key_1, Qt.Key.Key_2):
            self.choose(SENTENCE_CODES[key - Qt.Key.Key_1][0])
        elif key in (Qt.Key.Key_Right, Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Tab):
            self.move(1)
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Backspace, Qt.Key.Key_Backtab):
            self.move(-1)

    def move(self, step: int) -> None:
        self.index = max(0, min(len(self.ids), self.index + step))
        self.show_unit()

    def choose(self, label: str) -> None:
        sid = self.current
        if sid is None or self._reading or self._read_failed:
            return
        before = self.labels.get(sid)
        self.labels[sid] = label         # shown at once; written in order by the serial writer
        self.status.setText(self.tr("Sentence {v0} ({sid}) labelled {label}.").format(v0=i18n.number(self.index + 1), sid=sid,
                                                                            label=_tr(dict(SENTENCE_CODES)[label])))

        def failed(exc, sid=sid, before=before) -> None:
            if before is None:
                self.labels.pop(sid, None)
            else:
                self.labels[sid] = before
            self.status.setText(QCoreApplication.translate("rater_labeling", "Not saved: {v0}").format(v0=error_text(exc)))
            self.show_unit()

        ws = self.ws
        self.writer.submit(lambda job: services.rate_sentence(ws, sid, label), title=self.tr("saving a label"),
                           success=lambda _r: self.labelsChanged.emit(), failure=failed)
        self.move(1)

    def flush(self, msecs: int = 30_000) -> bool:
        """Wait (processing events) until the package is read and every label is written."""
        from PySide6.QtCore import QDeadlineTimer

        deadline = QDeadlineTimer(msecs)
        while self._reading and not deadline.hasExpired():
            Op.wait_all(20)
            QCoreApplication.processEvents()
        return not self._reading and self.writer.wait(max(0, deadline.remainingTime()))

    def refresh(self) -> None:
        if self._reading:
            return              # the first read brings the labels
        if self._read_failed:
            self._read_package()
            return
        ws = self.ws
        QueryOp(self, op=lambda: services.rater_sentence_labels(ws), success=self._labels_read) \
            .failure(self._labels_failed).title("reading the labels").run_in_background()

    def _labels_read(self, labels: dict) -> None:
        self.labels = labels
        self.show_unit()

    def _labels_failed(self, exc: BaseException) -> None:
        self.status.setText(error_text(exc))
        self.show_unit()


def _answer_html(ctx) -> str:
    """The answer with the sentence marked; the question above it."""
    answer = ctx.answer or ""
    if ctx.start is not None and ctx.end is not None and answer[ctx.start:ctx.end] == ctx.text:
        marked = (bounded(answer[:ctx.start]) + "<span style='background:#ffe8a3'><b>"
                  + bounded(answer[ctx.start:ctx.end]) + "</b></span>" + bounded(answer[ctx.end:]))
    elif ctx.text and ctx.text in answer:
        at = answer.index(ctx.text)
        marked = (bounded(answer[:at]) + "<span style='background:#ffe8a3'><b>" + bounded(ctx.text)
                  + "</b></span>" + bounded(answer[at + len(ctx.text):]))
    else:
        marked = bounded(answer)
    question = QCoreApplication.translate("rater_labeling", "<p><b>Question:</b> {question}</p>").format(
        question=html.escape(ctx.question)) if ctx.question else ""
    return question + QCoreApplication.translate("rater_labeling", "<p><b>Answer</b> (the sentence to label is marked):</p>") \
        + f"<p>{marked}</p>"


__all__ = ["RaterLabelingView", "SentenceRaterView"]
