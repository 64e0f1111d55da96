"""The banner a project window shows above its pages when the file is sealed.

It names the signer, says whether that signer is trusted and whether the content is unchanged, and
offers the only way to edit: an unsealed working copy. Wiring (done by the window's owner)::

    sealed = services.open_sealed(path)              # SealedProject: .project is read-only
    banner = SealedBanner(sealed)
    banner.workingCopyMade.connect(controller.open_path)
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QFileDialog, QFrame, QHBoxLayout, QLabel, QPushButton, QStyle, QVBoxLayout, QWidget

from factaudit.engine import services
from factaudit.gui.ops import Op, error_text

# (background, border, text) per state: green when valid and trusted, amber when valid but the
# signer is unknown, red when the content or the seal changed.
PALETTE = {
    "trusted": ("#e7f4ea", "#8cc49a", "#1d6435"),
    "untrusted": ("#fff5e0", "#e0b25c", "#7a4d00"),
    "invalid": ("#fbe9e9", "#d88f8f", "#8f1d1d"),
}


def banner_state(verification) -> str:
    if not verification.valid:
        return "invalid"
    return "trusted" if verification.trusted else "untrusted"


def banner_text(verification) -> tuple[str, str]:
    """(headline, details) for a verification result."""
    signer = verification.signer or QCoreApplication.translate("SealedBanner", "an unknown key")
    when = QCoreApplication.translate("SealedBanner", " on {date}").format(date=verification.sealed_at[:10]) if verification.sealed_at else ""
    state = banner_state(verification)
    if state == "trusted":
        head = QCoreApplication.translate("SealedBanner", "Sealed file, read-only. Signed by {signer}{when} (trusted); nothing has changed since.")
    elif state == "untrusted":
        head = QCoreApplication.translate("SealedBanner", "Sealed file, read-only. Signed by {signer}{when}; this signer is NOT among your trusted keys. "
                   "The content is unchanged since it was signed.")
    elif verification.changed_tables or verification.schema_changed:
        head = QCoreApplication.translate("SealedBanner", "Sealed file, read-only. CHANGED since sealing by {signer}: {where}.")
    else:
        head = QCoreApplication.translate("SealedBanner", "Sealed file, read-only. The seal is broken: the signature does not match ({signer}).")
    where = ", ".join(verification.changed_tables) or QCoreApplication.translate("SealedBanner", "the schema")
    head = head.format(signer=signer, when=when, where=where)
    if verification.reasons:
        details = "; ".join(verification.reasons)
    else:
        details = QCoreApplication.translate("SealedBanner", "Checked on opening: every table matches the signed manifest (sealed with factaudit "
                      "{version}). Make a working copy to label or edit.").format(
            version=verification.app_version or "?")
    return head, details


class SealedBanner(QFrame):
    workingCopyRequested = Signal()
    workingCopyMade = Signal(str)

    def __init__(self, sealed, parent: QWidget | None = None):
        super().__init__(parent)
        self.sealed = sealed
        self.setObjectName("sealedBanner")
        self.state = banner_state(sealed.verification)
        bg, border, fg = PALETTE[self.state]
        self.setStyleSheet(
            f"#sealedBanner {{ background: {bg}; border: 1px solid {border}; border-radius: 4px; }}"
            f"#sealedBanner QLabel {{ color: {fg}; background: transparent; }}"
        )
        row = QHBoxLayout(self)
        row.setContentsMargins(12, 8, 12, 8)
        icon = QLabel()
        icon.setObjectName("sealedIcon")
        pixmap = {"trusted": QStyle.StandardPixmap.SP_DialogApplyButton,
                  "untrusted": QStyle.StandardPixmap.SP_MessageBoxWarning,
                  "invalid": QStyle.StandardPixmap.SP_MessageBoxCritical}[self.state]
        icon.setPixmap(self.style().standardIcon(pixmap).pixmap(24, 24))
        row.addWidget(icon)
        texts = QVBoxLayout()
        head, details = banner_text(sealed.verification)
        self.headline = QLabel(head)
        self.headline.setObjectName("sealedHeadline")
        self.headline.setWordWrap(True)
        font = self.headline.font()
        font.setBold(True)
        self.headline.setFont(font)
        self.details = QLabel(details)
        self.details.setObjectName("sealedDetails")
        self.details.setWordWrap(True)
        texts.addWidget(self.headline)
        texts.addWidget(self.details)
        row.addLayout(texts, 1)
        self.copy_button = QPushButton(self.tr("Make a working copy…"))
        self.copy_button.setToolTip(self.tr("An unsealed, editable copy: label there and export the annotations"))
        self.copy_button.clicked.connect(self.ask_working_copy)
        row.addWidget(self.copy_button)
        self.op: Op | None = None

    def default_copy_path(self) -> Path:
        src = Path(self.sealed.path)
        stem = src.name.split(".")[0]
        return src.with_name(f"{stem}-working.faproj")

    def ask_working_copy(self) -> None:
        self.workingCopyRequested.emit()
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save an unsealed working copy"), str(self.default_copy_path()),
                                              self.tr("factaudit projects (*.faproj)"))
        if path:
            if not path.endswith(".faproj"):
                path += ".faproj"
            self.make_working_copy(path)

    def make_working_copy(self, dst: str) -> Op:
        self.copy_button.setEnabled(False)

        sealed = self.sealed
        self.op = (Op(self, lambda job: str(services.make_working_copy(sealed, dst)))
                   .title(self.tr("Making a working copy"))
                   .success(self.workingCopyMade.emit)
                   .failure(lambda exc: self.details.setText(self.tr("Working copy failed: {v0}").format(v0=error_text(exc))))
                   .finished(lambda: self.copy_button.setEnabled(True))
                   .run())
        return self.op


def attach_banner(window, sealed) -> SealedBanner:
    """Put the banner above a ProjectWindow's pages (opened on `sealed.project`), and let closing
    the window also remove any decrypted scratch copy of the sealed file."""
    banner = SealedBanner(sealed)
    body = window.takeCentralWidget()
    container = QWidget()
    container.setObjectName("sealedContainer")
    layout = QVBoxLayout(container)
    layout.setContentsMargins(8, 8, 8, 0)
    layout.setSpacing(6)
    layout.addWidget(banner)
    layout.addWidget(body, 1)
    window.setCentralWidget(container)
    window.sealed_banner = banner
    if hasattr(window, "closed"):
        window.closed.connect(lambda *_: sealed.close())
    return banner
