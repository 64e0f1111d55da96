"""The Verify dialog's stance-cascade settings: a classifier and an in-process GGUF LLM (an endpoint gives
no log-probabilities), picked from the lists the dialog's other two choices already read, and the τ fitted
for that pair (read off the UI thread)."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QLabel

from factaudit.engine import services as vs
from factaudit.gui.ops import error_text
from factaudit.gui.query_op import QueryOp

CASCADE_LLM = "qwen2.5-coder-1.5b"      # the LLM τ was fitted with (resources/models/cascade.json)


class CascadePairBox(QGroupBox):
    """Its strings stay in the Verify dialog's translation context, where they were written first."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setFlat(True)
        form = QFormLayout(self)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self.classifier_combo = QComboBox()
        self.classifier_combo.setObjectName("verifyCascadeClassifier")
        self.llm_combo = QComboBox()
        self.llm_combo.setObjectName("verifyCascadeLLM")
        form.addRow(QCoreApplication.translate("VerifyDialog", "Classifier"), self.classifier_combo)
        form.addRow(QCoreApplication.translate("VerifyDialog", "LLM"), self.llm_combo)
        self.pair_label = QLabel()
        self.pair_label.setObjectName("verifyCascadePair")
        self.pair_label.setWordWrap(True)
        form.addRow(QCoreApplication.translate("VerifyDialog", "Model pair"), self.pair_label)
        for combo in (self.classifier_combo, self.llm_combo):
            combo.currentIndexChanged.connect(self._read_pair)

    def fill(self, classifiers: list[tuple[str, object]], llms: list[tuple[str, object]]) -> bool:
        """Offer these (text, name) choices; whether a pair can be made."""
        for combo, items in ((self.classifier_combo, classifiers), (self.llm_combo, llms)):
            combo.blockSignals(True)
            combo.clear()
            for text, data in items:
                combo.addItem(text, data)
        self.llm_combo.setCurrentIndex(max(0, self.llm_combo.findData(CASCADE_LLM)))
        for combo in (self.classifier_combo, self.llm_combo):
            combo.blockSignals(False)
        self._read_pair()
        return bool(self.classifier_combo.count() and self.llm_combo.count())

    def _read_pair(self) -> None:
        classifier, llm = self.classifier_combo.currentData(), self.llm_combo.currentData()
        if classifier is None or llm is None:
            self.pair_label.setText(QCoreApplication.translate("VerifyDialog", "needs a classifier and an in-process LLM"))
            return
        self.pair_label.setText(f"{classifier} + {llm}")
        QueryOp(self, op=lambda: vs.cascade_tau(classifier, llm), success=lambda got: self._pair_read(classifier, llm, got)) \
            .failure(lambda exc: self.pair_label.setText(f"{classifier} + {llm}: {error_text(exc)}")) \
            .run_in_background()

    def _pair_read(self, classifier: str, llm: str, got) -> None:
        tau, source = got
        pair = f"{classifier} + {llm}"
        self.pair_label.setText(
            QCoreApplication.translate("VerifyDialog", "{pair}; τ = {tau} fitted on SciFact train").format(pair=pair, tau=f"{tau:+.2f}")
            if source.startswith("resources/") else QCoreApplication.translate("VerifyDialog", "{pair}; τ = 0: no threshold fitted for this pair").format(pair=pair))
        self.pair_label.setToolTip(source)
