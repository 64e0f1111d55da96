"""Shapes the pages share: the section header, the mapping radio group, and a page's read in the
background that never runs twice at once."""
from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QLabel, QPushButton, QRadioButton, QWidget

from factaudit.engine import services
from factaudit.gui.i18n import verdict_name
from factaudit.gui.ops import Job, Op, error_text

DEFAULT_MAPPING = "R+NE"
# a part of a page built after the rest waits this long: a zero timer ran before the window painted
# what was built already and before the other timers, so two parts still made one long block (#35 item 4)
LATER_MS = 15


def build_later(owner: QWidget, build: Callable[[], Any]) -> None:
    """build() on a later turn of the event loop, after the window painted what it has."""
    QTimer.singleShot(LATER_MS, owner, build)


def section_head(title: str) -> QHBoxLayout:
    """A page's header row, starting with its title; the caller adds its controls."""
    head = QHBoxLayout()
    label = QLabel(title)
    label.setObjectName("sectionTitle")
    head.addWidget(label)
    return head


def refresh_button(head: QHBoxLayout, slot: Callable[[], Any], text: str | None = None) -> QPushButton:
    """The push button at the right of a header that reads the page again."""
    button = QPushButton(text if text is not None else QCoreApplication.translate("page_parts", "Refresh"))
    button.clicked.connect(lambda _checked=False: slot())
    head.addWidget(button)
    return button


def muted_label(text: str = "") -> QLabel:
    """A wrapped grey line for a page's status."""
    label = QLabel(text)
    label.setObjectName("muted")
    label.setWordWrap(True)
    return label


class MappingChoice:
    """The radio buttons choosing which verdicts count as an error (R+NE, R, ...), added to a row."""

    def __init__(self, owner: QWidget, row: QHBoxLayout, on_choice: Callable[[str], None]):
        row.addWidget(QLabel(QCoreApplication.translate("MappingChoice", "Mapping:")))
        self.group = QButtonGroup(owner)
        self.buttons: dict[str, QRadioButton] = {}
        for m in services.MAPPINGS:
            b = QRadioButton(m)
            b.setToolTip(QCoreApplication.translate("MappingChoice", "counts as an error: {verdicts}").format(
                verdicts=", ".join(verdict_name(v) for v in sorted(services.MAPPINGS[m]))))
            self.group.addButton(b)
            self.buttons[m] = b
            row.addWidget(b)
        self.buttons[DEFAULT_MAPPING].setChecked(True)
        self.group.buttonToggled.connect(lambda _b, on: on and on_choice(self.value))

    @property
    def value(self) -> str:
        return next((m for m, b in self.buttons.items() if b.isChecked()), DEFAULT_MAPPING)

    def set(self, mapping: str, *, quiet: bool = False) -> None:
        """Check `mapping`; `quiet` does not call on_choice (a page restoring its state)."""
        self.group.blockSignals(quiet)
        self.buttons[mapping].setChecked(True)
        self.group.blockSignals(False)


class ChoosesMapping:
    """Mixin for a page whose `mapping_choice` is a MappingChoice: `mapping` and `set_mapping`."""

    mapping_choice: MappingChoice

    @property
    def mapping(self) -> str:
        return self.mapping_choice.value

    def set_mapping(self, mapping: str) -> None:
        self.mapping_choice.set(mapping)


class PageRead:
    """A page's read in the worker, never two at once: `start` returns None while one runs; the
    status line says what is read and the refresh button waits for it to end."""

    def __init__(self, owner: QWidget, status: QLabel, button: QPushButton | None = None):
        self.owner = owner
        self.status = status
        self.button = button
        self.op: Op | None = None

    @property
    def running(self) -> bool:
        return self.op is not None and self.op.running

    def start(self, work: Callable[[Job], Any], *, title: str, success: Callable[[Any], None],
              failed: str, busy: str | None = None, quiet: bool = True) -> Op | None:
        """`failed` starts the status line of a failure ("Could not read the run"); `quiet=False`
        shows the read's progress in the window's job area (a long computation)."""
        if self.running:
            return None
        self.status.setText(busy if busy is not None else QCoreApplication.translate("PageRead", "Reading…"))
        if self.button is not None:
            self.button.setEnabled(False)
        op = Op(self.owner, work).title(title)
        if quiet:
            op.quiet()
        self.op = (op.success(success)
                   .failure(lambda exc: self.status.setText(f"{failed}: {error_text(exc)}"))
                   .finished(self._ended).run())
        return self.op

    def _ended(self) -> None:
        if self.button is not None:
            self.button.setEnabled(True)


__all__ = ["ChoosesMapping", "MappingChoice", "PageRead", "muted_label", "refresh_button", "section_head"]
