"""Pre-label: a language model suggests codes for the labeling queue (hidden until the expert labels a
unit). Target evidence (each retrieved passage) or reasoning (each verdict); mode, gold, progress,
cancel, resume; an estimate from this computer's measured speed before a long run."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QFormLayout, QLabel, QSpinBox, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.gui import i18n
from factaudit.gui.dialogs import long_run
from factaudit.gui.dialogs.job_dialog import JobDialog
from factaudit.gui.ops import Op, error_text
from factaudit.gui.query_op import QueryOp
from factaudit.gui.run_names import run_state

RESUMABLE = ("interrupted", "cancelled", "failed")     # run states Resume can finish
TARGETS = (("evidence", QT_TRANSLATE_NOOP("PrelabelDialog", "Evidence — each retrieved passage of a retrieval run")),
           ("reasoning", QT_TRANSLATE_NOOP("PrelabelDialog", "Reasoning — each verdict of a verify run")))
MODES = (("care", QT_TRANSLATE_NOOP("PrelabelDialog", "CARE: the model sees the claim and the passage, and rates every dimension")),
         ("direct", QT_TRANSLATE_NOOP("PrelabelDialog", "Direct: asked straight whether the passage is relevant")),
         ("indirect", QT_TRANSLATE_NOOP("PrelabelDialog", "Indirect: the model answers first, then its answer is compared")))

MODE_NAMES = {"care": QT_TRANSLATE_NOOP("PrelabelDialog", "CARE"), "direct": QT_TRANSLATE_NOOP("PrelabelDialog", "direct"),
              "indirect": QT_TRANSLATE_NOOP("PrelabelDialog", "indirect")}


class PrelabelDialog(JobDialog):
    prelabelled = Signal(object)         # engine JudgeResult
    verb = QT_TRANSLATE_NOOP("JobDialog", "pre-labelling")

    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(project, parent, title=QCoreApplication.translate("PrelabelDialog", "Pre-label with a language model"), object_name="prelabelDialog", size=(640, 420))
        self.estimate = None
        self._run_lists: dict | None = None       # the runs per target, once read
        root = QVBoxLayout(self)
        intro = QLabel(self.tr("Suggested codes stay hidden in Labeling until you have labelled the unit yourself."))
        intro.setWordWrap(True)
        root.addWidget(intro)
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self.target_combo = QComboBox()
        for key, text in TARGETS:
            self.target_combo.addItem(self.tr(text), key)
        self.target_combo.currentIndexChanged.connect(self._target_changed)
        form.addRow(self.tr("Target"), self.target_combo)
        self.run_combo = QComboBox()
        form.addRow(self.tr("Run"), self.run_combo)
        self.mode_combo = QComboBox()
        for key, text in MODES:
            self.mode_combo.addItem(self.tr(MODE_NAMES[key]), key)
            self.mode_combo.setItemData(self.mode_combo.count() - 1, self.tr(text), Qt.ItemDataRole.ToolTipRole)
        self.mode_combo.setToolTip("\n".join(self.tr(t) for _, t in MODES))
        form.addRow(self.tr("Mode"), self.mode_combo)
        self.gold_check = QCheckBox(self.tr("Show the model the gold label (when there is one)"))
        form.addRow("", self.gold_check)
        self.model_combo = QComboBox()
        # off the UI thread (the registry reads model files' headers); a failed read shows its message
        # above the form instead of an empty choice
        QueryOp(self, op=lambda: services.llm_models(include_endpoints=True), success=self._models_read) \
            .title("reading the models").run_in_background()
        form.addRow(self.tr("Model"), self.model_combo)
        self.k_spin = QSpinBox()
        self.k_spin.setRange(1, 100)
        self.k_spin.setValue(services.DEFAULT_K)
        form.addRow(self.tr("Passages per claim"), self.k_spin)
        self.limit_spin = QSpinBox()
        self.limit_spin.setRange(0, 1_000_000)
        self.limit_spin.setSpecialValueText(self.tr("all claims"))
        form.addRow(self.tr("Limit (claims)"), self.limit_spin)
        self.order_combo = QComboBox()
        self.order_combo.setToolTip(self.tr("With a limit, the labeling queue's order pre-labels the units Labeling shows next (its disagreements first); claim id order takes the first claims"))
        form.addRow(self.tr("Which claims first"), self.order_combo)
        self.run_combo.currentIndexChanged.connect(self._fill_order)
        self.resume_combo = QComboBox()
        form.addRow(self.tr("Unfinished runs"), self.resume_combo)
        root.addLayout(form)
        self.estimate_label = QLabel()
        self.estimate_label.setObjectName("prelabelEstimate")
        self.estimate_label.setWordWrap(True)
        root.addWidget(self.estimate_label)
        self.add_job_area(root)
        self.add_buttons(root, self.tr("Pre-label"), resume=True)
        self._target_changed()
        self._read_runs()
        self._refresh_resumable()

    def _models_read(self, entries) -> None:
        for e in entries:
            self.model_combo.addItem(e.name, e.name)

    def _read_runs(self) -> None:
        # the dialog opens at once and says it is reading; a failed read shows its message above the
        # form (it used to leave the run list empty without a word)
        self._run_lists = None
        self.status_label.setText(QCoreApplication.translate("PageRead", "Reading…"))
        project = self.project
        QueryOp(self, op=lambda: {"evidence": services.retrieval_runs(project), "reasoning": services.verify_runs(project),
                                  "queue": services.verify_run_ids(project)},
                success=self._runs_read).title("reading the runs").run_in_background()

    def _runs_read(self, lists: dict) -> None:
        self._run_lists = lists
        self.status_label.clear()
        self._target_changed()

    def _target_changed(self) -> None:
        target = self.target_combo.currentData()
        self.run_combo.clear()
        for r in (self._run_lists or {}).get(target, ()):
            if r.status == "done":
                self.run_combo.addItem(f"{r.id} ({r.config.get('retriever') or r.kind})", r.id)
        if self.run_combo.count():
            self.run_combo.setCurrentIndex(self.run_combo.count() - 1)
        evidence = target == "evidence"
        if not evidence:
            self.mode_combo.setCurrentIndex(0)      # the reasoning judge sees what the verifier saw
        self.mode_combo.setEnabled(evidence)
        self.k_spin.setEnabled(evidence)
        self._fill_order()
        self._set_busy(False)

    def queue_verify_run(self) -> str | None:
        """The verify run whose disagreements the labeling queue shows first: for evidence the newest
        (what the Labeling page opens with), for reasoning the run itself."""
        if self.target_combo.currentData() == "reasoning":
            return self.run_combo.currentData()
        runs = (self._run_lists or {}).get("queue", ())
        return runs[-1] if runs else None

    def _fill_order(self, _index: int = 0) -> None:
        self.order_combo.clear()
        queue = self.queue_verify_run()
        if queue:
            self.order_combo.addItem(self.tr("The labeling queue's next units (disagreements of {queue} first)").format(queue=queue), queue)
        self.order_combo.addItem(self.tr("Claim id order"), None)

    def _refresh_resumable(self) -> None:
        project = self.project
        QueryOp(self, op=lambda: [r for r in services.judge_runs(project) if r.status in RESUMABLE],
                success=self._resumable_read).title("reading the unfinished runs").run_in_background()

    def _resumable_read(self, runs) -> None:
        self.resume_combo.clear()
        for r in runs:
            self.resume_combo.addItem(f"{r.id} ({run_state(r.status)}, {r.config.get('target', '?')})", r.id)
        self._set_busy(self.running)

    def _set_busy(self, busy: bool) -> None:
        writable = not self.project.readonly
        self.start_button.setEnabled(not busy and writable and self.run_combo.count() > 0)
        self.resume_button.setEnabled(not busy and writable and self.resume_combo.count() > 0)
        self.cancel_button.setEnabled(busy)
        if not busy and self.run_combo.count() == 0 and self._run_lists is not None:
            self.status_label.setText(self.tr("This target needs a finished retrieval run first.")
                                      if self.target_combo.currentData() == "evidence" else
                                      self.tr("This target needs a finished verify run first."))

    def request(self) -> services.JudgeRequest:
        target = self.target_combo.currentData()
        return services.JudgeRequest(run=self.run_combo.currentData(), target=target, mode=self.mode_combo.currentData(),
                               with_gold=self.gold_check.isChecked(), model=self.model_combo.currentData(),
                               k=self.k_spin.value() if target == "evidence" else None,
                               limit=self.limit_spin.value() or None, order_by=self.order_combo.currentData())

    # ---- running ---------------------------------------------------------------------------------
    def start(self) -> None:
        req = self.request()
        if self.running or not req.run:
            return
        self.start_button.setEnabled(False)
        self.status_label.setText(self.tr("Estimating…"))
        Op(self, lambda job, p=self.project: services.estimate_run(p, "judge", req.model, req.run, target=req.target,
                                                                    k=req.k or services.DEFAULT_K, limit=req.limit)) \
            .title(self.tr("Estimating")).quiet().success(lambda est: self._estimated(req, est)) \
            .failure(lambda _exc: self._launch(req)).run()

    def _estimated(self, req: services.JudgeRequest, est) -> None:
        self.estimate = est
        unit = "passage" if req.target == "evidence" else "verdict"
        self.estimate_label.setText(long_run.estimate_text(est, unit))
        choice = long_run.ask_long_run(self, est, unit)
        if choice is None:
            self._set_busy(False)
            self.status_label.setText(self.tr("Not started."))
            return
        if choice:
            # the limit counts claims; an evidence claim brings k passages
            per_claim = (req.k or services.DEFAULT_K) if req.target == "evidence" else 1
            req.limit = max(1, choice // per_claim)
        self._launch(req)

    def resume(self) -> None:
        run_id = self.resume_combo.currentData()
        if run_id and not self.running:
            self._launch(services.JudgeRequest(resume=run_id))

    def _launch(self, req: services.JudgeRequest) -> None:
        self._meter = None
        self.progress_bar.setRange(0, 0)
        self.progress_bar.show()
        self.status_label.setText(self.tr("Loading the model…"))
        project = self.project
        self.op = (Op(self, lambda job: services.judge(project, req, progress=job.progress, cancel=job.cancel))
                   .title(self.tr("Pre-labelling"))
                   .progress(self._progress).success(self._done).failure(self._failed)
                   .cancelled(lambda: self.status_label.setText(self.tr("Cancelled. The labels so far are kept; Resume finishes the run.")))
                   .finished(self._ended).run())
        self._set_busy(True)

    def _done(self, result) -> None:
        self.result = result
        self.status_label.setText(self.tr("{run_id}: {n_done} of {n_units} units pre-labelled ({n_parse_failures} replies did not parse) in {seconds} s.").format(
            run_id=result.run_id, n_done=i18n.number(result.n_done), n_units=i18n.number(result.n_units),
            n_parse_failures=i18n.number(result.n_parse_failures), seconds=i18n.number(result.seconds)))
        self.prelabelled.emit(result)

    def _failed(self, exc) -> None:
        run = getattr(exc, "run_id", None)
        hint = self.tr(" The labels so far are kept; Resume continues {run}.").format(run=run) if run else ""
        self.status_label.setText(self.tr("Failed: {v0}.{hint}").format(v0=error_text(exc), hint=hint))

    def _ended(self) -> None:
        self.progress_bar.hide()
        self._refresh_resumable()
        self.close_if_hidden()

