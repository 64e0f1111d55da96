"""The base of dialogs that start a long job (decompose, pre-label, verify): Close hides a dialog
whose job is running, so the job goes on in the status bar's job area (where Cancel is), and the
dialog deletes itself when that job ends."""
from __future__ import annotations

from PySide6.QtWidgets import QDialog

from factaudit.gui.ops import Op


class JobDialog(QDialog):
    op: Op | None = None
    _hidden_while_running = False

    @property
    def running(self) -> bool:
        return self.op is not None and self.op.running

    def reject(self) -> None:
        if self.running:
            self._hidden_while_running = True
            self.hide()
            return
        super().reject()

    def close_if_hidden(self) -> None:
        """Call when the job ends: a dialog closed while it worked is done now."""
        if self._hidden_while_running:
            self.deleteLater()
