"""The main window's own read (Help › About's version) leaves the UI thread and says when it failed."""
from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from factaudit.engine import services
from factaudit.engine.errors import InvalidArgument
from factaudit.gui import main_window


def test_about_shows_the_version_read_in_the_background(qtbot, project, closer, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "about", staticmethod(lambda _parent, _title, text: shown.append(text)))
    window = main_window.ProjectWindow(project)
    closer(window)
    window._about()
    qtbot.waitUntil(lambda: bool(shown), timeout=10_000)
    assert f"factaudit {services.project_info(project).app_version}" in shown[0]


def test_about_says_the_version_could_not_be_read(qtbot, project, closer, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "about", staticmethod(lambda _parent, _title, text: shown.append(text)))

    def broken(_project):
        raise InvalidArgument("the project file cannot be read right now")
    window = main_window.ProjectWindow(project)
    closer(window)
    monkeypatch.setattr(services, "project_info", broken)
    window._about()
    qtbot.waitUntil(lambda: any(isinstance(w, QMessageBox) and w.isVisible() for w in window.findChildren(QMessageBox)),
                    timeout=10_000)
    box = next(w for w in window.findChildren(QMessageBox) if w.isVisible())
    assert "cannot be read right now" in box.text() + box.informativeText() and shown == []
    box.close()
