"""File › Send to a rater… (issue #21 item 1): a sealed, blind package of units for a second rater.

The rater's name, what they label (evidence pairs, the verifier's reasoning, answer sentences), the run
(reasoning only from runs that carry a model's reasoning), which units: by default the ones labelled
here, so that agreement has units labelled twice (issue #35), plus an optional seeded sample; or a
stratified sample, or all; or exactly the units Certify drew. The overlap with the labels made here is
counted before anything is written. The package is written and recorded in the project in a worker."""
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
from factaudit.gui.query_op import QueryOp

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
        self.target_combo.currentIndexChanged.connect(lambda _=0: (self._update(), self._read_plan()))
        form.addRow(self.tr("Labels"), self.target_combo)
        self.run_combo = QComboBox()
        self.run_combo.setObjectName("raterRun")
        self.run_combo.setToolTip(self.tr("The run the units come from; a reasoning package only from a run whose verdicts carry a language model's reasoning"))
        self.run_combo.activated.connect(lambda _=0: self._read_plan(self.run_combo.currentData()))
        form.addRow(self.tr("Run"), self.run_combo)
        labelled_row = QHBoxLayout()
        self.labelled_check = QCheckBox(self.tr("The units labelled here"))
        self.labelled_check.setObjectName("raterLabelled")
        self.labelled_check.setToolTip(self.tr("Agreement needs units labelled twice: send the units you (the first rater) labelled"))
        self.labelled_check.toggled.connect(lambda _=False: self._choices_changed())
        labelled_row.addWidget(self.labelled_check)
        labelled_row.addWidget(QLabel(self.tr("plus a sample of")))
        self.extra_spin = QSpinBox()
        self.extra_spin.setObjectName("raterExtra")
        self.extra_spin.setRange(0, 100_000)
        self.extra_spin.setToolTip(self.tr("More units drawn stratified with the seed below, for retest or more overlap"))
        self.extra_spin.valueChanged.connect(lambda _=0: self._choices_changed())
        labelled_row.addWidget(self.extra_spin)
        labelled_row.addWidget(QLabel(self.tr("more")))
        labelled_row.addStretch(1)
        form.addRow(self.tr("Units"), labelled_row)
        units_row = QHBoxLayout()
        self.units_spin = QSpinBox()
        self.units_spin.setRange(1, 100_000)
        self.units_spin.setValue(n_units or 40)
        self.units_spin.valueChanged.connect(lambda _=0: self._choices_changed())
        self.units_spin.setToolTip(self.tr("Claims for evidence pairs (each with its top passages), claims for reasoning, or sentences; drawn stratified by verdict and dataset"))
        units_row.addWidget(self.units_spin)
        self.all_check = QCheckBox(self.tr("All units"))
        self.all_check.toggled.connect(lambda _=False: self._choices_changed())
        units_row.addWidget(self.all_check)
        units_row.addSpacing(16)
        units_row.addWidget(QLabel(self.tr("Passages per claim:")))
        self.k_spin = QSpinBox()
        self.k_spin.setRange(1, 50)
        self.k_spin.setValue(3)
        self.k_spin.valueChanged.connect(lambda _=0: self._choices_changed())
        units_row.addWidget(self.k_spin)
        units_row.addStretch(1)
        self.sample_label = QLabel(self.tr("Or a sample"))
        form.addRow(self.sample_label, units_row)
        self.from_label = QLabel("")
        self.from_label.setWordWrap(True)
        if units_from:
            self.from_label.setText(self.tr("Exactly the units in {name} (drawn by Certify).").format(name=Path(units_from).name))
            form.addRow("", self.from_label)
        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(0, 2_000_000_000)
        self.seed_spin.setValue(42)
        self.seed_spin.setToolTip(self.tr("The same seed draws the same units"))
        self.seed_spin.valueChanged.connect(lambda _=0: self._choices_changed())
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
        self.overlap_label = QLabel("")
        self.overlap_label.setObjectName("raterOverlap")
        self.overlap_label.setWordWrap(True)
        root.addWidget(self.overlap_label)
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
        self.plan = None
        self.preview = None
        self._update()
        self._read_plan()

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

    # ---- the run and the units labelled here (read off the UI thread) -----------------------------
    def _read_plan(self, run: str | None = None) -> None:
        project, target = self.project, self.target
        self.overlap_label.setText(self.tr("Reading the runs…"))
        QueryOp(self, op=lambda: services.rater_send_plan(project, target, run), success=self._plan_read) \
            .failure(lambda exc: self.overlap_label.setText(self.tr("Cannot read the runs: {v0}").format(v0=error_text(exc)))) \
            .title(self.tr("Reading the runs a package can come from")).run_in_background()

    def _plan_read(self, plan) -> None:
        if plan.target != self.target:
            return
        self.plan = plan
        self.run_combo.blockSignals(True)
        self.run_combo.clear()
        for r in plan.runs:
            self.run_combo.addItem(self.tr("{run} (with reasoning)").format(run=r.id) if r.reasoning else r.id, r.id)
        if plan.run is not None:
            self.run_combo.setCurrentIndex(max(0, self.run_combo.findData(plan.run)))
        self.run_combo.setEnabled(bool(plan.runs))
        self.run_combo.blockSignals(False)
        if not plan.runs and self.target != "sentences":
            self.run_combo.addItem(self.tr("no run with reasoning: verify with a language model first")
                                   if self.target == "reasoning" else self.tr("no retrieval run with passages yet"), None)
        self.labelled_check.blockSignals(True)
        self.labelled_check.setText(self.tr("The {n} units labelled here").format(n=i18n.number(plan.units_labelled)))
        self.labelled_check.setChecked(self.units_from is None and plan.units_labelled > 0)
        self.labelled_check.setEnabled(self.units_from is None and plan.units_labelled > 0)
        self.labelled_check.blockSignals(False)
        self._choices_changed()

    def choices(self) -> dict:
        """The make_rater_package arguments the dialog stands for (the preview takes the same)."""
        labelled = self.labelled_check.isChecked()
        return dict(run=self.run_combo.currentData() if self.target != "sentences" else None,
                    units=self.units_spin.value(), all_units=self.all_check.isChecked() and not labelled,
                    seed=self.seed_spin.value(), k=self.k_spin.value(), units_from=self.units_from,
                    labelled=labelled, extra=self.extra_spin.value() if labelled else 0)

    def _choices_changed(self) -> None:
        self._update()
        if self.plan is None:
            return
        project, target, choices = self.project, self.target, self.choices()
        QueryOp(self, op=lambda: services.rater_package_preview(project, target, **choices),
                success=self._previewed) \
            .failure(lambda exc: self.overlap_label.setText(self.tr("This package cannot be drawn: {v0}").format(v0=error_text(exc)))) \
            .title(self.tr("Counting the package's units")).run_in_background()

    def _previewed(self, preview) -> None:
        self.preview = preview
        who = ", ".join(preview.first_raters) or self.tr("the expert")
        self.overlap_label.setText(self.tr("The package holds {n} units; {overlap} of them labelled here by {who}: agreement is computed on those.").format(
            n=i18n.number(preview.n_units), overlap=i18n.number(preview.overlap), who=who) if preview.overlap else
            self.tr("The package holds {n} units, none labelled here yet: agreement will need labels on the same units.").format(
                n=i18n.number(preview.n_units)))

    def _update(self) -> None:
        fixed = self.units_from is not None
        labelled = self.labelled_check.isChecked()
        self.extra_spin.setEnabled(labelled)
        self.units_spin.setEnabled(not fixed and not labelled and not self.all_check.isChecked())
        self.all_check.setEnabled(not fixed and not labelled)
        self.seed_spin.setEnabled(not fixed and (self.extra_spin.value() > 0 if labelled else not self.all_check.isChecked()))
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
        choices = self.choices()
        encrypt = self.encrypt_check.isChecked()
        passphrase = self.pass_edit.text() if encrypt else None
        self.status_label.setText(self.tr("Writing the package…"))
        self.op = (Op(self, lambda job: services.make_rater_package(
                        project, out, rater, target=target, encrypt=encrypt, passphrase=passphrase, **choices))
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
