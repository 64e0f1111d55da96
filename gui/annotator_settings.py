"""Who is labeling and how Labeling advances: per-person settings the dialogs and the pages share (kept out
of gui/views so a dialog can read them without importing a page)."""
from __future__ import annotations

import getpass

from factaudit.gui.settings import settings

ANNOTATOR_KEY = "audit/annotator"
AUTO_ADVANCE_KEY = "audit/auto_advance"


def annotator_name() -> str:
    """The person labeling: a setting, defaulting to the login name."""
    value = settings().value(ANNOTATOR_KEY, "")
    if value:
        return str(value)
    try:
        return getpass.getuser() or "expert"
    except (OSError, KeyError, ImportError):  # no login name (no pwd entry, no USER variables)
        return "expert"


def set_annotator_name(name: str) -> None:
    s = settings()
    s.setValue(ANNOTATOR_KEY, name)
    s.sync()


def _project_key(project) -> str:
    import hashlib
    from pathlib import Path

    path = str(Path(project.path).resolve())
    return f"{ANNOTATOR_KEY}s/{hashlib.sha1(path.encode('utf-8')).hexdigest()[:16]}"


def project_annotator(project) -> str | None:
    """The name this person labels with in this project (None until they said it): opening another
    project never labels with the last project's name unasked."""
    value = settings().value(_project_key(project), "")
    return str(value) if value else None


def set_project_annotator(project, name: str) -> None:
    s = settings()
    s.setValue(_project_key(project), name)
    s.sync()
    set_annotator_name(name)          # the default offered when the next project asks


def annotator_for(project) -> str:
    """The name to store with a write in this project: its own name, else the last one used."""
    return project_annotator(project) or annotator_name()


def auto_advance() -> bool:
    return str(settings().value(AUTO_ADVANCE_KEY, "false")).lower() in ("1", "true")


def set_auto_advance(on: bool) -> None:
    s = settings()
    s.setValue(AUTO_ADVANCE_KEY, "true" if on else "false")
    s.sync()
