"""The dry-run summary of the import dialog: what an import with the current settings would write,
which columns nothing reads, which label values no mapping covers, and the problems, before anything
is written."""
from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QLabel, QListWidget, QVBoxLayout, QWidget

from factaudit.gui.ops import plain_words

PROBLEMS_SHOWN = 20
LABEL_FIELDS = {"claims.gold_label": "Gold labels", "sentences.label": "Sentence labels", "verdicts.verdict": "Verdicts"}


def _counts(counts: dict[str, int]) -> str:
    parts = [f"{n:,} {kind}" for kind, n in counts.items() if n]
    return ", ".join(parts) or "nothing"


def _distribution(values: dict[str, int]) -> str:
    return ", ".join(f"{escape(str(v))} {n:,}" for v, n in values.items())


def plan_html(plan) -> str:
    """The plan as a few short lines; the words say what the user can do about each finding."""
    if plan.ok:
        lines = [f"<b>Ready:</b> would import {_counts(plan.counts)}."]
    else:
        lines = [f"<b>Would fail</b> with {plan.n_problems:,} problem{'s' if plan.n_problems != 1 else ''} "
                 "(listed below): nothing would be imported. Fix the file or the settings, or import the "
                 "valid records only."]
    for name, values in plan.labels.items():
        lines.append(f"{escape(LABEL_FIELDS.get(name, name))}: {_distribution(values)}")
    if plan.unmapped_columns:
        lines.append("Not read (would be dropped): " + ", ".join(escape(c) for c in plan.unmapped_columns)
                     + ". Map them above if they hold one of our fields.")
    for column, values in plan.unmatched_values.items():
        lines.append(f"Values of {escape(column)} no label mapping covers: "
                     + ", ".join(escape(v) for v in values[:10]) + ("…" if len(values) > 10 else ""))
    if plan.rejected:
        lines.append(f"{plan.rejected:,} invalid record{'s' if plan.rejected != 1 else ''} would be left out "
                     "and listed in a side file.")
    if plan.unresolved_gold:
        lines.append(f"{plan.unresolved_gold:,} gold passage ids are not in the project's corpus.")
    return "<br>".join(lines)


class ImportPlanPanel(QWidget):
    """Empty until a check ran; then the summary and, when the import would fail, its problems."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.summary = QLabel()
        self.summary.setObjectName("planSummary")
        self.summary.setWordWrap(True)
        self.problems = QListWidget()
        self.problems.setObjectName("planProblems")
        self.problems.setMaximumHeight(110)
        layout.addWidget(self.summary)
        layout.addWidget(self.problems)
        self.clear()

    def clear(self) -> None:
        self.plan = None
        self.summary.clear()
        self.problems.clear()
        self.setVisible(False)

    def show_plan(self, plan) -> None:
        self.plan = plan
        self.summary.setText(plan_html(plan))
        self.problems.clear()
        self.problems.addItems([plain_words(line) for line in plan.problems[:PROBLEMS_SHOWN]])
        if plan.n_problems > len(plan.problems[:PROBLEMS_SHOWN]):
            self.problems.addItem(self.tr("… {n_problems:,} problems in all").format(n_problems=plan.n_problems))
        self.problems.setVisible(bool(plan.problems))
        self.setVisible(True)

    @property
    def problem_lines(self) -> list[str]:
        return [self.problems.item(i).text() for i in range(self.problems.count())]
