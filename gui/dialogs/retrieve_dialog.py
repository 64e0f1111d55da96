"""Start a retrieval run: retriever (BM25, a dense model, RRF of several), k, embedder, merge; progress
with rate and ETA, and Cancel (the run is then marked cancelled, never done)."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialogButtonBox, QDoubleSpinBox, QFormLayout, QLabel, QProgressBar,
    QPushButton, QSpinBox, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.engine.i18n import localize
from factaudit.engine.jobs import RateMeter
from factaudit.gui import i18n
from factaudit.gui.dialogs.job_dialog import JobDialog
from factaudit.gui.ops import Op, error_text
from factaudit.gui.progress_words import describe_progress
from factaudit.gui.query_op import QueryOp

ALL_DATASETS = QT_TRANSLATE_NOOP("RetrieveDialog", "All claims")
# how each index was had (engine/retrieval/index_cache.load_or_build)
CACHE_STATES = {"hit": QT_TRANSLATE_NOOP("RetrieveDialog", "reused from the cache"),
                "built": QT_TRANSLATE_NOOP("RetrieveDialog", "built and cached"),
                "uncached": QT_TRANSLATE_NOOP("RetrieveDialog", "built, not cached")}


class RetrieveDialog(JobDialog):
    retrieved = Signal(object)      # engine RetrievalResult

    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(project, parent, title=QCoreApplication.translate("RetrieveDialog", "Retrieve evidence"), object_name="retrieveDialog", size=(560, 360))
        self._meter: RateMeter | None = None
        self._phase = ""

        root = QVBoxLayout(self)
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self.retriever_combo = QComboBox()
        self.retriever_combo.setEditable(True)     # any spec, e.g. rrf:bm25,dense:a,dense:b
        # the choices scan the model folders: read off the UI thread, the dialog says it is reading
        self.retriever_combo.setPlaceholderText(QCoreApplication.translate("PageRead", "Reading…"))
        self.retriever_combo.setToolTip(self.tr("bm25, dense:<model> or rrf:<r1>,<r2>,… (reciprocal rank fusion)"))
        form.addRow(self.tr("Retriever"), self.retriever_combo)
        self.k_spin = QSpinBox()
        self.k_spin.setRange(1, 1000)
        self.k_spin.setValue(10)
        form.addRow(self.tr("Passages per claim (k)"), self.k_spin)
        self.model_combo = QComboBox()
        self.model_combo.setPlaceholderText(QCoreApplication.translate("PageRead", "Reading…"))
        self._models_ready = False
        QueryOp(self, op=lambda: (services.retriever_choices(), services.list_embedders()),
                success=self._models_read).title("reading the retrievers").run_in_background()
        self.model_combo.setToolTip(self.tr("The embedder used by a plain 'dense' retriever"))
        form.addRow(self.tr("Embedding model"), self.model_combo)
        self.dataset_combo = QComboBox()
        self.dataset_combo.addItem(self.tr(ALL_DATASETS), None)
        # off the UI thread; a failed read shows its message above the form, not an empty choice
        QueryOp(self, op=lambda: services.list_datasets(project), success=self._datasets_read) \
            .title("reading the datasets").run_in_background()
        form.addRow(self.tr("Claims"), self.dataset_combo)
        self.merge_check = QCheckBox(self.tr("Conservative merge of sub-queries (comparisons, enumerations)"))
        form.addRow("", self.merge_check)
        self.rrf_spin = QDoubleSpinBox()
        self.rrf_spin.setRange(0, 1000)
        self.rrf_spin.setValue(60)
        self.rrf_spin.setToolTip(self.tr("RRF constant c in Σ 1/(c + rank)"))
        form.addRow(self.tr("RRF constant"), self.rrf_spin)
        root.addLayout(form)
        self.retriever_combo.currentTextChanged.connect(lambda _t: self._update_applicable())

        self.progress_bar = QProgressBar()
        self.progress_bar.setObjectName("retrieveProgress")
        self.progress_bar.hide()
        self.status_label = QLabel()
        self.status_label.setObjectName("muted")
        self.status_label.setWordWrap(True)
        root.addWidget(self.progress_bar)
        root.addWidget(self.status_label)
        root.addStretch(1)

        self.buttons = QDialogButtonBox()
        self.start_button = QPushButton(self.tr("Retrieve"))
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self.start)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.clicked.connect(self.cancel)
        self.close_button = QPushButton(self.tr("Close"))
        self.close_button.clicked.connect(self.reject)
        for b in (self.start_button, self.cancel_button, self.close_button):
            self.buttons.addButton(b, QDialogButtonBox.ButtonRole.ActionRole)
        self.cancel_button.setEnabled(False)
        self.start_button.setEnabled(False)          # until the retrievers are read
        root.addWidget(self.buttons)
        self._update_applicable()

    # ---- settings ------------------------------------------------------------------------------
    def _models_read(self, read) -> None:
        choices, embedders = read
        spec = self.retriever_combo.currentText()       # a spec set while reading is kept
        self.retriever_combo.addItems(choices)
        if spec:
            self.retriever_combo.setCurrentText(spec)
        for e in embedders:
            self.model_combo.addItem(f"{e.name} ({e.origin})", e.name)
        self._models_ready = True
        if not self.running:
            self._set_busy(False)

    def _datasets_read(self, datasets) -> None:
        for d in datasets:
            if d.counts.get("claims"):
                self.dataset_combo.addItem(d.name, d.name)

    def set_retriever(self, spec: str) -> None:
        self.retriever_combo.setCurrentText(spec)

    # ---- running -------------------------------------------------------------------------------
    def start(self) -> None:
        if self.running:
            return
        self.result = None
        self._meter = None
        self._phase = ""
        self.progress_bar.setRange(0, 0)
        self.progress_bar.show()
        self.status_label.setText(self.tr("Starting…"))
        self._set_busy(True)
        kwargs = dict(retriever=self.retriever_combo.currentText().strip(), k=self.k_spin.value(),
                      model=self.model_combo.currentData(), dataset=self.dataset_combo.currentData(),
                      merge="conservative" if self.merge_check.isChecked() else "none", rrf_k=self.rrf_spin.value())
        project = self.project
        req = services.RetrievalRequest(**kwargs)
        self.op = (Op(self, lambda job: services.retrieve(project, req, progress=job.progress, cancel=job.cancel))
                   .title(self.tr("Retrieving"))
                   .progress(self._progress)
                   .success(self._done)
                   .failure(self._failed)
                   .cancelled(self._cancelled)
                   .finished(lambda: self._set_busy(False))
                   .run())

    def cancel(self) -> None:
        if self.running:
            self.op.cancel()
            self.cancel_button.setEnabled(False)
            self.status_label.setText(self.tr("Cancelling…"))

    def _set_busy(self, busy: bool) -> None:
        self.start_button.setEnabled(not busy and self._models_ready and not self.project.readonly)
        self.cancel_button.setEnabled(busy)
        for w in (self.retriever_combo, self.k_spin, self.model_combo, self.dataset_combo, self.merge_check,
                  self.rrf_spin):
            w.setEnabled(not busy)
        if not busy:
            self._update_applicable()

    def _update_applicable(self) -> None:
        """The embedding model counts only for a plain 'dense' part, the RRF constant only for rrf:…; the
        others leave them out of the run, so they are greyed rather than offered."""
        spec = self.retriever_combo.currentText().strip()
        parts = [p.strip() for p in spec.removeprefix("rrf:").split(",")]
        self.model_combo.setEnabled("dense" in parts)
        self.rrf_spin.setEnabled(spec.startswith("rrf:"))

    def _progress(self, done, total, message: str) -> None:
        if message != self._phase:          # a new phase (indexing, embedding, retrieving) restarts the meter
            self._phase = message
            self._meter = RateMeter(total=total)
        if total:
            self.progress_bar.setRange(0, int(total))
            self.progress_bar.setValue(int(done))
            if self._meter is not None:
                self._meter.total = total
        else:
            self.progress_bar.setRange(0, 0)
        self.status_label.setText(describe_progress(int(done or 0), total, localize(message), self._meter,
                                                    self.tr("claims")))

    def _done(self, result) -> None:
        self.result = result
        self.progress_bar.setRange(0, 1)
        self.progress_bar.setValue(1)
        cache = ", ".join(f"{k}: {self.tr(CACHE_STATES[v]) if v in CACHE_STATES else v}" for k, v in result.cache.items())
        self.status_label.setText(self.tr("{run_id}: {retriever}, top {k} for {n_queries} claims in {seconds} s (index {cache}).").format(
            run_id=result.run_id, retriever=result.retriever, k=result.k, n_queries=i18n.number(result.n_queries),
            seconds=i18n.number(result.seconds, 1), cache=cache))
        self.retrieved.emit(result)

    def _failed(self, exc) -> None:
        self.progress_bar.hide()
        self.status_label.setText(self.tr("Failed: {v0}").format(v0=error_text(exc)))

    def _cancelled(self) -> None:
        self.progress_bar.hide()
        self.status_label.setText(self.tr("Cancelled. The run is kept and marked cancelled; its partial hits are never counted as a finished run."))

    def reject(self) -> None:
        # A retrieval takes seconds: Close cancels it rather than hiding the dialog.
        if self.running:
            self.cancel()
            return          # close once the worker stopped (the Cancel path re-enables Close)
        super().reject()
