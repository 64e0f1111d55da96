"""Seal: write a signed, read-only copy of the project to send, optionally encrypted, and check it at
once. The signer's fingerprint is shown before sealing, so the user can tell the recipient what to
trust; "Show in folder" opens the folder holding the sealed file."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QCheckBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton,
    QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.gui import i18n
from factaudit.gui.ops import Op, error_text

SEALED_SUFFIX = ".sealed.faproj"


def free_sealed_name(project_path: str | Path) -> Path:
    """`<name>.sealed.faproj` beside the project, or `<name> (2).sealed.faproj`, … when that is taken:
    the dialog proposed a name that existed and then refused it (issue #35)."""
    path = Path(project_path)
    candidate = path.with_name(path.stem + SEALED_SUFFIX)
    n = 2
    while candidate.exists():
        candidate = path.with_name(f"{path.stem} ({n}){SEALED_SUFFIX}")
        n += 1
    return candidate


def _seal_and_check(project, out: str, encrypt: bool, passphrase: str | None, progress, cancel):
    """Seal, then verify the file just written (a seal nobody checked is not worth sending)."""
    result = services.seal_project(project, out, encrypt=encrypt, passphrase=passphrase, progress=progress)
    cancel.check()
    progress(0, None, "checking the sealed file")
    return result, services.verify_sealed(out, passphrase=passphrase)


class SealDialog(QDialog):
    sealed = Signal(object, object)          # (SealResult, Verification)

    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project
        self.setWindowTitle(self.tr("Seal the project"))
        self.setObjectName("sealDialog")
        self.resize(640, 360)
        self.op: Op | None = None
        self.result = None
        self.verification = None

        root = QVBoxLayout(self)
        intro = QLabel(self.tr("A sealed copy is read-only and signed: whoever receives it can check that nothing in it changed since you sealed it, and who sealed it."))
        intro.setWordWrap(True)
        root.addWidget(intro)
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        path = Path(project.path)
        self.out_edit = QLineEdit(str(free_sealed_name(path)))
        self.out_edit.setObjectName("sealOut")
        browse = QPushButton(self.tr("Browse…"))
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.out_edit, 1)
        row.addWidget(browse)
        form.addRow(self.tr("Sealed file"), row)
        self.encrypt_check = QCheckBox(self.tr("Encrypt with a passphrase (the recipient needs it to open the file)"))
        self.encrypt_check.toggled.connect(self._update)
        form.addRow("", self.encrypt_check)
        self.pass_edit = QLineEdit()
        self.pass_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.pass_edit.setObjectName("sealPassphrase")
        self.pass2_edit = QLineEdit()
        self.pass2_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.pass2_edit.setObjectName("sealPassphrase2")
        for edit in (self.pass_edit, self.pass2_edit):
            edit.textChanged.connect(self._update)
        form.addRow(self.tr("Passphrase"), self.pass_edit)
        form.addRow(self.tr("Passphrase again"), self.pass2_edit)
        self.signer_label = QLabel("…")
        self.signer_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.signer_label.setToolTip(self.tr("Your signing key's fingerprint. Tell the recipient, so they can trust it."))
        form.addRow(self.tr("Signed by"), self.signer_label)
        root.addLayout(form)
        self.status_label = QLabel()
        self.status_label.setObjectName("sealStatus")
        self.status_label.setWordWrap(True)
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        root.addWidget(self.status_label)
        root.addStretch(1)

        buttons = QDialogButtonBox()
        self.seal_button = QPushButton(self.tr("Seal"))
        self.seal_button.setDefault(True)
        self.seal_button.clicked.connect(self.start)
        self.folder_button = QPushButton(self.tr("Show in folder"))
        self.folder_button.clicked.connect(self.show_in_folder)
        self.folder_button.setEnabled(False)
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.reject)
        for b in (self.seal_button, self.folder_button, close):
            buttons.addButton(b, QDialogButtonBox.ButtonRole.ActionRole)
        root.addWidget(buttons)
        self._update()
        Op(self, lambda job: services.export_public_key()).title(self.tr("Reading the signing key")).quiet() \
            .success(lambda info: self.signer_label.setText(info.fingerprint)) \
            .failure(lambda exc: self.signer_label.setText(self.tr("no signing key: {v0}").format(v0=error_text(exc)))).run()

    def _browse(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Sealed file"), self.out_edit.text(),
                                              self.tr("factaudit projects (*.faproj)"))
        if path:
            self.out_edit.setText(path if path.endswith(".faproj") else path + ".faproj")

    def problem(self) -> str | None:
        """Why Seal cannot start yet, in plain words (None when it can)."""
        out = self.out_edit.text().strip()
        if not out:
            return self.tr("Choose where to write the sealed file.")
        if Path(out).exists():
            return self.tr("{name} already exists; choose another name.").format(name=Path(out).name)
        if self.encrypt_check.isChecked():
            if not self.pass_edit.text():
                return self.tr("Type a passphrase twice.")
            if self.pass_edit.text() != self.pass2_edit.text():
                return self.tr("The two passphrases differ.")
        return None

    def _update(self) -> None:
        encrypt = self.encrypt_check.isChecked()
        self.pass_edit.setEnabled(encrypt)
        self.pass2_edit.setEnabled(encrypt)
        busy = self.op is not None and self.op.running
        self.seal_button.setEnabled(not busy)

    def start(self) -> Op | None:
        why = self.problem()
        if why:
            self.status_label.setText(why)
            return None
        encrypt = self.encrypt_check.isChecked()
        passphrase = self.pass_edit.text() if encrypt else None
        out = self.out_edit.text().strip()
        self.status_label.setText(self.tr("Sealing…"))
        project = self.project
        self.op = (Op(self, lambda job: _seal_and_check(project, out, encrypt, passphrase, job.progress, job.cancel))
                   .title(self.tr("Sealing"))
                   .success(self._done).failure(self._failed).finished(self._update).run())
        self._update()
        return self.op

    def _done(self, value) -> None:
        self.result, self.verification = value
        v = self.verification
        size = self.tr("{n} bytes").format(n=i18n.number(self.result.bytes))
        if v.valid:
            what = self.tr("encrypted, ") if self.result.encrypted else ""
            self.status_label.setText(self.tr("Sealed to {name} ({what}{size}) and checked: the seal is valid, signed by {signer}.").format(name=Path(self.result.path).name, what=what, size=size, signer=v.signer))
        else:
            self.status_label.setText(self.tr("Sealed to {name}, but the check failed: {why}").format(
                name=Path(self.result.path).name, why="; ".join(v.reasons or v.changed_tables)))
        self.folder_button.setEnabled(True)
        self.pass_edit.clear()
        self.pass2_edit.clear()
        self.sealed.emit(self.result, v)

    def _failed(self, exc) -> None:
        self.status_label.setText(self.tr("Not sealed: {v0}").format(v0=error_text(exc)))

    def show_in_folder(self) -> None:
        if self.result is not None:
            folder = Path(self.result.path).parent
            if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder))):   # no file manager here
                self.status_label.setText(self.tr("No file manager could be started; the sealed file is in {folder}.").format(folder=folder))
