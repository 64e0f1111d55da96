"""The Lexicon and Gates tabs: editors for the equivalence lexicon (synonyms mapped to one option before
multi-answer matching) and the risk-tier gates (the thresholds each tier's answers must reach). Both are
files (the ones the command line's scoring takes), by default beside the project file; each tab reads
its file in the background, edits a copy in memory and saves it whole through an Op."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import (
    QComboBox, QDoubleSpinBox, QFileDialog, QHBoxLayout, QLabel, QLineEdit, QPushButton, QTableWidgetItem,
    QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.gui import i18n
from factaudit.gui.ops import Op, error_text
from factaudit.gui.query_op import QueryOp
from factaudit.gui.views.page_parts import muted_label, section_head
from factaudit.gui.views.tables import read_only_table


# the gate conditions in words (the file keeps the engine's names)
CONDITIONS = {
    "strict": QT_TRANSLATE_NOOP("GatesView", "Strict score at least"),
    "intermediate": QT_TRANSLATE_NOOP("GatesView", "Intermediate score at least"),
    "lenient": QT_TRANSLATE_NOOP("GatesView", "Lenient score at least"),
    "critical_misses": QT_TRANSLATE_NOOP("GatesView", "Missed critical items at most"),
    "evidence_coverage": QT_TRANSLATE_NOOP("GatesView", "Evidence coverage at least"),
    "faithfulness": QT_TRANSLATE_NOOP("GatesView", "Faithfulness at least"),
    "refusal_rate": QT_TRANSLATE_NOOP("GatesView", "Refusal rate at least"),
    "max_refusal_rate": QT_TRANSLATE_NOOP("GatesView", "Refusal rate at most"),
    "cited": QT_TRANSLATE_NOOP("GatesView", "Answers citing a passage at least"),
}


def _read_lexicon(project, path: Path | None) -> tuple[Path, dict[str, list[str]]]:
    path = path or services.default_lexicon_path(project)
    return path, services.lexicon_entries(path)


def _read_gates(project, path: Path | None) -> tuple[Path, dict[str, dict[str, float]], dict[str, dict[str, float]]]:
    path = path or services.default_gates_path(project)
    return path, services.gate_entries(path), services.DEFAULT_GATES


def _split(text: str) -> list[str]:
    return [s.strip() for s in text.replace(";", ",").split(",") if s.strip()]


class _FileEditor(QWidget):
    """What both editors share: the file row, the status line, the dirty flag and the save Op."""

    FILTER = "YAML (*.yaml *.yml);;JSON (*.json)"

    def __init__(self, project, title: str, about: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project
        self.path: Path | None = None
        self.dirty = False
        self.loading = False
        self.op: Op | None = None
        self.root = QVBoxLayout(self)
        self.root.setContentsMargins(16, 12, 16, 12)
        self.root.setSpacing(8)
        head = section_head(title)
        head.addStretch(1)
        self.reload_button = QPushButton(self.tr("Reload"))
        self.reload_button.setToolTip(self.tr("Read the file again (unsaved edits are dropped)"))
        self.reload_button.clicked.connect(self.refresh)
        head.addWidget(self.reload_button)
        self.save_button = QPushButton(self.tr("Save"))
        self.save_button.clicked.connect(self.save)
        head.addWidget(self.save_button)
        self.root.addLayout(head)
        self.root.addWidget(muted_label(about))
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("File:")))
        self.path_edit = QLineEdit()
        self.path_edit.setReadOnly(True)
        row.addWidget(self.path_edit, 1)
        self.choose_button = QPushButton(self.tr("Choose…"))
        self.choose_button.clicked.connect(self.choose_file)
        row.addWidget(self.choose_button)
        self.root.addLayout(row)
        self.status = muted_label()
        self.root.addWidget(self.status)

    # ---- subclasses -------------------------------------------------------------------------------
    def _start_read(self, path: Path | None) -> None:
        raise NotImplementedError

    def _save_op(self, path: Path) -> Op:
        raise NotImplementedError

    def _show(self) -> None:
        raise NotImplementedError

    # ---- shared -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        if self.dirty and self.sender() is not self.reload_button:
            return          # a change elsewhere never drops edits not saved yet
        self.loading = True
        self.status.setText(self.tr("Reading…"))
        self._start_read(self.path)

    def _read_failed(self, exc: BaseException) -> None:
        self.loading = False
        self.status.setText(error_text(exc))

    def _loaded(self, path: Path) -> None:
        self.loading = False
        self.dirty = False
        self.path = Path(path)
        self.path_edit.setText(str(self.path))
        self.path_edit.setToolTip(str(self.path))
        self._show()
        self.status.setText(self.tr("Saved in the file") if self.path.exists()
                            else self.tr("No file yet: the first save creates it"))
        self._update_buttons()

    def choose_file(self) -> None:
        start = str(self.path) if self.path else ""
        chosen, _filter = QFileDialog.getSaveFileName(self, self.tr("Choose a file"), start, self.FILTER,
                                                      options=QFileDialog.Option.DontConfirmOverwrite)
        if chosen:
            self.open_file(Path(chosen))

    def open_file(self, path: Path) -> None:
        self.path = path
        self.dirty = False
        self.refresh()

    def edited(self) -> None:
        self.dirty = True
        self._show()
        self.status.setText(self.tr("Edited: not saved yet"))
        self._update_buttons()

    def save(self) -> Op | None:
        if self.path is None:
            return None
        path = self.path
        self.op = (self._save_op(path).title(self.tr("Saving {name}").format(name=path.name))
                   .success(lambda _p: self._saved())
                   .failure(lambda exc: self.status.setText(error_text(exc)))
                   .finished(self._update_buttons).run())
        self._update_buttons()
        return self.op

    def _saved(self) -> None:
        self.dirty = False
        self.refresh()

    def _update_buttons(self) -> None:
        busy = self.op is not None and self.op.running
        self.save_button.setEnabled(self.path is not None and self.dirty and not busy)


class LexiconView(_FileEditor):
    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(project, self.tr("Equivalence lexicon"), self.tr(
            "Synonyms that mean the same answer option (a brand and its generic name, an abbreviation): "
            "multi-answer scoring maps each to its option before matching. Case, spacing and full-width "
            "forms are ignored anyway."), parent)
        self.entries: dict[str, list[str]] = {}
        self.table = read_only_table([self.tr("Option"), self.tr("Synonyms")])
        self.table.itemSelectionChanged.connect(self._picked)
        self.root.addWidget(self.table, 1)
        add = QHBoxLayout()
        self.option_edit = QLineEdit()
        self.option_edit.setPlaceholderText(self.tr("Option"))
        add.addWidget(self.option_edit, 1)
        self.synonyms_edit = QLineEdit()
        self.synonyms_edit.setPlaceholderText(self.tr("Synonyms, separated by commas"))
        add.addWidget(self.synonyms_edit, 2)
        self.add_button = QPushButton(self.tr("Add or replace"))
        self.add_button.clicked.connect(self.add_entry)
        add.addWidget(self.add_button)
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.clicked.connect(self.remove_entry)
        add.addWidget(self.remove_button)
        self.root.addLayout(add)
        self._update_buttons()
        self.refresh()

    def _start_read(self, path: Path | None) -> None:
        project = self.project
        QueryOp(self, op=lambda: _read_lexicon(project, path), success=self._read).failure(self._read_failed) \
            .title("reading the lexicon").run_in_background()

    def _read(self, read) -> None:
        path, entries = read
        self.entries = entries
        self._loaded(path)

    def _save_op(self, path: Path) -> Op:
        entries = {k: list(v) for k, v in self.entries.items()}
        return Op(self, lambda job: services.save_lexicon(path, entries))

    def _show(self) -> None:
        self.table.setRowCount(len(self.entries))
        for row, (option, synonyms) in enumerate(self.entries.items()):
            for col, text in enumerate((option, ", ".join(synonyms))):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, option)
                self.table.setItem(row, col, item)

    def selected_option(self) -> str | None:
        rows = self.table.selectionModel().selectedRows()
        return self.table.item(rows[0].row(), 0).data(Qt.ItemDataRole.UserRole) if rows else None

    def _picked(self) -> None:
        option = self.selected_option()
        if option is not None:          # to edit an entry: its words come back into the fields
            self.option_edit.setText(option)
            self.synonyms_edit.setText(", ".join(self.entries.get(option, [])))
        self._update_buttons()

    def add_entry(self) -> None:
        option = " ".join(self.option_edit.text().split())
        if not option:
            self.status.setText(self.tr("Type the option first"))
            return
        self.entries[option] = _split(self.synonyms_edit.text())
        self.option_edit.clear()
        self.synonyms_edit.clear()
        self.edited()

    def remove_entry(self) -> None:
        option = self.selected_option()
        if option is not None and self.entries.pop(option, None) is not None:
            self.edited()

    def _update_buttons(self) -> None:
        super()._update_buttons()
        if hasattr(self, "remove_button"):
            self.remove_button.setEnabled(self.selected_option() is not None)


class GatesView(_FileEditor):
    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(project, self.tr("Risk-tier gates"), self.tr(
            "The thresholds each risk tier's answers must reach (A high, B medium, C low risk). The file holds "
            "your conditions; scoring puts them over the built-in defaults, so a default stays unless you "
            "set its value."), parent)
        self.entries: dict[str, dict[str, float]] = {}
        self.defaults: dict[str, dict[str, float]] = {}
        self.table = read_only_table([self.tr("Tier"), self.tr("Condition"), self.tr("Threshold"), self.tr("From")])
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.root.addWidget(self.table, 1)
        add = QHBoxLayout()
        self.tier_combo = QComboBox()
        for tier in services.RISK_TIERS:
            self.tier_combo.addItem(tier, tier)
        add.addWidget(self.tier_combo)
        self.metric_combo = QComboBox()
        for metric in services.GATE_METRICS:
            self.metric_combo.addItem(self.condition_name(metric), metric)
        self.metric_combo.currentIndexChanged.connect(self._metric_chosen)
        add.addWidget(self.metric_combo, 1)
        self.value_spin = QDoubleSpinBox()
        self.value_spin.setDecimals(2)
        self.value_spin.setSingleStep(0.05)
        add.addWidget(self.value_spin)
        self.set_button = QPushButton(self.tr("Set"))
        self.set_button.clicked.connect(self.set_entry)
        add.addWidget(self.set_button)
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.setToolTip(self.tr("Drop the file's condition (a default comes back)"))
        self.remove_button.clicked.connect(self.remove_entry)
        add.addWidget(self.remove_button)
        self.root.addLayout(add)
        self._metric_chosen()
        self._update_buttons()
        self.refresh()

    def condition_name(self, metric: str) -> str:
        return self.tr(CONDITIONS[metric]) if metric in CONDITIONS else metric

    def _metric_chosen(self) -> None:
        count = self.metric_combo.currentData() == "critical_misses"     # a count of items, not a share
        self.value_spin.setRange(0, 1000 if count else 1)
        self.value_spin.setDecimals(0 if count else 2)
        self.value_spin.setSingleStep(1 if count else 0.05)

    def _start_read(self, path: Path | None) -> None:
        project = self.project
        QueryOp(self, op=lambda: _read_gates(project, path), success=self._read).failure(self._read_failed) \
            .title("reading the gates").run_in_background()

    def _read(self, read) -> None:
        path, entries, defaults = read
        self.entries = {t: dict(c) for t, c in entries.items()}
        self.defaults = {t: dict(c) for t, c in defaults.items()}
        self._loaded(path)

    def _save_op(self, path: Path) -> Op:
        entries = {t: dict(c) for t, c in self.entries.items() if c}
        return Op(self, lambda job: services.save_gates(path, entries))

    def rows(self) -> list[tuple[str, str, float, bool]]:
        """(tier, condition, threshold, from the file) as scoring will apply them."""
        out = []
        for tier in services.RISK_TIERS:
            merged = {**self.defaults.get(tier, {}), **self.entries.get(tier, {})}
            out += [(tier, m, v, m in self.entries.get(tier, {})) for m, v in merged.items()]
        return out

    def _show(self) -> None:
        rows = self.rows()
        self.table.setRowCount(len(rows))
        for r, (tier, metric, value, own) in enumerate(rows):
            text = i18n.number(value) if metric == "critical_misses" else i18n.number(value, 2)
            cells = (tier, self.condition_name(metric), text, self.tr("this file") if own else self.tr("default"))
            for col, cell in enumerate(cells):
                item = QTableWidgetItem(cell)
                item.setData(Qt.ItemDataRole.UserRole, (tier, metric, own))
                if col == 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, col, item)

    def selected(self) -> tuple[str, str, bool] | None:
        rows = self.table.selectionModel().selectedRows()
        return self.table.item(rows[0].row(), 0).data(Qt.ItemDataRole.UserRole) if rows else None

    def set_entry(self) -> None:
        tier, metric = self.tier_combo.currentData(), self.metric_combo.currentData()
        self.entries.setdefault(tier, {})[metric] = float(self.value_spin.value())
        self.edited()

    def remove_entry(self) -> None:
        chosen = self.selected()
        if chosen is None or not chosen[2]:
            return
        tier, metric, _own = chosen
        self.entries.get(tier, {}).pop(metric, None)
        self.edited()

    def _update_buttons(self) -> None:
        super()._update_buttons()
        if hasattr(self, "remove_button"):
            chosen = self.selected()
            self.remove_button.setEnabled(chosen is not None and bool(chosen[2]))
