"""The start screen, recent projects, opening projects (locked, broken, demo) through the controller."""
from __future__ import annotations

from pathlib import Path

import pytest

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from factaudit.engine import services
from factaudit.gui import settings
from factaudit.gui.app import AppController, stylesheet
from factaudit.gui.views.start_screen import StartScreen


def test_start_screen_renders_with_recent_projects(qtbot, tmp_path, screenshots):
    screen = StartScreen()
    qtbot.addWidget(screen)
    screen.show()
    qtbot.waitExposed(screen)
    assert screen.recent_paths() == [] and screen.recent_empty.isVisible()
    assert "local_models/" in screen.findChild(type(screen.recent_empty), "note").text()

    older = tmp_path / "projects" / "scifact-audit.faproj"
    services.create_project(older).close()
    newer = tmp_path / "projects" / "medexpert-review.faproj"
    services.create_project(newer).close()
    settings.add_recent(tmp_path / "gone.faproj")
    settings.add_recent(older)
    settings.add_recent(newer)
    settings.add_recent(older)           # re-opening moves it to the top, no duplicate
    screen.reload_recent()
    gone = str((tmp_path / "gone.faproj").resolve())
    assert screen.recent_paths() == [str(older.resolve()), str(newer.resolve()), gone]
    assert screen.recent.isVisible() and not screen.recent_empty.isVisible()

    item = screen.recent.item(1)
    with qtbot.waitSignal(screen.recentActivated, timeout=2000) as blocker:
        screen.recent.itemDoubleClicked.emit(item)
    assert blocker.args == [str(newer.resolve())]

    for button, signal in ((screen.new_button, screen.newRequested), (screen.open_button, screen.openRequested),
                           (screen.demo_button, screen.demoRequested)):
        with qtbot.waitSignal(signal, timeout=2000):
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)

    # a readable screenshot for the docs, with realistic recent entries
    settings.remove_recent(gone)
    screen.reload_recent()
    assert stylesheet(), "the stylesheet ships in resources/style/app.qss"
    path = screenshots / "start_screen.png"
    assert screen.grab().save(str(path))
    assert path.stat().st_size > 5_000


def test_open_recent_project_opens_a_window_and_ctrl_w_returns(qtbot, closer, demo_copy):
    controller = AppController()
    qtbot.addWidget(controller.start)
    controller.start.show()
    window = controller.open_path(str(demo_copy))
    closer(window)
    assert window.windowTitle() == "demo-copy — factaudit"
    assert not controller.start.isVisible() and window.isVisible()
    assert settings.recent_projects()[0] == str(demo_copy.resolve())
    # opening the same project again raises the existing window
    assert controller.open_path(str(demo_copy)) is window
    window.close_action.trigger()
    qtbot.waitUntil(lambda: controller.start.isVisible(), timeout=5000)
    assert controller.windows == []
    assert controller.start.recent_paths()[0] == str(demo_copy.resolve())


def test_locked_project_offers_read_only(qtbot, closer, demo_copy, monkeypatch):
    holder = services.open_project(demo_copy)        # another writer holds the lock
    try:
        controller = AppController()
        qtbot.addWidget(controller.start)
        asked = []
        monkeypatch.setattr(controller, "ask_readonly", lambda path, exc: asked.append(str(exc)) or False)
        assert controller.open_path(str(demo_copy)) is None
        assert asked and "another factaudit process" in asked[0]

        monkeypatch.setattr(controller, "ask_readonly", lambda path, exc: True)
        window = controller.open_path(str(demo_copy))
        closer(window)
        assert window.project.readonly
        assert "[read-only]" in window.windowTitle()
        assert "read-only" in window.project_label.text()
        assert not window.import_action.isEnabled() and not window.data_view.import_button.isEnabled()
        window.close()
    finally:
        holder.close()


def test_other_errors_show_their_message(qtbot, tmp_path, monkeypatch):
    controller = AppController()
    qtbot.addWidget(controller.start)
    shown = []
    monkeypatch.setattr(controller, "error", lambda title, exc: shown.append((title, str(exc))))
    bogus = tmp_path / "not-a-project.faproj"
    bogus.write_text("hello")
    assert controller.open_path(str(tmp_path / "missing.faproj")) is None
    assert controller.open_path(str(bogus)) is None
    assert [t for t, _ in shown] == ["Open project", "Open project"]
    assert "no project file" in shown[0][1]
    assert "not" in shown[1][1] and "project" in shown[1][1]


def test_open_demo_builds_it_in_the_background(qtbot, closer, tmp_path, monkeypatch):
    monkeypatch.setattr("factaudit.engine.services.source_demo_dir", lambda: None)   # not the checkout's projects/demo
    controller = AppController()
    controller.demo_skips_model_steps = True    # the model steps: test_verify_classifier (demo offline)
    qtbot.addWidget(controller.start)
    controller.start.show()
    op = controller.open_demo()
    assert controller.start.job_area.current is op and not controller.start.demo_button.isEnabled()
    qtbot.waitUntil(lambda: bool(controller.windows), timeout=180_000)    # the build: 30 s ran out at load 9
    window = controller.windows[0]
    closer(window)
    demo = Path(window.project.path)
    assert demo.parent == tmp_path / "data" / "demo"       # FACTAUDIT_DATA_DIR from the fixture
    qtbot.waitUntil(lambda: not window.data_view.loading, timeout=60_000)     # counted off the UI thread
    assert window.data_view.models["claims"].rowCount() == services.count_rows(window.project, "claims") > 0
    window.close()
    qtbot.waitUntil(lambda: controller.start.isVisible(), timeout=60_000)
    assert controller.start.demo_button.isEnabled()
    # the second time it opens the built project without rebuilding
    again = controller.open_demo()
    closer(again)
    assert Path(again.project.path) == demo
    again.close()
    QApplication.processEvents()


def test_start_opens_the_given_project_or_the_start_screen(qtbot, closer, demo_copy, tmp_path):
    from factaudit.gui.app import start

    controller = start(str(demo_copy))
    closer(controller.start)
    assert [w.windowTitle() for w in controller.windows] == ["demo-copy — factaudit"]
    assert not controller.start.isVisible() and QApplication.instance().styleSheet()
    for w in list(controller.windows):
        w.close()
    assert controller.start.isVisible()       # closing the last project shows the start screen

    fallback = start(str(tmp_path / "missing.faproj"))   # a bad path: message, then the start screen
    closer(fallback.start)
    assert fallback.windows == [] and fallback.start.isVisible()
    assert "no project file" in fallback.last_error.text() and fallback.last_error.isVisible()
    fallback.last_error.close()


def test_run_enters_and_leaves_the_event_loop(demo_copy, tmp_path):
    # in a child process: quitting an application's exec() inside the test process would spoil
    # the event loop for the tests that follow
    import os
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from PySide6.QtCore import QTimer\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication(sys.argv[:1])\n"
        "from factaudit.gui.app import run\n"
        "def check():\n"
        "    wins = [w.windowTitle() for w in QApplication.topLevelWidgets() if w.isVisible()]\n"
        "    print('VISIBLE', wins)\n"
        "    app.quit()\n"
        "QTimer.singleShot(300, check)\n"
        "sys.exit(run(sys.argv[1]))\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
           "FACTAUDIT_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-c", script, str(demo_copy)], capture_output=True, text=True,
                          timeout=60, env=env, cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr
    assert "VISIBLE ['demo-copy — factaudit']" in done.stdout


def test_sealed_file_opens_read_only_with_its_banner(qtbot, closer, demo_copy, tmp_path, monkeypatch):
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / "config"))
    sealed = tmp_path / "audit.sealed.faproj"
    services.seal_project(demo_copy, sealed)
    controller = AppController()
    closer(controller.start)
    with qtbot.waitSignal(controller.sealedOpened, timeout=60_000) as opened:
        op = controller.open_path(str(sealed))
    assert not op.running                       # the seal was checked by a background Op
    window = opened.args[0]
    closer(window)
    assert window.project.readonly and "[read-only]" in window.windowTitle()
    assert window.sealed_banner.state in ("trusted", "untrusted")
    counts = services.project_info(window.project).counts      # the status bar reads them in a worker
    qtbot.waitUntil(lambda: f"{counts['claims_active']:,} claims · {counts['runs']:,} runs"
                    in window.project_label.text(), timeout=30_000)
    assert settings.recent_projects()[0] == str(sealed.resolve())
    window.close()


def test_a_damaged_sealed_file_is_refused_with_the_reason(qtbot, closer, demo_copy, tmp_path, monkeypatch):
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / "config"))
    sealed = tmp_path / "audit.sealed.faproj"
    services.seal_project(demo_copy, sealed)
    import sqlite3

    # a b-tree page's type byte destroyed (a byte flipped at a fixed offset may land in row data, and the
    # file then opens with an INVALID banner instead, depending on the page layout)
    with sqlite3.connect(f"file:{sealed}?immutable=1", uri=True) as conn:
        size = conn.execute("PRAGMA page_size").fetchone()[0]
        pageno = conn.execute("SELECT pageno FROM dbstat WHERE name = 'passages' AND pagetype = 'leaf' "
                              "ORDER BY pageno LIMIT 1").fetchone()[0]
    conn.close()
    data = bytearray(sealed.read_bytes())
    data[(pageno - 1) * size] = 0xFF
    sealed.write_bytes(bytes(data))
    expected = services.verify_sealed(sealed)
    assert not expected.valid and expected.reasons
    controller = AppController()
    closer(controller.start)
    controller.last_error = None
    op = controller.open_path(str(sealed))
    qtbot.waitUntil(lambda: controller.last_error is not None, timeout=60_000)
    assert not op.running and controller.windows == []
    assert controller.start.isVisible()
    assert "Open sealed file" == controller.last_error.windowTitle()
    assert expected.reasons[0] in controller.last_error.text()
    controller.last_error.close()


def _stamped_demo(folder: Path, version: str | None, steps: str) -> Path:
    """A demo project (data only, quick to build) whose stamp says `version` and `steps`."""
    from factaudit.engine.project import rater_store
    from factaudit.engine.services import demo

    path = Path(demo.build_demo(folder, run_steps=False).project)
    project = services.open_project(path)
    try:
        rater_store.set_meta(project, demo.DEMO_VERSION_KEY, version or "")
        rater_store.set_meta(project, demo.DEMO_STEPS_KEY, steps)
    finally:
        project.close()
    return path


def test_open_demo_opens_the_checkouts_demo_when_its_stamp_matches(qtbot, closer, tmp_path, monkeypatch):
    from factaudit.engine.services import demo

    source = tmp_path / "checkout" / "projects" / "demo"
    built = _stamped_demo(source, demo.DEMO_VERSION, demo.FULL)
    monkeypatch.setattr("factaudit.engine.services.source_demo_dir", lambda: source)
    controller = AppController()
    qtbot.addWidget(controller.start)
    monkeypatch.setattr(controller, "build_demo", lambda: pytest.fail("a current demo is never rebuilt"))
    window = controller.open_demo()
    closer(window)
    assert Path(window.project.path).resolve() == built.resolve()
    window.close()
    QApplication.processEvents()


@pytest.mark.parametrize("version, steps, why", [
    ("1", "all", "built by demo version 1"),
    (None, "all", "a version without a stamp"),
    ("2", "building", "interrupted"),
])
def test_an_outdated_demo_is_rebuilt_only_on_request(qtbot, closer, tmp_path, monkeypatch, version, steps, why):
    from factaudit.engine.services import demo

    source = tmp_path / "checkout" / "projects" / "demo"
    old = _stamped_demo(source, version, steps)
    monkeypatch.setattr("factaudit.engine.services.source_demo_dir", lambda: source)
    controller = AppController()
    qtbot.addWidget(controller.start)
    asked, built = [], []
    monkeypatch.setattr(controller, "build_demo", lambda: built.append(True))
    for answer in (None, "as_is", "rebuild"):
        monkeypatch.setattr(controller, "ask_about_old_demo",
                            lambda c, a=answer: (asked.append(c.why_not()), a)[1])
        result = controller.open_demo()
        if answer == "as_is":
            closer(result)
            assert Path(result.project.path).name == old.name
            result.close()
            QApplication.processEvents()
        else:
            assert not controller.windows
    assert len(asked) == 3 and why in asked[0], asked
    assert built == [True]                        # once, after "Rebuild"
    controller.rebuild_demo()                     # the start screen's Rebuild the demo…
    assert built == [True, True]


def test_start_screen_names_the_verifier_verify_defaults_to(qtbot, tmp_path):
    # the note once called SmolLM2 "the embedded verifier" while Verify opens on the classifier
    from factaudit.gui.dialogs.verify_dialog import VerifyDialog

    project = services.create_project(tmp_path / "p.faproj")
    try:
        dialog = VerifyDialog(project)
        qtbot.addWidget(dialog)
        qtbot.waitUntil(lambda: not dialog.loading, timeout=60_000)      # the model lists are read off the UI thread
        assert dialog.classifier_radio.isChecked()
        default = dialog.classifier_combo.currentData()
    finally:
        project.close()
    screen = StartScreen()
    qtbot.addWidget(screen)
    note = screen.findChild(type(screen.recent_empty), "note").text()
    assert default and f"classifier ({default}" in note, (default, note)
    assert "The embedded verifier (SmolLM2" not in note and "SmolLM2-135M" in note
