"""Rename, set the language of, and delete a dataset from the Data page, through the worker path with
change announcements.

Delete first asks the engine what uses the dataset: in use, it says which runs and how many
annotations, and nothing is deleted; otherwise it asks for confirmation with the counts."""
from __future__ import annotations

from PySide6.QtWidgets import QInputDialog, QLineEdit, QMessageBox, QWidget

from factaudit.engine.services import datasets as ds
from factaudit.engine.services import languages
from factaudit.gui.ops import Op, OpChanges, error_text


def _warn(parent: QWidget, title: str, exc: BaseException) -> None:
    box = QMessageBox(QMessageBox.Icon.Warning, title, error_text(exc), QMessageBox.StandardButton.Ok, parent)
    box.open()
    parent._last_box = box


def rename(parent: QWidget, project, name: str, new: str | None = None) -> Op | None:
    if new is None:
        new, ok = QInputDialog.getText(parent, "Rename dataset", f"New name for {name}:", QLineEdit.EchoMode.Normal,
                                       name)
        if not ok or not new.strip() or new.strip() == name:
            return None

    def done(usage) -> None:
        if usage.runs_naming_it:
            parent.window().statusBar().showMessage(
                f"Renamed; the settings of {', '.join(usage.runs_naming_it)} keep the old name {name}", 8000)

    return (Op(parent, lambda job: ds.rename_dataset(project, name, new)).title("Renaming the dataset")
            .changes(project, OpChanges(datasets=True)).success(done)
            .failure(lambda exc: _warn(parent, "Rename dataset", exc)).run())


# The languages clinicians' studies use first; any other ISO 639-1 code can be typed.
LANGUAGES = {"en": "English", "zh": "Chinese", "de": "German", "fr": "French", "es": "Spanish", "it": "Italian",
             "nl": "Dutch", "pt": "Portuguese", "ja": "Japanese", "ko": "Korean", "ru": "Russian", "sv": "Swedish"}
DETECT = "Detect again from the texts"


def language_label(code: str | None) -> str:
    if not code:
        return "unknown"
    return f"{LANGUAGES[code]} ({code})" if code in LANGUAGES else code


def _language_code(choice: str) -> str:
    """"German (de)" -> "de"; a typed code is passed on for the engine to check."""
    if choice == DETECT:
        return "auto"
    if choice.endswith(")") and "(" in choice:
        return choice[choice.rindex("(") + 1:-1]
    return choice.strip()


def set_language(parent: QWidget, project, name: str, current: str | None, choice: str | None = None) -> Op | None:
    """Ask for the language (a list, or a typed ISO 639-1 code) and store it; retrieval runs made
    afterwards tokenize the dataset by that language's rules."""
    if choice is None:
        options = [DETECT] + [language_label(c) for c in LANGUAGES]
        start = options.index(language_label(current)) if current in LANGUAGES else 0
        choice, ok = QInputDialog.getItem(parent, "Dataset language",
                                          f"Language of {name}: pick one or type an ISO 639-1 code.\n"
                                          "BM25 uses its stemmer and word rules; runs made before keep theirs.", options, start, True)
        if not ok or not choice.strip():
            return None

    def done(stored) -> None:
        parent.window().statusBar().showMessage(
            f"{name}: {language_label(stored)}; new retrieval runs use it", 8000)

    return (Op(parent, lambda job: languages.set_dataset_language(project, name, _language_code(choice)))
            .title("Setting the dataset language").quiet().changes(project, OpChanges(datasets=True))
            .success(done).failure(lambda exc: _warn(parent, "Dataset language", exc)).run())


def describe_usage(usage) -> str:
    parts = []
    if usage.runs:
        parts.append(f"{'run' if len(usage.runs) == 1 else 'runs'} {', '.join(usage.runs)}")
    if usage.n_annotations:
        parts.append(f"{usage.n_annotations:,} annotation{'' if usage.n_annotations == 1 else 's'}")
    return " and ".join(parts)


def delete(parent: QWidget, project, name: str, confirm: bool = True) -> Op:
    """Look up what uses the dataset (worker), then refuse with the reason or confirm and delete."""

    def checked(usage) -> None:
        if usage.frozen:
            QMessageBox.information(parent, "Delete dataset", f"{name} is frozen; unfreeze it before deleting it.")
            return
        if usage.in_use:
            QMessageBox.information(parent, "Delete dataset",
                                    f"{name} stays: it is used by {describe_usage(usage)}.")
            return
        if confirm and QMessageBox.question(
                parent, "Delete dataset", f"Delete {name} and all its records? This cannot be undone.",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No) != QMessageBox.StandardButton.Yes:
            return
        parent._delete_op = (Op(parent, lambda job: ds.delete_dataset(project, name)).title("Deleting the dataset")
                             .changes(project, OpChanges(datasets=True))
                             .failure(lambda exc: _warn(parent, "Delete dataset", exc)).run())

    return (Op(parent, lambda job: ds.dataset_usage(project, name)).title("Checking the dataset").quiet()
            .success(checked).failure(lambda exc: _warn(parent, "Delete dataset", exc)).run())
