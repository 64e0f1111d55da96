"""Start or resume a verify run. Two kinds of verifier: fast classifier verdicts (the default: the
embedded minilm-verifier or a classification folder in local_models/, with k and an optional
thresholds file; each verdict comes with the sentence that drove it) and verdicts with reasoning from
an LLM (a GGUF from the registry or an OpenAI-compatible endpoint, with mode, evidence and scoring).
The LLM-only settings are hidden for the classifier, so its request never carries them. Progress
with claims/s and ETA; Cancel keeps the verdicts so far and Resume finishes the run. Either verifier
can read each claim's gold passages instead of a retrieval run (the closed regime), and run as the
grounding control (the same claims with the passages removed)."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup, QCheckBox, QComboBox, QFileDialog, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit,
    QPushButton, QRadioButton, QSpinBox, QVBoxLayout, QWidget,
)

from factaudit.engine.errors import FactAuditError
from factaudit.engine.i18n import localize
from factaudit.engine import services as vs
from factaudit.gui import i18n
from factaudit.gui.dialogs import long_run
from factaudit.gui.dialogs.cascade_pair import CascadePairBox
from factaudit.gui.dialogs.job_dialog import JobDialog
from factaudit.gui.ops import Op, error_text
from factaudit.gui.query_op import QueryOp, ReadFailure
from factaudit.gui.run_names import run_state

ENDPOINT = "__endpoint__"
CLASSIFIER, LLM, CASCADE = "classifier", "llm", "cascade"
EVIDENCE_CHOICES = ((QT_TRANSLATE_NOOP("VerifyDialog", "Whole passages"), "whole"),
                    (QT_TRANSLATE_NOOP("VerifyDialog", "Best 5 sentences of each passage"), "sentences:5"),
                    (QT_TRANSLATE_NOOP("VerifyDialog", "Best 3 sentences of each passage (about 2× faster, less accurate)"), "sentences:3"),
                    (QT_TRANSLATE_NOOP("VerifyDialog", "Best 2 sentences of each passage"), "sentences:2"),
                    (QT_TRANSLATE_NOOP("VerifyDialog", "Best sentences up to 600 tokens in all"), "tokens:600"))
SCORING_CHOICES = ((QT_TRANSLATE_NOOP("VerifyDialog", "Generate the verdict"), "generate", "none"),
                   (QT_TRANSLATE_NOOP("VerifyDialog", "Log-probabilities of the four verdicts"), "logprob", "none"),
                   (QT_TRANSLATE_NOOP("VerifyDialog", "Log-probabilities, contextually calibrated"), "logprob", "contextual"))
CLASSIFIER_NOTE = QT_TRANSLATE_NOOP("VerifyDialog", "Fast: a small model scores every (claim, passage sentence) pair, about a second a claim on one CPU thread (an LLM takes tens of seconds). Each verdict shows the sentence that drove it and its probability; there is no reasoning to label.")
LLM_NOTE = QT_TRANSLATE_NOOP("VerifyDialog", "Slow: a language model reads the passages and writes its reasoning, tens of seconds a claim on a laptop CPU. Use it for reasoning labels, or on the claims you want explained.")
CASCADE_NOTE = QT_TRANSLATE_NOOP("VerifyDialog", "The classifier picks the evidence windows that bear on the claim (No Evidence when none does); the LLM decides Supported or Refuted on those windows only, by log-probability against a threshold τ fitted on SciFact train. A few seconds a claim on 2 cores; no reasoning unless asked for.")
MAY_NOT_FIT = QT_TRANSLATE_NOOP("VerifyDialog", " — may not fit in RAM")


def _tr(text: str) -> str:
    return QCoreApplication.translate("VerifyDialog", text)


def classifier_label(entry) -> str:
    kind = QCoreApplication.translate("VerifyDialog", "binary") if entry.extra.get("binary") else \
        QCoreApplication.translate("VerifyDialog", "3-way NLI")
    return f"{entry.name} ({localize(entry.source)}, {kind})"


class VerifyDialog(JobDialog):
    verified = Signal(object)       # engine VerifyResult
    unit_name = QT_TRANSLATE_NOOP("JobDialog", "claims")
    unit_one = QT_TRANSLATE_NOOP("JobDialog", "claim")
    verb = QT_TRANSLATE_NOOP("JobDialog", "verifying")

    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(project, parent, title=QCoreApplication.translate("VerifyDialog", "Verify claims"), object_name="verifyDialog", size=(640, 560))

        self.choices_read = False           # the model lists, read off the UI thread
        root = QVBoxLayout(self)
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self.run_combo = QComboBox()
        for r in self._safe(vs.retrieval_runs, []):
            self.run_combo.addItem(f"{r.id} ({r.config.get('retriever') or r.kind})", r.id)
        if self.run_combo.count():
            self.run_combo.setCurrentIndex(self.run_combo.count() - 1)
        form.addRow(self.tr("Retrieval run"), self.run_combo)
        # the closed regime: each claim against its gold passages, so verifier errors are not retrieval's
        self.gold_check = QCheckBox(self.tr("Verify against the gold passages instead (no retrieval run)"))
        self.gold_check.setObjectName("verifyGoldEvidence")
        self.gold_check.toggled.connect(lambda on: (self.run_combo.setEnabled(not on and not self.running),
                                                    self._set_busy(self.running)))
        form.addRow("", self.gold_check)
        root.addLayout(form)

        # ---- which kind of verifier: the classifier first (the default), the LLM second
        self.classifier_radio = QRadioButton(self.tr("Fast classifier verdicts"))
        self.classifier_radio.setObjectName("verifyClassifierChoice")
        self.llm_radio = QRadioButton(self.tr("Verdicts with reasoning (LLM, slow)"))
        self.llm_radio.setObjectName("verifyLLMChoice")
        self.kind_group = QButtonGroup(self)
        self.kind_group.addButton(self.classifier_radio)
        self.kind_group.addButton(self.llm_radio)
        self.cascade_radio = QRadioButton(self.tr("Stance cascade (classifier picks the evidence, LLM decides)"))
        self.cascade_radio.setObjectName("verifyCascadeChoice")
        self.kind_group.addButton(self.cascade_radio)
        root.addWidget(self.classifier_radio)
        self.classifier_box = QGroupBox()
        self.classifier_box.setFlat(True)
        cform = QFormLayout(self.classifier_box)
        cform.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self.classifier_combo = QComboBox()       # filled once the model lists are read (_choices_read)
        cform.addRow(self.tr("Classifier"), self.classifier_combo)
        self.thresholds_edit = QLineEdit()
        self.thresholds_edit.setPlaceholderText(self.tr("optional: the model's own thresholds"))
        # the JSON examples are written without spaces: they are a file format, the same in every language
        self.thresholds_edit.setToolTip(self.tr("A JSON file {examples}; it overrides the thresholds shipped with the model and is pinned in the run").format(
            examples=self.tr("{a} or {b}").format(a='{"supported":τ_s,"refuted":τ_r}',
                                                  b='{"rule":"evidence_stance","evidence":τ_e,"conflict":τ_c}')))
        self.thresholds_button = QPushButton(self.tr("Browse…"))
        self.thresholds_button.clicked.connect(self._browse_thresholds)
        row = QHBoxLayout()
        row.addWidget(self.thresholds_edit, 1)
        row.addWidget(self.thresholds_button)
        cform.addRow(self.tr("Thresholds file"), row)
        root.addWidget(self.classifier_box)
        root.addWidget(self.llm_radio)

        self.llm_box = QGroupBox()
        self.llm_box.setFlat(True)
        lform = QFormLayout(self.llm_box)
        lform.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self.model_combo = QComboBox()
        self.model_combo.addItem(self.tr("OpenAI-compatible endpoint…"), ENDPOINT)
        self.model_combo.currentIndexChanged.connect(self._choice_changed)
        lform.addRow(self.tr("Model"), self.model_combo)
        self.endpoint_edit = QLineEdit()
        self.endpoint_edit.setPlaceholderText("http://127.0.0.1:8000/v1")
        self.endpoint_model_edit = QLineEdit()
        self.endpoint_model_edit.setPlaceholderText(self.tr("the server's model name"))
        lform.addRow(self.tr("Endpoint URL"), self.endpoint_edit)
        lform.addRow(self.tr("Endpoint model"), self.endpoint_model_edit)
        self.mode_combo = QComboBox()
        self.mode_combo.addItem(self.tr("joint"), "joint")
        self.mode_combo.addItem(self.tr("per-passage"), "per-passage")
        self.mode_combo.setToolTip(self.tr("joint: all k passages in one prompt; per-passage: one stance per passage, then support only → Supported, refute only → Refuted, both → Ambiguous"))
        lform.addRow(self.tr("Mode"), self.mode_combo)
        self.evidence_combo = QComboBox()
        for label, spec in EVIDENCE_CHOICES:
            self.evidence_combo.addItem(self.tr(label), spec)
        self.evidence_combo.setCurrentIndex(max(0, self.evidence_combo.findData(vs.DEFAULT_EVIDENCE)))
        self.evidence_combo.setToolTip(self.tr("What of each passage the verifier reads: the sentences that best match the claim (BM25 within the passage, in passage order) halve the prompt"))
        lform.addRow(self.tr("Evidence"), self.evidence_combo)
        self.scoring_combo = QComboBox()
        for label, scoring, calibration in SCORING_CHOICES:
            self.scoring_combo.addItem(self.tr(label), (scoring, calibration))
        self.scoring_combo.setToolTip(self.tr("Log-probability scoring rates the four verdicts in one pass (in-process GGUF models, joint mode); contextual calibration corrects the model's bias toward one verdict with content-free inputs"))
        lform.addRow(self.tr("Verdict scoring"), self.scoring_combo)
        self.prompt_combo = QComboBox()         # the project's verify templates, read off the UI thread
        self.prompt_combo.addItem(self.tr("shipped template"), None)
        self.prompt_combo.setToolTip(self.tr("A prompt template saved in the project (Analyses › Prompts), pinned with its text"))
        QueryOp(self, op=lambda: vs.list_prompts(project), success=lambda infos: [self.prompt_combo.addItem(
            f"{n} ({b})", n) for n, b in dict.fromkeys((i.name, i.base) for i in infos if i.source == "project"
                                                       and i.base.startswith("verify_"))]).run_in_background()
        lform.addRow(self.tr("Prompt"), self.prompt_combo)
        self.cache_check = QCheckBox(self.tr("Reuse the cached prompt prefix (faster; may change greedy output slightly)"))
        lform.addRow("", self.cache_check)
        root.addWidget(self.llm_box)
        self._add_cascade_box(root)

        # ---- what both kinds share
        common = QFormLayout()
        common.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self.k_spin = QSpinBox()
        self.k_spin.setRange(1, 100)
        self.k_spin.setValue(vs.DEFAULT_K)
        common.addRow(self.tr("Passages per claim (k)"), self.k_spin)
        self.limit_spin = QSpinBox()
        self.limit_spin.setRange(0, 1_000_000)
        self.limit_spin.setSpecialValueText(self.tr("all claims"))
        common.addRow(self.tr("Limit"), self.limit_spin)
        self.control_check = QCheckBox(self.tr("Grounding control: the same verifier with the passages removed"))
        self.control_check.setObjectName("verifyControl")
        self.control_check.setToolTip(self.tr("Results then shows how many verdicts stay the same without evidence "
                                              "(verdicts resting on the model's own knowledge) beside the real run"))
        common.addRow("", self.control_check)
        self.resume_combo = QComboBox()
        self._refresh_resumable()
        common.addRow(self.tr("Unfinished runs"), self.resume_combo)
        root.addLayout(common)

        self.note_label = QLabel()
        self.note_label.setObjectName("muted")
        self.note_label.setWordWrap(True)
        root.addWidget(self.note_label)
        self.estimate = None
        self.estimate_label = QLabel()
        self.estimate_label.setObjectName("verifyEstimate")
        self.estimate_label.setWordWrap(True)
        root.addWidget(self.estimate_label)
        self.add_job_area(root)
        self.status_label.setObjectName("muted")
        self.add_buttons(root, self.tr("Verify"), resume=True)
        self.classifier_radio.setChecked(True)
        self.kind_group.buttonToggled.connect(lambda *_: (self._choice_changed(), self._fit_height()))
        # the model lists scan the model folders and check what fits in RAM: read off the UI thread
        self.estimate_label.setText(QCoreApplication.translate("PageRead", "Reading…"))
        QueryOp(self, op=lambda: (vs.classifier_choices(), vs.llm_models()), success=self._choices_read) \
            .failure(self._choices_failed).title("reading the verifier models").run_in_background()
        self._choice_changed()
        self._set_busy(False)
        self._fit_height()

    @property
    def loading(self) -> bool:
        """True while the classifier and LLM lists are being read."""
        return not self.choices_read

    def _choices_read(self, read) -> None:
        classifiers, llms = read
        self.choices_read = True
        self.estimate_label.clear()
        for e in classifiers:
            label = classifier_label(e) + (_tr(MAY_NOT_FIT) if e.fits is False else "")
            self.classifier_combo.addItem(label, e.name)
            self.classifier_combo.setItemData(self.classifier_combo.count() - 1,
                                              ", ".join(f"{k} → {v}" for k, v in e.extra["labels_map"].items()),
                                              Qt.ItemDataRole.ToolTipRole)
        self.model_combo.blockSignals(True)
        for n, e in enumerate(llms):            # before the endpoint entry, which stays last
            label = e.name if e.is_endpoint else f"{e.name} ({e.quantization or '?'}, {localize(e.source)})"
            if e.fits is False:
                label += _tr(MAY_NOT_FIT)
            self.model_combo.insertItem(n, label, e.name)
        self.model_combo.setCurrentIndex(0)
        self.model_combo.blockSignals(False)
        self._fill_cascade()
        if not self.classifier_combo.count():   # no classifier model on this machine: the LLM is the only verifier
            self.classifier_radio.setText(self.tr("Fast classifier verdicts (no classifier model found)"))
            if self.classifier_radio.isChecked():
                self.llm_radio.setChecked(True)
        self._choice_changed()
        self._set_busy(self.running)
        self._fit_height()

    def _choices_failed(self, exc: BaseException) -> None:
        # the endpoint stays a choice; the banner says why the models are missing
        self.choices_read = True
        self.estimate_label.clear()
        ReadFailure.of(self).show_error(exc)
        if self.classifier_radio.isChecked():
            self.llm_radio.setChecked(True)
        self._choice_changed()
        self._set_busy(self.running)

    def _add_cascade_box(self, root: QVBoxLayout) -> None:
        root.addWidget(self.cascade_radio)
        self.cascade_box = CascadePairBox()
        self.cascade_classifier_combo, self.cascade_llm_combo = self.cascade_box.classifier_combo, self.cascade_box.llm_combo
        self.cascade_pair_label = self.cascade_box.pair_label
        root.addWidget(self.cascade_box)
        self._fill_cascade()

    def _fill_cascade(self) -> None:
        """The cascade's lists: the classifiers and in-process LLMs the other two choices read."""
        classifiers = [(self.classifier_combo.itemText(i), self.classifier_combo.itemData(i))
                       for i in range(self.classifier_combo.count())]
        llms = [(self.model_combo.itemText(i), self.model_combo.itemData(i)) for i in range(self.model_combo.count())
                if self.model_combo.itemData(i) != ENDPOINT]
        self.cascade_radio.setEnabled(self.cascade_box.fill(classifiers, llms))

    def _fit_height(self) -> None:
        """The height the shown settings need (the classifier's are few), never less wide."""
        self.layout().activate()
        self.resize(self.width(), self.sizeHint().height())

    def _safe(self, fn, default):
        try:
            return fn(self.project)
        except FactAuditError:
            return default

    @property
    def kind(self) -> str:
        if self.cascade_radio.isChecked():
            return CASCADE
        return CLASSIFIER if self.classifier_radio.isChecked() else LLM

    def set_kind(self, kind: str) -> None:
        {CLASSIFIER: self.classifier_radio, CASCADE: self.cascade_radio}.get(kind, self.llm_radio).setChecked(True)

    def _browse_thresholds(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Thresholds file"), "", self.tr("JSON (*.json);;All files (*)"))
        if path:
            self.thresholds_edit.setText(path)

    def _choice_changed(self) -> None:
        classifier = self.kind == CLASSIFIER
        self.classifier_box.setVisible(classifier)
        self.llm_box.setVisible(self.kind == LLM)
        self.cascade_box.setVisible(self.kind == CASCADE)
        endpoint = self.model_combo.currentData() == ENDPOINT
        self.endpoint_edit.setEnabled(endpoint)
        self.endpoint_model_edit.setEnabled(endpoint)
        if classifier:
            self.note_label.setText(self.tr(CLASSIFIER_NOTE))
        elif self.kind == CASCADE:
            self.note_label.setText(self.tr(CASCADE_NOTE))
        elif self.model_combo.currentData() == "smollm2-135m":
            self.note_label.setText(self.tr(LLM_NOTE) + self.tr(" The embedded SmolLM2-135M is demo-grade: fine to try the pipeline and to get reasoning to label, not for real audits."))
        elif self.model_combo.currentData() == "qwen2.5-coder-1.5b":
            self.note_label.setText(self.tr(LLM_NOTE) + self.tr(" The embedded Qwen2.5-Coder-1.5B is the default LLM and writes the reasoning; it is slower, about half a minute a claim with reasoning on 2 cores. The classifier stays the fast default."))
        elif endpoint:
            self.note_label.setText(self.tr("Claims and passages are sent to this server. The key comes from the OS keyring or FACTAUDIT_API_KEY and is never stored in the project."))
        else:
            self.note_label.setText(self.tr(LLM_NOTE))

    def request(self) -> vs.VerifyRequest:
        """The classifier request carries only what a classifier run reads (the LLM-only settings stay
        at their defaults, which the engine requires)."""
        gold = self.gold_check.isChecked()
        source = {"retrieval_run": None if gold else self.run_combo.currentData(),
                  "evidence_source": "gold" if gold else "retrieval",
                  "control": "no-evidence" if self.control_check.isChecked() else None}
        if self.kind == CLASSIFIER:
            return vs.VerifyRequest(**source, k=self.k_spin.value(),
                                    limit=self.limit_spin.value() or None, model=self.classifier_combo.currentData(),
                                    thresholds=self.thresholds_edit.text().strip() or None)
        if self.kind == CASCADE:
            return vs.VerifyRequest(**source, strategy="cascade", k=self.k_spin.value(),
                                    limit=self.limit_spin.value() or None,
                                    model=self.cascade_classifier_combo.currentData(),
                                    llm_model=self.cascade_llm_combo.currentData())
        endpoint = self.model_combo.currentData() == ENDPOINT
        return vs.VerifyRequest(
            **source, mode=self.mode_combo.currentData(), k=self.k_spin.value(),
            limit=self.limit_spin.value() or None, prompt_cache=self.cache_check.isChecked(),
            evidence=self.evidence_combo.currentData(), scoring=self.scoring_combo.currentData()[0],
            calibration=self.scoring_combo.currentData()[1], prompt=self.prompt_combo.currentData(),
            model=self.endpoint_model_edit.text().strip() if endpoint else self.model_combo.currentData(),
            endpoint=self.endpoint_edit.text().strip() if endpoint else None,
        )

    # ---- running -------------------------------------------------------------------------------
    def start(self) -> None:
        """Estimate first (from this computer's measured speed), offer a small first slice of a long
        run, then launch."""
        req = self.request()
        if self.running or not (req.retrieval_run or req.evidence_source == "gold"):
            return
        if req.endpoint:
            self._launch(req)
            return
        self.status_label.setText(self.tr("Estimating…"))
        self.start_button.setEnabled(False)
        Op(self, lambda job, p=self.project: vs.estimate_run(p, "verify", req.model, req.retrieval_run,
                                                                limit=req.limit)) \
            .title(self.tr("Estimating")).quiet().success(lambda est: self._estimated(req, est)) \
            .failure(lambda _exc: self._launch(req)).run()

    def _estimated(self, req: vs.VerifyRequest, est) -> None:
        self.estimate = est
        self.estimate_label.setText(self.estimate_text(est))
        choice = long_run.ask_long_run(self, est, "claim")
        if choice is None:
            self._set_busy(False)
            self.status_label.setText(self.tr("Not started."))
            return
        if choice:
            req.limit = choice
        self._launch(req)

    def estimate_text(self, est) -> str:
        if self.kind == CLASSIFIER and est.seconds is None:
            return self.tr("{n}; classifier claims are fast (about a second each on one thread): no need to slice the run.").format(
                n=long_run.count_text(est.n_units, "claim"))
        return long_run.estimate_text(est, "claim")

    def resume(self) -> None:
        run_id = self.resume_combo.currentData()
        if run_id:
            self._launch(vs.VerifyRequest(resume=run_id))

    def _launch(self, req: vs.VerifyRequest) -> None:
        if self.running:
            return
        self.result = None
        self._meter = None
        self.progress_bar.setRange(0, 0)
        self.progress_bar.show()
        self.status_label.setText(self.tr("Loading the model…"))
        self._set_busy(True)
        project = self.project
        self.op = (Op(self, lambda job: vs.verify(project, req, progress=job.progress, cancel=job.cancel))
                   .title(self.tr("Verifying"))
                   .progress(self._progress)
                   .success(self._done)
                   .failure(self._failed)
                   .cancelled(self._cancelled)
                   .finished(self._ended)
                   .run())

    def _set_busy(self, busy: bool) -> None:
        writable = not self.project.readonly
        has_evidence = self.run_combo.count() > 0 or self.gold_check.isChecked()
        self.start_button.setEnabled(not busy and writable and has_evidence and self.choices_read)
        self.resume_button.setEnabled(not busy and writable and self.resume_combo.count() > 0)
        self.cancel_button.setEnabled(busy)
        for w in (self.run_combo, self.model_combo, self.mode_combo, self.k_spin, self.limit_spin, self.cache_check,
                  self.resume_combo, self.endpoint_edit, self.endpoint_model_edit, self.evidence_combo,
                  self.scoring_combo, self.classifier_combo, self.thresholds_edit, self.thresholds_button,
                  self.llm_radio, self.gold_check, self.control_check):
            w.setEnabled(not busy)
        self.run_combo.setEnabled(not busy and not self.gold_check.isChecked())
        self.classifier_radio.setEnabled(not busy and (self.classifier_combo.count() > 0 or not self.choices_read))
        if not busy:
            self._choice_changed()
        if not busy and not has_evidence:
            self.status_label.setText(self.tr("No finished retrieval run yet: retrieve evidence first."))

    def _done(self, result) -> None:
        self.result = result
        self.progress_bar.setRange(0, 1)
        self.progress_bar.setValue(1)
        counts = ", ".join(f"{i18n.number(v)} {i18n.verdict_name(k)}" for k, v in sorted(result.verdict_counts.items())) \
            or self.tr("no verdicts")
        self.status_label.setText(self.tr("{run_id}: {n_verdicts}/{n_claims} claims in {seconds} s — {counts}; {n_parse_failures} parse failures.").format(
            run_id=result.run_id, n_verdicts=i18n.number(result.n_verdicts), n_claims=i18n.number(result.n_claims),
            seconds=i18n.number(result.seconds, 1), counts=counts, n_parse_failures=i18n.number(result.n_parse_failures)))
        self._refresh_resumable()         # a resumed run that finished is no longer unfinished
        self.verified.emit(result)

    def _failed(self, exc) -> None:
        self.progress_bar.hide()
        run = getattr(exc, "run_id", None)
        hint = self.tr(" The verdicts so far are kept; Resume continues {run}.").format(run=run) if run else ""
        self.status_label.setText(self.tr("Failed: {v0}.{hint}").format(v0=error_text(exc), hint=hint))
        self._refresh_resumable()

    def _cancelled(self) -> None:
        self.progress_bar.hide()
        self.status_label.setText(self.tr("Cancelled. The verdicts so far are kept; Resume finishes the run."))
        self._refresh_resumable()

    def _refresh_resumable(self) -> None:
        self.resume_combo.clear()
        for r in self._safe(vs.resumable_verify_runs, []):
            self.resume_combo.addItem(self.tr("{id} ({status}, {n} verdicts)").format(
                id=r.id, status=run_state(r.status), n=i18n.number(r.summary.get('n_verdicts', 0))), r.id)

    def _ended(self) -> None:
        self._set_busy(False)
        self.close_if_hidden()
