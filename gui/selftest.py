"""The window check of `factaudit --self-test`: open a project's main window offscreen and close it."""
from __future__ import annotations

import os
from pathlib import Path


def open_and_close_main_window(project_path: str | Path) -> str:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from factaudit.gui.app import start

    app = QApplication.instance() or QApplication([])
    controller = start(str(project_path), remember_recent=False)   # a scratch file: not for Recent
    if not controller.windows:
        raise RuntimeError("the project window did not open")
    window = controller.windows[0]
    app.processEvents()
    shot = os.environ.get("FACTAUDIT_SELFTEST_SCREENSHOT")
    if shot:  # lets a bundle's window be looked at without a Python interpreter
        window.grab().save(shot)
    size = window.size()
    title = window.windowTitle()
    window.close()
    app.processEvents()
    controller.start.close()
    app.processEvents()
    return f"opened and closed '{title}' ({size.width()}x{size.height()}, platform {app.platformName()})"


def check_window(state: dict) -> str:
    """The self-test check: the project the engine checks built, opened in a real window."""
    state["project"].close()
    return open_and_close_main_window(state["project"].path)



def check_desktop_libraries(state: dict) -> str:
    """The self-test's check of the system libraries a real (X11) window needs: the window check above
    runs offscreen and passes without them."""
    from factaudit.engine.selftest import Skip
    from factaudit.gui import desktop_libs

    if desktop_libs.xcb_plugin() is None:
        raise Skip("no X11 platform plugin here (not Linux, or PySide6 without it)")
    missing = desktop_libs.missing_libraries()
    if missing:
        raise RuntimeError(desktop_libs.describe(missing))
    return "every library Qt's xcb plugin loads is present"
