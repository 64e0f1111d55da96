"""The dry-run summary of the import dialog: what an import with the current settings would write,
which columns nothing reads, which label values no mapping covers, and the problems, before anything
is written."""
from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QLabel, QListWidget, QVBoxLayout, QWidget

PROBLEMS_SHOWN = 20


def _counts(counts: dict[str, int]) -> str:
    parts = [f"{n:,} {kind}" for kind, n in counts.items() if n]
    return ", ".join(parts) or "nothing"


def _distribution(values: dict[str, int]) -> str:
    return ", ".join(f"{escape(str(v))} {n:,}" for v, n in values.items())


def plan_html(plan) -> str:
    """The plan as a few short lines; the words say what the user can do about each finding."""
    lines = [f"<b>{'Ready' if plan.ok else 'Would fail'}:</b> would import {_counts(plan.counts)}"
             + (f" as <i>{escape(plan.format)}</i>" + (f" {escape(plan.kind)}" if plan.kind else "")
                if plan.format else "") + "."]
    if plan.detected:
        lines.append(f"Detected {escape(plan.detected)}.")
    for name, values in plan.labels.items():
        lines.append(f"{escape(name)}: {_distribution(values)}")
    if plan.unmapped_columns:
        lines.append("Not read (would be dropped): " + ", ".join(escape(c) for c in plan.unmapped_columns)
                     + ". Map them above if they hold one of our fields.")
    for column, values in plan.unmatched_values.items():
        lines.append(f"Values of {escape(column)} no label mapping covers: "
                     + ", ".join(escape(v) for v in values[:10]) + ("…" if len(values) > 10 else ""))
    if plan.rejected:
        lines.append(f"{plan.rejected:,} invalid records would be left out and listed in a side file.")
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
        self.problems.addItems(plan.problems[:PROBLEMS_SHOWN])
        if plan.n_problems > len(plan.problems[:PROBLEMS_SHOWN]):
            self.problems.addItem(f"… {plan.n_problems:,} problems in all")
        self.problems.setVisible(bool(plan.problems))
        self.setVisible(True)

    @property
    def problem_lines(self) -> list[str]:
        return [self.problems.item(i).text() for i in range(self.problems.count())]
