"""Who labels, per project (issue #23 item 4): the Labeling page asks for the name at the first label
in a project that has none, stores it for that project (and as the default the next project offers),
and says when it changed so the window's status bar shows it."""
from __future__ import annotations

from factaudit.gui.views.labeling_parts import annotator_for, annotator_name, project_annotator, set_project_annotator


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

