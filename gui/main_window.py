"""The project window: a sidebar of pages, the page area, menus, and a status bar with the job area."""
from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QMainWindow, QMessageBox, QSizePolicy, QStackedWidget,
    QStatusBar, QWidget,
)

from factaudit.engine import services
from factaudit.engine.errors import FactAuditError
from factaudit.gui import i18n, window_dialogs, workflow_actions
from factaudit.gui.ops import Op, OpChanges, announce, error_text, on_changes
from factaudit.gui.query_op import QueryOp
from factaudit.gui.views.analyses_page import AnalysesPage
from factaudit.gui.views.broken_page import build_or_explain
from factaudit.gui.views.data_view import DataView
from factaudit.gui.views.job_area import JobArea
from factaudit.gui.views.labeling_page import LabelingPage
from factaudit.gui.views.labeling_parts import project_annotator
from factaudit.gui.views.results_view import ResultsView
from factaudit.gui.views.runs_view import RunsView
from factaudit.gui.views.tabbed_page import ReviewPage
from factaudit.gui.views.workflow_view import WorkflowView
from factaudit.gui.screen import resize_to_fit

log = logging.getLogger(__name__)

# the pages' names (the sidebar shows them translated; code names pages by these)
PAGES = (QT_TRANSLATE_NOOP("ProjectWindow", "Workflow"), QT_TRANSLATE_NOOP("ProjectWindow", "Data"),
         QT_TRANSLATE_NOOP("ProjectWindow", "Runs"), QT_TRANSLATE_NOOP("ProjectWindow", "Review"),
         QT_TRANSLATE_NOOP("ProjectWindow", "Labeling"), QT_TRANSLATE_NOOP("ProjectWindow", "Analyses"),
         QT_TRANSLATE_NOOP("ProjectWindow", "Reports"))
# the words of the import summary and the status bar, by the engine's count keys
COUNT_WORDS = {"items": QT_TRANSLATE_NOOP("ProjectWindow", "items"), "sentences": QT_TRANSLATE_NOOP("ProjectWindow", "sentences"),
               "claims": QT_TRANSLATE_NOOP("ProjectWindow", "claims"), "passages": QT_TRANSLATE_NOOP("ProjectWindow", "passages"),
               "documents": QT_TRANSLATE_NOOP("ProjectWindow", "documents"), "hits": QT_TRANSLATE_NOOP("ProjectWindow", "hits"),
               "verdicts": QT_TRANSLATE_NOOP("ProjectWindow", "verdicts"),
               "predictions": QT_TRANSLATE_NOOP("ProjectWindow", "predictions")}     # engine/project/records.py
FIRST_LAZY = 3          # pages from here on are built on first show
STATUS_COALESCE_MS = 250   # changes announced within this time refresh the status bar's counts once
# Pages built on first show (they read the project as they are built): page -> class taking (project, parent)
LAZY_PAGES = {"Review": ReviewPage, "Labeling": LabelingPage, "Analyses": AnalysesPage, "Reports": ResultsView}
# What each lazily built page shows, so a change announcement refreshes it (when next shown). A page
# that subscribes itself (attribute `subscribes_to_changes = True`) is left to do so.
PAGE_AREAS = {
    "Review": ("runs", "verdicts", "triage", "annotations", "codebook"),
    "Labeling": ("runs", "verdicts", "annotations", "codebook"),
    "Analyses": ("runs", "annotations", "codebook", "settings"),
    "Reports": ("runs", "verdicts", "annotations", "reports", "triage"),
}


class ProjectWindow(QMainWindow):
    """One open project. The window owns the Project and closes it when it closes."""

    newRequested = Signal()
    openRequested = Signal()
    closed = Signal(object)       # the window, after its project was closed
    quitRequested = Signal()
    reopenRequested = Signal()    # Settings changed the language: rebuild the open windows in it

    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project
        self.setObjectName("projectWindow")
        resize_to_fit(self, 1400, 850)
        self._update_title()

        self.sidebar = QListWidget()
        self.sidebar.setObjectName("sidebar")
        self.sidebar.setFixedWidth(170)
        self.sidebar.setIconSize(QSize(0, 0))
        self.sidebar.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for n, name in enumerate(PAGES, start=1):
            item = QListWidgetItem(self.tr(name))
            item.setToolTip(self.tr("{name} (Ctrl+{n})").format(name=self.tr(name), n=n))
            self.sidebar.addItem(item)
        self.pages = QStackedWidget()
        self.workflow_view = WorkflowView(project)
        self.workflow_view.stepRequested.connect(self.do_step)
        self.workflow_view.prelabelsWanted.connect(self.set_prelabels_wanted)
        self.data_view = DataView(project)
        self.data_view.importRequested.connect(self.import_data)
        self.runs_view = RunsView(project)
        self.runs_view.runsChanged.connect(self._update_status)
        on_changes(self.data_view, lambda _c: self.data_view.refresh(), "datasets", "runs", project=project)
        on_changes(self.runs_view, lambda _c: self.runs_view.refresh(), "runs", "verdicts", project=project)
        # a burst of writes (labels committed one after another, ~15 ms per count read on 100k claims) reads
        # the counts once: the first change starts the timer, the ones before it fires join it
        self._status_timer = QTimer(self)
        self._status_timer.setSingleShot(True)
        self._status_timer.setInterval(STATUS_COALESCE_MS)
        self._status_timer.timeout.connect(self._update_status)
        on_changes(self, lambda _c: self._status_timer.isActive() or self._status_timer.start(),
                   "datasets", "runs", "annotations", project=project, when_hidden="call")
        self.pages.addWidget(self.workflow_view)
        self.pages.addWidget(self.data_view)
        self.pages.addWidget(self.runs_view)
        self._lazy: dict[int, type[QWidget]] = {}
        for index, name in enumerate(PAGES[FIRST_LAZY:], start=FIRST_LAZY):
            self.pages.addWidget(QWidget())
            self._lazy[index] = LAZY_PAGES[name]
        self.sidebar.currentRowChanged.connect(self._page_changed)

        body = QWidget()
        body.setObjectName("body")
        layout = QHBoxLayout(body)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.sidebar)
        layout.addWidget(self.pages, 1)
        self.setCentralWidget(body)

        status = QStatusBar()
        status.setSizeGripEnabled(False)
        self.setStatusBar(status)
        self.project_label = QLabel()
        self.project_label.setObjectName("statusProject")
        # the path may be long: let the label shrink rather than widen the window
        self.project_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.project_label.setToolTip(str(project.path))
        status.addWidget(self.project_label, 1)
        self._project_text = ""
        self._flash_timer = QTimer(self)
        self._flash_timer.setSingleShot(True)
        self._flash_timer.timeout.connect(self._end_flash)
        self.job_area = JobArea()
        status.addPermanentWidget(self.job_area)
        self._status_op: Op | None = None
        self._status_stale = False
        self._show_counts(None)             # the name at once, the counts when read
        self._update_status()
        self._data_version = self._read_data_version()
        self._version_op: Op | None = None
        QTimer.singleShot(0, self._warm_modules)

        self._build_menus()
        self.sidebar.setCurrentRow(0)

    # ---- menus -----------------------------------------------------------------------------------
    def _action(self, text: str, shortcut, slot, tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu(self.tr("&File"))
        self.new_action = self._action(self.tr("&New project…"), "Ctrl+N", self.newRequested.emit)
        self.open_action = self._action(self.tr("&Open project…"), "Ctrl+O", self.openRequested.emit)
        self.import_action = self._action(self.tr("&Import data…"), "Ctrl+I", self.import_data)
        self.import_action.setEnabled(not self.project.readonly)
        self.send_rater_action = self._action(self.tr("Send to a &rater…"), None, self.send_to_rater,
                                              self.tr("A sealed, blind package of units for a second rater to label"))
        self.merge_rater_action = self._action(self.tr("&Merge returned labels…"), None, self.merge_returned,
                                               self.tr("A rater's signed return file: check it and add the labels"))
        for a in (self.send_rater_action, self.merge_rater_action):
            a.setEnabled(not self.project.readonly)
        self.settings_action = self._action(self.tr("&Settings…"), "Ctrl+,", self.show_settings,
                                            self.tr("Interface language, annotator name and folders"))
        self.settings_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.close_action = self._action(self.tr("&Close project"), "Ctrl+W", self.close)
        self.quit_action = self._action(self.tr("&Quit"), "Ctrl+Q", self.quitRequested.emit)
        for a in (self.new_action, self.open_action):
            file_menu.addAction(a)
        file_menu.addSeparator()
        file_menu.addAction(self.import_action)
        file_menu.addSeparator()
        file_menu.addAction(self.send_rater_action)
        file_menu.addAction(self.merge_rater_action)
        file_menu.addSeparator()
        file_menu.addAction(self.settings_action)
        file_menu.addSeparator()
        file_menu.addAction(self.close_action)
        file_menu.addAction(self.quit_action)

        view_menu = bar.addMenu(self.tr("&View"))
        self.page_actions = []
        for n, name in enumerate(PAGES):
            action = self._action(self.tr(name), f"Ctrl+{n + 1}", lambda _=False, i=n: self.show_page(i))
            view_menu.addAction(action)
            self.page_actions.append(action)
        view_menu.addSeparator()
        # F5 is bound here only: pages keep their Refresh buttons without a shortcut of their own
        self.refresh_action = self._action(self.tr("&Refresh"), "F5", self.refresh_current,
                                           self.tr("Read the current page again from the project file"))
        view_menu.addAction(self.refresh_action)
        view_menu.addAction(self._action(self.tr("&Connection log…"), None, self.show_connection_log,
                                         self.tr("Every outbound connection the app made, and the offline guard")))
        self.models_action = self._action(self.tr("&Models…"), "Ctrl+M", self.show_models,
                                          self.tr("Verifier LLMs and embedders: RAM fit, add or remove models"))
        view_menu.addAction(self.models_action)

        help_menu = bar.addMenu(self.tr("&Help"))
        self.quickstart_action = self._action(self.tr("&Quick start"), "F1", lambda: workflow_actions.show_quickstart(self))
        help_menu.addAction(self.quickstart_action)
        help_menu.addAction(self._action(self.tr("&Keyboard shortcuts"), None, lambda: workflow_actions.show_shortcuts(self)))
        help_menu.addSeparator()
        help_menu.addAction(self._action(self.tr("&About factaudit"), None, self._about))

    # ---- pages -----------------------------------------------------------------------------------
    def show_page(self, index: int) -> None:
        """Show a page from a shortcut or a button: its keys work at once (pages with keys set a focus
        proxy). A click in the sidebar leaves the focus there, so the arrow keys keep moving in it."""
        self.sidebar.setCurrentRow(index)
        self.pages.currentWidget().setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _page_changed(self, index: int) -> None:
        if index >= 0:
            self._build_lazy_page(index)
            self.pages.setCurrentIndex(index)
            if self.pages.currentWidget() is self.runs_view:
                self.runs_view.refresh()    # cheap, and catches runs a job is still adding to
            self._update_status()

    def _build_lazy_page(self, index: int) -> None:
        page_cls = self._lazy.pop(index, None)
        if page_cls is None:
            return
        page = build_or_explain(self.tr(PAGES[index]), lambda: page_cls(self.project, self))
        old = self.pages.widget(index)
        self.pages.insertWidget(index, page)
        self.pages.removeWidget(old)
        old.deleteLater()
        name = PAGES[index]
        if not getattr(page, "subscribes_to_changes", False) and hasattr(page, "refresh"):
            on_changes(page, lambda _c, p=page: p.refresh(), *PAGE_AREAS.get(name, ()), project=self.project)

    def page_widget(self, name: str) -> QWidget:
        return self.pages.widget(PAGES.index(name))

    def page_index(self, name: str) -> int:
        return PAGES.index(name)

    @property
    def current_page(self) -> str:
        return PAGES[self.pages.currentIndex()]

    def refresh(self) -> None:
        """Everything may have changed: every page hears it (hidden ones refresh when next shown)."""
        announce(self.project, OpChanges.everything())
        self._update_status()

    def refresh_current(self) -> None:
        """F5: read the current page again."""
        page = self.pages.currentWidget()
        if hasattr(page, "refresh"):
            page.refresh()
        self._update_status()

    # ---- another process's writes (the command line) ---------------------------------------------
    def _read_data_version(self) -> int | None:
        try:
            return services.data_version(self.project)
        except FactAuditError as exc:   # a closed project has no version: nothing to compare with
            log.info("no data version for %s: %s", self.project.path, exc)
            return None

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow():
            self.check_external_changes()

    def check_external_changes(self) -> Op | None:
        """On regaining focus: if another process wrote the file, every page hears of it."""
        if self._version_op is not None and self._version_op.running or not self.project.is_open:
            return None

        def seen(version) -> None:
            if version is not None and self._data_version is not None and version != self._data_version:
                self.flash(self.tr("The project file was changed outside this window; pages refreshed"), 6000)
                self.refresh()
            self._data_version = version

        project = self.project
        self._version_op = (Op(self, lambda job: services.data_version(project)).title(self.tr("Checking the project file"))
                            .quiet().success(seen).failure(lambda _exc: None).run())
        return self._version_op

    def show_run_in(self, page: str, run_id: str) -> QWidget:
        """Show a page on one run (from run details): pages that can select a run are asked to."""
        self.show_page(PAGES.index(page))
        widget = self.page_widget(page)
        for candidate in (widget, *(getattr(widget, "_built", {}) or {}).values()):
            for name in ("select_run", "show_run", "set_run"):
                method = getattr(candidate, name, None)
                if callable(method):
                    try:
                        method(run_id)
                    except FactAuditError as exc:   # the page cannot show that run: it stays as it is
                        log.info("%s.%s(%s): %s", type(candidate).__name__, name, run_id, exc)
                        self.flash(self.tr("Cannot show {run_id} there: {v0}").format(run_id=run_id, v0=error_text(exc)), 8000)
                    return widget
        return widget

    # ---- the Workflow page's steps ---------------------------------------------------------------
    def do_step(self, name: str):
        return workflow_actions.do_step(self, name)

    def set_prelabels_wanted(self, wanted: bool) -> Op:
        project = self.project
        return (Op(self, lambda job: services.set_prelabels_wanted(project, wanted)).title(self.tr("Saving the choice")).quiet().run())

    def update_status(self) -> None:
        self._update_status()

    # ---- actions ---------------------------------------------------------------------------------
    def import_data(self, files: list[str] | None = None):
        if self.project.readonly:
            QMessageBox.information(self, self.tr("Import"), self.tr("The project is open read-only."))
            return None
        from factaudit.gui.dialogs.import_dialog import ImportDialog

        dialog = ImportDialog(self.project, self, files=files if isinstance(files, list) else None)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.imported.connect(self._imported)
        dialog.open()
        return dialog

    def _imported(self, result) -> None:
        counts = ", ".join(f"{i18n.number(v)} {self._count_word(k)}" for k, v in result.counts.items())
        self.flash(self.tr("Imported dataset {name}: {counts}").format(name=result.dataset.name, counts=counts), 8000)

    def _count_word(self, kind: str) -> str:
        return self.tr(COUNT_WORDS[kind]) if kind in COUNT_WORDS else kind

    # the File and View menus' dialogs (gui/window_dialogs.py)
    def send_to_rater(self, **kwargs):
        return window_dialogs.send_to_rater(self, **kwargs)

    def merge_returned(self, path: str | None = None):
        return window_dialogs.merge_returned(self, path)

    def show_connection_log(self):
        return window_dialogs.show_connection_log(self)

    def show_models(self):
        return window_dialogs.show_models(self)

    def show_settings(self):
        return window_dialogs.show_settings(self)

    def _about(self) -> None:
        """The About box once the version is read off the UI thread (a failed read says why instead)."""
        project = self.project
        QueryOp(self, op=lambda: services.project_info(project).app_version, success=self._show_about) \
            .title(self.tr("About factaudit")).run_in_background()

    def _show_about(self, version: str) -> None:
        QMessageBox.about(self, self.tr("About factaudit"),
                          self.tr("<b>factaudit {version}</b><p>Audit retrieve-then-verify fact-checking pipelines, offline. The default verifier is an embedded classifier (fast, no reasoning); the embedded LLM Qwen2.5-Coder-1.5B writes reasoning, and SmolLM2-135M is a demo-grade one kept for quick tries. For real audits put an NLI classifier folder or a stronger GGUF model into <code>local_models/</code>.</p>").format(version=version))

    # ---- title and status ------------------------------------------------------------------------
    @property
    def project_name(self) -> str:
        return Path(self.project.path).stem

    def _update_title(self) -> None:
        suffix = self.tr(" [read-only]") if self.project.readonly else ""
        self.setWindowTitle(f"{self.project_name}{suffix} — factaudit")

    def _update_status(self) -> None:
        """The status bar's counts, read in a worker (count(*) over 100,000 claims is not free)."""
        if self._status_op is not None and self._status_op.running:
            self._status_stale = True       # read again when this read ends: it may predate the change
            return
        self._status_stale = False
        project = self.project
        self._status_op = (Op(self, lambda job: services.project_info(project).counts).quiet()
                           .success(self._show_counts)
                           .failure(lambda _exc: self._show_counts(None))
                           .finished(lambda: self._status_stale and self._update_status())
                           .run())

    def _warm_modules(self) -> None:
        """Import the audit services (and the report modules they pull in) in a worker once the window is
        up: imported on first use, they took most of the UI thread's longest block (424 ms under load) when
        the Labeling page was first built on a 100k project. The import lock makes a page that needs them
        meanwhile wait for this import rather than start its own. matplotlib is not among them: only the
        chart workers use it (results_parts.PlotCanvas), and importing it here kept a worker busy for the
        first seconds of every session, which lengthened the UI thread's blocks on the first pages opened."""
        def warm(_job) -> None:
            services.label_unit  # noqa: B018 - a name's first use imports its capability module
            services.MAPPINGS  # noqa: B018

        Op(self, warm).title(self.tr("Preparing the labeling pages")).quiet().run()

    def flash(self, text: str, ms: int = 8000) -> None:
        """A note for a few seconds in the project line's place. QStatusBar's temporary message was drawn
        over the project label after an import; here one label holds one text at a time."""
        self._flash_timer.start(ms)
        self.project_label.setText(text)
        self.project_label.setToolTip(text)

    def _end_flash(self) -> None:
        self.project_label.setText(self._project_text)
        self.project_label.setToolTip(str(self.project.path))

    def _show_counts(self, counts: dict | None) -> None:
        text = Path(self.project.path).name
        if counts:
            text += "   ·   " + self.tr("{passages} passages · {items} items · {claims} claims · {runs} runs").format(
                passages=i18n.number(counts['passages']), items=i18n.number(counts['items']),
                claims=i18n.number(counts['claims_active']), runs=i18n.number(counts['runs']))
        if self.project.readonly:
            text += "   ·   " + self.tr("read-only")
        else:   # who labels here: per project, asked at the first label
            who = project_annotator(self.project)
            text += "   ·   " + (self.tr("labelling as {who}").format(who=who) if who
                                 else self.tr("labeller: asked at the first label"))
        self._project_text = text
        if not self._flash_timer.isActive():        # a note on show keeps its place until it ends
            self.project_label.setText(text)

    # ---- closing ---------------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        running = Op.running_under(self)
        for op in running:
            op.cancel()
        if running:
            self.statusBar().showMessage(self.tr("Waiting for the running job to stop…"))
        Op.wait_all(15_000)         # also the page reads still running on workers (QueryOp)
        try:
            self.project.close()
        except Exception as exc:  # noqa: BLE001 - the window closes anyway; committed work is in the file
            if isinstance(exc, FactAuditError):
                log.warning("closing %s: %s", self.project.path, exc)
            else:
                log.exception("closing %s failed", self.project.path)
            box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Close project"),
                              self.tr("The project did not close cleanly: {reason}").format(reason=error_text(exc)),
                              QMessageBox.StandardButton.Ok)
            box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            box.open()
        super().closeEvent(event)
        self.closed.emit(self)
