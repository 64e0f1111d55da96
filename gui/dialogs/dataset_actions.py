"""Rename, set the language of, and delete a dataset from the Data page, through the worker path with
change announcements.

Delete first asks the engine what uses the dataset: in use, it says which runs and how many
annotations, and nothing is deleted; otherwise it asks for confirmation with the counts."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import QInputDialog, QLineEdit, QMessageBox, QWidget

from factaudit.engine import services
from factaudit.gui import i18n
from factaudit.gui.ops import Op, error_text


def _warn(parent: QWidget, title: str, exc: BaseException) -> None:
    box = QMessageBox(QMessageBox.Icon.Warning, title, error_text(exc), QMessageBox.StandardButton.Ok, parent)
    box.open()
    parent._last_box = box


def _note(parent: QWidget, text: str) -> None:
    """A note in the window's status line (the project window's own, which never overlaps its label)."""
    window = parent.window()
    if hasattr(window, "flash"):
        window.flash(text, 8000)
    else:
        window.statusBar().showMessage(text, 8000)


def rename(parent: QWidget, project, name: str, new: str | None = None) -> Op | None:
    if new is None:
        new, ok = QInputDialog.getText(parent, QCoreApplication.translate("dataset_actions", "Rename dataset"), QCoreApplication.translate("dataset_actions", "New name for {name}:").format(name=name), QLineEdit.EchoMode.Normal,
                                       name)
        if not ok or not new.strip() or new.strip() == name:
            return None

    def done(usage) -> None:
        if usage.runs_naming_it:
            _note(parent, QCoreApplication.translate("dataset_actions", "Renamed; the settings of {v0} keep the old name {name}").format(v0=', '.join(usage.runs_naming_it), name=name))

    return (Op(parent, lambda job: services.rename_dataset(project, name, new)).title(QCoreApplication.translate("dataset_actions", "Renaming the dataset")).success(done)
            .failure(lambda exc: _warn(parent, QCoreApplication.translate("dataset_actions", "Rename dataset"), exc)).run())


# The languages clinicians' studies use first; any other ISO 639-1 code can be typed.
LANGUAGES = {"en": QT_TRANSLATE_NOOP("dataset_actions", "English"), "zh": QT_TRANSLATE_NOOP("dataset_actions", "Chinese"), "de": QT_TRANSLATE_NOOP("dataset_actions", "German"), "fr": QT_TRANSLATE_NOOP("dataset_actions", "French"), "es": QT_TRANSLATE_NOOP("dataset_actions", "Spanish"), "it": QT_TRANSLATE_NOOP("dataset_actions", "Italian"),
             "nl": QT_TRANSLATE_NOOP("dataset_actions", "Dutch"), "pt": QT_TRANSLATE_NOOP("dataset_actions", "Portuguese"), "ja": QT_TRANSLATE_NOOP("dataset_actions", "Japanese"), "ko": QT_TRANSLATE_NOOP("dataset_actions", "Korean"), "ru": QT_TRANSLATE_NOOP("dataset_actions", "Russian"), "sv": QT_TRANSLATE_NOOP("dataset_actions", "Swedish")}
DETECT = QT_TRANSLATE_NOOP("dataset_actions", "Detect again from the texts")


def language_label(code: str | None) -> str:
    if not code:
        return QCoreApplication.translate("dataset_actions", "unknown")
    return f"{QCoreApplication.translate('dataset_actions', LANGUAGES[code])} ({code})" if code in LANGUAGES else code


def _language_code(choice: str) -> str:
    """"German (de)" -> "de"; a typed code is passed on for the engine to check."""
    if choice in (DETECT, QCoreApplication.translate("dataset_actions", DETECT)):
        return "auto"
    if choice.endswith(")") and "(" in choice:
        return choice[choice.rindex("(") + 1:-1]
    return choice.strip()


def set_language(parent: QWidget, project, name: str, current: str | None, choice: str | None = None) -> Op | None:
    """Ask for the language (a list, or a typed ISO 639-1 code) and store it; retrieval runs made
    afterwards tokenize the dataset by that language's rules."""
    if choice is None:
        options = [QCoreApplication.translate("dataset_actions", DETECT)] + [language_label(c) for c in LANGUAGES]
        start = options.index(language_label(current)) if current in LANGUAGES else 0
        choice, ok = QInputDialog.getItem(parent, QCoreApplication.translate("dataset_actions", "Dataset language"),
                                          QCoreApplication.translate("dataset_actions", "Language of {name}: pick one or type an ISO 639-1 code.\nBM25 uses its stemmer and word rules; runs made before keep theirs.").format(name=name), options, start, True)
        if not ok or not choice.strip():
            return None

    def done(stored) -> None:
        _note(parent, QCoreApplication.translate("dataset_actions", "{name}: {v0}; new retrieval runs use it").format(name=name, v0=language_label(stored)))

    return (Op(parent, lambda job: services.set_dataset_language(project, name, _language_code(choice)))
            .title(QCoreApplication.translate("dataset_actions", "Setting the dataset language")).quiet()
            .success(done).failure(lambda exc: _warn(parent, QCoreApplication.translate("dataset_actions", "Dataset language"), exc)).run())


def describe_usage(usage) -> str:
    parts = []
    if usage.runs:
        text = QCoreApplication.translate("dataset_actions", "run {runs}") if len(usage.runs) == 1 else \
            QCoreApplication.translate("dataset_actions", "runs {runs}")
        parts.append(text.format(runs=", ".join(usage.runs)))
    if usage.n_annotations:
        text = QCoreApplication.translate("dataset_actions", "1 annotation") if usage.n_annotations == 1 else \
            QCoreApplication.translate("dataset_actions", "{n} annotations").format(n=i18n.number(usage.n_annotations))
        parts.append(text)
    return QCoreApplication.translate("dataset_actions", " and ").join(parts)


def delete(parent: QWidget, project, name: str, confirm: bool = True) -> Op:
    """Look up what uses the dataset (worker), then refuse with the reason or confirm and delete."""

    def checked(usage) -> None:
        if usage.frozen:
            QMessageBox.information(parent, QCoreApplication.translate("dataset_actions", "Delete dataset"), QCoreApplication.translate("dataset_actions", "{name} is frozen; unfreeze it before deleting it.").format(name=name))
            return
        if usage.in_use:
            QMessageBox.information(parent, QCoreApplication.translate("dataset_actions", "Delete dataset"),
                                    QCoreApplication.translate("dataset_actions", "{name} stays: it is used by {v0}.").format(name=name, v0=describe_usage(usage)))
            return
        if confirm and QMessageBox.question(
                parent, QCoreApplication.translate("dataset_actions", "Delete dataset"), QCoreApplication.translate("dataset_actions", "Delete {name} and all its records? This cannot be undone.").format(name=name),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No) != QMessageBox.StandardButton.Yes:
            return
        parent._delete_op = (Op(parent, lambda job: services.delete_dataset(project, name)).title(QCoreApplication.translate("dataset_actions", "Deleting the dataset"))
                             .failure(lambda exc: _warn(parent, QCoreApplication.translate("dataset_actions", "Delete dataset"), exc)).run())

    return (Op(parent, lambda job: services.dataset_usage(project, name)).title(QCoreApplication.translate("dataset_actions", "Checking the dataset")).quiet()
            .success(checked).failure(lambda exc: _warn(parent, QCoreApplication.translate("dataset_actions", "Delete dataset"), exc)).run())
