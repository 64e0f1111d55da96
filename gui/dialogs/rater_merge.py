"""File › Merge returned labels… (issue #21 item 3): a rater's signed return file into this project.

Choosing the file checks its signature at once (a worker) and says who signed it and whether that key
is trusted; Merge then checks the project, codebook and every unit and appends the labels with their
provenance, all or nothing. The outcome, or the one reason a file is refused, is one sentence; after a
merge one more line says how many units two people now labelled (issue #35), and the window opens
Agreement on them (Disagreements when some differ)."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout,
    QWidget,
)

from factaudit.engine import services
from factaudit.engine.i18n import localize
from factaudit.gui import i18n
from factaudit.gui.ops import Op, error_text
from factaudit.gui.query_op import QueryOp

RETURN_FILTER = QT_TRANSLATE_NOOP("rater_merge", "factaudit return files (*.faproj);;All files (*)")


def _tr(text: str) -> str:
    return QCoreApplication.translate("rater_merge", text)


TARGET_WORDS = {"evidence": QT_TRANSLATE_NOOP("rater_merge", "evidence"),
                "reasoning": QT_TRANSLATE_NOOP("rater_merge", "reasoning"),
                "sentence": QT_TRANSLATE_NOOP("rater_merge", "sentences")}


def overlap_text(o) -> str:
    """One line on what a merge made comparable: units labelled by two people, or why there are none."""
    if not o.n_units:
        if len(o.people) < 2:
            return QCoreApplication.translate("rater_merge", "No second rater's labels yet: nothing to compare.")
        return QCoreApplication.translate("rater_merge", "0 units overlap: {people} labelled different units, so κ cannot be computed; send the units labelled here (File › Send to a rater…).").format(
            people=", ".join(o.people))
    parts = ", ".join(f"{i18n.number(n)} {_tr(TARGET_WORDS.get(t, t))}" for t, n in o.units.items())
    text = QCoreApplication.translate("rater_merge", "{n} units overlap ({parts}); κ per dimension ready.").format(n=i18n.number(o.n_units), parts=parts)
    if o.disagreements:
        text += " " + QCoreApplication.translate("rater_merge", "Disagreements to adjudicate: {n}.").format(n=i18n.number(o.disagreements))
    return text


def signature_text(v) -> str:
    """One sentence on a return file's seal."""
    if v.damaged:
        return QCoreApplication.translate("rater_merge", "Signature: the file is damaged or truncated; it cannot be merged.")
    if not v.valid:
        why = "; ".join(localize(r) for r in v.reasons) if v.reasons else "; ".join(v.changed_tables)
        why = why or QCoreApplication.translate("rater_merge", "changed since it was signed")
        return QCoreApplication.translate("rater_merge", "Signature: NOT valid ({why}); it cannot be merged.").format(why=why)
    trust = QCoreApplication.translate("rater_merge", "a key you trust") if v.trusted else \
        QCoreApplication.translate("rater_merge", "a key not in your trusted keys (check the fingerprint with the rater)")
    return QCoreApplication.translate("rater_merge", "Signature: valid, signed by {signer}, {trust}.").format(signer=v.signer, trust=trust)


def merge_text(res) -> str:
    n = res.added + res.sentence_ratings_added
    again = QCoreApplication.translate("rater_merge", " ({n} were already here)").format(n=i18n.number(res.unchanged)) \
        if res.unchanged else ""
    trust = QCoreApplication.translate("rater_merge", "trusted") if res.trusted else \
        QCoreApplication.translate("rater_merge", "not in your trusted keys")
    if n == 0:
        return QCoreApplication.translate("rater_merge", "Nothing new: every label by {rater} in {file} is already in this project{again}.").format(
            rater=res.rater, file=res.file, again=again)
    return QCoreApplication.translate("rater_merge", "Merged {n} labels by {rater} from {file}{again}; signed {key} ({trust}).").format(
        n=i18n.number(n), rater=res.rater, file=res.file, again=again, key=res.key_fingerprint, trust=trust)


class MergeReturnDialog(QDialog):
    merged = Signal(object)           # services.MergeResult

    def __init__(self, project, parent: QWidget | None = None, *, path: str | None = None):
        super().__init__(parent)
        self.project = project
        self.check_op: Op | None = None
        self.op: Op | None = None
        self.verification = None
        self.result = None
        self.setWindowTitle(self.tr("Merge returned labels"))
        self.setObjectName("raterMergeDialog")
        self.resize(660, 320)
        root = QVBoxLayout(self)
        intro = QLabel(self.tr("A return file holds one rater's labels on a package you sent, signed with their key. Merging checks the signature, that the package came from this project, its codebook and every unit, then adds the labels (merging the same file twice adds nothing)."))
        intro.setWordWrap(True)
        root.addWidget(intro)
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        row = QHBoxLayout()
        self.file_edit = QLineEdit(path or "")
        self.file_edit.setObjectName("mergeFile")
        self.file_edit.editingFinished.connect(self.check)
        browse = QPushButton(self.tr("Browse…"))
        browse.clicked.connect(self._browse)
        row.addWidget(self.file_edit, 1)
        row.addWidget(browse)
        form.addRow(self.tr("Return file"), row)
        self.trust_edit = QLineEdit()
        self.trust_edit.setObjectName("mergeTrust")
        self.trust_edit.setPlaceholderText(self.tr("optional: the rater's key fingerprint (ed25519:…) or public-key file"))
        self.trust_edit.setToolTip(self.tr("With a key here, a file signed by any other key is refused"))
        self.trust_edit.editingFinished.connect(self.check)
        form.addRow(self.tr("Trust only"), self.trust_edit)
        self.pass_edit = QLineEdit()
        self.pass_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.pass_edit.setObjectName("mergePassphrase")
        self.pass_row_label = QLabel(self.tr("Passphrase"))
        form.addRow(self.pass_row_label, self.pass_edit)
        root.addLayout(form)
        self.signature_label = QLabel("")
        self.signature_label.setObjectName("mergeSignature")
        self.signature_label.setWordWrap(True)
        self.signature_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        root.addWidget(self.signature_label)
        self.status_label = QLabel("")
        self.status_label.setObjectName("mergeStatus")
        self.status_label.setWordWrap(True)
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        root.addWidget(self.status_label)
        self.overlap_label = QLabel("")
        self.overlap_label.setObjectName("mergeOverlap")
        self.overlap_label.setWordWrap(True)
        root.addWidget(self.overlap_label)
        self.overlap = None
        root.addStretch(1)
        buttons = QDialogButtonBox()
        self.merge_button = QPushButton(self.tr("Merge"))
        self.merge_button.setDefault(True)
        self.merge_button.clicked.connect(self.start)
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.reject)
        buttons.addButton(self.merge_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(close, QDialogButtonBox.ButtonRole.RejectRole)
        root.addWidget(buttons)
        self._show_passphrase()
        if path:
            self.check()

    @property
    def path(self) -> str:
        return self.file_edit.text().strip()

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Return file"), str(Path(self.project.path).parent), _tr(RETURN_FILTER))
        if path:
            self.file_edit.setText(path)
            self.check()

    def _show_passphrase(self) -> bool:
        encrypted = bool(self.path) and Path(self.path).is_file() and services.is_encrypted(self.path)
        self.pass_edit.setVisible(encrypted)
        self.pass_row_label.setVisible(encrypted)
        return encrypted

    # ---- the signature, as soon as a file is chosen ---------------------------------------------
    def check(self) -> Op | None:
        self.verification = None
        self.status_label.setText("")
        path, trust = self.path, self.trust_edit.text().strip() or None
        if not path:
            self.signature_label.setText("")
            return None
        if not Path(path).is_file():
            self.signature_label.setText(self.tr("No file at {path}.").format(path=path))
            return None
        if self._show_passphrase() and not self.pass_edit.text():
            self.signature_label.setText(self.tr("The file is encrypted: type its passphrase, then Merge."))
            return None
        passphrase = self.pass_edit.text() or None
        self.signature_label.setText(self.tr("Checking the signature…"))
        self.check_op = (Op(self, lambda job: services.verify_sealed(path, trust, passphrase))
                         .title(self.tr("Checking the return file")).quiet()
                         .success(self._checked)
                         .failure(lambda exc: self.signature_label.setText(self.tr("Signature: {v0}").format(v0=error_text(exc))))
                         .run())
        return self.check_op

    def _checked(self, v) -> None:
        self.verification = v
        self.signature_label.setText(signature_text(v))

    # ---- merging ---------------------------------------------------------------------------------
    def start(self) -> Op | None:
        path = self.path
        if not path:
            self.status_label.setText(self.tr("Choose the return file the rater sent you."))
            return None
        project, trust, passphrase = self.project, self.trust_edit.text().strip() or None, self.pass_edit.text() or None
        self.status_label.setText(self.tr("Merging…"))
        self.merge_button.setEnabled(False)
        self.op = (Op(self, lambda job: services.rater_merge(project, path, trust=trust, passphrase=passphrase))
                   .title(self.tr("Merging returned labels"))
                   .success(self._done)
                   .failure(lambda exc: self.status_label.setText(self.tr("Not merged: {v0}").format(v0=error_text(exc))))
                   .finished(lambda: self.merge_button.setEnabled(True))
                   .run())
        return self.op

    def _done(self, res) -> None:
        self.result = res
        self.status_label.setText(merge_text(res))
        self.merged.emit(res)
        project = self.project
        QueryOp(self, op=lambda: services.rater_overlap(project), success=self._overlap_read) \
            .failure(lambda exc: self.overlap_label.setText(error_text(exc))) \
            .title(self.tr("Counting the units two raters labelled")).run_in_background()

    def _overlap_read(self, overlap) -> None:
        self.overlap = overlap
        self.overlap_label.setText(overlap_text(overlap))
        if overlap.n_units:
            open_agreement(self.parent(), disagreements=bool(overlap.disagreements),
                           target=next(iter(overlap.units)) if len(overlap.units) == 1 else "")


def open_agreement(window, *, disagreements: bool, target: str = ""):
    """Labeling › Agreement in the project window, on its Disagreements tab (filtered to a target) when
    some labels differ. Returns the AgreementView, or None outside a project window."""
    if window is None or not hasattr(window, "page_index"):
        return None
    window.show_page(window.page_index("Labeling"))
    page = window.page_widget("Labeling")
    agreement = page.show_tab("Agreement") if hasattr(page, "show_tab") else None
    if disagreements and hasattr(agreement, "show_disagreements"):
        adj = agreement.show_disagreements()
        if adj is not None:
            at = adj.filter_combo.findData(target)
            if at >= 0 and at != adj.filter_combo.currentIndex():
                adj.filter_combo.setCurrentIndex(at)        # its change re-reads the list
    return agreement


__all__ = ["MergeReturnDialog", "merge_text", "open_agreement", "overlap_text", "signature_text"]
