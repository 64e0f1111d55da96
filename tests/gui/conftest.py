from __future__ import annotations

import shutil
from pathlib import Path

import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    """Background reads end before fixtures tear down: a project fixture closing its file under a read
    still running on a worker thread crashes the sqlite3 module (seen as a segfault)."""
    yield
    from factaudit.gui.ops import Op

    Op.cancel_all()
    Op.wait_all(30_000)


@pytest.fixture(autouse=True)
def isolated_settings(qapp, tmp_path, monkeypatch):
    """Recent projects and the demo folder go to tmp, never to the user's real settings."""
    from PySide6.QtCore import QSettings

    from factaudit.gui.app import configure_app

    configure_app(qapp)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    monkeypatch.setenv("FACTAUDIT_DATA_DIR", str(tmp_path / "data"))
    yield
    from factaudit.gui.ops import Op

    Op.cancel_all()
    Op.wait_all(10_000)


@pytest.fixture(autouse=True)
def _annotator_answers(monkeypatch):
    """The Labeling page asks who labels at a project's first label, Review at its first triage (modal
    dialogs); tests answer with the default it offers. tests/gui/test_annotator_per_project.py drives the real question."""
    from factaudit.gui.views import labeling_annotator
    from factaudit.gui.views.labeling_annotator import AnnotatorChoice
    from factaudit.gui.views.labeling_parts import annotator_name

    monkeypatch.setattr(AnnotatorChoice, "ask_annotator", lambda self: annotator_name())
    monkeypatch.setattr(labeling_annotator, "ask_name", lambda parent: annotator_name())   # Review's triage


@pytest.fixture
def demo_copy(demo_project_path, tmp_path) -> Path:
    dst = tmp_path / "demo-copy.faproj"
    shutil.copy2(demo_project_path, dst)
    return dst


@pytest.fixture
def screenshots(tmp_path) -> Path:
    """Where tests save screenshots: the folder FACTAUDIT_SCREENSHOTS names (e.g. docs/screenshots when
    refreshing the README's pictures), else a temporary one, so a plain run never writes tracked files."""
    import os

    chosen = os.environ.get("FACTAUDIT_SCREENSHOTS")
    folder = Path(chosen) if chosen else tmp_path / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def closer():
    """Closes widgets at teardown unless they are already gone (project windows delete on close,
    which qtbot.addWidget does not expect)."""
    import shiboken6

    widgets = []
    yield widgets.append
    for w in reversed(widgets):
        if shiboken6.isValid(w):
            w.close()
