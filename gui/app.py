"""Startup: the QApplication, the stylesheet, the start screen and the project windows."""
from __future__ import annotations

# First, before any import that may open a socket: offline mode (on unless the user turned it off).
from factaudit.engine.netguard import start_from_settings

start_from_settings()

import os  # noqa: E402
import sys  # noqa: E402
from importlib import resources  # noqa: E402
from pathlib import Path  # noqa: E402

# Read at import time by huggingface_hub / transformers: set before anything imports them.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from PySide6.QtCore import QObject, Qt, Signal  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QApplication, QFileDialog, QInputDialog, QLineEdit, QMessageBox, QWidget,
)

from factaudit.engine import services  # noqa: E402
from factaudit.engine.errors import FactAuditError, ProjectLocked  # noqa: E402
from factaudit.gui import i18n, settings  # noqa: E402
from factaudit.gui.collector import IdleCollector  # noqa: E402
from factaudit.gui.ops import Op, error_text  # noqa: E402

PROJECT_FILTER = "factaudit projects (*.faproj);;All files (*)"


def stylesheet() -> str:
    """The app stylesheet; `@STYLE@` in it stands for the folder of its images."""
    try:
        folder = resources.files("factaudit.resources").joinpath("style")
        text = folder.joinpath("app.qss").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError, ModuleNotFoundError):
        return ""
    return text.replace("@STYLE@", Path(str(folder)).as_posix())


def configure_app(app: QApplication) -> None:
    app.setApplicationName(settings.APPLICATION)
    app.setOrganizationName(settings.ORGANIZATION)
    app.setApplicationDisplayName("factaudit")
    app.setStyle("Fusion")   # the same look on every platform; the stylesheet refines it
    app.setStyleSheet(stylesheet())


class AppController(QObject):
    """Owns the start screen and the open project windows; decides what is shown."""

    sealedOpened = Signal(object)      # the ProjectWindow of a sealed file, once its seal was checked
    remember_recent = True             # off for `--self-test`: its scratch project is gone when it ends

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        from factaudit.gui.views.start_screen import StartScreen

        self.windows: list = []
        self.start = self._make_start(StartScreen)
        self.demo_op: Op | None = None

    def _make_start(self, screen_class):
        start = screen_class()
        start.newRequested.connect(self.new_project)
        start.openRequested.connect(self.open_dialog)
        start.demoRequested.connect(self.open_demo)
        start.rebuildDemoRequested.connect(self.rebuild_demo)
        start.recentActivated.connect(self.open_path)
        start.settingsRequested.connect(self.show_settings)
        return start

    def show_settings(self):
        """Start screen › Settings…: no project, so no per-project annotator name; a new language
        rebuilds the start screen (and any open project window) when asked."""
        from factaudit.gui.dialogs.settings_dialog import SettingsDialog

        dialog = SettingsDialog(None, self._dialog_parent())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.reopenRequested.connect(self.reopen_windows)
        dialog.open()
        return dialog

    # ---- dialogs ---------------------------------------------------------------------------------
    def _dialog_parent(self) -> QWidget:
        active = QApplication.activeWindow()
        return active if active is not None else self.start

    def new_project(self, path: str | None = None) -> Op | None:
        """Create a project (in the worker path: creating writes the file) and show its window."""
        if path is None:
            suggested = str(Path.home() / "untitled.faproj")
            path, _ = QFileDialog.getSaveFileName(self._dialog_parent(), self.tr("New project"), suggested, PROJECT_FILTER)
            if not path:
                return None
        if not path.endswith(".faproj"):
            path += ".faproj"
        self.start.set_busy(True)
        return (Op(self.start, lambda job: services.create_project(path)).title(self.tr("Creating the project"))
                .success(self.show_project)
                .failure(lambda exc: self.error(self.tr("New project"), exc))
                .finished(lambda: self.start.set_busy(False))
                .run())

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self._dialog_parent(), self.tr("Open project"), "", PROJECT_FILTER)
        if path:
            self.open_path(path)

    # ---- opening ---------------------------------------------------------------------------------
    def open_path(self, path: str, readonly: bool = False):
        """Open a project and return its window; if another process holds it, offer to open it
        read-only. A sealed file opens in the background: the Op is returned, and `sealedOpened`
        brings the window."""
        for w in self.windows:
            if Path(w.project.path).resolve() == Path(path).resolve():
                w.raise_()
                w.activateWindow()
                return w
        if services.is_rater_package(path):
            return self.open_rater_package(path)
        if services.is_sealed(path):
            return self.open_sealed(path)
        try:
            project = services.open_project(path, readonly=readonly)
        except ProjectLocked as exc:
            if readonly or not self.ask_readonly(path, exc):
                return None
            return self.open_path(path, readonly=True)
        except FactAuditError as exc:
            self.error(self.tr("Open project"), exc)
            return None
        return self.show_project(project)

    # ---- sealed files (read-only, with a banner naming the signer) --------------------------------
    def ask_passphrase(self, path: str) -> str | None:
        text, ok = QInputDialog.getText(self._dialog_parent(), self.tr("Encrypted sealed file"),
                                        self.tr("Passphrase for {name}:").format(name=Path(path).name), QLineEdit.EchoMode.Password)
        return text if ok and text else None

    def open_sealed(self, path: str) -> Op | None:
        """Check the seal and open the file in the background (decrypting and hashing read the whole
        file); the window appears when that is done, with a banner naming the signer."""
        passphrase = None
        if services.is_encrypted(path):
            passphrase = os.environ.get("FACTAUDIT_PASSPHRASE") or self.ask_passphrase(path)
            if passphrase is None:
                return None

        def check_and_open(job):
            job.cancel.check()
            sealed = services.open_sealed(path, passphrase)
            # an encrypted rater package shows what it is only once decrypted: it opens in rater mode
            if services.workspace_manifest(sealed.project) is not None:
                sealed.close()
                return services.open_rater_package(path, passphrase)
            return sealed

        self.start.set_busy(True)
        return (Op(self.start, check_and_open)
                .title(self.tr("Checking the seal of {name}").format(name=Path(path).name))
                .success(lambda opened: self._show_rater(path, opened, passphrase)
                         if isinstance(opened, services.RaterWorkspace) else self._show_sealed(path, opened))
                .failure(lambda exc: (self.error(self.tr("Open sealed file"), exc), self._start_if_alone()))
                .finished(lambda: self.start.set_busy(False))
                .run())

    def _show_sealed(self, path: str, sealed):
        from factaudit.gui.views.sealed_banner import attach_banner

        window = self.show_project(sealed.project, recent=path)
        banner = attach_banner(window, sealed)
        banner.workingCopyMade.connect(self.open_path)
        self.sealedOpened.emit(window)
        return window

    # ---- rater packages (rater mode: the package's units and Return labels, nothing else) ---------
    raterOpened = Signal(object)       # the RaterWindow, once the package's workspace is open

    def open_rater_package(self, path: str, trust_sender: str | None = None) -> Op | None:
        """Check the package and open its workspace in the background (made on first open: a write);
        the rater window appears when that is done. `trust_sender`: the fingerprint the rater confirmed."""
        for w in self.windows:
            if getattr(w, "package_path", None) and Path(w.package_path).resolve() == Path(path).resolve():
                w.raise_()
                w.activateWindow()
                return None
        passphrase = None
        if services.is_encrypted(path):
            passphrase = os.environ.get("FACTAUDIT_PASSPHRASE") or self.ask_passphrase(path)
            if passphrase is None:
                return None
        self.start.set_busy(True)
        return (Op(self.start, lambda job: services.open_rater_package(path, passphrase, trust_sender))
                .title(self.tr("Opening the rater package {name}").format(name=Path(path).name))
                .success(lambda ws: self._show_rater(path, ws, passphrase))
                .failure(lambda exc: self._rater_package_refused(path, exc, trust_sender))
                .finished(lambda: self.start.set_busy(False))
                .run())

    def _rater_package_refused(self, path: str, exc: Exception, asked: str | None) -> None:
        """A sender not among the trusted keys (issue #36): the message shows its fingerprint to check
        with the sender; Open trusts exactly that key, anything else opens nothing."""
        fingerprint = getattr(exc, "fingerprint", None)
        if fingerprint and fingerprint != asked:
            answer = QMessageBox.question(self._dialog_parent(), self.tr("Open rater package"), error_text(exc),
                                          QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel,
                                          QMessageBox.StandardButton.Cancel)
            if answer == QMessageBox.StandardButton.Open:
                self.open_rater_package(path, trust_sender=fingerprint)
                return
        else:
            self.error(self.tr("Open rater package"), exc)
        self._start_if_alone()

    def _show_rater(self, path: str, ws, passphrase: str | None):
        from factaudit.gui.views.raters.window import RaterWindow

        window = RaterWindow(ws, passphrase)
        window.openRequested.connect(self.open_dialog)
        window.quitRequested.connect(self.quit)
        window.closed.connect(self._window_closed)
        self.windows.append(window)
        if self.remember_recent:
            settings.add_recent(path)
            self.start.reload_recent()
        window.show()
        self.start.hide()
        self.raterOpened.emit(window)
        return window

    def _start_if_alone(self) -> None:
        if not self.windows:
            self.show_start()

    def ask_readonly(self, path: str, exc: Exception) -> bool:
        answer = QMessageBox.question(
            self._dialog_parent(), self.tr("Project in use"),
            self.tr("{v0}\n\nOpen {name} read-only instead?").format(v0=error_text(exc), name=Path(path).name),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes,
        )
        return answer == QMessageBox.StandardButton.Yes

    def error(self, title: str, exc: Exception) -> QMessageBox:
        """A non-blocking message box (the event loop, and background work, keep going)."""
        box = QMessageBox(QMessageBox.Icon.Warning, title, error_text(exc), QMessageBox.StandardButton.Ok,
                          self._dialog_parent())
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.last_error = box
        return box

    def show_project(self, project, recent: str | None = None):
        from factaudit.gui.main_window import ProjectWindow

        window = ProjectWindow(project)
        window.newRequested.connect(self.new_project)
        window.openRequested.connect(self.open_dialog)
        window.quitRequested.connect(self.quit)
        window.reopenRequested.connect(self.reopen_windows)
        window.closed.connect(self._window_closed)
        self.windows.append(window)
        if self.remember_recent:
            settings.add_recent(recent or project.path)
            self.start.reload_recent()
        window.show()
        self.start.hide()
        return window

    def reopen_windows(self) -> list:
        """After Settings changed the language: close each writable project window and open its file
        again, so its pages are built in the new language (sealed, read-only and rater windows keep
        theirs until they are reopened by hand: reopening them asks for passphrases again)."""
        reopened = []
        for window in list(self.windows):
            project = getattr(window, "project", None)
            if project is None or project.readonly or getattr(window, "package_path", None):
                continue
            path = str(project.path)
            window.close()
            again = self.open_path(path)
            if again is not None:
                reopened.append(again)
        if self.demo_op is None or not self.demo_op.running:      # a demo build reports to the old one
            from factaudit.gui.views.start_screen import StartScreen

            visible = self.start.isVisible()
            old, self.start = self.start, self._make_start(StartScreen)
            old.close()
            old.deleteLater()
            if visible and not self.windows:
                self.start.show()
        return reopened

    def _window_closed(self, window) -> None:
        if window in self.windows:
            self.windows.remove(window)
            window.deleteLater()
        if not self.windows:
            self.start.reload_recent()
            self.start.show()

    def quit(self) -> None:
        Op.cancel_all()
        for w in list(self.windows):
            w.close()
        self.start.close()
        QApplication.quit()

    # ---- demo ------------------------------------------------------------------------------------
    def demo_dir(self) -> Path:
        return settings.user_data_dir() / "demo"

    def demo_folders(self) -> list[Path]:
        """Where a demo may already be: the source checkout's projects/demo (`make demo`), then the
        user data folder (what Open demo builds)."""
        return [d for d in (services.source_demo_dir(), self.demo_dir()) if d is not None]

    def open_demo(self):
        """Open the demo that is there when its stamp matches this app's demo version; build one only
        when there is none, or when the user chooses to rebuild an outdated one."""
        found = services.find_demos(self.demo_folders())
        current = next((c for c in found if c.is_current(self.demo_accepts)), None)
        if current is not None:
            return self.open_path(current.path)
        if not found:
            return self.build_demo()
        old = found[0]
        choice = self.ask_about_old_demo(old)
        if choice == "as_is":
            return self.open_path(old.path)
        if choice == "rebuild":
            return self.build_demo()
        return None

    def ask_about_old_demo(self, old) -> str | None:
        """"rebuild", "as_is" or None (cancelled) for a demo that is not up to date."""
        box = QMessageBox(QMessageBox.Icon.Question, "Open demo",
                          f"The demo project at {old.path} is not up to date: {old.why_not(self.demo_accepts)}.",
                          parent=self.start)
        box.setInformativeText(self.tr("Rebuild it (a few minutes, in the background) or open it as it is?"))
        rebuild = box.addButton(self.tr("Rebuild"), QMessageBox.ButtonRole.AcceptRole)
        as_is = box.addButton(self.tr("Open as it is"), QMessageBox.ButtonRole.ActionRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(rebuild)
        box.exec()
        return {rebuild: "rebuild", as_is: "as_is"}.get(box.clickedButton())

    def rebuild_demo(self):
        """Start screen › Rebuild demo: build the demo from scratch in the user data folder, on request."""
        return self.build_demo()

    # "Open demo" builds what `make demo` builds (verify and pre-label slices included, a few minutes
    # in the background); only the start-screen test turns the model steps off.
    demo_skips_model_steps = False

    @property
    def demo_accepts(self) -> tuple[str, ...]:
        """The builds Open demo opens as they are: the whole pipeline (and, when this controller builds
        demos without the model steps, such a build too)."""
        return (services.DEMO_FULL, services.DEMO_QUICK) if self.demo_skips_model_steps else (services.DEMO_FULL,)

    def build_demo(self) -> Op:
        out = self.demo_dir()
        skip_slow = self.demo_skips_model_steps

        def build(job):
            job.cancel.check()
            return services.build_demo(out, job.progress, run_steps=True, skip_slow=skip_slow)

        self.start.set_busy(True)
        self.demo_op = (Op(self.start, build)
                        .title(self.tr("Building the demo project"))
                        .success(lambda summary: self.open_path(summary.project))
                        .failure(lambda exc: self.error(self.tr("Open demo"), exc))
                        .finished(lambda: self.start.set_busy(False))
                        .run())
        return self.demo_op

    def show_start(self) -> None:
        self.start.show()


def start(project_path: str | None = None, remember_recent: bool = True) -> AppController:
    """Create (or reuse) the QApplication and show the given project or the start screen.
    `remember_recent=False` keeps the project out of the Recent list (the self-test's scratch file)."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    configure_app(app)
    i18n.install(app)        # before any window: the setting's language, else the system's
    controller = AppController(app)
    controller.remember_recent = remember_recent
    if project_path:
        window = controller.open_path(project_path)
        if window is None:
            controller.show_start()
    else:
        controller.show_start()
    return controller


def _shutdown() -> None:
    Op.cancel_all()
    Op.wait_all(10_000)


def run(project_path: str | None = None, quit_when_shown: bool = False) -> int:
    """Entry point of `factaudit` and `factaudit gui [PROJECT]`. `quit_when_shown` leaves as soon as
    the first window has been painted (for measuring cold start)."""
    controller = start(project_path)
    app = QApplication.instance()
    app.setQuitOnLastWindowClosed(True)
    app.aboutToQuit.connect(_shutdown)
    if quit_when_shown:
        from PySide6.QtCore import QTimer

        QTimer.singleShot(0, app.quit)
    collector = IdleCollector(app)   # noqa: F841 — full garbage collections only while idle
    code = app.exec()
    del controller
    return code


__all__ = ["run", "start", "AppController", "configure_app", "stylesheet"]
