"""The base of dialogs that start a long job (retrieve, decompose, pre-label, verify): Close hides
a dialog whose job is running, so the job goes on in the status bar's job area (where Cancel is),
and the dialog deletes itself when that job ends."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QProgressBar, QPushButton, QVBoxLayout, QWidget

from factaudit.engine.jobs import RateMeter
from factaudit.gui.ops import Op
from factaudit.gui.progress_words import describe_progress
from factaudit.gui.screen import resize_to_fit


class JobDialog(QDialog):
    """Subclasses have `progress_bar` and `status_label` widgets (`add_job_area` makes them), name what
    they count in `unit_name` and what they do in `verb` ("verifying"), marked with
    QT_TRANSLATE_NOOP("JobDialog", ...) and translated where they are shown."""
    unit_name = QT_TRANSLATE_NOOP("JobDialog", "units")
    unit_one = QT_TRANSLATE_NOOP("JobDialog", "unit")       # "Cancelling after the claim in flight…"
    verb = ""
    _hidden_while_running = False
    _meter: RateMeter | None = None

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

    def add_job_area(self, root: QVBoxLayout) -> None:
        """The progress bar and the status line under the form."""
        self.progress_bar = QProgressBar()
        self.progress_bar.hide()
        root.addWidget(self.progress_bar)
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        root.addWidget(self.status_label)
        root.addStretch(1)

    def add_buttons(self, root: QVBoxLayout, start_text: str, *, resume: bool) -> None:
        """Start (the default button), Resume when the job can be resumed, Cancel and Close; they call
        the subclass's start(), resume() and this class's cancel()."""
        buttons = QDialogButtonBox()
        self.start_button = QPushButton(start_text)
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(lambda: self.start())
        row = [self.start_button]
        if resume:
            self.resume_button = QPushButton(self.tr("Resume"))
            self.resume_button.clicked.connect(lambda: self.resume())
            row.append(self.resume_button)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.clicked.connect(lambda: self.cancel())
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.reject)
        for b in (*row, self.cancel_button, close):
            buttons.addButton(b, QDialogButtonBox.ButtonRole.ActionRole)
        root.addWidget(buttons)

    def cancel(self) -> None:
        if self.running:
            self.op.cancel()
            self.cancel_button.setEnabled(False)
            self.status_label.setText(self.tr("Cancelling after the {unit_one} in flight…").format(unit_one=self._word(self.unit_one)))

    def _progress(self, done, total, message: str) -> None:
        """Count, rate and ETA. The rate counts this session's units only: a resumed run starts with
        work done (reset `_meter` to None before each launch)."""
        done = int(done or 0)
        if self._meter is None:
            self._offset = done
            self._meter = RateMeter(total=(total - done) if total else None)
        if total:
            self.progress_bar.setRange(0, int(total))
            self.progress_bar.setValue(done)
        self.status_label.setText(describe_progress(done, total, self._word(self.verb), self._meter,
                                                    self._word(self.unit_name), new=done - self._offset))

    @staticmethod
    def _word(text: str) -> str:
        return QCoreApplication.translate("JobDialog", text) if text else text

    def close_if_hidden(self) -> None:
        """Call when the job ends: a dialog closed while it worked is done now."""
        if self._hidden_while_running:
            self.deleteLater()
