"""Import files into the project: choose files; the format and kind are recognised from the content
(and can be overridden); check a preview, map fields and label values, see what the import would do
(the dry run), then import all or nothing — or the valid records only — in the background. Problems
found by the importer are listed in the dialog."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView, QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QFrame, QHBoxLayout,
    QHeaderView, QLabel, QLineEdit, QListWidget, QPushButton, QScrollArea, QSplitter, QTableWidget, QTableWidgetItem,
    QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.engine.errors import FactAuditError
from factaudit.engine.i18n import localize
from factaudit.gui import i18n
from factaudit.gui.dialogs.import_mapping import cell_text, guess_column, parse_files
from factaudit.gui.dialogs.import_plan import ImportPlanPanel
from factaudit.gui.dialogs.import_run import ImportRunning
from factaudit.gui.ops import Op, error_text
from factaudit.gui.query_op import QueryOp
from factaudit.gui.screen import resize_to_fit

PREVIEW_ROWS = 20
GENERIC = ("jsonl", "csv")
NOT_MAPPED = QT_TRANSLATE_NOOP("ImportDialog", "— not in file —")
# what a file holds (engine.ingest.KINDS); the id stays visible, the CLI's --kind takes it
KIND_NAMES = {"corpus": QT_TRANSLATE_NOOP("ImportDialog", "Passages (corpus)"),
              "claims": QT_TRANSLATE_NOOP("ImportDialog", "Claims"),
              "answers": QT_TRANSLATE_NOOP("ImportDialog", "Answers with sentences"),
              "verdicts": QT_TRANSLATE_NOOP("ImportDialog", "Verdicts of a verifier"),
              "run": QT_TRANSLATE_NOOP("ImportDialog", "Retrieval run (ranked passages)"),
              "choices": QT_TRANSLATE_NOOP("ImportDialog", "Chosen answers (multi-answer items)"),
              "candidates": QT_TRANSLATE_NOOP("ImportDialog", "Candidate answers (conflict items)")}


def _file_read(read, *args):
    """(result, None), or (None, the error) when the file is missing, unreadable or of no known format:
    the dialog says so in its note (a slow or network disk must not freeze the dialog, so this runs in
    the background)."""
    try:
        return read(*args), None
    except (FactAuditError, OSError) as exc:
        return None, exc


class ImportDialog(ImportRunning, QDialog):
    imported = Signal(object)   # engine ImportResult

    def __init__(self, project, parent: QWidget | None = None, files: list[str] | None = None):
        super().__init__(parent)
        self.project = project
        self.setWindowTitle(self.tr("Import data"))
        self.setObjectName("importDialog")
        resize_to_fit(self, 980, 720)
        self.files: list[str] = []
        self.columns: list[str] = []
        self.op: Op | None = None
        self.plan_op: Op | None = None
        self.guess = None              # services.FormatGuess of the first file, or None
        self.guess_error = ""
        self._reading: set[str] = set()     # "format", "preview": file reads still running
        self.result = None
        formats, kinds = services.import_choices()

        # everything but the buttons scrolls: at 150 % on a 1280x720 screen the dialog is taller than
        # the screen, and Import / Cancel must stay reachable
        body = QWidget()
        root = QVBoxLayout(body)
        root.setSpacing(10)
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        files_row = QHBoxLayout()
        self.files_edit = QLineEdit()
        self.files_edit.setPlaceholderText(self.tr("One or more .jsonl, .csv or dataset files"))
        self.files_edit.editingFinished.connect(self._files_edited)
        browse = QPushButton(self.tr("Choose…"))
        browse.setAutoDefault(False)
        browse.clicked.connect(self.choose_files)
        files_row.addWidget(self.files_edit, 1)
        files_row.addWidget(browse)
        form.addRow(self.tr("Files"), files_row)

        self.format_combo = QComboBox()
        self.format_combo.addItem(self.tr("Automatic (recognised from the content)"), None)
        for f in formats:
            label = self.tr("{f} (generic)").format(f=f) if f in GENERIC else self.tr("{f} (adapter)").format(f=f)
            self.format_combo.addItem(label, f)
        self.format_combo.currentIndexChanged.connect(lambda _: self._settings_changed(self._reload))
        form.addRow(self.tr("Format"), self.format_combo)

        self.kind_combo = QComboBox()
        self.kind_combo.addItem(self.tr("Chosen by the adapter"), None)
        for k in kinds:
            self.kind_combo.addItem(f"{self.tr(KIND_NAMES[k])} — {k}" if k in KIND_NAMES else k, k)
        self.kind_combo.currentIndexChanged.connect(lambda _: self._settings_changed(self._fill_mapping))
        form.addRow(self.tr("Kind"), self.kind_combo)

        names_row = QHBoxLayout()
        self.dataset_edit = QLineEdit()
        self.dataset_edit.setPlaceholderText(self.tr("the file name"))
        self.prefix_edit = QLineEdit()
        self.prefix_edit.setPlaceholderText(self.tr("none"))
        self.prefix_edit.setToolTip(self.tr("Prefix every imported id, to keep ids that collide with existing ones apart"))
        self.split_combo = QComboBox()
        self.split_combo.setEditable(True)
        self.split_combo.addItems(["", "train", "dev", "test"])
        self.split_combo.setMinimumWidth(90)
        names_row.addWidget(self.dataset_edit, 2)
        names_row.addWidget(QLabel(self.tr("Id prefix")))
        names_row.addWidget(self.prefix_edit, 1)
        names_row.addWidget(QLabel(self.tr("Split")))
        names_row.addWidget(self.split_combo)
        form.addRow(self.tr("Dataset name"), names_row)

        values_row = QHBoxLayout()
        self.values_edit = QLineEdit()
        self.values_edit.setObjectName("valueMap")
        self.values_edit.setPlaceholderText(self.tr("optional, e.g. label=0:Supported,1:No Evidence,2:Refuted"))
        self.values_edit.setToolTip(self.tr("Rewrite the values of a field while importing: FIELD=VALUE:NEW,VALUE:NEW; separate several fields with ';'"))
        self.values_edit.textChanged.connect(lambda _: self.plan_panel.clear())
        self.skip_check = QCheckBox(self.tr("Import the valid records, list the others in a side file"))
        self.skip_check.setToolTip(self.tr("Off: the import is all or nothing. On: invalid records are left out and written to <file>.rejected.jsonl with the reason for each."))
        self.skip_check.toggled.connect(lambda _: self.plan_panel.clear())
        values_row.addWidget(self.values_edit, 1)
        values_row.addWidget(self.skip_check)
        form.addRow(self.tr("Label values"), values_row)
        root.addLayout(form)

        self.note = QLabel()
        self.note.setObjectName("muted")
        self.note.setWordWrap(True)
        root.addWidget(self.note)

        split = QSplitter(Qt.Orientation.Horizontal)
        preview_box = QWidget()
        pv = QVBoxLayout(preview_box)
        pv.setContentsMargins(0, 0, 0, 0)
        pv.addWidget(self._section(self.tr("Preview (first rows)")))
        self.preview = QTableWidget(0, 0)
        self.preview.setObjectName("previewTable")
        self.preview.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.preview.setWordWrap(False)
        self.preview.verticalHeader().hide()
        pv.addWidget(self.preview)
        mapping_box = QWidget()
        mv = QVBoxLayout(mapping_box)
        mv.setContentsMargins(0, 0, 0, 0)
        mv.addWidget(self._section(self.tr("Field mapping  (* required)")))
        self.mapping = QTableWidget(0, 2)
        self.mapping.setObjectName("mappingTable")
        self.mapping.setHorizontalHeaderLabels([self.tr("Our field"), self.tr("Column in the file")])
        self.mapping.verticalHeader().hide()
        self.mapping.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.mapping.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.mapping.verticalHeader().setDefaultSectionSize(30)
        mv.addWidget(self.mapping)
        split.addWidget(preview_box)
        split.addWidget(mapping_box)
        split.setSizes([620, 340])
        root.addWidget(split, 3)
        self.plan_panel = ImportPlanPanel()
        root.addWidget(self.plan_panel)

        self.errors_title = QLabel(self.tr("Nothing was imported. Fix these problems and try again:"))
        self.errors_title.setObjectName("errorTitle")
        self.errors = QListWidget()
        self.errors.setObjectName("errorList")
        self.errors.setMaximumHeight(150)
        root.addWidget(self.errors_title)
        root.addWidget(self.errors, 1)
        self._show_errors([])

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.check_button = self.buttons.addButton(self.tr("Check"), QDialogButtonBox.ButtonRole.ActionRole)
        self.check_button.setToolTip(self.tr("Read the files and show what the import would write, without writing (Ctrl+K)"))
        self.check_button.setShortcut("Ctrl+K")
        self.check_button.setAutoDefault(False)
        self.check_button.clicked.connect(self.check)
        self.import_button = self.buttons.addButton(self.tr("Import"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.import_button.setObjectName("primary")
        self.import_button.setDefault(True)
        self.buttons.accepted.connect(self.start_import)
        self.buttons.rejected.connect(self.reject)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        outer = QVBoxLayout(self)
        outer.addWidget(scroll, 1)
        outer.addWidget(self.buttons)
        self.files_edit.setFocus()
        if files:
            self.set_files(files)
        else:
            self._reload()

    def keyPressEvent(self, e) -> None:
        # Enter in the Files field reads the typed paths; it must not start an import of a file the
        # user has not seen previewed yet
        if e.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.files_edit.hasFocus():
            self._files_edited()
            return
        super().keyPressEvent(e)

    @staticmethod
    def _section(text: str) -> QLabel:
        label = QLabel(text)
        label.setObjectName("subsectionTitle")
        return label

    # ---- choosing ------------------------------------------------------------------------------
    def choose_files(self) -> None:
        patterns = self.tr("Data files (*.jsonl *.ndjson *.csv *.json *.tsv *.txt *.run);;All files (*)")
        files, _ = QFileDialog.getOpenFileNames(self, self.tr("Choose files to import"), "", patterns)
        if files:
            self.set_files(files)

    def _files_edited(self) -> None:
        # also fires on focus loss while the dialog is torn down: act only on a real change
        files = parse_files(self.files_edit.text())
        if files != self.files:
            self.set_files(files)

    def set_files(self, files: list[str]) -> None:
        self.files = [str(f) for f in files]
        # what was said about the previous files is not true of these
        self._show_errors([])
        self.plan_panel.clear()
        self.files_edit.setText("; ".join(self.files))
        if self.files and not self.dataset_edit.text():
            self.dataset_edit.setPlaceholderText(Path(self.files[0]).stem)
        self._detect()          # reloads the preview once the format is known
        if not self.files:
            self._reload()

    @property
    def loading(self) -> bool:
        """True while the first file's format or preview is being read (Check and Import wait for it)."""
        return bool(self._reading)

    def _began(self, what: str) -> None:
        self._reading.add(what)
        self._update_buttons()

    def _ended(self, what: str, then, result, exc: BaseException | None) -> None:
        self._reading.discard(what)
        self._update_buttons()
        then(result, exc)

    def _update_buttons(self) -> None:
        idle = not self.loading and not (self.op is not None and self.op.running)
        self.import_button.setEnabled(idle)
        self.check_button.setEnabled(idle and not (self.plan_op is not None and self.plan_op.running))

    def _detect(self) -> None:
        self.guess, self.guess_error = None, ""
        if not self.files:
            return
        first = self.files[0]
        self.note.setText(QCoreApplication.translate("PageRead", "Reading…"))
        self._began("format")
        QueryOp(self, op=lambda: _file_read(services.detect_import_format, first),
                success=lambda r: self._ended("format", self._detected_format, *r)) \
            .failure(lambda exc: self._ended("format", self._detected_format, None, exc)) \
            .title("reading the file's format").run_in_background()

    def _detected_format(self, guess, exc) -> None:
        self.guess, self.guess_error = guess, error_text(exc) if exc is not None else ""
        # adapters tell each file's kind themselves (a corpus and its claims are imported together)
        if (self.guess is not None and self.guess.kind and self.guess.format in GENERIC
                and self.kind_combo.currentData() is None):
            self.kind_combo.blockSignals(True)
            self.set_kind(self.guess.kind)
            self.kind_combo.blockSignals(False)
        self._reload()

    def _settings_changed(self, then) -> None:
        self.plan_panel.clear()
        then()

    def set_kind(self, kind: str | None) -> None:
        self.kind_combo.setCurrentIndex(max(0, self.kind_combo.findData(kind)))

    def set_format(self, fmt: str | None) -> None:
        self.format_combo.setCurrentIndex(max(0, self.format_combo.findData(fmt)))

    @property
    def fmt(self) -> str | None:
        chosen = self.format_combo.currentData()
        if chosen:
            return chosen
        return self.guess.format if self.guess is not None else None

    @property
    def kind(self) -> str | None:
        return self.kind_combo.currentData()

    def _reload(self) -> None:
        if "format" in self._reading:
            return                      # the format read ends with a reload
        self.columns = []
        self.preview.clear()
        self.preview.setRowCount(0)
        self.preview.setColumnCount(0)
        fmt = self.fmt
        if not self.files:
            self.note.setText(self.tr("Choose the files to import. JSONL and CSV files are read with the field mapping below; the dataset adapters (SciFact, HealthVer, …) read their own layout."))
        elif fmt is None:
            self.note.setText(self.tr("{v0} Choose it above.").format(v0=self.guess_error or self.tr("The format cannot be recognised.")))
        elif fmt in GENERIC:
            first = self.files[0]
            self.note.setText(QCoreApplication.translate("PageRead", "Reading…"))
            self._began("preview")
            QueryOp(self, op=lambda: _file_read(services.preview_file, first, fmt, PREVIEW_ROWS),
                    success=lambda r: self._ended("preview", self._previewed, *r)) \
                .failure(lambda exc: self._ended("preview", self._previewed, None, exc)) \
                .title("reading the preview").run_in_background()
            return
        else:
            self.note.setText(self.tr("{v0}The {fmt} adapter reads its own layout; no mapping needed.").format(v0=self._detected(), fmt=fmt))
        self._fill_mapping()

    def _previewed(self, read, exc) -> None:
        name = Path(self.files[0]).name if self.files else ""
        if exc is not None:
            self.note.setText(self.tr("Cannot preview {name}: {v0}").format(name=name, v0=error_text(exc)))
        else:
            self.columns, rows = read
            self._fill_preview(rows)
            self.note.setText(self.tr("{v0}{v1} preview rows from {name}, {v2} columns. Map our fields to your columns on the right.").format(v0=self._detected(), v1=i18n.number(len(rows)), name=name, v2=i18n.number(len(self.columns))))
        self._fill_mapping()

    def _detected(self) -> str:
        if self.guess is None or self.format_combo.currentData():
            return ""
        g = self.guess
        what = f"{g.format} ({g.kind})" if g.kind else g.format
        return self.tr("Recognised as {what}: {reason}. ").format(what=what, reason=localize(g.reason))

    def _fill_preview(self, rows: list[dict]) -> None:
        self.preview.setColumnCount(len(self.columns))
        self.preview.setHorizontalHeaderLabels(self.columns)
        self.preview.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, col in enumerate(self.columns):
                self.preview.setItem(r, c, QTableWidgetItem(cell_text(row.get(col))))
        for c in range(len(self.columns)):
            self.preview.setColumnWidth(c, 150)

    def _fill_mapping(self) -> None:
        generic = self.fmt in GENERIC
        fields = services.import_fields(self.kind) if (generic and self.kind) else ()
        self.mapping.setRowCount(len(fields))
        for row, (name, required) in enumerate(fields):
            item = QTableWidgetItem(name + ("  *" if required else ""))
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            item.setData(Qt.ItemDataRole.UserRole, name)
            if required:
                item.setToolTip(self.tr("required"))
            self.mapping.setItem(row, 0, item)
            combo = QComboBox()
            combo.currentIndexChanged.connect(lambda _: self.plan_panel.clear())
            combo.addItem(self.tr(NOT_MAPPED), None)
            for col in self.columns:
                combo.addItem(col, col)
            guess = self._guess_column(name)
            if guess is not None:
                combo.setCurrentIndex(combo.findData(guess))
            self.mapping.setCellWidget(row, 1, combo)
        self.mapping.setEnabled(bool(fields))

    def _guess_column(self, field: str) -> str | None:
        return guess_column(field, self.columns, {f for f, _ in services.import_fields(self.kind or "")})

    def field_map(self) -> dict[str, str]:
        """Our field -> their column, only where the names differ (what the importer needs)."""
        out = {}
        for row in range(self.mapping.rowCount()):
            ours = self.mapping.item(row, 0).data(Qt.ItemDataRole.UserRole)
            combo = self.mapping.cellWidget(row, 1)
            theirs = combo.currentData() if combo is not None else None
            if theirs and theirs != ours:
                out[ours] = theirs
        return out

    def set_mapping(self, ours: str, theirs: str | None) -> None:
        for row in range(self.mapping.rowCount()):
            if self.mapping.item(row, 0).data(Qt.ItemDataRole.UserRole) == ours:
                combo = self.mapping.cellWidget(row, 1)
                combo.setCurrentIndex(max(0, combo.findData(theirs)))
                return
        raise KeyError(ours)
