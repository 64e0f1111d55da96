"""The lenient penalty as the Answers page and the report dialog set it: one spin box shape and the
project's last choice, kept in the user's settings per project so the report writes what the expert last
looked at."""
from __future__ import annotations

import hashlib

from PySide6.QtWidgets import QDoubleSpinBox, QWidget

from factaudit.engine import services
from factaudit.engine.errors import FactAuditError
from factaudit.gui.settings import settings

DEFAULT_PENALTY = services.WRONG_OPTION_PENALTY


def _key(project) -> str:
    return "answers/lenient_penalty/" + hashlib.sha256(str(project.path).encode("utf-8")).hexdigest()[:16]


def last_penalty(project) -> float:
    """The penalty last chosen for this project; the default where none was, or where the stored value
    is not a penalty the engine accepts (a hand-edited settings file)."""
    try:
        return services.check_penalty(float(settings().value(_key(project), DEFAULT_PENALTY)))
    except (TypeError, ValueError, FactAuditError):
        return DEFAULT_PENALTY


def remember_penalty(project, value: float) -> None:
    s = settings()
    s.setValue(_key(project), float(value))
    s.sync()


def penalty_spin(value: float, tip: str, parent: QWidget | None = None) -> QDoubleSpinBox:
    """0–1 in steps of 0.05, the range the engine accepts for the penalty."""
    spin = QDoubleSpinBox(parent)
    spin.setRange(0.0, 1.0)
    spin.setSingleStep(0.05)
    spin.setDecimals(2)
    spin.setValue(value)
    spin.setToolTip(tip)
    spin.setKeyboardTracking(False)      # typing "0.35" re-scores once, not at "0." and "0.3"
    return spin


__all__ = ["DEFAULT_PENALTY", "last_penalty", "penalty_spin", "remember_penalty"]
