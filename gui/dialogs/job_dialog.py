"""The base of dialogs that start a long job (retrieve, decompose, pre-label, verify): Close hides
a dialog whose job is running, so the job goes on in the status bar's job area (where Cancel is),
and the dialog deletes itself when that job ends."""
from __future__ import annotations

from PySide6.QtWidgets import QDialog, QWidget

from factaudit.gui.ops import Op
from factaudit.gui.screen import resize_to_fit


class JobDialog(QDialog):
    """Subclasses have `progress_bar` and `status_label` widgets and name what they count in `unit_name`."""
    unit_name = "units"
    _hidden_while_running = False

    def __init__(self, project, parent: QWidget | None, *, title: str, object_name: str, size: tuple[int, int]):
        super().__init__(parent)
        self.project = project
        self.setWindowTitle(title)
        self.setObjectName(object_name)
        resize_to_fit(self, *size)
        self.op: Op | None = None
        self.result = None          # the engine's result of the last job, once it succeeded

    @property
    def running(self) -> bool:
        return self.op is not None and self.op.running

    def reject(self) -> None:
        if self.running:
            self._hidden_while_running = True
            self.hide()
            return
        super().reject()

    def _progress(self, done, total, message: str) -> None:
        if total:
            self.progress_bar.setRange(0, int(total))
            self.progress_bar.setValue(int(done or 0))
            self.status_label.setText(f"{int(done or 0):,} / {int(total):,} {self.unit_name}")

    def close_if_hidden(self) -> None:
        """Call when the job ends: a dialog closed while it worked is done now."""
        if self._hidden_while_running:
            self.deleteLater()
