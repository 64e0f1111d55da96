"""Answer questions from their documents with one conflict-aware variant (an aggregate run): the items
(a dataset whose questions carry documents, or a retrieval run's top-k passages), the variant, the
model for the variants that call one, a limit; progress, Cancel, and Resume of a stopped run."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox, QFormLayout, QLabel, QSpinBox, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.gui import i18n
from factaudit.gui.dialogs.job_dialog import JobDialog
from factaudit.gui.ops import Op, error_text
from factaudit.gui.query_op import QueryOp
from factaudit.gui.run_names import run_state

DATASET, RETRIEVAL = "dataset", "retrieval"
NOTES = {
    "rules": QT_TRANSLATE_NOOP("AggregateDialog", "Deterministic rules, no model: seconds per hundred questions."),
    "oracle": QT_TRANSLATE_NOOP("AggregateDialog", "Reads the documents' gold answers: privileged, not deployable. It measures what imperfect extraction costs."),
}
MODEL_NOTE = QT_TRANSLATE_NOOP("AggregateDialog", "Calls the model once or more per document: minutes per question with the embedded model.")


class AggregateDialog(JobDialog):
    aggregated = Signal(object)        # engine AggregateResult
    unit_name = QT_TRANSLATE_NOOP("JobDialog", "questions")
    unit_one = QT_TRANSLATE_NOOP("JobDialog", "question")
    verb = QT_TRANSLATE_NOOP("JobDialog", "answering")

    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(project, parent, title=QCoreApplication.translate("AggregateDialog", "Answer from documents"), object_name="aggregateDialog",
                         size=(600, 380))
        root = QVBoxLayout(self)
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self.source_combo = QComboBox()
        self.source_combo.currentIndexChanged.connect(lambda _=0: self._update())
        form.addRow(self.tr("Questions"), self.source_combo)
        self.k_spin = QSpinBox()
        self.k_spin.setRange(1, 100)
        self.k_spin.setValue(services.AggregateRequest.k)
        form.addRow(self.tr("Passages (k)"), self.k_spin)
        self.variant_combo = QComboBox()
        self.variants = {v.name: v for v in services.aggregate_variants()}
        for v in self.variants.values():
            self.variant_combo.addItem(self.tr("{name} (privileged)").format(name=v.name) if v.privileged else v.name, v.name)
        self.variant_combo.setCurrentIndex(self.variant_combo.findData("rules"))
        self.variant_combo.currentIndexChanged.connect(lambda _=0: self._update())
        form.addRow(self.tr("Variant"), self.variant_combo)
        self.model_combo = QComboBox()
        form.addRow(self.tr("Model"), self.model_combo)
        self.limit_spin = QSpinBox()
        self.limit_spin.setRange(0, 1_000_000)
        self.limit_spin.setSpecialValueText(self.tr("all questions"))
        form.addRow(self.tr("Limit"), self.limit_spin)
        self.resume_combo = QComboBox()
        form.addRow(self.tr("Unfinished run"), self.resume_combo)
        root.addLayout(form)
        self.note_label = QLabel()
        self.note_label.setObjectName("muted")
        self.note_label.setWordWrap(True)
        root.addWidget(self.note_label)
        self.add_job_area(root)
        self.add_buttons(root, self.tr("Answer"), resume=True)
        self._update()
        # the choices are read off the UI thread; a failed read shows its message above the form (it
        # used to leave the lists empty without a word)
        project = self.project
        QueryOp(self, op=lambda: (services.list_datasets(project), services.retrieval_runs(project),
                                  services.llm_models()), success=self._choices_read) \
            .title("reading the choices").run_in_background()
        self._refresh_resumable()

    def _choices_read(self, choices) -> None:
        datasets, retrieval_runs, models = choices
        for d in datasets:
            if d.counts.get("items") and d.counts.get("passages"):
                self.source_combo.addItem(self.tr("{name} ({n} questions)").format(name=d.name, n=i18n.number(d.counts['items'])), (DATASET, d.name))
        for r in retrieval_runs:
            self.source_combo.addItem(self.tr("{id}: top-k passages of a retrieval run").format(id=r.id), (RETRIEVAL, r.id))
        for e in models:
            self.model_combo.addItem(e.name, e.name)
        self._update()
        if self.source_combo.count() == 0:
            self.status_label.setText(self.tr("No questions with documents in this project: import a RAMDocs-style dataset (File › Import), or retrieve passages for your questions first."))

    def _update(self) -> None:
        source = self.source_combo.currentData()
        variant = self.variants.get(self.variant_combo.currentData())
        idle = not self.running
        self.k_spin.setEnabled(idle and bool(source) and source[0] == RETRIEVAL)
        uses_model = bool(variant and variant.uses_model)
        self.model_combo.setEnabled(idle and uses_model)
        writable = not self.project.readonly
        has_model = not uses_model or self.model_combo.count() > 0
        self.start_button.setEnabled(idle and writable and bool(source) and has_model)
        self.resume_button.setEnabled(idle and writable and self.resume_combo.count() > 0)
        self.cancel_button.setEnabled(self.running)
        if variant is not None:
            self.note_label.setText(self.tr(NOTES.get(variant.name, MODEL_NOTE)))

    def _refresh_resumable(self) -> None:
        project = self.project
        QueryOp(self, op=lambda: services.resumable_aggregate_runs(project), success=self._resumable_read) \
            .title("reading the unfinished runs").run_in_background()

    def _resumable_read(self, runs) -> None:
        self.resume_combo.clear()
        for r in runs:
            self.resume_combo.addItem(f"{r.id} ({run_state(r.status)}, {r.config.get('variant', '?')})", r.id)
        self._update()

    def request(self) -> services.AggregateRequest:
        kind, name = self.source_combo.currentData()
        variant = self.variants[self.variant_combo.currentData()]
        return services.AggregateRequest(
            variant=variant.name, dataset=name if kind == DATASET else None,
            retrieval_run=name if kind == RETRIEVAL else None, k=self.k_spin.value(),
            model=self.model_combo.currentData() if variant.uses_model else None,
            limit=self.limit_spin.value() or None)

    def resume(self) -> Op | None:
        return self.start(resume=True)

    def start(self, resume: bool = False) -> Op | None:
        if self.running:
            return None
        req = services.AggregateRequest(resume=self.resume_combo.currentData()) if resume else self.request()
        self._meter = None
        self.progress_bar.setRange(0, 0)
        self.progress_bar.show()
        self.status_label.setText(self.tr("Starting…"))
        project = self.project
        self.op = (Op(self, lambda job: services.aggregate(project, req, progress=job.progress, cancel=job.cancel))
                   .title(self.tr("Answering from documents"))
                   .progress(self._progress).success(self._done).failure(self._failed)
                   .cancelled(lambda: self.status_label.setText(
                       self.tr("Cancelled; the answers so far are kept and Resume finishes the run.")))
                   .finished(self._finished).run())
        self._update()
        return self.op

    def _done(self, result) -> None:
        self.result = result
        self.status_label.setText(self.tr("{run_id} ({variant}): {n_items} questions answered in {seconds} s. Review › Conflicts shows the figures and each question.").format(
            run_id=result.run_id, variant=result.variant, n_items=i18n.number(result.n_items),
            seconds=i18n.number(result.seconds, 1)))
        self.aggregated.emit(result)

    def _failed(self, exc) -> None:
        run = getattr(exc, "run_id", None)
        hint = self.tr(" The answers so far are kept; Resume continues {run}.").format(run=run) if run else ""
        self.status_label.setText(self.tr("Failed: {v0}.{hint}").format(v0=error_text(exc), hint=hint))

    def _finished(self) -> None:
        self.progress_bar.hide()
        self._refresh_resumable()
        self._update()
        self.close_if_hidden()
