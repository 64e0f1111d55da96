"""Before a long run starts: the time it should take on this computer, and the offer to start small.

The speed comes from earlier runs of the same model on this machine (engine.services.status.estimate);
with none measured yet the first run measures it."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from factaudit.engine import services
from factaudit.gui import i18n

LONG_RUN_S = 10 * 60          # ask before anything longer than this
FIRST_SLICE_S = 2 * 60        # the slice offered first: about two minutes of work
MIN_SLICE = 10
# what a run counts: (one, several, "earlier ..." for the measured speed)
UNITS = {
    "claim": (QT_TRANSLATE_NOOP("long_run", "{n} claim"), QT_TRANSLATE_NOOP("long_run", "{n} claims"),
              QT_TRANSLATE_NOOP("long_run", "measured on {n} earlier claims")),
    "passage": (QT_TRANSLATE_NOOP("long_run", "{n} passage"), QT_TRANSLATE_NOOP("long_run", "{n} passages"),
                QT_TRANSLATE_NOOP("long_run", "measured on {n} earlier passages")),
    "verdict": (QT_TRANSLATE_NOOP("long_run", "{n} verdict"), QT_TRANSLATE_NOOP("long_run", "{n} verdicts"),
                QT_TRANSLATE_NOOP("long_run", "measured on {n} earlier verdicts")),
}


def _tr(text: str) -> str:
    return QCoreApplication.translate("long_run", text)


def count_text(n: int, unit: str) -> str:
    """"230 claims" in the interface language; `unit` is a key of UNITS."""
    one, several, _ = UNITS[unit]
    return _tr(one if n == 1 else several).format(n=i18n.number(n))


def human_duration(seconds: float) -> str:
    if seconds < 90:
        return QCoreApplication.translate("long_run", "{n} s").format(n=max(1, round(seconds)))
    minutes = round(seconds / 60)
    if minutes < 90:
        return QCoreApplication.translate("long_run", "{n} min").format(n=minutes)
    return QCoreApplication.translate("long_run", "{h} h {m} min").format(h=minutes // 60, m=f"{minutes % 60:02d}")


def estimate_text(est: services.Estimate, unit: str) -> str:
    n = count_text(est.n_units, unit)
    if est.seconds is None:
        return QCoreApplication.translate("long_run", "{n}; no speed measured for this model on this computer yet (this run measures it).").format(n=n)
    measured = _tr(UNITS[unit][2]).format(n=i18n.number(est.n_measured))
    return QCoreApplication.translate("long_run", "{n} ≈ {duration} on this computer ({measured}).").format(
        n=n, duration=human_duration(est.seconds), measured=measured)


def first_slice(est: services.Estimate) -> int:
    return max(MIN_SLICE, est.units_within(FIRST_SLICE_S)) if est.seconds_per_unit else MIN_SLICE


def ask_long_run(parent: QWidget, est: services.Estimate, unit: str) -> int | None:
    """None: do not start; 0: run everything; n: start with the first n units."""
    if est.seconds is None or est.seconds <= LONG_RUN_S or est.n_units <= MIN_SLICE:
        return 0
    n = min(first_slice(est), est.n_units)
    question = QCoreApplication.translate("long_run", "Start with {n}?").format(n=i18n.number(n))
    box = QMessageBox(QMessageBox.Icon.Question, QCoreApplication.translate("long_run", "A long run"),
                      f"{estimate_text(est, unit)}\n\n{question}", QMessageBox.StandardButton.NoButton, parent)
    small = box.addButton(QCoreApplication.translate("long_run", "Start with {n}").format(n=i18n.number(n)), QMessageBox.ButtonRole.AcceptRole)
    everything = box.addButton(QCoreApplication.translate("long_run", "Run all {n_units}").format(n_units=i18n.number(est.n_units)), QMessageBox.ButtonRole.YesRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(small)
    box.exec()
    clicked = box.clickedButton()
    if clicked is small:
        return n
    if clicked is everything:
        return 0
    return None
