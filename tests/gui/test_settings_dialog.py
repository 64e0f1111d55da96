"""Settings (issue #35 item 5): the GUI's QSettings live in FACTAUDIT_CONFIG_DIR, the Settings dialog
(File › Settings…, Ctrl+,) installs a language at once and reopens the windows in it, the annotator
name it edits is the one Labeling uses, and `--self-test` leaves nothing in Recent."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QComboBox

from factaudit.gui import i18n, settings
from factaudit.gui.dialogs.settings_dialog import SettingsDialog
from factaudit.gui.views.labeling_parts import annotator_name, project_annotator


@pytest.fixture
def english(qapp):
    i18n.set_language("")
    i18n.install(qapp, "en")
    yield
    i18n.set_language("")
    i18n.install(qapp, "en")      # translators are process-wide: never leak German into later tests


def _german(source: str, context: str) -> str:
    """The German translation in the .ts source, read independently of Qt's translator."""
    import xml.etree.ElementTree as ET

    for ctx in ET.parse(i18n.ts_path("de")).iter("context"):
        if ctx.findtext("name") == context:
            for message in ctx.iter("message"):
                if message.findtext("source") == source:
                    return message.findtext("translation")
    raise AssertionError(f"{source!r} not in the German catalogue")


def test_settings_follow_the_config_folder_so_two_people_keep_their_own(tmp_path, monkeypatch):
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / "alice"))
    settings.add_recent(tmp_path / "a.faproj")
    i18n.set_language("de")
    assert settings.settings_file() == tmp_path / "alice" / "factaudit.ini"
    text = (tmp_path / "alice" / "factaudit.ini").read_text()
    assert "a.faproj" in text and "language=de" in text
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / "bob"))
    assert settings.recent_projects() == [] and i18n.chosen_language() == ""
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / "alice"))
    assert settings.recent_projects() == [str((tmp_path / "a.faproj").resolve())]


def test_the_self_test_window_check_leaves_recent_empty(project, qapp):
    from factaudit.gui.selftest import open_and_close_main_window

    path = project.path
    project.close()
    said = open_and_close_main_window(path)
    assert said.startswith("opened and closed")
    assert settings.recent_projects() == []


def test_settings_dialog_applies_the_language_and_reopens_the_window(qtbot, project, english, closer):
    from factaudit.gui.app import AppController

    path = project.path
    project.close()
    controller = AppController()
    window = controller.open_path(str(path))
    closer(window)
    assert window.settings_action.shortcut() == QKeySequence("Ctrl+,")
    assert window.settings_action in window.menuBar().actions()[0].menu().actions()
    dialog = window.show_settings()
    qtbot.waitExposed(dialog)
    assert isinstance(dialog, SettingsDialog)
    dialog.language_combo.setCurrentIndex(dialog.language_combo.findData("de"))
    dialog.annotator_edit.setText("Dr. Weber")
    dialog.project_annotator_edit.setText("Weber")
    with qtbot.waitSignal(dialog.languageApplied, timeout=10_000) as got:
        assert dialog.apply()
    assert got.args == ["de"]
    assert i18n.chosen_language() == "de"
    assert annotator_name() == "Weber"         # the project's name becomes the default offered next
    assert project_annotator(window.project) == "Weber"
    expected = _german("Workflow", "ProjectWindow")
    assert expected and expected != "Workflow"
    assert QCoreApplication.translate("ProjectWindow", "Workflow") == expected
    assert dialog.reopen_button.isVisible()
    dialog.reopen_button.click()
    qtbot.waitUntil(lambda: len(controller.windows) == 1 and controller.windows[0] is not window, timeout=20_000)
    again = controller.windows[0]
    closer(again)
    assert again.sidebar.item(0).text() == expected
    assert Path(again.project.path) == Path(path)


def test_the_connection_log_no_longer_holds_the_language(qtbot):
    from factaudit.gui.views.connections_view import ConnectionsView

    view = ConnectionsView()
    qtbot.addWidget(view)
    assert view.findChild(QComboBox, "interfaceLanguage") is None


def test_seal_dialog_proposes_a_name_that_is_free(qtbot, project, tmp_path):
    from factaudit.gui.dialogs.seal_dialog import SealDialog

    stem = Path(project.path).stem
    taken = Path(project.path).with_name(f"{stem}.sealed.faproj")
    taken.write_bytes(b"an earlier seal")
    Path(project.path).with_name(f"{stem} (2).sealed.faproj").write_bytes(b"and another")
    dialog = SealDialog(project)
    qtbot.addWidget(dialog)
    proposed = Path(dialog.out_edit.text())
    assert proposed.name == f"{stem} (3).sealed.faproj" and not proposed.exists()
    assert dialog.problem() is None
    dialog.out_edit.setText(str(taken))
    assert taken.name in dialog.problem()


def test_models_window_has_a_close_button(qtbot, project, closer, monkeypatch):
    from PySide6.QtWidgets import QDialogButtonBox

    from factaudit.gui.main_window import ProjectWindow

    window = ProjectWindow(project)
    closer(window)
    dialog = window.show_models()
    qtbot.waitExposed(dialog)
    box = dialog.findChild(QDialogButtonBox)
    close = box.button(QDialogButtonBox.StandardButton.Close)
    assert close is not None and close.isVisible()
    with qtbot.waitSignal(dialog.finished, timeout=10_000):
        close.click()


def test_open_report_without_a_browser_says_so(qtbot, project, tmp_path, monkeypatch):
    from PySide6.QtGui import QDesktopServices

    from factaudit.gui.dialogs import report_dialog

    dialog = report_dialog.ReportDialog(project)
    qtbot.addWidget(dialog)
    html = tmp_path / "report.html"
    html.write_text("<html></html>")
    dialog.files = [SimpleNamespace(path=str(html), format="html")]      # what write_report returned
    opened = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) and False)
    dialog.open_report()
    assert opened and str(html) in dialog.status_label.text()


def test_the_start_screen_reaches_settings_and_is_rebuilt_in_the_new_language(qtbot, english):
    from factaudit.gui.app import AppController

    controller = AppController()
    old = controller.start
    qtbot.addWidget(old)
    old.show()
    assert old.settings_button.isVisible()
    with qtbot.waitSignal(old.settingsRequested, timeout=10_000):
        old.settings_button.click()
    dialog = old.findChild(SettingsDialog) or next(w for w in QApplication.topLevelWidgets()
                                                  if isinstance(w, SettingsDialog) and w.isVisible())
    assert dialog.project_annotator_edit is None          # no project open: only the default name
    dialog.language_combo.setCurrentIndex(dialog.language_combo.findData("de"))
    dialog.apply()
    dialog.reopen_button.click()
    qtbot.waitUntil(lambda: controller.start is not old and controller.start.isVisible(), timeout=20_000)
    qtbot.addWidget(controller.start)
    assert controller.start.settings_button.text() == _german("Settings…", "StartScreen")
