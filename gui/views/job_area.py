"""The status-bar job area: what the current background operation is doing, and a Cancel button."""
from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from factaudit.engine.jobs import RateMeter
from factaudit.gui.progress_words import describe_progress


class JobArea(QWidget):
    """Shows the most recently started running Op; falls back to older ones when it ends."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("jobArea")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 8, 0)
        layout.setSpacing(8)
        self.title_label = QLabel()
        self.title_label.setObjectName("jobTitle")
        self.bar = QProgressBar()
        self.bar.setFixedWidth(180)
        self.bar.setTextVisible(False)
        self.detail_label = QLabel()
        self.detail_label.setObjectName("jobDetail")
        self.detail_label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setObjectName("jobCancel")
        self.cancel_button.clicked.connect(self.cancel_current)
        for w in (self.title_label, self.bar, self.detail_label, self.cancel_button):
            layout.addWidget(w)
        self._ops: list = []
        self._meters: dict[int, RateMeter] = {}
        self._last_message = ""
        self._clear_timer = QTimer(self, singleShot=True, interval=4000, timeout=self._clear_message)
        self._show_idle()

    # ---- public --------------------------------------------------------------------------------
    @property
    def current(self):
        return self._ops[-1] if self._ops else None

    def attach(self, op) -> None:
        self._ops.append(op)
        self._meters[id(op)] = RateMeter(total=None)
        op.progressed.connect(lambda d, t, m, op=op: self._on_progress(op, d, t, m))
        op.ended.connect(lambda status, op=op: self._on_ended(op, status))
        self._clear_timer.stop()
        self._show_op(op)

    def cancel_current(self) -> None:
        op = self.current
        if op is not None:
            op.cancel()
            self.cancel_button.setEnabled(False)
            self.detail_label.setText(self.tr("cancelling…"))

    @property
    def message(self) -> str:
        return self.detail_label.text()

    # ---- internals -----------------------------------------------------------------------------
    def _show_idle(self) -> None:
        self.title_label.clear()
        self.bar.hide()
        self.cancel_button.hide()
        self.title_label.hide()
        self.detail_label.setText(self._last_message)

    def _show_op(self, op) -> None:
        self.title_label.setText(op.label.capitalize())
        self.title_label.show()
        self.bar.show()
        self.bar.setRange(0, 0)  # busy until the first report with a total
        self.cancel_button.show()
        self.cancel_button.setEnabled(not op.token.cancelled)
        self.detail_label.setText("cancelling…" if op.token.cancelled else "starting…")

    def _on_progress(self, op, done, total, message: str) -> None:
        meter = self._meters.get(id(op))
        if meter is not None:
            meter.total = total
        if op is not self.current:
            return
        if total:
            # QProgressBar takes 32-bit ints: scale to per-mille
            self.bar.setRange(0, 1000)
            self.bar.setValue(int(1000 * min(done, total) / total))
        else:
            self.bar.setRange(0, 0)
        if not op.token.cancelled:
            self.detail_label.setText(describe_progress(int(done or 0), total, message, meter))

    def _on_ended(self, op, status: str) -> None:
        was_current = op is self.current
        if op in self._ops:
            self._ops.remove(op)
        self._meters.pop(id(op), None)
        if not was_current:
            return
        ended = {"done": self.tr("{job}: done"), "failed": self.tr("{job}: failed"),
                 "cancelled": self.tr("{job}: cancelled")}
        label = op.label[:1].upper() + op.label[1:]
        self._last_message = ended[status].format(job=label) if status in ended else status
        if self._ops:
            self._show_op(self._ops[-1])
        else:
            self._show_idle()
            self._clear_timer.start()

    def _clear_message(self) -> None:
        self._last_message = ""
        if not self._ops:
            self.detail_label.clear()
