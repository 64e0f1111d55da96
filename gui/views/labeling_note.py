"""N on the Labeling page: a free-text note on the current dimension's label. The note is stored with
the label (the label is re-recorded with the same code and the note, superseding it, so the history
keeps both); taxonomy induction reads every label with a note as a case the codebook does not cover."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QInputDialog

from factaudit.engine import services
from factaudit.gui.ops import error_text


def ask_note(view, dimension: str, note: str) -> str | None:
    """The note typed for the label (None: cancelled). A function of its own, so a test can answer it."""
    text, ok = QInputDialog.getMultiLineText(
        view, QCoreApplication.translate("labeling_note", "Note on the label"),
        QCoreApplication.translate("labeling_note", "{dimension}: what did you see that the codes do not say?")
        .format(dimension=dimension), note)
    return text if ok else None


def edit_note(view) -> bool:
    """Ask for the note on the current dimension's label and record it in the view's serial writer
    (after the label's own write, in order with undo). False when there is no stored label to annotate."""
    if view.unit is None or not view.dims or view.project.readonly:
        return False
    d = view.dims[view.dim_index]
    label = view.unit.labels.get(d.id)
    if label is None or not getattr(label, "id", None):
        view.status.setText(QCoreApplication.translate(
            "labeling_note", "Label {dimension} first (a digit), then N adds a note to that label.").format(
            dimension=view.cb_text(d)))
        return False
    typed = ask_note(view, view.cb_text(d), label.note or "")
    if typed is None:
        return False
    note = typed.strip() or None
    if note == (label.note or None):
        return False
    project, unit, label_id, code = view.project, view.unit, label.id, label.code

    # Backspace still undoes the label itself (its history keeps the label's id): the label goes, and
    # with it the note
    def written(a) -> None:
        if unit.labels.get(d.id) is label:
            unit.labels[d.id] = a
        view.status.setText(QCoreApplication.translate("labeling_note", "Note saved on {dimension}.").format(
            dimension=view.cb_text(d)))
        view.labelsChanged.emit()

    view.writer.submit(lambda job: services.correct_annotation(project, label_id, code, note),
                       success=written,
                       failure=lambda exc: view.status.setText(QCoreApplication.translate(
                           "labeling_note", "Not saved: {v0}").format(v0=error_text(exc))),
                       title=QCoreApplication.translate("labeling_note", "saving a note"))
    return True
