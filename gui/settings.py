"""User settings (QSettings, INI format so tests can redirect them with QSettings.setPath)."""
from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QSettings

ORGANIZATION = "factaudit"
APPLICATION = "factaudit"
MAX_RECENT = 12


def settings() -> QSettings:
    """The GUI's settings. With FACTAUDIT_CONFIG_DIR set they live in that folder beside the engine's
    settings.json and keys, so one person's data folder holds all of their choices (language, annotator
    names, recent list); otherwise Qt's user INI, which on Linux is the same folder
    (~/.config/factaudit/factaudit.ini) and elsewhere stays where earlier versions kept it."""
    override = os.environ.get("FACTAUDIT_CONFIG_DIR")
    if override:
        folder = Path(override)
        folder.mkdir(parents=True, exist_ok=True)
        return QSettings(str(folder / f"{APPLICATION}.ini"), QSettings.Format.IniFormat)
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION)


def settings_file() -> Path:
    """The file the settings are written to (shown in the Settings dialog)."""
    return Path(settings().fileName())


def recent_projects() -> list[str]:
    value = settings().value("recent/projects", [])
    if isinstance(value, str):  # QSettings returns a bare string for a one-element list
        value = [value]
    return [str(v) for v in (value or []) if v]


def add_recent(path: str | os.PathLike) -> list[str]:
    path = str(Path(path).resolve())
    items = [p for p in recent_projects() if p != path]
    items.insert(0, path)
    items = items[:MAX_RECENT]
    s = settings()
    s.setValue("recent/projects", items)
    s.sync()
    return items


def remove_recent(path: str) -> list[str]:
    items = [p for p in recent_projects() if p != path]
    s = settings()
    s.setValue("recent/projects", items)
    s.sync()
    return items


def user_data_dir() -> Path:
    """Where the GUI builds the demo; FACTAUDIT_DATA_DIR overrides it (tests, portable installs)."""
    override = os.environ.get("FACTAUDIT_DATA_DIR")
    if override:
        return Path(override)
    from platformdirs import user_data_dir as _udd

    return Path(_udd(APPLICATION, ORGANIZATION))
