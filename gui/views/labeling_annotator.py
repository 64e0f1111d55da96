"""Who labels, per project (issue #23 item 4): the Labeling page asks for the name at the first label
in a project that has none, stores it for that project (and as the default the next project offers),
and says when it changed so the window's status bar shows it."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from factaudit.gui.views.labeling_parts import annotator_for, annotator_name, project_annotator, set_project_annotator


def ask_once(parent, project) -> str | None:
    """Who labels and triages in this project: its stored name, else asked now and stored for it (None:
    not given). Review's triage and Labeling's first label share it, so neither writes the login name
    unasked and the name is asked once per project."""
    name = project_annotator(project)
    if name:
        return name
    name = ask_name(parent)
    if not name:
        return None
    set_project_annotator(project, name)
    window = parent.window() if parent is not None else None
    if hasattr(window, "update_status"):        # the status bar names who labels in this project
        window.update_status()
    return name


def ask_name(parent) -> str | None:
    """The question itself (a modal dialog offering the last name used); None when cancelled or empty."""
    from PySide6.QtWidgets import QInputDialog, QLineEdit

    name, ok = QInputDialog.getText(parent, QCoreApplication.translate("AnnotatorChoice", "Who is labelling?"),
                                    QCoreApplication.translate("AnnotatorChoice", "Your name, stored with every label and triage decision you make in this "
                                        "project:"), QLineEdit.EchoMode.Normal, annotator_name())
    return name.strip() if ok and name.strip() else None


def annotator_shown(project, typed: str = "") -> str:
    """The name beside the labeling unit: the one typed or stored for this project, never the login
    name a first label would not use."""
    return typed.strip() or project_annotator(project) or QCoreApplication.translate("AnnotatorChoice", "not set yet (asked at the first label)")


class AnnotatorChoice:
    """Mixin for LabelingView (needs self.project, self.annotator_edit, self.status, annotatorChanged,
    load_queue)."""

    @property
    def annotator(self) -> str:
        return self.annotator_edit.text().strip() or annotator_for(self.project)

    def _annotator_changed(self) -> None:
        name = self.annotator_edit.text().strip()
        if name and name != project_annotator(self.project):
            set_project_annotator(self.project, name)
            self.annotatorChanged.emit(name)
            self.load_queue()

    def ask_annotator(self) -> str | None:
        """The first label in this project: who is labelling (stored per project, shown in the status bar)."""
        from PySide6.QtWidgets import QInputDialog, QLineEdit

        name, ok = QInputDialog.getText(self, self.tr("Who is labelling?"),
                                        self.tr("Your name, stored with every label you make in this project:"),
                                        QLineEdit.EchoMode.Normal, annotator_name())
        return name.strip() if ok and name.strip() else None

    def _have_annotator(self) -> bool:
        """True once this project knows who labels; asks at the first label (False: not given)."""
        stored = project_annotator(self.project)
        if stored and not self.annotator_edit.isReadOnly() and not self.annotator_edit.text().strip():
            self.annotator_edit.setText(stored)        # given at a triage since this page was built
            return True
        if self.annotator_edit.isReadOnly() or self.annotator_edit.text().strip():
            if not self.annotator_edit.isReadOnly() and project_annotator(self.project) is None:
                set_project_annotator(self.project, self.annotator_edit.text().strip())
                self.annotatorChanged.emit(self.annotator_edit.text().strip())
            return True
        name = self.ask_annotator()
        if not name:
            self.status.setText(self.tr("Nothing labelled: give your name first (it is stored with every label)."))
            return False
        self.annotator_edit.setText(name)
        set_project_annotator(self.project, name)
        self.annotatorChanged.emit(name)
        return True

