"""The dry-run summary of the import dialog: what an import with the current settings would write,
which columns nothing reads, which label values no mapping covers, and the problems, before anything
is written."""
from __future__ import annotations

import itertools
from html import escape

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import QLabel, QListWidget, QVBoxLayout, QWidget

from factaudit.gui import i18n
from factaudit.gui.error_render import engine_text

PROBLEMS_SHOWN = 20
LABEL_FIELDS = {"claims.gold_label": QT_TRANSLATE_NOOP("import_plan", "Gold labels"),
                "sentences.label": QT_TRANSLATE_NOOP("import_plan", "Sentence labels"),
                "verdicts.verdict": QT_TRANSLATE_NOOP("import_plan", "Verdicts")}
# the record kinds an import counts (engine/project/records.py ImportBatch.counts)
KIND_NAMES = {"documents": QT_TRANSLATE_NOOP("import_plan", "documents"),
              "passages": QT_TRANSLATE_NOOP("import_plan", "passages"),
              "items": QT_TRANSLATE_NOOP("import_plan", "items"),
              "sentences": QT_TRANSLATE_NOOP("import_plan", "sentences"),
              "claims": QT_TRANSLATE_NOOP("import_plan", "claims"),
              "hits": QT_TRANSLATE_NOOP("import_plan", "hits"),
              "verdicts": QT_TRANSLATE_NOOP("import_plan", "verdicts"),
              "predictions": QT_TRANSLATE_NOOP("import_plan", "predictions")}


def _tr(text: str) -> str:
    return QCoreApplication.translate("import_plan", text)


def _counts(counts: dict[str, int]) -> str:
    parts = [f"{i18n.number(n)} {_tr(KIND_NAMES[kind]) if kind in KIND_NAMES else kind}"
             for kind, n in counts.items() if n]
    return ", ".join(parts) or QCoreApplication.translate("import_plan", "nothing")


def _distribution(values: dict[str, int]) -> str:
    return ", ".join(f"{escape(str(v))} {i18n.number(n)}" for v, n in values.items())


def plan_html(plan) -> str:
    """The plan as a few short lines; the words say what the user can do about each finding."""
    if plan.ok:
        lines = [QCoreApplication.translate("import_plan", "<b>Ready:</b> would import {counts}.").format(counts=_counts(plan.counts))]
    else:
        text = QCoreApplication.translate("import_plan", "<b>Would fail</b> with 1 problem (listed below): nothing would be imported. Fix the file or the settings, or import the valid records only.") if plan.n_problems == 1 else \
            QCoreApplication.translate("import_plan", "<b>Would fail</b> with {n} problems (listed below): nothing would be imported. Fix the file or the settings, or import the valid records only.").format(n=i18n.number(plan.n_problems))
        lines = [text]
    for name, values in plan.labels.items():
        label = _tr(LABEL_FIELDS[name]) if name in LABEL_FIELDS else name
        lines.append(f"{escape(label)}: {_distribution(values)}")
    if plan.unmapped_columns:
        lines.append(QCoreApplication.translate("import_plan", "Not read (would be dropped): {columns}. Map them above if they hold one of our fields.")
                     .format(columns=", ".join(escape(c) for c in plan.unmapped_columns)))
    for column, values in plan.unmatched_values.items():
        lines.append(QCoreApplication.translate("import_plan", "Values of {column} no label mapping covers: {values}").format(
            column=escape(column), values=", ".join(escape(v) for v in values[:10]) + ("…" if len(values) > 10 else "")))
    if plan.rejected:
        lines.append(QCoreApplication.translate("import_plan", "1 invalid record would be left out and listed in a side file.") if plan.rejected == 1 else
                     QCoreApplication.translate("import_plan", "{n} invalid records would be left out and listed in a side file.")
                     .format(n=i18n.number(plan.rejected)))
    if plan.unresolved_gold:
        lines.append(QCoreApplication.translate("import_plan", "{n} gold passage ids are not in the project's corpus.")
                     .format(n=i18n.number(plan.unresolved_gold)))
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
        shown = itertools.zip_longest(plan.problems[:PROBLEMS_SHOWN], plan.problem_settings[:PROBLEMS_SHOWN])
        self.problems.addItems([engine_text(line, setting) for line, setting in shown])
        if plan.n_problems > len(plan.problems[:PROBLEMS_SHOWN]):
            self.problems.addItem(self.tr("… {n_problems} problems in all").format(n_problems=i18n.number(plan.n_problems)))
        self.problems.setVisible(bool(plan.problems))
        self.setVisible(True)

    @property
    def problem_lines(self) -> list[str]:
        return [self.problems.item(i).text() for i in range(self.problems.count())]
