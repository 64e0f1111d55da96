"""The codebook editor's forms (codebook, dimension, code); the editor itself is in codebook_editor."""
from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QFormLayout, QLabel, QLineEdit, QPlainTextEdit, QVBoxLayout, QWidget,
)


def _lines(text: str) -> list[str]:
    return [ln.strip() for ln in text.splitlines() if ln.strip()]


class CodebookForms:
    """Mixin for CodebookEditor: builds the three forms on the right of the tree."""

    # ---- forms -----------------------------------------------------------------------------------
    @staticmethod
    def _form_page() -> tuple[QWidget, QFormLayout]:
        """A form kept at the top of its page (a bare QFormLayout spreads its rows over the height)."""
        page = QWidget()
        outer = QVBoxLayout(page)
        outer.setContentsMargins(8, 0, 0, 0)
        f = QFormLayout()
        outer.addLayout(f)
        outer.addStretch(1)
        return page, f

    def _book_form(self) -> QWidget:
        w, f = self._form_page()
        self.book_name = QLineEdit()
        self.book_name.textEdited.connect(lambda t: self._set(("name",), t))
        f.addRow(self.tr("Name:"), self.book_name)
        self.patterns_edit = QPlainTextEdit()
        self.patterns_edit.setPlaceholderText(self.tr("R1: Entity mismatch\nV1: Selective coverage"))
        self.patterns_edit.textChanged.connect(self._patterns_changed)
        f.addRow(self.tr("Patterns\n(one “id: name” a line):"), self.patterns_edit)
        hint = QLabel(self.tr("Choose a dimension or a code on the left to edit it. Failure codes name the taxonomy pattern they feed (R1–R6 retrieval, V1–V6 verification)."))
        hint.setWordWrap(True)
        hint.setObjectName("muted")
        f.addRow(hint)
        return w

    def _dim_form(self) -> QWidget:
        w, f = self._form_page()
        self.dim_id = QLineEdit()
        self.dim_id.setToolTip(self.tr("lower_snake_case; annotation files use this id"))
        self.dim_id.textEdited.connect(self._dim_id_changed)
        f.addRow(self.tr("Id:"), self.dim_id)
        self.dim_name = QLineEdit()
        self.dim_name.textEdited.connect(lambda t: self._set_dim("name", t))
        f.addRow(self.tr("Name:"), self.dim_name)
        self.dim_question = QPlainTextEdit()
        self.dim_question.setMaximumHeight(80)
        self.dim_question.textChanged.connect(lambda: self._set_dim("question", self.dim_question.toPlainText()))
        f.addRow(self.tr("Question:"), self.dim_question)
        return w

    def _code_form(self) -> QWidget:
        w, f = self._form_page()
        self.code_id = QLineEdit()
        self.code_id.setToolTip(self.tr("lower_snake_case, unique within its dimension"))
        self.code_id.textEdited.connect(self._code_id_changed)
        f.addRow(self.tr("Id:"), self.code_id)
        self.code_name = QLineEdit()
        self.code_name.textEdited.connect(lambda t: self._set_code("name", t))
        f.addRow(self.tr("Name:"), self.code_name)
        self.code_definition = QPlainTextEdit()
        self.code_definition.setMaximumHeight(110)
        self.code_definition.textChanged.connect(lambda: self._set_code("definition",
                                                                        self.code_definition.toPlainText()))
        f.addRow(self.tr("Definition:"), self.code_definition)
        self.code_examples = QPlainTextEdit()
        self.code_examples.setPlaceholderText(self.tr("One example a line"))
        self.code_examples.setMaximumHeight(110)
        self.code_examples.textChanged.connect(lambda: self._set_code("examples",
                                                                      _lines(self.code_examples.toPlainText())))
        f.addRow(self.tr("Examples:"), self.code_examples)
        self.code_pattern = QComboBox()
        self.code_pattern.setEditable(True)
        self.code_pattern.setToolTip(self.tr("The failure pattern this code feeds; empty for codes that are not failures"))
        self.code_pattern.currentTextChanged.connect(lambda t: self._set_code("pattern", t.strip() or None))
        f.addRow(self.tr("Pattern:"), self.code_pattern)
        self.code_hq = QCheckBox(self.tr("Counts as high quality on this dimension"))
        self.code_hq.toggled.connect(lambda on: self._set_code_set("high_quality", on))
        f.addRow("", self.code_hq)
        self.code_off = QCheckBox(self.tr("Marks the passage off topic (for R6, nothing relevant retrieved)"))
        self.code_off.toggled.connect(lambda on: self._set_code_set("off_topic", on))
        f.addRow("", self.code_off)
        return w

    # ---- loading ---------------------------------------------------------------------------------
