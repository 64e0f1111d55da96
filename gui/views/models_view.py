"""Model manager: the verifier LLMs, classifier verifiers and embedders the app can use, their RAM
fit, and adding or removing local GGUF files and OpenAI-compatible endpoints (View › Models…). Add
model… takes a GGUF file or a classification folder, has the engine check it (opened, one pair run,
RAM fit) and copies or links it into local_models/; an unusable one gets the check's one sentence.

Everything goes through engine.services; hashing runs in the background (a multi-GB
GGUF takes a while) and the hashes are cached by the engine, so the second look is instant.
"""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from factaudit.engine import services as models_svc
from factaudit.gui import i18n
from factaudit.gui.views.tables import fit_rows
from factaudit.gui.ops import Op, error_text
from factaudit.gui.query_op import QueryOp


LLM_COLUMNS = [QT_TRANSLATE_NOOP("ModelsView", "Name"), QT_TRANSLATE_NOOP("ModelsView", "Source"),
               QT_TRANSLATE_NOOP("ModelsView", "Size"), QT_TRANSLATE_NOOP("ModelsView", "Quantization"),
               QT_TRANSLATE_NOOP("ModelsView", "Context"), QT_TRANSLATE_NOOP("ModelsView", "RAM fit"), "SHA-256"]
EMB_COLUMNS = [QT_TRANSLATE_NOOP("ModelsView", "Name"), QT_TRANSLATE_NOOP("ModelsView", "Source"),
               QT_TRANSLATE_NOOP("ModelsView", "Size"), QT_TRANSLATE_NOOP("ModelsView", "Path")]
# where a model comes from (the registry's `source` / the embedder's `origin`)
SOURCES = {"embedded": QT_TRANSLATE_NOOP("ModelsView", "embedded"), "local": QT_TRANSLATE_NOOP("ModelsView", "local"),
           "path": QT_TRANSLATE_NOOP("ModelsView", "path"), "package": QT_TRANSLATE_NOOP("ModelsView", "package"),
           "endpoint": QT_TRANSLATE_NOOP("ModelsView", "endpoint")}


def _tr(text: str) -> str:
    return QCoreApplication.translate("ModelsView", text)


def source_text(source: str) -> str:
    return _tr(SOURCES[source]) if source in SOURCES else source


def _thresholds_text(th: dict) -> str:
    """verifier.json thresholds in the table: the rule's own two numbers."""
    if not th:
        return "—"
    names = (("evidence", "τ_e"), ("conflict", "τ_c")) if th.get("rule") == "evidence_stance" else \
        (("supported", "τ_s"), ("refuted", "τ_r"))
    return ", ".join(f"{sym} {i18n.number(th[k], 2)}" if isinstance(th.get(k), (int, float)) else f"{sym} —" for k, sym in names)


CLF_COLUMNS = [QT_TRANSLATE_NOOP("ModelsView", "Name"), QT_TRANSLATE_NOOP("ModelsView", "Source"),
               QT_TRANSLATE_NOOP("ModelsView", "Labels map"), QT_TRANSLATE_NOOP("ModelsView", "Binary"),
               QT_TRANSLATE_NOOP("ModelsView", "Rule and thresholds"), QT_TRANSLATE_NOOP("ModelsView", "RAM fit")]   # the path: the name's tooltip
CLF_LABELS, CLF_BINARY, CLF_THRESHOLDS, CLF_FIT = 2, 3, 4, 5
VERDICT_ABBR = {"Supported": "S", "Refuted": "R", "No Evidence": "NE"}   # as in the R / R+NE mappings
COL_NAME, COL_SOURCE, COL_SIZE, COL_QUANT, COL_CTX, COL_FIT, COL_SHA = range(7)
KEY_NOTE = QT_TRANSLATE_NOOP("ModelsView", "API keys are not stored here: they come from the OS keyring, else the FACTAUDIT_API_KEY or OPENAI_API_KEY environment variable.")


def human_size(n: int | None) -> str:
    if n is None:
        return "—"
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{i18n.number(n)} {unit}" if unit == "B" else f"{i18n.number(n, 1)} {unit}"
        n /= 1024
    return f"{i18n.number(n, 1)} TB"  # pragma: no cover


def fit_text(entry) -> str:
    if entry.is_endpoint:
        return QCoreApplication.translate("ModelsView", "remote")
    if entry.fits is None:
        if entry.ram_needed_bytes is None:
            return QCoreApplication.translate("ModelsView", "unknown")
        return QCoreApplication.translate("ModelsView", "unknown (needs {size})").format(size=human_size(entry.ram_needed_bytes))
    template = QCoreApplication.translate("ModelsView", "fits ({needed} of {total})") if entry.fits else QCoreApplication.translate("ModelsView", "too large ({needed} of {total})")
    return template.format(needed=human_size(entry.ram_needed_bytes), total=human_size(entry.ram_total_bytes))


class EndpointDialog(QDialog):
    """Name, base URL and model name of an OpenAI-compatible server; never the key."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Add endpoint"))
        form = QFormLayout(self)
        self.name_edit = QLineEdit()
        self.url_edit = QLineEdit()
        self.url_edit.setPlaceholderText("http://localhost:8000/v1")
        self.model_edit = QLineEdit()
        self.model_edit.setPlaceholderText(self.tr("the server's model name"))
        form.addRow(self.tr("Name"), self.name_edit)
        form.addRow(self.tr("Base URL"), self.url_edit)
        form.addRow(self.tr("Model"), self.model_edit)
        note = QLabel(_tr(KEY_NOTE))
        note.setWordWrap(True)
        form.addRow(note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def values(self) -> tuple[str, str, str]:
        model = self.model_edit.text().strip()
        url = self.url_edit.text().strip()
        return (self.name_edit.text().strip() or model, url, model)


class ModelsView(QWidget):
    def __init__(self, project=None, parent=None):
        super().__init__(parent)
        self.project = project  # models are per machine, not per project; kept for symmetry with views
        self.entries: list = []
        self.classifiers: list = []
        self.embedders: list = []
        self.hashes: dict[str, str] = {}
        self._hash_op: Op | None = None

        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("<b>Verifier LLMs</b>")))
        self.llm_table = self._table([self.tr(c) for c in LLM_COLUMNS])
        self.llm_table.itemSelectionChanged.connect(self._update_buttons)
        layout.addWidget(self.llm_table, 3)

        self.note_label = QLabel()
        self.note_label.setWordWrap(True)
        layout.addWidget(self.note_label)

        buttons = QHBoxLayout()
        self.add_button = QPushButton(self.tr("Add model…"))
        self.add_button.setToolTip(self.tr("A GGUF file or a classification folder: checked (opened, one pair run, RAM fit), then copied or linked into local_models/"))
        add_menu = QMenu(self.add_button)
        add_menu.addAction(self.tr("Copy a GGUF file…"), lambda: self.add_file("copy"))
        add_menu.addAction(self.tr("Link a GGUF file…"), lambda: self.add_file("link"))
        add_menu.addSeparator()
        add_menu.addAction(self.tr("Copy a classification folder…"), lambda: self.add_folder("copy"))
        add_menu.addAction(self.tr("Link a classification folder…"), lambda: self.add_folder("link"))
        self.add_button.setMenu(add_menu)
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.setToolTip(self.tr("Delete the selected local GGUF file (the embedded model and endpoints stay)"))
        self.remove_button.clicked.connect(self.remove_selected)
        self.endpoint_button = QPushButton(self.tr("Add endpoint…"))
        self.endpoint_button.clicked.connect(self.add_endpoint)
        self.fit_button = QPushButton(self.tr("Show fit check details"))
        self.fit_button.clicked.connect(self.show_fit_details)
        for b in (self.add_button, self.remove_button, self.endpoint_button, self.fit_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        key_note = QLabel(self.tr(KEY_NOTE))
        key_note.setWordWrap(True)
        layout.addWidget(key_note)

        layout.addWidget(QLabel(self.tr("<b>Classifier verifiers</b> (fast verdicts, each with the sentence that drove it)")))
        self.clf_table = self._table([self.tr(c) for c in CLF_COLUMNS])
        header = self.clf_table.horizontalHeader()      # the labels map takes the room, the RAM fit stays whole
        header.setSectionResizeMode(CLF_LABELS, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(CLF_FIT, QHeaderView.ResizeMode.ResizeToContents)
        layout.addWidget(self.clf_table, 2)

        layout.addWidget(QLabel(self.tr("<b>Embedders</b>")))
        self.emb_table = self._table([self.tr(c) for c in EMB_COLUMNS])
        layout.addWidget(self.emb_table, 1)
        self.status_label = QLabel()
        layout.addWidget(self.status_label)
        self.refresh()

    @staticmethod
    def _table(columns: list[str]) -> QTableWidget:
        t = QTableWidget(0, len(columns))
        t.setHorizontalHeaderLabels(columns)
        t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        t.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        t.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        t.verticalHeader().setVisible(False)
        # the last column (hash or path) takes the leftover width and elides in the middle, so both
        # ends of a 64-digit hash stay visible without a horizontal scroll bar
        header = t.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(columns) - 1, QHeaderView.ResizeMode.Stretch)
        t.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        t.setWordWrap(False)
        fit_rows(t, 2)       # the dialog scrolls on a small screen rather than squeezing the tables
        return t

    # ---- data ------------------------------------------------------------------------------------
    def refresh(self, select: str | None = None) -> None:
        """Re-read the models; `select`: the entry to select once they are read."""
        # the registry reads every model file's header and scans the model folders: off the UI thread
        self.note_label.setText(QCoreApplication.translate("PageRead", "Reading…"))
        QueryOp(self, op=lambda: (models_svc.llm_models(), models_svc.classifier_models(), models_svc.embedder_entries(),
                                  models_svc.local_models_folders()),
                success=lambda read: (self._read(read), select and self.select(select))) \
            .failure(self._read_failed).title("reading the models").run_in_background()

    def _read_failed(self, exc: BaseException) -> None:
        self.status_label.setText(error_text(exc))
        self._read(([], [], [], []))

    def _read(self, read) -> None:
        self.entries, self.classifiers, self.embedders, folders = read
        self._fill_llms()
        self._fill_classifiers()
        self._fill_embedders()
        demo = [e for e in self.entries if e.demo_grade]
        note = self.tr("<b>demo-grade:</b> {name} is a 135M model, fine for trying the pipeline but not for real audits. Add a stronger GGUF (e.g. a 7–8B instruct model) to local_models/: <code>{folder}</code>").format(name=demo[0].name,
                                                       folder=folders[0] if folders else 'local_models/') if demo else ""
        weak = [e for e in self.classifiers if e.demo_grade]
        if weak:     # the default verifier: the README promises this page says it is demo-grade
            note += ("<br>" if note else "") + self.tr("<b>demo-grade:</b> the embedded classifier {name} is the default verifier but below the accuracy targets on SciFact dev (README). For real audits put an NLI classifier folder into local_models/.").format(name=weak[0].name)
        self.note_label.setText(note)
        self._update_buttons()
        self._start_hashing()

    def _fill_llms(self) -> None:
        t = self.llm_table
        t.setRowCount(len(self.entries))
        for row, e in enumerate(self.entries):
            name = e.name + (self.tr("  [demo-grade]") if e.demo_grade else "")
            source = source_text(e.source) if not e.is_endpoint else \
                self.tr("endpoint ({url}, {model})").format(url=e.base_url, model=e.model_name)
            cells = [name, source, human_size(e.size_bytes), e.quantization or "—",
                     i18n.number(e.context_length) if e.context_length else "—", fit_text(e),
                     self.hashes.get(e.path or "", "…" if e.path else "—")]
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if col == COL_NAME:
                    item.setData(Qt.ItemDataRole.UserRole, e.name)
                    if e.note:
                        item.setToolTip(e.note)
                if col == COL_FIT and e.fits is not None:
                    item.setForeground(QColor("#1a7f37") if e.fits else QColor("#c62828"))
                if col == COL_SHA and e.path:
                    item.setToolTip(e.path)
                t.setItem(row, col, item)

    def _fill_classifiers(self) -> None:
        t = self.clf_table
        t.setRowCount(len(self.classifiers))
        for row, e in enumerate(self.classifiers):
            labels = e.extra.get("labels_map")
            usable = bool(labels)
            th = e.extra.get("thresholds") or {}
            cells = [e.name + (self.tr("  [demo-grade]") if e.demo_grade else ""), source_text(e.source),
                     ", ".join(f"{k} → {VERDICT_ABBR.get(v, v)}" for k, v in labels.items()) if usable
                     else self.tr("not usable: {note}").format(note=e.note),
                     (self.tr("yes (never Refuted)") if e.extra.get("binary") else self.tr("no")) if usable else "—",
                     _thresholds_text(th),
                     fit_text(e)]
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if col == 0:
                    item.setData(Qt.ItemDataRole.UserRole, e.name)
                    item.setToolTip("\n".join(t for t in (e.path, e.note if e.demo_grade else None) if t))
                if col == CLF_LABELS and usable:
                    item.setToolTip("\n".join(f"{k} → {v}" for k, v in labels.items()))
                if col == CLF_LABELS and not usable:
                    item.setForeground(QColor("#c62828"))
                    item.setToolTip(e.note or "")
                if col == CLF_FIT and e.fits is not None:
                    item.setForeground(QColor("#1a7f37") if e.fits else QColor("#c62828"))
                t.setItem(row, col, item)

    def classifier(self, name: str):
        return next((e for e in self.classifiers if e.name == name), None)

    def _fill_embedders(self) -> None:
        t = self.emb_table
        t.setRowCount(len(self.embedders))
        for row, e in enumerate(self.embedders):
            for col, text in enumerate([e.name, source_text(e.origin), human_size(e.size_bytes), e.path]):
                t.setItem(row, col, QTableWidgetItem(text))

    def _start_hashing(self) -> None:
        paths = [e.path for e in self.entries if e.path and e.path not in self.hashes]
        if not paths:
            return
        if self._hash_op is not None and self._hash_op.running:
            self._hash_op.cancel()
        self._hash_op = (Op(self, lambda job: models_svc.model_hashes(paths, job.progress, job.cancel))
                         .title(self.tr("Hashing model files"))
                         .success(self._hashed).failure(lambda exc: self.status_label.setText(error_text(exc))).run())

    def _hashed(self, hashes: dict[str, str]) -> None:
        self.hashes.update(hashes)
        for row, e in enumerate(self.entries):
            if e.path in hashes:
                self.llm_table.item(row, COL_SHA).setText(hashes[e.path])

    def sha256_of(self, name: str) -> str | None:
        e = self.entry(name)
        return self.hashes.get(e.path) if e and e.path else None

    def entry(self, name: str):
        return next((e for e in self.entries if e.name == name), None)

    def selected_entry(self):
        rows = self.llm_table.selectionModel().selectedRows()
        if not rows:
            return None
        name = self.llm_table.item(rows[0].row(), COL_NAME).data(Qt.ItemDataRole.UserRole)
        return self.entry(name)

    def select(self, name: str) -> None:
        for row, e in enumerate(self.entries):
            if e.name == name:
                self.llm_table.selectRow(row)
        for row, e in enumerate(self.classifiers):
            if e.name == name:
                self.clf_table.selectRow(row)

    def _update_buttons(self) -> None:
        e = self.selected_entry()
        self.remove_button.setEnabled(e is not None and e.source in ("local", "endpoint"))
        self.fit_button.setEnabled(e is not None)

    # ---- actions ---------------------------------------------------------------------------------
    def add_file(self, how: str = "copy") -> Op | None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Add a GGUF model"), "", self.tr("GGUF models (*.gguf);;All files (*)"))
        return self.add_path(path, how) if path else None

    def add_folder(self, how: str = "copy") -> Op | None:
        path = QFileDialog.getExistingDirectory(self, self.tr("Add a classification folder (config.json, tokenizer, weights)"))
        return self.add_path(path, how) if path else None

    def add_path(self, path: str, how: str = "copy") -> Op:
        """Check the model at `path` in the engine, then copy or link it into local_models/."""
        self.add_button.setEnabled(False)
        self.status_label.setText(self.tr("Checking {path} (opening it and running one pair)…").format(path=path))
        return (Op(self, lambda job: models_svc.add_checked_model(path, how, job.progress, job.cancel))
                .title(self.tr("Adding model")).success(self._added).failure(self._failed)
                .finished(lambda: self.add_button.setEnabled(True)).run())

    def _added(self, added) -> None:
        if added.sha256:
            self.hashes[added.entry.path] = added.sha256
        self.refresh(select=added.entry.name)
        digest = f" (sha256 {added.sha256[:12]}…)" if added.sha256 else ""
        template = self.tr("Linked {name}{digest}: {message}") if added.how == "link" else \
            self.tr("Added {name}{digest}: {message}")
        self.status_label.setText(template.format(name=added.entry.name, digest=digest, message=added.message))

    def _failed(self, exc: BaseException) -> None:
        self.status_label.setText(error_text(exc))
        QMessageBox.warning(self, self.tr("Models"), error_text(exc))

    def remove_selected(self) -> Op | None:
        e = self.selected_entry()
        if e is None or e.source not in ("local", "endpoint"):
            return None
        what = self.tr("Delete the file {path}?").format(path=e.path) if e.source == "local" else \
            self.tr("Forget the endpoint {name}?").format(name=e.name)
        answer = QMessageBox.question(self, self.tr("Remove model"), what)
        if answer != QMessageBox.StandardButton.Yes:
            return None

        def removed(_result) -> None:
            self.hashes.pop(e.path or "", None)
            self.refresh()
            self.status_label.setText(QCoreApplication.translate("ModelsView", "Removed {name}").format(name=e.name))

        local = e.source == "local"
        return (Op(self, lambda job: models_svc.remove_model(e.name) if local else models_svc.remove_endpoint(e.name))
                .title(self.tr("Removing model")).quiet().success(removed).failure(self._failed).run())

    def add_endpoint(self) -> Op | None:
        dialog = EndpointDialog(self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        values = dialog.values()

        def added(entry) -> None:
            self.refresh(select=entry.name)

        return (Op(self, lambda job: models_svc.add_endpoint(*values)).title(self.tr("Adding endpoint")).quiet().success(added).failure(self._failed).run())

    def show_fit_details(self) -> str | None:
        e = self.selected_entry()
        if e is None:
            return None
        text = models_svc.fit_check_text(e)
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("Fit check"), text, QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return text
