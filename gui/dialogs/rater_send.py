"""File › Send to a rater… (issue #21 item 1): a sealed, blind package of units for a second rater.

The rater's name, what they label (evidence pairs, the verifier's reasoning, answer sentences), how
many units (a stratified sample from a seed, or all; or exactly the units Certify drew), and an
optional passphrase. The package is written and recorded in the project in a worker."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout, QLabel, QLineEdit,
    QPushButton, QSpinBox, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.gui import i18n
from factaudit.gui.ops import Op, error_text

TARGETS = (("evidence", QT_TRANSLATE_NOOP("SendToRaterDialog", "Evidence pairs (claim × retrieved passage, 5 dimensions)")),
           ("reasoning", QT_TRANSLATE_NOOP("SendToRaterDialog", "The verifier's reasoning (6 steps)")),
           ("sentences", QT_TRANSLATE_NOOP("SendToRaterDialog", "Answer sentences (correct or error)")))
WHAT = {"evidence": QT_TRANSLATE_NOOP("SendToRaterDialog", "evidence pairs"),
        "reasoning": QT_TRANSLATE_NOOP("SendToRaterDialog", "reasoning traces"),
        "sentences": QT_TRANSLATE_NOOP("SendToRaterDialog", "sentences")}


def _safe(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name).strip("-") or "rater"


class SendToRaterDialog(QDialog):
    sent = Signal(object)            # services.PackageResult

    def __init__(self, project, parent: QWidget | None = None, *, units_from: str | None = None,
                 target: str | None = None, n_units: int | None = None):
        super().__init__(parent)
        self.project = project
        self.units_from = units_from
        self.op: Op | None = None
        self.result = None
        self._out_touched = False
        self.setWindowTitle(self.tr("Send to a rater"))
        self.setObjectName("raterSendDialog")
        self.resize(660, 420)
        root = QVBoxLayout(self)
        intro = QLabel(self.tr("A rater package is a sealed file, signed by you, holding only the texts a second rater needs: no verdicts, gold labels, pre-labels or other raters' labels. The rater opens it with factaudit, labels, and sends back a return file (File › Merge returned labels…)."))
        intro.setWordWrap(True)
        root.addWidget(intro)
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self.rater_edit = QLineEdit()
        self.rater_edit.setObjectName("raterName")
        self.rater_edit.setPlaceholderText(self.tr("the second rater's name, e.g. Dr Chen"))
        self.rater_edit.textChanged.connect(self._rater_changed)
        form.addRow(self.tr("Rater"), self.rater_edit)
        self.target_combo = QComboBox()
        for key, text in TARGETS:
            self.target_combo.addItem(self.tr(text), key)
        if target:
            self.target_combo.setCurrentIndex([k for k, _ in TARGETS].index(target))
        self.target_combo.currentIndexChanged.connect(lambda _=0: self._update())
        form.addRow(self.tr("Labels"), self.target_combo)
        units_row = QHBoxLayout()
        self.units_spin = QSpinBox()
        self.units_spin.setRange(1, 100_000)
        self.units_spin.setValue(n_units or 40)
        self.units_spin.setToolTip(self.tr("Claims for evidence pairs (each with its top passages), claims for reasoning, or sentences; drawn stratified by verdict and dataset"))
        units_row.addWidget(self.units_spin)
        self.all_check = QCheckBox(self.tr("All units"))
        self.all_check.toggled.connect(lambda _=False: self._update())
        units_row.addWidget(self.all_check)
        units_row.addSpacing(16)
        units_row.addWidget(QLabel(self.tr("Passages per claim:")))
        self.k_spin = QSpinBox()
        self.k_spin.setRange(1, 50)
        self.k_spin.setValue(3)
        units_row.addWidget(self.k_spin)
        units_row.addStretch(1)
        form.addRow(self.tr("Units"), units_row)
        self.from_label = QLabel("")
        self.from_label.setWordWrap(True)
        if units_from:
            self.from_label.setText(self.tr("Exactly the units in {name} (drawn by Certify).").format(name=Path(units_from).name))
            form.addRow("", self.from_label)
        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(0, 2_000_000_000)
        self.seed_spin.setValue(42)
        self.seed_spin.setToolTip(self.tr("The same seed draws the same units"))
        form.addRow(self.tr("Seed"), self.seed_spin)
        self.encrypt_check = QCheckBox(self.tr("Encrypt with a passphrase (tell the rater the passphrase another way)"))
        self.encrypt_check.toggled.connect(lambda _=False: self._update())
        form.addRow("", self.encrypt_check)
        self.pass_edit = QLineEdit()
        self.pass_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.pass_edit.setObjectName("raterPassphrase")
        self.pass2_edit = QLineEdit()
        self.pass2_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.pass2_edit.setObjectName("raterPassphrase2")
        form.addRow(self.tr("Passphrase"), self.pass_edit)
        form.addRow(self.tr("Passphrase again"), self.pass2_edit)
        out_row = QHBoxLayout()
        self.out_edit = QLineEdit()
        self.out_edit.setObjectName("raterOut")
        self.out_edit.textEdited.connect(lambda _t: setattr(self, "_out_touched", True))
        browse = QPushButton(self.tr("Browse…"))
        browse.clicked.connect(self._browse)
        out_row.addWidget(self.out_edit, 1)
        out_row.addWidget(browse)
        form.addRow(self.tr("Package file"), out_row)
        root.addLayout(form)
        self.status_label = QLabel("")
        self.status_label.setObjectName("raterSendStatus")
        self.status_label.setWordWrap(True)
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        root.addWidget(self.status_label)
        root.addStretch(1)
        buttons = QDialogButtonBox()
        self.send_button = QPushButton(self.tr("Write package"))
        self.send_button.setDefault(True)
        self.send_button.clicked.connect(self.start)
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.reject)
        buttons.addButton(self.send_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(close, QDialogButtonBox.ButtonRole.RejectRole)
        root.addWidget(buttons)
        self._rater_changed(self.rater_edit.text())
        self._update()

    # ---- choices -----------------------------------------------------------------------------------
    @property
    def target(self) -> str:
        return self.target_combo.currentData()

    def _rater_changed(self, text: str) -> None:
        if not self._out_touched:
            path = Path(self.project.path)
            self.out_edit.setText(str(path.with_name(f"{path.stem}-for-{_safe(text.strip())}.faproj")))

    def _browse(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Package file"), self.out_edit.text(),
                                              self.tr("factaudit projects (*.faproj)"))
        if path:
            self._out_touched = True
            self.out_edit.setText(path if path.endswith(".faproj") else path + ".faproj")

    def _update(self) -> None:
        fixed = self.units_from is not None
        self.units_spin.setEnabled(not fixed and not self.all_check.isChecked())
        self.all_check.setEnabled(not fixed)
        self.seed_spin.setEnabled(not fixed and not self.all_check.isChecked())
        self.k_spin.setEnabled(self.target == "evidence")
        encrypt = self.encrypt_check.isChecked()
        self.pass_edit.setEnabled(encrypt)
        self.pass2_edit.setEnabled(encrypt)
        self.send_button.setEnabled(not (self.op is not None and self.op.running))

    def problem(self) -> str | None:
        if not self.rater_edit.text().strip():
            return self.tr("Type the rater's name.")
        out = self.out_edit.text().strip()
        if not out:
            return self.tr("Choose where to write the package.")
        if Path(out).exists():
            return self.tr("{name} already exists; choose another name.").format(name=Path(out).name)
        if self.encrypt_check.isChecked():
            if not self.pass_edit.text():
                return self.tr("Type a passphrase twice.")
            if self.pass_edit.text() != self.pass2_edit.text():
                return self.tr("The two passphrases differ.")
        return None

    # ---- writing -----------------------------------------------------------------------------------
    def start(self) -> Op | None:
        why = self.problem()
        if why:
            self.status_label.setText(why)
            return None
        project, out, rater, target = self.project, self.out_edit.text().strip(), self.rater_edit.text().strip(), \
            self.target
        all_units, units, seed, k = self.all_check.isChecked(), self.units_spin.value(), self.seed_spin.value(), \
            self.k_spin.value()
        encrypt = self.encrypt_check.isChecked()
        passphrase = self.pass_edit.text() if encrypt else None
        units_from = self.units_from
        self.status_label.setText(self.tr("Writing the package…"))
        self.op = (Op(self, lambda job: services.make_rater_package(
                        project, out, rater, target=target, units=units, all_units=all_units, seed=seed, k=k,
                        units_from=units_from, encrypt=encrypt, passphrase=passphrase))
                   .title(self.tr("Writing the rater package"))
                   .success(self._done).failure(self._failed).finished(self._update).run())
        self._update()
        return self.op

    def _done(self, res) -> None:
        self.result = res
        self.pass_edit.clear()
        self.pass2_edit.clear()
        what = self.tr(WHAT[res.target]) if res.target in WHAT else res.target
        self.status_label.setText(
            self.tr("Wrote {name}: {n_units} {what} for {rater}, codebook v{codebook_version}, signed {sender}. Send it to {rater}: they open it in factaudit, label, and send back the file File › Return labels… writes.").format(name=Path(res.path).name, n_units=i18n.number(res.n_units), what=what, rater=res.rater, codebook_version=res.codebook_version, sender=res.sender))
        self.sent.emit(res)

    def _failed(self, exc) -> None:
        self.status_label.setText(self.tr("Not written: {v0}").format(v0=error_text(exc)))


__all__ = ["SendToRaterDialog"]
