"""The import dialog's second half: the dry run (Check) and the import, in the background, and the
problems either one found. A mixin of ImportDialog (gui/dialogs/import_dialog.py), which builds the form
these read; its strings keep the dialog's translation context."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialogButtonBox

from factaudit.engine import services
from factaudit.engine.errors import FactAuditError, ImportFailed
from factaudit.gui import i18n
from factaudit.gui.error_render import problem_text
from factaudit.gui.ops import Op, error_text


class ImportRunning:
    """Check and Import for ImportDialog: needs its files, settings widgets, note, plan panel and buttons."""

    def value_map(self) -> dict[str, dict[str, str]]:
        """The label value mapping typed by the user; raises FactAuditError naming the bad part."""
        specs = [part.strip() for part in self.values_edit.text().split(";") if part.strip()]
        return services.parse_value_map(specs)

    def _settings(self) -> tuple[tuple, dict] | None:
        """(positional, keyword) arguments shared by the dry run and the import, or None after
        showing why there are none."""
        if not self.files:
            self._show_errors([QCoreApplication.translate("ImportDialog", "Choose at least one file.")])
            return None
        try:
            value_map = self.value_map()
        except FactAuditError as exc:
            self._show_errors([error_text(exc)])
            return None
        self._show_errors([])
        dataset = self.dataset_edit.text().strip() or None
        prefix = self.prefix_edit.text().strip() or None
        split = self.split_combo.currentText().strip() or None
        args = (self.project, list(self.files), self.format_combo.currentData(), self.kind,
                self.field_map() or None, dataset, prefix, split)
        return args, {"value_map": value_map or None, "skip_invalid": self.skip_check.isChecked()}

    def check(self) -> None:
        """The dry run, in the background: reading a large file takes as long as importing it."""
        if self.loading:            # the file is still being read: its mapping is not there yet
            return
        settings = self._settings()
        if settings is None or (self.plan_op is not None and self.plan_op.running):
            return
        args, kwargs = settings
        self.check_button.setEnabled(False)
        self.note.setText(QCoreApplication.translate("ImportDialog", "Checking what the import would do…"))
        # the dry run only reads: it has no checkpoint at which a cancel could stop it
        self.plan_op = (Op(self, lambda job: services.plan_import(*args, progress=job.progress, **kwargs))
                        .title(QCoreApplication.translate("ImportDialog", "Checking {files}").format(files=", ".join(Path(f).name for f in self.files)))
                        .success(self._planned)
                        .failure(lambda exc: (self._show_errors([error_text(exc)]), self._plan_ended()))
                        .cancelled(self._plan_ended)
                        .run())

    def _planned(self, plan) -> None:
        self._plan_ended()
        self.plan_panel.show_plan(plan)
        self.note.setText(QCoreApplication.translate("ImportDialog", "Nothing was written. Import when the summary below is what you expect.")
                          if plan.ok else QCoreApplication.translate("ImportDialog", "The import would fail with these settings: see the problems below."))

    def _plan_ended(self) -> None:
        self.check_button.setEnabled(True)

    def start_import(self) -> None:
        if self.loading:
            return
        settings = self._settings()
        if settings is None:
            return
        args, kwargs = settings
        self.import_button.setEnabled(False)
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setEnabled(False)
        self.note.setText(QCoreApplication.translate("ImportDialog", "Importing…"))
        self.op = (Op(self, lambda job: services.import_files(*args, progress=job.progress, **kwargs))
                   .title(QCoreApplication.translate("ImportDialog", "Importing {files}").format(files=", ".join(Path(f).name for f in self.files)))
                   .success(self._imported)
                   .failure(self._failed)
                   .cancelled(lambda: self._failed(None))
                   .run())

    def reject(self) -> None:
        # an import is one transaction and cannot stop half-way: let it finish, then close
        if self.op is not None and self.op.running:
            self.note.setText(QCoreApplication.translate("ImportDialog", "The import is running and finishes as a whole; the dialog closes when it is done."))
            return
        super().reject()

    def _imported(self, result) -> None:
        self.result = result
        self.imported.emit(result)
        if not result.rejected:
            self.accept()
            return
        # stay open: the user should learn that part of the file was left out, and where it went
        sides = ", ".join(str(p) for p in result.rejected_files.values())
        self.note.setText(QCoreApplication.translate("ImportDialog", "Imported {v0} records. {rejected} invalid records were left out; each is listed with its reason in {sides}.").format(v0=i18n.number(sum(result.counts.values())), rejected=i18n.number(result.rejected), sides=sides))
        close = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        close.setText(QCoreApplication.translate("ImportDialog", "Close"))
        close.setEnabled(True)

    def _failed(self, exc) -> None:
        self.import_button.setEnabled(True)
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setEnabled(True)
        if exc is None:
            self.note.setText(QCoreApplication.translate("ImportDialog", "Import cancelled; nothing was imported."))
            return
        self.note.setText(QCoreApplication.translate("ImportDialog", "The import failed; nothing was imported."))
        if isinstance(exc, ImportFailed):
            lines = [problem_text(p) for p in exc.problems]
            if exc.truncated:
                lines.append(QCoreApplication.translate("ImportDialog", "… stopped after {n} problems").format(n=i18n.number(len(exc.problems))))
        else:
            lines = [error_text(exc)]
        self._show_errors(lines)

    def _show_errors(self, lines: list[str]) -> None:
        self.errors.clear()
        self.errors.addItems(lines)
        self.errors.setVisible(bool(lines))
        self.errors_title.setVisible(bool(lines))

    @property
    def error_lines(self) -> list[str]:
        return [self.errors.item(i).text() for i in range(self.errors.count())]
