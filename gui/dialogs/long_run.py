"""Before a long run starts: the time it should take on this computer, and the offer to start small.

The speed comes from earlier runs of the same model on this machine (engine.services.status.estimate);
with none measured yet the first run measures it."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from factaudit.engine.services.status import Estimate

LONG_RUN_S = 10 * 60          # ask before anything longer than this
FIRST_SLICE_S = 2 * 60        # the slice offered first: about two minutes of work
MIN_SLICE = 10


def human_duration(seconds: float) -> str:
    if seconds < 90:
        return f"{max(1, round(seconds))} s"
    minutes = round(seconds / 60)
    if minutes < 90:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60:02d} min"


def estimate_text(est: Estimate, unit: str) -> str:
    n = f"{est.n_units:,} {unit}{'' if est.n_units == 1 else 's'}"
    if est.seconds is None:
        return f"{n}; no speed measured for this model on this computer yet (this run measures it)."
    return f"{n} ≈ {human_duration(est.seconds)} on this computer (measured on {est.n_measured:,} earlier {unit}s)."


def first_slice(est: Estimate) -> int:
    return max(MIN_SLICE, est.units_within(FIRST_SLICE_S)) if est.seconds_per_unit else MIN_SLICE


def ask_long_run(parent: QWidget, est: Estimate, unit: str) -> int | None:
    """None: do not start; 0: run everything; n: start with the first n units."""
    if est.seconds is None or est.seconds <= LONG_RUN_S or est.n_units <= MIN_SLICE:
        return 0
    n = min(first_slice(est), est.n_units)
    box = QMessageBox(QMessageBox.Icon.Question, "A long run", f"{estimate_text(est, unit)}\n\nStart with {n:,}?",
                      QMessageBox.StandardButton.NoButton, parent)
    small = box.addButton(QCoreApplication.translate("long_run", "Start with {n:,}").format(n=n), QMessageBox.ButtonRole.AcceptRole)
    everything = box.addButton(QCoreApplication.translate("long_run", "Run all {n_units:,}").format(n_units=est.n_units), QMessageBox.ButtonRole.YesRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(small)
    box.exec()
    clicked = box.clickedButton()
    if clicked is small:
        return n
    if clicked is everything:
        return 0
    return None
