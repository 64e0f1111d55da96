"""The Prompts view (Analyses › Prompts, issue #34 item 1): the prompt templates by task (the shipped ones
as version 0, then every version saved in the project), one template's text, placeholders and the
messages it makes, and an editor that saves a new version. The editor's text is checked by the engine's
own validation as it is typed (the placeholders and output schema the run reading it needs); a refused
text says why in the view and is not saved. Reads run through QueryOp, the save through an Op."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, QTimer
from PySide6.QtWidgets import (
    QComboBox, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QPlainTextEdit, QPushButton, QSplitter,
    QTableWidgetItem, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.gui.ops import Op, error_text, on_changes
from factaudit.gui.query_op import QueryOp
from factaudit.gui.views.page_parts import muted_label, refresh_button, section_head
from factaudit.gui.views.tables import read_only_table

COLUMNS = (QT_TRANSLATE_NOOP("PromptsView", "Name"), QT_TRANSLATE_NOOP("PromptsView", "Version"),
           QT_TRANSLATE_NOOP("PromptsView", "Source"), QT_TRANSLATE_NOOP("PromptsView", "Task"),
           QT_TRANSLATE_NOOP("PromptsView", "sha256"), QT_TRANSLATE_NOOP("PromptsView", "Note"))
SOURCES = {"shipped": QT_TRANSLATE_NOOP("PromptsView", "shipped"), "project": QT_TRANSLATE_NOOP("PromptsView", "project")}
CHECK_DELAY_MS = 300        # the check runs once typing pauses, not on every key


def preview_text(messages: list[dict[str, str]]) -> str:
    return "\n\n".join(f"[{m['role']}]\n{m['content']}" for m in messages)


def load_prompt(project, name: str, version: int | None):
    """Worker-thread read: the template's text and the messages it makes (placeholders as <name>)."""
    return services.show_prompt(project, name, version), services.preview_prompt(project, name, version=version)


class PromptsView(QWidget):
    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project
        self.infos: list | None = None         # every PromptInfo, as read
        self.shown: list = []                  # the rows of the table
        self.current = None                    # the PromptText shown
        self.problems: list[str] | None = None  # the editor's text: why it is refused (None: not checked yet)
        self.saved = None                      # the PromptInfo of the last save
        self.op: Op | None = None
        root = QVBoxLayout(self)
        root.setContentsMargins(16, 12, 16, 12)
        root.setSpacing(8)
        head = section_head(self.tr("Prompts"))
        head.addSpacing(12)
        head.addWidget(QLabel(self.tr("Task:")))
        self.task_combo = QComboBox()
        self.task_combo.setMinimumWidth(180)
        self.task_combo.currentIndexChanged.connect(lambda _=0: self.show_list())
        head.addWidget(self.task_combo)
        head.addStretch(1)
        self.refresh_button = refresh_button(head, self.refresh)
        root.addLayout(head)
        self.status = muted_label()
        root.addWidget(self.status)

        split = QSplitter(Qt.Orientation.Horizontal)
        self.table = read_only_table([self.tr(c) for c in COLUMNS])
        self.table.setObjectName("promptsTable")
        self.table.itemSelectionChanged.connect(self.show_selected)
        split.addWidget(self.table)
        right = QWidget()
        rl = QVBoxLayout(right)
        rl.setContentsMargins(0, 0, 0, 0)
        self.placeholders_label = muted_label()
        self.placeholders_label.setTextFormat(Qt.TextFormat.PlainText)     # placeholders as <name>, like the preview
        rl.addWidget(self.placeholders_label)
        self.editor = QPlainTextEdit()
        self.editor.setObjectName("promptEditor")
        self.editor.setReadOnly(True)
        self.editor.textChanged.connect(self._text_changed)
        rl.addWidget(self.editor, 3)
        rl.addWidget(QLabel(self.tr("Filled prompt (placeholders as <name>):")))
        self.preview = QPlainTextEdit()
        self.preview.setReadOnly(True)
        rl.addWidget(self.preview, 2)
        form = QFormLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText(self.tr("lower-case letters, digits, '.', '_' or '-'"))
        form.addRow(self.tr("Save as"), self.name_edit)
        self.note_edit = QLineEdit()
        self.note_edit.setPlaceholderText(self.tr("what changed (optional)"))
        form.addRow(self.tr("Note"), self.note_edit)
        rl.addLayout(form)
        self.check_label = QLabel()
        self.check_label.setObjectName("promptCheck")
        self.check_label.setWordWrap(True)
        self.check_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        rl.addWidget(self.check_label)
        buttons = QHBoxLayout()
        self.edit_button = QPushButton(self.tr("New version…"))
        self.edit_button.setToolTip(self.tr("Edit a copy of this template and save it as a new version"))
        self.edit_button.clicked.connect(self.start_edit)
        self.save_button = QPushButton(self.tr("Save version"))
        self.save_button.clicked.connect(self.save)
        self.discard_button = QPushButton(self.tr("Discard"))
        self.discard_button.clicked.connect(self.stop_edit)
        for b in (self.edit_button, self.save_button, self.discard_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        rl.addLayout(buttons)
        split.addWidget(right)
        split.setSizes([480, 720])
        root.addWidget(split, 1)
        self._check_timer = QTimer(self)
        self._check_timer.setSingleShot(True)
        self._check_timer.setInterval(CHECK_DELAY_MS)
        self._check_timer.timeout.connect(self.check_text)
        self.editing = False
        self._update_buttons()
        on_changes(self, lambda _changes: self.refresh(), "codebook", project=project)   # prompt_versions' area
        self.refresh()

    # ---- the list --------------------------------------------------------------------------------
    @property
    def loading(self) -> bool:
        return self.infos is None

    def refresh(self) -> None:
        project = self.project
        QueryOp(self, op=lambda: services.list_prompts(project), success=self.show_infos) \
            .title("reading the prompts").run_in_background()

    def show_infos(self, infos: list) -> None:
        self.infos = infos
        task = self.task_combo.currentData()
        self.task_combo.blockSignals(True)
        self.task_combo.clear()
        self.task_combo.addItem(self.tr("all tasks"), None)
        for base in sorted({i.base for i in infos}):
            self.task_combo.addItem(base, base)
        self.task_combo.setCurrentIndex(max(0, self.task_combo.findData(task)))
        self.task_combo.blockSignals(False)
        n_project = sum(i.source == "project" for i in infos)
        self.status.setText(self.tr("{shipped} shipped templates, {project} saved versions in this project").format(
            shipped=len(infos) - n_project, project=n_project))
        self.show_list()

    def show_list(self) -> None:
        task = self.task_combo.currentData()
        shown = self.current.info if self.current else self.saved      # a version just saved is shown next
        selected = (shown.name, shown.version) if shown else None
        self.shown = sorted((i for i in (self.infos or []) if task is None or i.base == task),
                            key=lambda i: (i.base, i.source != "shipped", i.name, i.version))
        self.table.blockSignals(True)
        self.table.setRowCount(len(self.shown))
        for row, i in enumerate(self.shown):
            cells = (i.name, str(i.version), self.tr(SOURCES.get(i.source, i.source)), i.base, i.sha256[:12],
                     i.note or "")
            for col, text in enumerate(cells):
                self.table.setItem(row, col, QTableWidgetItem(text))
        self.table.blockSignals(False)
        keys = [(i.name, i.version) for i in self.shown]
        if self.shown:
            self.table.selectRow(keys.index(selected) if selected in keys else 0)
            self.show_selected()

    def show_selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if not rows or rows[0].row() >= len(self.shown) or self.editing:
            return
        info = self.shown[rows[0].row()]
        project, name, version = self.project, info.name, info.version
        QueryOp(self, op=lambda: load_prompt(project, name, version), success=self.show_prompt) \
            .title("reading a prompt").run_in_background()

    def show_prompt(self, read) -> None:
        text, messages = read
        if self.editing:
            return
        self.current = text
        self.editor.blockSignals(True)
        self.editor.setPlainText(text.body)
        self.editor.blockSignals(False)
        self.preview.setPlainText(preview_text(messages))
        self.placeholders_label.setText(self.tr("{name} v{version} for {task}, sha256 {sha}; placeholders: {names}").format(
            name=text.info.name, version=text.info.version, task=text.info.base, sha=text.info.sha256[:12],
            names=", ".join(f"<{n}>" for n in text.placeholders) or self.tr("none")))
        self._update_buttons()

    # ---- the editor ------------------------------------------------------------------------------
    def start_edit(self) -> None:
        if self.current is None:
            return
        self.editing = True
        self.saved = None
        info = self.current.info
        self.name_edit.setText(info.name if info.source == "project" else f"{info.name}-edit")
        self.note_edit.clear()
        self.editor.setReadOnly(False)
        self.editor.setFocus()
        self.check_text()
        self._update_buttons()

    def stop_edit(self) -> None:
        self.editing = False
        self.problems = None
        self.check_label.clear()
        self.editor.setReadOnly(True)
        self._update_buttons()
        self.show_selected()           # the stored text again

    def _text_changed(self) -> None:
        if self.editing:
            self.problems = None
            self._update_buttons()
            self._check_timer.start()

    def check_text(self) -> None:
        """The engine's own check of the editor's text against the task's template, off the UI thread."""
        if not self.editing or self.current is None:
            return
        body, base = self.editor.toPlainText(), self.current.info.base
        QueryOp(self, op=lambda: services.prompt_problems(body, base), success=lambda p: self.show_problems(body, p)) \
            .failure(lambda exc: self.show_problems(body, [error_text(exc)])).title("checking a prompt").run_in_background()

    def show_problems(self, body: str, problems: list[str]) -> None:
        if not self.editing or body != self.editor.toPlainText():
            return                     # typed on meanwhile: a newer check follows
        self.problems = problems
        if problems:
            self.check_label.setProperty("role", "error")
            self.check_label.setText(self.tr("Refused: {why}").format(why="; ".join(problems)))
        else:
            self.check_label.setProperty("role", "")
            self.check_label.setText(self.tr("The template keeps everything the {task} run needs.").format(
                task=self.current.info.base))
        self._update_buttons()

    def save(self) -> Op | None:
        if not self.editing or self.current is None or (self.op is not None and self.op.running):
            return None
        project, name, body = self.project, self.name_edit.text().strip(), self.editor.toPlainText()
        base, note = self.current.info.base, self.note_edit.text().strip() or None
        self.op = (Op(self, lambda job: services.add_prompt(project, name, body, base=base, note=note))
                   .title(self.tr("Saving a prompt"))
                   .success(self._saved)
                   .failure(lambda exc: self.check_label.setText(self.tr("Not saved: {why}").format(why=error_text(exc))))
                   .finished(self._update_buttons)
                   .run())
        self._update_buttons()
        return self.op

    def _saved(self, info) -> None:
        self.saved = info
        self.editing = False
        self.problems = None
        self.editor.setReadOnly(True)
        self.check_label.setText(self.tr("Saved {name} v{version} (sha256 {sha}).").format(
            name=info.name, version=info.version, sha=info.sha256[:12]))
        self.current = None
        self.refresh()

    def _update_buttons(self) -> None:
        busy = self.op is not None and self.op.running
        writable = not self.project.readonly
        self.edit_button.setEnabled(writable and not self.editing and self.current is not None and not busy)
        self.save_button.setEnabled(self.editing and not busy and self.problems == [] and bool(self.name_edit.text().strip()))
        self.discard_button.setEnabled(self.editing and not busy)
        self.name_edit.setEnabled(self.editing)
        self.note_edit.setEnabled(self.editing)
