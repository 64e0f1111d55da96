"""Decompose answers into claims: one claim per sentence, or atomic claims written by a language model
(each keeps its sentence, and with it the expert's label)."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QSpinBox, QVBoxLayout, QWidget

from factaudit.engine import services
from factaudit.gui import i18n
from factaudit.gui.dialogs.job_dialog import JobDialog
from factaudit.gui.ops import Op, error_text
from factaudit.gui.query_op import QueryOp

METHODS = (("sentence", QT_TRANSLATE_NOOP("DecomposeDialog", "One claim per sentence (fast)")),
           ("llm", QT_TRANSLATE_NOOP("DecomposeDialog", "Atomic claims written by a language model (slow)")))


class DecomposeDialog(JobDialog):
    decomposed = Signal(object)        # engine DecomposeResult
    unit_name = QT_TRANSLATE_NOOP("JobDialog", "answers")
    unit_one = QT_TRANSLATE_NOOP("JobDialog", "answer")
    verb = QT_TRANSLATE_NOOP("JobDialog", "decomposing")

    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(project, parent, title=self.tr("Decompose answers"), object_name="decomposeDialog", size=(560, 300))
        root = QVBoxLayout(self)
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self.method_combo = QComboBox()
        for key, text in METHODS:
            self.method_combo.addItem(self.tr(text), key)
        self.method_combo.currentIndexChanged.connect(self._update)
        form.addRow(self.tr("Method"), self.method_combo)
        self.model_combo = QComboBox()
        form.addRow(self.tr("Model"), self.model_combo)
        self.dataset_combo = QComboBox()
        self.dataset_combo.addItem(self.tr("every dataset with answers"), None)
        form.addRow(self.tr("Answers"), self.dataset_combo)
        self.limit_spin = QSpinBox()
        self.limit_spin.setRange(0, 1_000_000)
        self.limit_spin.setSpecialValueText(self.tr("all answers"))
        form.addRow(self.tr("Limit"), self.limit_spin)
        root.addLayout(form)
        self.add_job_area(root)
        self.add_buttons(root, self.tr("Decompose"), resume=False)
        self._update()
        # the choices are read off the UI thread; a failed read shows its message above the form
        QueryOp(self, op=lambda: services.llm_models(include_endpoints=False), success=self._models_read) \
            .title("reading the models").run_in_background()
        QueryOp(self, op=lambda: services.list_datasets(project), success=self._datasets_read) \
            .title("reading the datasets").run_in_background()

    def _models_read(self, entries) -> None:
        for e in entries:
            self.model_combo.addItem(e.name, e.name)

    def _datasets_read(self, datasets) -> None:
        for d in datasets:
            if d.counts.get("sentences"):
                self.dataset_combo.addItem(self.tr("{name} ({n} sentences)").format(name=d.name, n=i18n.number(d.counts['sentences'])), d.name)
        self._update()
        if self.dataset_combo.count() == 1:
            self.status_label.setText(self.tr("No answers with sentences in this project: import answers first."))

    def _update(self) -> None:
        llm = self.method_combo.currentData() == "llm"
        self.model_combo.setEnabled(llm and not self.running)
        ok = not self.project.readonly and self.dataset_combo.count() > 1
        self.start_button.setEnabled(ok and not self.running)
        self.cancel_button.setEnabled(self.running)

    def request(self) -> services.DecomposeRequest:
        llm = self.method_combo.currentData() == "llm"
        return services.DecomposeRequest(method=self.method_combo.currentData(),
                                   model=self.model_combo.currentData() if llm else None,
                                   dataset=self.dataset_combo.currentData(), limit=self.limit_spin.value() or None)

    def start(self) -> Op | None:
        if self.running:
            return None
        self.progress_bar.setRange(0, 0)
        self.progress_bar.show()
        self._meter = None
        self.status_label.setText(self.tr("Decomposing…"))
        self.op = (Op(self, lambda job, p=self.project, req=self.request():
                       services.decompose(p, req, progress=job.progress, cancel=job.cancel)).title(self.tr("Decomposing answers"))
                   .progress(self._progress).success(self._done).failure(self._failed)
                   .cancelled(lambda: self.status_label.setText(self.tr("Cancelled; the claims made so far are kept.")))
                   .finished(self._finished).run())
        self._update()
        return self.op

    def _done(self, result) -> None:
        self.result = result
        self.status_label.setText(self.tr("{run_id}: {n_claims} claims from {n_sentences} sentences of {n_items} answers in {seconds} s.").format(
            run_id=result.run_id, n_claims=i18n.number(result.n_claims), n_sentences=i18n.number(result.n_sentences),
            n_items=i18n.number(result.n_items), seconds=i18n.number(result.seconds, 1)))
        self.decomposed.emit(result)

    def _failed(self, exc) -> None:
        self.status_label.setText(self.tr("Not decomposed: {v0}").format(v0=error_text(exc)))

    def _finished(self) -> None:
        self.progress_bar.hide()
        self._update()
        self.close_if_hidden()

