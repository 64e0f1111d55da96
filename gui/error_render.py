"""An engine error in the app's words: the message in the interface language (engine.i18n catalogue), the
settings it names as the app calls them (translated through Qt), and a button for its action where the
window has a way to take it. The engine names settings and actions by id (engine.errors.SETTINGS,
ACTIONS); the command line has its own words for them (engine/cli/error_render.py).

    error_text(exc)                       # the text, for a status line
    error_box(parent, title, exc).open()  # a warning box, with "Open Models" for a model that is missing
"""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QMessageBox, QPushButton, QWidget

from factaudit.engine import i18n as engine_i18n
from factaudit.engine.errors import FactAuditError, Problem

# The "ops" context keeps the names the app's translators already gave these settings.
SETTING_NAMES: dict[str, str] = {
    "all": QT_TRANSLATE_NOOP("ops", "all units"), "calibration": QT_TRANSLATE_NOOP("ops", "calibration"),
    "confirm_on": QT_TRANSLATE_NOOP("ops", "confirm on"), "dataset": QT_TRANSLATE_NOOP("ops", "dataset name"),
    "dimensions": QT_TRANSLATE_NOOP("ops", "dimensions"), "endpoint": QT_TRANSLATE_NOOP("ops", "endpoint"),
    "evidence": QT_TRANSLATE_NOOP("ops", "evidence"), "format": QT_TRANSLATE_NOOP("ops", "format"),
    "fraction": QT_TRANSLATE_NOOP("ops", "fraction"), "id_prefix": QT_TRANSLATE_NOOP("ops", "id prefix"),
    "k": QT_TRANSLATE_NOOP("ops", "k"), "kind": QT_TRANSLATE_NOOP("ops", "kind of records"),
    "lenient_penalty": QT_TRANSLATE_NOOP("ops", "lenient penalty"),
    "level": QT_TRANSLATE_NOOP("ops", "level"), "limit": QT_TRANSLATE_NOOP("ops", "limit"),
    "map_values": QT_TRANSLATE_NOOP("ops", "value map"), "mode": QT_TRANSLATE_NOOP("ops", "mode"),
    "model": QT_TRANSLATE_NOOP("ops", "model"), "n_ctx": QT_TRANSLATE_NOOP("ops", "context length"),
    "passage_words": QT_TRANSLATE_NOOP("ops", "words per passage"),
    "prompt": QT_TRANSLATE_NOOP("ops", "prompt"), "prompt_cache": QT_TRANSLATE_NOOP("ops", "prompt cache"), "rater": QT_TRANSLATE_NOOP("ops", "rater"),
    "rejected_out": QT_TRANSLATE_NOOP("ops", "file for rejected records"),
    "retrieval_run": QT_TRANSLATE_NOOP("ops", "retrieval run"), "retrievers": QT_TRANSLATE_NOOP("ops", "retrievers"),
    "run": QT_TRANSLATE_NOOP("ops", "run"), "runs": QT_TRANSLATE_NOOP("ops", "runs"),
    "scoring": QT_TRANSLATE_NOOP("ops", "scoring"), "split": QT_TRANSLATE_NOOP("ops", "split"),
    "strata": QT_TRANSLATE_NOOP("ops", "strata"), "target": QT_TRANSLATE_NOOP("ops", "target"),
    "target_half_width": QT_TRANSLATE_NOOP("ops", "target half-width"),
    "temperature": QT_TRANSLATE_NOOP("ops", "temperature"), "trust": QT_TRANSLATE_NOOP("ops", "trusted keys"),
    "units": QT_TRANSLATE_NOOP("ops", "number of units"), "units_from": QT_TRANSLATE_NOOP("ops", "units from"),
}
# settings the app offers as a button, not a field: named as the button, not as "the … setting"
BUTTON_SETTINGS: dict[str, str] = {"resume": QT_TRANSLATE_NOOP("ops", "“Resume”")}

# action id -> (button label, the method a window or dialog offers to take it). The button appears when a
# widget up the parent chain of the box has that method (the project window's show_models).
ACTIONS: dict[str, tuple[str, str]] = {
    "open_models": (QT_TRANSLATE_NOOP("ops", "Open Models"), "show_models"),
    "choose_run": (QT_TRANSLATE_NOOP("ops", "Choose a run"), "choose_run"),
}


ACTION_BUTTON = "error_action"


def _tr(text: str) -> str:
    # only for texts marked with QT_TRANSLATE_NOOP above: lupdate sees a literal only at the call itself
    return QCoreApplication.translate("ops", text)


def setting_text(setting: str) -> str:
    """How the app names one setting in a sentence: “the retrieval run setting”, or the button's name."""
    if setting in BUTTON_SETTINGS:
        return _tr(BUTTON_SETTINGS[setting])
    name = _tr(SETTING_NAMES[setting]) if setting in SETTING_NAMES else setting.replace("_", " ")
    return QCoreApplication.translate("ops", "the {name} setting").format(name=name)


def _with_settings(text: str, settings: tuple[str, ...] | list[str]) -> str:
    if not settings:
        return text
    return f"{text} ({', '.join(setting_text(s) for s in dict.fromkeys(settings))})"


def error_text(exc: BaseException) -> str:
    """What a user sees for an exception: an engine error's message in the interface language with the
    settings it names; anything else (a bug) as its type and message."""
    if isinstance(exc, FactAuditError):
        return _with_settings(exc.localized(), exc.settings)
    return QCoreApplication.translate("ops", "Unexpected error ({type}): {message}").format(
        type=type(exc).__name__, message=str(exc))


def problem_text(problem: Problem) -> str:
    """One located import problem (file:line:field: reason) in the interface language, with its setting."""
    return _with_settings(problem.localized(), [problem.setting] if problem.setting else [])


def engine_text(text: str, setting: str | None = None) -> str:
    """A message the engine built as text (an import plan's problem line) in the interface language, with
    the setting that would fix it."""
    return _with_settings(engine_i18n.localize(text), [setting] if setting else [])


def action_of(exc: BaseException) -> str | None:
    """The action that would fix `exc`: its own, else that of the error that caused it (a run that
    failed because its model is missing)."""
    seen = 0
    while isinstance(exc, BaseException) and seen < 5:
        if isinstance(exc, FactAuditError) and exc.action:
            return exc.action
        exc, seen = exc.__cause__, seen + 1
    return None


def action_handler(widget: QObject | None, action: str | None) -> Callable[[], object] | None:
    """The method that takes `action` on `widget` or a widget up its parent chain, if any."""
    if action not in ACTIONS:
        return None
    method = ACTIONS[action][1]
    while widget is not None:
        handler = getattr(widget, method, None)
        if callable(handler):
            return handler
        widget = widget.parent()
    return None


def error_box(parent: QWidget | None, title: str, exc: BaseException) -> QMessageBox:
    """A warning box for `exc`, deleted on close, with a button for its action where one can be taken."""
    box = QMessageBox(QMessageBox.Icon.Warning, title, error_text(exc), QMessageBox.StandardButton.Ok, parent)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    action = action_of(exc)
    handler = action_handler(parent, action)
    if handler is not None:
        button = box.addButton(_tr(ACTIONS[action][0]), QMessageBox.ButtonRole.ActionRole)
        button.setObjectName(ACTION_BUTTON)
        button.clicked.connect(handler)
    return box


def action_button(box: QMessageBox) -> QPushButton | None:
    """The box's button for the error's action, if it has one."""
    return box.findChild(QPushButton, ACTION_BUTTON)
