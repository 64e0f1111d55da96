"""Pages that are not built yet say what will be there."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

PLACEHOLDERS = {
    "Review": (
        "Review",
        "Claim by claim: the retrieved passages, the verifier's verdict and reasoning next to the expert "
        "label, with disagreements triaged into retrieval errors and verification errors.",
    ),
    "Labeling": (
        "Labeling",
        "Label why the pipeline failed: evidence quality on five dimensions per claim and passage, the "
        "verifier's reasoning on six steps, blind first, with LLM pre-labels, agreement figures and an "
        "error taxonomy that grows until it saturates.",
    ),
    "Reports": (
        "Reports",
        "Scores under every mapping rule with confidence intervals, run comparisons, and the failure "
        "taxonomy, exported as a self-contained HTML report, an XLSX workbook and JSON artifacts.",
    ),
}


class PlaceholderPage(QWidget):
    def __init__(self, key: str, parent: QWidget | None = None):
        super().__init__(parent)
        title, text = PLACEHOLDERS[key]
        layout = QVBoxLayout(self)
        layout.setContentsMargins(48, 48, 48, 48)
        layout.addStretch(1)
        heading = QLabel(title)
        heading.setObjectName("placeholderTitle")
        heading.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        body = QLabel(text)
        body.setObjectName("placeholderText")
        body.setWordWrap(True)
        body.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        body.setMaximumWidth(620)
        soon = QLabel("Coming in a later version.")
        soon.setObjectName("muted")
        soon.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(heading)
        layout.addWidget(body, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(soon)
        layout.addStretch(2)
        self.text = text
