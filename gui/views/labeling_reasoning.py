"""Reasoning labeling on a classifier run: its verdicts have no reasoning to rate, so the Labeling page
says so in one line and offers to verify just the units to be labelled with the LLM (a verify run of
the default LLM, services.default_llm_name(): the embedded Qwen2.5-Coder-1.5B unless
FACTAUDIT_DEFAULT_LLM names another, limited to those claims, with the classifier run's evidence); when
it is done the page switches to that run."""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSpinBox

from factaudit.engine import services
from factaudit.gui.ops import Op, error_text

DEFAULT_UNITS = 20          # the LLM takes tens of seconds a claim: a first batch, not the whole run


def queue_claims(queue, n: int) -> list[str]:
    """The claims of the first `n` units of a reasoning queue, in queue order (a retest repeats a claim)."""
    out: list[str] = []
    i = 0
    while len(out) < n:
        entry = queue.get(i)
        if entry is None:
            break
        if entry.claim_id not in out:
            out.append(entry.claim_id)
        i += 1
    return out


class ReasoningFromLLMBar(QFrame):
    """Shown above the card in reasoning mode when the chosen verify run is a classifier run."""

    verified = Signal(str)          # the new LLM verify run

    def __init__(self, view, parent=None):
        super().__init__(parent)
        self.view = view            # the LabelingView: project, queue
        self.setObjectName("noReasoningBar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.run_id: str | None = None
        self.op: Op | None = None
        self.llm_model = services.default_llm_name()     # the default LLM: an environment setting, no I/O
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 4, 8, 4)
        self.label = QLabel()
        self.label.setWordWrap(True)
        row.addWidget(self.label, 1)
        self.units_spin = QSpinBox()
        self.units_spin.setRange(1, 10_000)
        self.units_spin.setValue(DEFAULT_UNITS)
        self.units_spin.setPrefix(self.tr("first "))
        self.units_spin.setSuffix(self.tr(" units"))
        row.addWidget(self.units_spin)
        self.button = QPushButton(self.tr("Verify them with the LLM ({LLM_MODEL})").format(LLM_MODEL=self.llm_model))
        self.button.setToolTip(self.tr("A verify run with reasoning on only these claims, with the same evidence (retrieval run and k) as the classifier run; slow: tens of seconds a claim"))
        self.button.clicked.connect(self.verify_units)
        row.addWidget(self.button)
        self.hide()

    @property
    def active(self) -> bool:
        return self.run_id is not None

    def show_for(self, run: str | None, classifier: bool) -> bool:
        """Show the bar when reasoning is to be labelled on a classifier run (`classifier`, from
        labeling_queue.open_queue in the worker that opens the queue); whether it is shown."""
        self.run_id = run if classifier else None
        if classifier and not (self.op is not None and self.op.running):
            self.label.setText(self.tr("<b>{run}</b> is a classifier run: classifier verdicts have no reasoning to label.").format(run=run))
            self.button.setEnabled(not self.view.project.readonly)
        self.setVisible(classifier)
        return classifier

    def verify_units(self) -> Op | None:
        queue, run = self.view.queue, self.run_id
        if queue is None or run is None or (self.op is not None and self.op.running):
            return None
        project, n = self.view.project, self.units_spin.value()

        def work(job):
            claims = queue_claims(queue, n)
            req = services.llm_reasoning_request(project, run, claims, model=self.llm_model)
            return services.verify(project, req, progress=job.progress, cancel=job.cancel)

        self.button.setEnabled(False)
        self.label.setText(self.tr("Verifying the first {n} units of {run} with {LLM_MODEL}…").format(n=n, run=run, LLM_MODEL=self.llm_model))
        self.op = (Op(self, work).title(self.tr("Verifying {n} claims with {LLM_MODEL}").format(n=n, LLM_MODEL=self.llm_model))
                   .success(self._done).failure(self._failed).cancelled(lambda: self._failed(None)).run())
        return self.op

    def _done(self, result) -> None:
        self.label.setText(self.tr("{run_id}: {n_verdicts} verdicts with reasoning from {LLM_MODEL}.").format(run_id=result.run_id, n_verdicts=result.n_verdicts, LLM_MODEL=self.llm_model))
        self.button.setEnabled(True)
        self.verified.emit(result.run_id)

    def _failed(self, exc) -> None:
        self.button.setEnabled(True)
        self.label.setText(self.tr("Cancelled: the verdicts so far are kept (Verify › Resume finishes the run).") if exc is None
                           else self.tr("The LLM run failed: {v0}").format(v0=error_text(exc)))
