"""What a page or tab shows when building it failed: the reason in words instead of a blank page.
An engine error (the project cannot give the page what it needs) is expected; anything else is a bug
in factaudit, logged with its traceback."""
from __future__ import annotations

import logging
from typing import Callable

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QLabel, QWidget

from factaudit.engine.errors import FactAuditError
from factaudit.gui.ops import error_text

log = logging.getLogger(__name__)


class BrokenPage(QLabel):
    def __init__(self, name: str, exc: BaseException):
        super().__init__(QCoreApplication.translate("BrokenPage", "The {name} page cannot be shown: {reason}").format(
            name=name, reason=error_text(exc)))
        self.setObjectName("brokenPage")
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)

    def refresh(self) -> None:
        """Pages are refreshed on changes; this one has nothing to read."""


def build_or_explain(name: str, build: Callable[[], QWidget]) -> QWidget:
    try:
        return build()
    except FactAuditError as exc:
        log.warning("cannot build the %s page: %s", name, exc)
        return BrokenPage(name, exc)
    except Exception as exc:  # a bug must not leave a blank page: say so, keep the window usable
        log.exception("building the %s page failed", name)
        return BrokenPage(name, exc)
