"""Settings (issue #35 item 5): the interface language, the annotator name and the folders the app uses.

The language is applied at once: the translators are swapped (gui/i18n.install) so every window and
dialog opened from then on speaks it, and the open project windows are reopened on request, because
their texts were set when they were built (the pages keep no retranslate hook). The annotator name is
the same setting the Labeling page asks for at a project's first label.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QApplication, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit,
    QPushButton, QVBoxLayout, QWidget,
)

from factaudit.gui import i18n, settings
from factaudit.gui.annotator_settings import (
    annotator_name, project_annotator, set_annotator_name, set_project_annotator,
)
from factaudit.gui.screen import widen_to_text


class SettingsDialog(QDialog):
    """Edit → Settings… (Ctrl+,). `languageApplied(lang)` after a new language was installed;
    `reopenRequested()` when the user asks the open windows to be rebuilt in it."""

    languageApplied = Signal(str)
    reopenRequested = Signal()

    def __init__(self, project=None, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project if project is not None and not getattr(project, "readonly", False) else None
        self.setObjectName("settingsDialog")
        self.setWindowTitle(self.tr("Settings"))
        root = QVBoxLayout(self)

        look = QGroupBox(self.tr("Interface"))
        form = QFormLayout(look)
        self.language_combo = QComboBox()
        self.language_combo.setObjectName("interfaceLanguage")
        self.language_combo.addItem(self.tr("The system's ({language})").format(
            language=i18n.LANGUAGES[i18n.resolve("")]), "")
        for code, name in i18n.LANGUAGES.items():
            self.language_combo.addItem(name, code)
        self.language_combo.setCurrentIndex(max(0, self.language_combo.findData(i18n.chosen_language())))
        form.addRow(self.tr("Language"), self.language_combo)
        self.language_note = QLabel()
        self.language_note.setObjectName("note")
        self.language_note.setWordWrap(True)
        self.language_note.setVisible(False)          # an empty note box until a language is applied
        self.reopen_button = QPushButton(self.tr("Reopen the windows now"))
        self.reopen_button.setObjectName("reopenWindows")
        self.reopen_button.setVisible(False)
        self.reopen_button.clicked.connect(self._reopen)
        note_row = QHBoxLayout()
        note_row.addWidget(self.language_note, 1)
        note_row.addWidget(self.reopen_button)
        form.addRow("", note_row)
        root.addWidget(look)

        who = QGroupBox(self.tr("Annotator"))
        form = QFormLayout(who)
        self.annotator_edit = QLineEdit(annotator_name())
        self.annotator_edit.setObjectName("annotatorDefault")
        form.addRow(self.tr("Name offered in a new project"), self.annotator_edit)
        self.project_annotator_edit: QLineEdit | None = None
        if self.project is not None:
            self.project_annotator_edit = QLineEdit(project_annotator(self.project) or "")
            self.project_annotator_edit.setObjectName("annotatorProject")
            self.project_annotator_edit.setPlaceholderText(self.tr("asked at the first label"))
            form.addRow(self.tr("Name in {project}").format(project=Path(self.project.path).name),
                        self.project_annotator_edit)
        root.addWidget(who)

        places = QGroupBox(self.tr("Folders"))
        form = QFormLayout(places)
        self.folders = {"settings": settings.settings_file().parent, "data": settings.user_data_dir()}
        for key, label in (("settings", self.tr("Settings")), ("data", self.tr("Demo and data"))):
            form.addRow(label, self._folder_row(key))
        root.addWidget(places)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Apply
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.buttons.button(QDialogButtonBox.StandardButton.Apply).clicked.connect(self.apply)
        root.addWidget(self.buttons)

    def _folder_row(self, key: str) -> QWidget:
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        path = QLineEdit(str(self.folders[key]))
        path.setReadOnly(True)
        widen_to_text(path, path.text(), most=640)    # the whole path in view (the field showed only its end)
        path.setCursorPosition(0)
        path.setObjectName(f"folder_{key}")
        show = QPushButton(self.tr("Show"))
        show.clicked.connect(lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.folders[key]))))
        layout.addWidget(path, 1)
        layout.addWidget(show)
        return row

    def apply(self) -> bool:
        """Store the choices; a changed language is installed now. True when the language changed."""
        name = self.annotator_edit.text().strip()
        if name and name != annotator_name():
            set_annotator_name(name)
        if self.project_annotator_edit is not None:
            own = self.project_annotator_edit.text().strip()
            if own and own != (project_annotator(self.project) or ""):
                set_project_annotator(self.project, own)
        lang = self.language_combo.currentData() or ""
        if lang == i18n.chosen_language():
            return False
        i18n.set_language(lang)
        app = QApplication.instance()
        spoken = i18n.install(app, lang) if app is not None else i18n.resolve(lang)
        self.languageApplied.emit(spoken)
        self.language_note.setText(self.tr(
            "New windows and dialogs use {language} now; the open windows change when they are reopened.").format(
            language=i18n.LANGUAGES[spoken]))
        self.language_note.setVisible(True)
        self.reopen_button.setVisible(True)
        return True

    def accept(self) -> None:
        self.apply()
        super().accept()

    def _reopen(self) -> None:
        self.accept()
        # after closing: reopening deletes the windows this dialog may belong to
        self.reopenRequested.emit()
