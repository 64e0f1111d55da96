"""A job's progress in words, for the status-bar job area and the job dialogs alike: "verifying · 50 / 200 ·
5.0 claims/s · ETA 30 s". Here at gui/'s level, not in views/, so that a dialog showing progress does not
import a view (the dialogs sit beside the views, and views open dialogs). The words keep the JobArea
translation context they were written in."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from factaudit.engine.jobs import RateMeter
from factaudit.gui import i18n


def duration_words(seconds: float) -> str:
    """engine.jobs.duration_text's steps (s under 90 s, min under 90 min, else h and min) in the language."""
    seconds = max(0.0, seconds)
    if seconds < 90:
        return QCoreApplication.translate("JobArea", "{n} s").format(n=i18n.number(seconds))
    if seconds < 90 * 60:
        return QCoreApplication.translate("JobArea", "{n} min").format(n=i18n.number(seconds / 60))
    hours, minutes = divmod(round(seconds / 60), 60)
    return QCoreApplication.translate("JobArea", "{h} h {m} min").format(h=i18n.number(hours), m=f"{minutes:02d}")


def rate_words(per_second: float, noun: str) -> str:
    """engine.jobs.rate_text in the language: per second from one unit a second, else per minute."""
    if per_second >= 1.0:
        return QCoreApplication.translate("JobArea", "{rate} {noun}/s").format(rate=i18n.number(per_second, 1), noun=noun)
    return QCoreApplication.translate("JobArea", "{rate} {noun}/min").format(rate=i18n.number(per_second * 60, 1),
                                                                            noun=noun)


def describe_progress(done: int, total: int | None, message: str, meter: RateMeter | None, noun: str = "items",
                      new: int | None = None) -> str:
    """"verifying · 50 / 200 · 5.0 claims/s · ETA 30 s". `new` is the part of `done` counted by the
    meter (a resumed run starts with work already done, which must not inflate the rate)."""
    parts = []
    if message:
        parts.append(message)
    if total:
        parts.append(f"{i18n.number(done)} / {i18n.number(total)}")
    elif done:
        parts.append(i18n.number(done))
    new = done if new is None else new
    if meter is not None and new > 0:
        parts.append(rate_words(meter.rate(new), noun))
        eta = meter.eta_seconds(new)
        if eta is not None and total and done < total:
            parts.append(QCoreApplication.translate("JobArea", "ETA {time}").format(time=duration_words(eta)))
    return " · ".join(parts)
