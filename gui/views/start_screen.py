"""The start screen: new, open, the demo, and recent projects."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QFrame, QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QMenu, QPushButton, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.gui import settings
from factaudit.gui.views.job_area import JobArea
from factaudit.gui.screen import resize_to_fit

VERIFIER_NOTE = (
    QT_TRANSLATE_NOOP("StartScreen", "Runs offline on embedded models. Verify uses the embedded classifier ({classifier}: fast verdicts, no reasoning) unless you choose the embedded LLM (Qwen2.5-Coder-1.5B, which writes reasoning, about half a minute a claim on 2 cores; SmolLM2-135M is a faster demo-grade one). For real audits put an NLI classifier folder or a stronger GGUF model into <b>local_models/</b> or use an OpenAI-compatible endpoint.")
)


def _home_relative(path: Path) -> str:
    try:
        return "~/" + path.relative_to(Path.home()).as_posix()
    except ValueError:
        return str(path)


class StartScreen(QWidget):
    newRequested = Signal()
    openRequested = Signal()
    demoRequested = Signal()
    rebuildDemoRequested = Signal()
    recentActivated = Signal(str)
    settingsRequested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("startScreen")
        self.setWindowTitle("factaudit")
        resize_to_fit(self, 920, 580)

        root = QVBoxLayout(self)
        root.setContentsMargins(40, 36, 40, 16)
        root.setSpacing(18)

        title = QLabel("factaudit")
        title.setObjectName("appTitle")
        tagline = QLabel(self.tr("Open the black box of retrieve-then-verify fact-checking: run the pipeline, score it against expert labels, and label why it failed."))
        tagline.setObjectName("tagline")
        tagline.setWordWrap(True)
        root.addWidget(title)
        root.addWidget(tagline)

        columns = QHBoxLayout()
        columns.setSpacing(32)
        actions = QVBoxLayout()
        actions.setSpacing(10)
        self.new_button = self._big_button(self.tr("New project…"), self.tr("Create an empty project file (Ctrl+N)"))
        self.open_button = self._big_button(self.tr("Open project…"), self.tr("Open a .faproj file (Ctrl+O)"))
        self.demo_button = self._big_button(self.tr("Open demo"), self.tr("SciFact claims with their abstracts and clinician-labelled " "MedExpert answers, built on this machine"))
        self.demo_button.setObjectName("primary")
        self.new_button.clicked.connect(self.newRequested)
        self.open_button.clicked.connect(self.openRequested)
        self.demo_button.clicked.connect(self.demoRequested)
        for b in (self.demo_button, self.new_button, self.open_button):
            actions.addWidget(b)
        demo_note = QLabel(self.tr("The demo: 100 SciFact claims with 1,201 abstracts (gold evidence), and clinician-labelled MedExpert answers, sentence by sentence."))
        demo_note.setObjectName("muted")
        demo_note.setWordWrap(True)
        demo_note.setMaximumWidth(220)
        actions.addSpacing(6)
        actions.addWidget(demo_note)
        self.rebuild_button = QPushButton(self.tr("Rebuild the demo…"))
        self.rebuild_button.setObjectName("linkButton")
        self.rebuild_button.setFlat(True)
        self.rebuild_button.setToolTip(self.tr("Build the demo project from scratch (a few minutes in the background); Open demo opens the one already built"))
        self.rebuild_button.clicked.connect(self.rebuildDemoRequested)
        actions.addWidget(self.rebuild_button, 0, Qt.AlignmentFlag.AlignLeft)
        # the language and the annotator name are chosen before any project is open too
        self.settings_button = QPushButton(self.tr("Settings…"))
        self.settings_button.setObjectName("linkButton")
        self.settings_button.setFlat(True)
        self.settings_button.setToolTip(self.tr("Interface language, annotator name and folders (Ctrl+,)"))
        self.settings_button.clicked.connect(self.settingsRequested)
        actions.addWidget(self.settings_button, 0, Qt.AlignmentFlag.AlignLeft)
        actions.addStretch(1)
        columns.addLayout(actions)

        recent_box = QVBoxLayout()
        recent_box.setSpacing(6)
        recent_title = QLabel(self.tr("Recent projects"))
        recent_title.setObjectName("sectionTitle")
        self.recent = QListWidget()
        self.recent.setObjectName("recentList")
        self.recent.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.recent.customContextMenuRequested.connect(self._recent_menu)
        self.recent.itemActivated.connect(self._activate)
        self.recent.itemDoubleClicked.connect(self._activate)
        self.recent_empty = QLabel(self.tr("Projects you open appear here."))
        self.recent_empty.setObjectName("muted")
        recent_box.addWidget(recent_title)
        recent_box.addWidget(self.recent, 1)
        recent_box.addWidget(self.recent_empty)
        columns.addLayout(recent_box, 1)
        root.addLayout(columns, 1)

        note = QLabel(self.tr(VERIFIER_NOTE).replace("{classifier}", services.DEFAULT_CLASSIFIER))
        note.setObjectName("note")
        note.setWordWrap(True)
        note.setTextFormat(Qt.TextFormat.RichText)
        root.addWidget(note)

        self.rule = QFrame()
        self.rule.setFrameShape(QFrame.Shape.HLine)
        self.rule.setObjectName("rule")
        root.addWidget(self.rule)
        self.job_area = JobArea()
        root.addWidget(self.job_area)
        self.rule.hide()   # shown while the demo builds
        self.job_area.hide()

        for text, key, signal in ((self.tr("New"), "Ctrl+N", self.newRequested), (self.tr("Open"), "Ctrl+O", self.openRequested),
                                  (self.tr("Settings…"), "Ctrl+,", self.settingsRequested)):
            action = QAction(text, self)
            action.setShortcut(QKeySequence(key))
            action.triggered.connect(signal)
            self.addAction(action)
        self.reload_recent()

    @staticmethod
    def _big_button(text: str, tip: str) -> QPushButton:
        button = QPushButton(text)
        button.setMinimumSize(220, 44)
        button.setToolTip(tip)
        button.setProperty("big", True)
        return button

    def reload_recent(self) -> None:
        self.recent.clear()
        for path in settings.recent_projects():
            p = Path(path)
            missing = not p.exists()
            item = QListWidgetItem()
            item.setData(Qt.ItemDataRole.UserRole, path)
            item.setToolTip(path + "\n" + self.tr("(file not found)") if missing else path)
            row = QWidget()
            row.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
            lay = QVBoxLayout(row)
            lay.setContentsMargins(10, 6, 10, 6)
            lay.setSpacing(1)
            name = QLabel(p.stem + (self.tr("  (not found)") if missing else ""))
            name.setObjectName("recentMissing" if missing else "recentName")
            where = QLabel(_home_relative(p.parent))
            where.setObjectName("muted")
            lay.addWidget(name)
            lay.addWidget(where)
            item.setSizeHint(row.sizeHint())
            self.recent.addItem(item)
            self.recent.setItemWidget(item, row)
        has = self.recent.count() > 0
        self.recent.setVisible(has)
        self.recent_empty.setVisible(not has)

    def recent_paths(self) -> list[str]:
        return [self.recent.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.recent.count())]

    def set_busy(self, busy: bool) -> None:
        for b in (self.new_button, self.open_button, self.demo_button, self.rebuild_button):
            b.setEnabled(not busy)
        self.recent.setEnabled(not busy)
        if busy:
            self.rule.show()
            self.job_area.show()
        # after the work the job area stays to show how it ended, until the next start

    def _activate(self, item: QListWidgetItem) -> None:
        self.recentActivated.emit(item.data(Qt.ItemDataRole.UserRole))

    def _recent_menu(self, pos) -> None:
        item = self.recent.itemAt(pos)
        if item is None:
            return
        menu = QMenu(self)
        remove = menu.addAction(self.tr("Remove from list"))
        if menu.exec(self.recent.mapToGlobal(pos)) is remove:
            settings.remove_recent(item.data(Qt.ItemDataRole.UserRole))
            self.reload_recent()
