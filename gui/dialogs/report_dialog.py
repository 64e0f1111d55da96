"""Write the report: one new folder per export holding every chosen format, then "Open report"
(the HTML in the user's browser) or "Show folder"."""
from __future__ import annotations

import datetime as _dt
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QCheckBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton,
    QVBoxLayout, QWidget,
)

from factaudit.engine import i18n as engine_i18n  # the interface language the app chose (gui/i18n.py)
from factaudit.engine import services
from factaudit.gui.ops import Op, error_text
from factaudit.gui.penalty_setting import last_penalty, penalty_spin

FORMATS = (("html", QT_TRANSLATE_NOOP("ReportDialog", "HTML report (opens in a browser)")), ("xlsx", QT_TRANSLATE_NOOP("ReportDialog", "Spreadsheet (XLSX)")),
           ("json", QT_TRANSLATE_NOOP("ReportDialog", "Data files (JSON) for other tools")))


def default_folder(project_path: Path) -> Path:
    stamp = _dt.datetime.now().strftime("%Y-%m-%d %H%M")
    return project_path.parent / f"{project_path.stem} report {stamp}"


class ReportDialog(QDialog):
    written = Signal(str)             # the folder

    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project
        self.setWindowTitle(self.tr("Write the report"))
        self.setObjectName("reportDialog")
        self.resize(620, 300)
        self.op: Op | None = None
        self.files: list = []
        root = QVBoxLayout(self)
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self.folder_edit = QLineEdit(str(default_folder(Path(project.path))))
        self.folder_edit.setObjectName("reportFolder")
        browse = QPushButton(self.tr("Browse…"))
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.folder_edit, 1)
        row.addWidget(browse)
        form.addRow(self.tr("New folder"), row)
        self.format_checks: dict[str, QCheckBox] = {}
        for key, text in FORMATS:
            check = QCheckBox(self.tr(text))
            check.setChecked(True)
            self.format_checks[key] = check
            form.addRow("" if key != "html" else self.tr("Formats"), check)
        # the Answers page's last choice for this project, so the report shows the figures looked at there
        self.penalty = penalty_spin(last_penalty(project), self.tr("What the lenient score of choices runs takes off per wrong option chosen (0 to 1)"))
        form.addRow(self.tr("Lenient penalty"), self.penalty)
        root.addLayout(form)
        note = QLabel(self.tr("The report covers every finished run. Sections without data say which step fills them."))
        note.setObjectName("muted")
        note.setWordWrap(True)
        root.addWidget(note)
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        root.addWidget(self.status_label)
        root.addStretch(1)
        buttons = QDialogButtonBox()
        self.write_button = QPushButton(self.tr("Write"))
        self.write_button.setDefault(True)
        self.write_button.clicked.connect(self.start)
        self.open_button = QPushButton(self.tr("Open report"))
        self.open_button.clicked.connect(self.open_report)
        self.open_button.setEnabled(False)
        self.folder_button = QPushButton(self.tr("Show folder"))
        self.folder_button.clicked.connect(self.show_folder)
        self.folder_button.setEnabled(False)
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.reject)
        for b in (self.write_button, self.open_button, self.folder_button, close):
            buttons.addButton(b, QDialogButtonBox.ButtonRole.ActionRole)
        root.addWidget(buttons)

    def _browse(self) -> None:
        parent = QFileDialog.getExistingDirectory(self, self.tr("Where to create the report folder"),
                                                  str(Path(self.folder_edit.text()).parent))
        if parent:
            self.folder_edit.setText(str(Path(parent) / Path(self.folder_edit.text()).name))

    @property
    def formats(self) -> tuple[str, ...]:
        return tuple(k for k, c in self.format_checks.items() if c.isChecked())

    def start(self) -> Op | None:
        folder = Path(self.folder_edit.text().strip())
        if not self.formats:
            self.status_label.setText(self.tr("Choose at least one format."))
            return None
        if not folder.name:
            self.status_label.setText(self.tr("Name the folder to create."))
            return None
        if folder.exists():
            self.status_label.setText(self.tr("{name} already exists; each report goes into a new folder.").format(name=folder.name))
            return None
        self.write_button.setEnabled(False)
        self.status_label.setText(self.tr("Writing…"))
        self.op = (Op(self, lambda job, p=self.project, formats=self.formats, penalty=self.penalty.value():
                       services.write_report(p, str(folder), formats, progress=job.progress,
                                             lang=engine_i18n.language(), lenient_penalty=penalty))
                   .title(self.tr("Writing the report"))
                   .success(lambda files: self._done(folder, files)).failure(self._failed)
                   .finished(lambda: self.write_button.setEnabled(True)).run())
        return self.op

    def _done(self, folder: Path, files) -> None:
        self.folder = folder
        self.files = list(files)
        names = ", ".join(Path(f.path).name for f in self.files)
        self.status_label.setText(self.tr("Written to {folder} ({names}).").format(folder=folder, names=names))
        self.open_button.setEnabled(self.html_path() is not None)
        self.folder_button.setEnabled(True)
        self.written.emit(str(folder))
        self.folder_edit.setText(str(default_folder(Path(self.project.path))) + " (2)")

    def _failed(self, exc) -> None:
        self.status_label.setText(self.tr("Not written: {v0}").format(v0=error_text(exc)))

    def html_path(self) -> Path | None:
        return next((Path(f.path) for f in self.files if f.format == "html"), None)

    def open_report(self) -> None:
        path = self.html_path()
        # openUrl returns False where no browser is registered (a bare server, a minimal desktop)
        if path is not None and not QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))):
            self.status_label.setText(self.tr("No web browser could be started; open {path} in one.").format(path=path))

    def show_folder(self) -> None:
        if getattr(self, "folder", None) is not None and not QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.folder))):
            self.status_label.setText(self.tr("No file manager could be started; the report is in {folder}.").format(folder=self.folder))
