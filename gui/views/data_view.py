"""The Data page: datasets, and lazy tables of items, sentences, claims and passages."""
from __future__ import annotations

import html

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPushButton, QSplitter,
    QTableView, QTabWidget, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.gui.dialogs import dataset_actions
from factaudit.gui.dialogs.dataset_actions import language_label
from factaudit.gui import i18n
from factaudit.gui.ops import Op, error_text
from factaudit.gui.query_op import QueryOp
from factaudit.gui.qtmodels.table_model import LazyTableModel
from factaudit.gui.views.detail_pane import DetailPane
from factaudit.gui.views.tables import local_time
from factaudit.gui.views.page_parts import section_head

KINDS = ("items", "sentences", "claims", "passages")
# a dataset's counts by kind (engine/project/records.py), as the datasets list names them
COUNT_WORDS = {"documents": QT_TRANSLATE_NOOP("DataView", "documents"), "passages": QT_TRANSLATE_NOOP("DataView", "passages"),
               "items": QT_TRANSLATE_NOOP("DataView", "items"), "sentences": QT_TRANSLATE_NOOP("DataView", "sentences"),
               "claims": QT_TRANSLATE_NOOP("DataView", "claims"), "hits": QT_TRANSLATE_NOOP("DataView", "hits"),
               "verdicts": QT_TRANSLATE_NOOP("DataView", "verdicts"),
               "predictions": QT_TRANSLATE_NOOP("DataView", "predictions")}
KIND_TITLES = {"items": QT_TRANSLATE_NOOP("DataView", "Items"), "sentences": QT_TRANSLATE_NOOP("DataView", "Sentences"), "claims": QT_TRANSLATE_NOOP("DataView", "Claims"), "passages": QT_TRANSLATE_NOOP("DataView", "Passages")}
# Columns of the dataset list that the code reads or styles.
LANGUAGE_COLUMN, CONTENTS_COLUMN, FROZEN_COLUMN = 3, 4, 5
# Initial column widths in pixels; the text column stretches.
COLUMN_WIDTHS = {"id": 150, "dataset": 130, "item_id": 120, "ord": 36, "label": 76, "gold_label": 104,
                 "category": 84, "risk_tier": 50, "sentences": 96, "sentence_id": 130, "origin": 80,
                 "doc_id": 90, "title": 240, "reason": 170}
# Per kind overrides where an id is short or a column matters less.
KIND_WIDTHS = {"claims": {"id": 80}, "passages": {"id": 90}}
STRETCH = {"items": "question", "sentences": "text", "claims": "text", "passages": "text"}
SEARCH_DELAY_MS = 250


class DataView(QWidget):
    importRequested = Signal()

    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project
        self.models: dict[str, LazyTableModel] = {}
        self.tables: dict[str, QTableView] = {}

        root = QVBoxLayout(self)
        root.setContentsMargins(16, 12, 16, 12)
        root.setSpacing(10)

        # datasets
        head = section_head(self.tr("Datasets"))
        head.addStretch(1)
        self.freeze_button = QPushButton(self.tr("Freeze"))
        self.freeze_button.setToolTip(self.tr("A frozen dataset refuses edits, so runs over it stay comparable"))
        self.freeze_button.clicked.connect(self._toggle_freeze)
        self.freeze_button.setEnabled(False)
        self.import_button = QPushButton(self.tr("Import…"))
        self.import_button.setObjectName("primary")
        self.import_button.clicked.connect(self.importRequested)
        self.import_button.setEnabled(not project.readonly)
        self.rename_button = QPushButton(self.tr("Rename…"))
        self.rename_button.clicked.connect(self._rename)
        self.delete_button = QPushButton(self.tr("Delete…"))
        self.delete_button.setToolTip(self.tr("Delete the dataset and its records; refused while a run or an annotation uses it"))
        self.delete_button.clicked.connect(self._delete)
        self.language_button = QPushButton(self.tr("Language…"))
        self.language_button.setToolTip(self.tr("The language BM25 tokenizes this dataset with (detected on import)"))
        self.language_button.clicked.connect(self._set_language)
        for b in (self.rename_button, self.language_button, self.delete_button):
            b.setEnabled(False)
            head.addWidget(b)
        head.addWidget(self.freeze_button)
        head.addWidget(self.import_button)
        root.addLayout(head)

        self.datasets = QTreeWidget()
        self.datasets.setObjectName("datasetList")
        self.datasets.setRootIsDecorated(False)
        self.datasets.setUniformRowHeights(True)
        self.datasets.setHeaderLabels([self.tr("Name"), self.tr("Format"), self.tr("Split"), self.tr("Language"), self.tr("Contents"), self.tr("Frozen"), self.tr("Imported")])
        self.datasets.setAlternatingRowColors(True)
        self.datasets.itemSelectionChanged.connect(self._dataset_selected)
        hdr = self.datasets.header()
        hdr.setStretchLastSection(False)
        for col, width in enumerate((200, 100, 60, 110, 0, 76, 150)):
            if width:
                self.datasets.setColumnWidth(col, width)
        hdr.setSectionResizeMode(CONTENTS_COLUMN, QHeaderView.ResizeMode.Stretch)

        # filter bar
        bar = QHBoxLayout()
        bar.setSpacing(8)
        self.search = QLineEdit()
        self.search.setObjectName("searchBox")
        self.search.setPlaceholderText(self.tr("Search text…"))
        self.search.setClearButtonEnabled(True)
        self._search_timer = QTimer(self, singleShot=True, interval=SEARCH_DELAY_MS, timeout=self.apply_filter)
        self.search.textChanged.connect(lambda _: self._search_timer.start())
        self.search.returnPressed.connect(self.apply_filter)
        self.dataset_filter = QComboBox()
        self.dataset_filter.setMinimumWidth(200)
        self.dataset_filter.currentIndexChanged.connect(lambda _: self.apply_filter())
        bar.addWidget(QLabel(self.tr("Dataset")))
        bar.addWidget(self.dataset_filter)
        bar.addSpacing(12)
        bar.addWidget(self.search, 1)

        # tables and detail
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        for kind in KINDS:
            model = LazyTableModel(project, kind, parent=self)
            model.readFailed.connect(self._read_failed)
            model.counted.connect(lambda k=kind: self._counted(k))
            table = self._make_table(kind, model)
            self.models[kind] = model
            self.tables[kind] = table
            self.tabs.addTab(table, self.tr(KIND_TITLES[kind]))
        self.tabs.currentChanged.connect(lambda _: self._show_current_detail())
        self.detail = DetailPane()

        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.setSpacing(8)
        lower_layout.addLayout(bar)
        self.read_error = QLabel("")
        self.read_error.setObjectName("error")
        self.read_error.setWordWrap(True)
        self.read_error.hide()
        lower_layout.addWidget(self.read_error)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.tabs)
        split.addWidget(self.detail)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setSizes([900, 380])
        lower_layout.addWidget(split, 1)

        self.vsplit = vsplit = QSplitter(Qt.Orientation.Vertical)
        vsplit.addWidget(self.datasets)
        vsplit.addWidget(lower)
        vsplit.setStretchFactor(0, 0)
        vsplit.setStretchFactor(1, 1)
        vsplit.setSizes([150, 600])
        vsplit.setChildrenCollapsible(False)
        root.addWidget(vsplit, 1)
        self.datasets_read = False          # the first read of the datasets ended
        # the page opens at once and says it is reading (the list's only row until the read ends)
        reading = QTreeWidgetItem([QCoreApplication.translate("PageRead", "Reading…")])
        reading.setFlags(Qt.ItemFlag.NoItemFlags)
        self.datasets.addTopLevelItem(reading)
        self.refresh()

    @property
    def loading(self) -> bool:
        """True while the datasets or a table's row count are being read."""
        return not self.datasets_read or any(m.counting for m in self.models.values())

    def _counted(self, kind: str) -> None:
        self._update_tab_titles()
        if kind == self.current_kind():
            self._show_current_detail()

    def _read_failed(self, message: str) -> None:
        self.read_error.setText(message)
        self.read_error.show()

    # ---- building ------------------------------------------------------------------------------
    def _make_table(self, kind: str, model: LazyTableModel) -> QTableView:
        table = QTableView()
        table.setModel(model)
        table.setObjectName(f"table_{kind}")
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setAlternatingRowColors(True)
        table.setWordWrap(False)
        table.setShowGrid(False)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)
        # Fixed row heights: sizing rows to contents would read every row of a 100,000-row table.
        vh = table.verticalHeader()
        vh.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vh.setDefaultSectionSize(26)
        vh.hide()
        hh = table.horizontalHeader()
        hh.setHighlightSections(False)
        hh.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        stretch = STRETCH[kind]
        for col, name in enumerate(model.columns):
            if name == stretch:
                hh.setSectionResizeMode(col, QHeaderView.ResizeMode.Stretch)
            else:
                hh.setSectionResizeMode(col, QHeaderView.ResizeMode.Interactive)
                width = KIND_WIDTHS.get(kind, {}).get(name, COLUMN_WIDTHS.get(name, 110))
                table.setColumnWidth(col, width)
        table.selectionModel().currentRowChanged.connect(lambda cur, _prev, k=kind: self._row_selected(k, cur.row()))
        return table

    # ---- state ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Re-read datasets and counts (after an import, a freeze, a run), off the UI thread."""
        project = self.project
        QueryOp(self, op=lambda: (services.list_datasets(project),
                                  {r.dataset: r.lang for r in services.dataset_languages(project)}),
                success=self._datasets_read).failure(self._datasets_failed) \
            .title("reading the datasets").run_in_background()

    def _datasets_failed(self, exc: BaseException) -> None:
        self._show_datasets([], {})
        self._read_failed(self.tr("Could not read the datasets: {error}").format(error=error_text(exc)))

    def _datasets_read(self, read) -> None:
        if not any(m.error for m in self.models.values()):
            self.read_error.hide()
        self._show_datasets(*read)

    def _show_datasets(self, datasets: list, langs: dict) -> None:
        self.datasets_read = True
        selected = self.selected_dataset
        self.datasets.blockSignals(True)
        self.datasets.clear()
        for d in datasets:
            counts = ", ".join(f"{i18n.number(v)} {self.tr(COUNT_WORDS[k]) if k in COUNT_WORDS else k}"
                               for k, v in d.counts.items() if isinstance(v, int) and k != "run_id")
            lang = langs.get(d.name)
            item = QTreeWidgetItem([d.name, d.format, d.split or "", language_label(lang), counts,
                                    self.tr("yes") if d.frozen else "", local_time(d.created)])
            item.setData(0, Qt.ItemDataRole.UserRole, d.name)
            item.setData(FROZEN_COLUMN, Qt.ItemDataRole.UserRole, d.frozen)
            item.setData(LANGUAGE_COLUMN, Qt.ItemDataRole.UserRole, lang)
            item.setToolTip(CONTENTS_COLUMN, counts)
            self.datasets.addTopLevelItem(item)
            if d.name == selected:
                item.setSelected(True)
        self.datasets.blockSignals(False)
        self._fit_dataset_panel(len(datasets))

        current = self.dataset_filter.currentData()
        self.dataset_filter.blockSignals(True)
        self.dataset_filter.clear()
        self.dataset_filter.addItem(self.tr("All datasets"), None)
        for d in datasets:
            self.dataset_filter.addItem(d.name, d.name)
        index = self.dataset_filter.findData(current) if current else 0
        self.dataset_filter.setCurrentIndex(max(0, index))
        self.dataset_filter.blockSignals(False)
        self._update_freeze_button()
        self.apply_filter(force=True)   # re-counts and drops cached pages

    def _fit_dataset_panel(self, rows: int) -> None:
        # as tall as its rows (up to six), so the tables get the rest of the page
        row_h = self.datasets.sizeHintForRow(0) if rows else 22
        wanted = self.datasets.header().sizeHint().height() + max(2, min(rows, 6)) * max(row_h, 20) + 8
        sizes = self.vsplit.sizes()
        total = sum(sizes) or 750
        self.vsplit.setSizes([wanted, max(200, total - wanted)])

    def apply_filter(self, force: bool = False) -> None:
        self._search_timer.stop()
        dataset = self.dataset_filter.currentData()
        search = self.search.text()
        for model in self.models.values():
            if force:
                model.dataset, model.search = dataset or None, (search or "").strip() or None
                model.refresh()
            else:
                model.set_filter(dataset, search)
        self._update_tab_titles()
        self._show_current_detail()

    def _update_tab_titles(self) -> None:
        for i, kind in enumerate(KINDS):
            model = self.models[kind]
            count = "…" if model.counting else i18n.number(model.rowCount())     # … while counting
            self.tabs.setTabText(i, f"{self.tr(KIND_TITLES[kind])}  {count}")

    @property
    def selected_dataset(self) -> str | None:
        items = self.datasets.selectedItems()
        return items[0].data(0, Qt.ItemDataRole.UserRole) if items else None

    def show_kind(self, kind: str) -> None:
        self.tabs.setCurrentIndex(KINDS.index(kind))

    def current_kind(self) -> str:
        return KINDS[self.tabs.currentIndex()]

    # ---- reactions -----------------------------------------------------------------------------
    def _dataset_selected(self) -> None:
        name = self.selected_dataset
        self._update_freeze_button()
        if name:
            index = self.dataset_filter.findData(name)
            if index >= 0:
                self.dataset_filter.setCurrentIndex(index)

    def _update_freeze_button(self) -> None:
        items = self.datasets.selectedItems()
        if not items or self.project.readonly:
            self.freeze_button.setEnabled(False)
            self.freeze_button.setText(self.tr("Freeze"))
            self.rename_button.setEnabled(False)
            self.language_button.setEnabled(False)
            self.delete_button.setEnabled(False)
            return
        frozen = bool(items[0].data(FROZEN_COLUMN, Qt.ItemDataRole.UserRole))
        self.rename_button.setEnabled(not self.project.readonly)
        self.language_button.setEnabled(not self.project.readonly)
        self.delete_button.setEnabled(not self.project.readonly)
        self.freeze_button.setEnabled(True)
        self.freeze_button.setText(self.tr("Unfreeze") if frozen else self.tr("Freeze"))

    def _toggle_freeze(self) -> None:
        items = self.datasets.selectedItems()
        if not items:
            return
        name = items[0].data(0, Qt.ItemDataRole.UserRole)
        frozen = bool(items[0].data(4, Qt.ItemDataRole.UserRole))

        def failed(exc) -> None:
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.warning(self, QCoreApplication.translate("data_view", "Freeze dataset"), error_text(exc))

        self._freeze_op = (Op(self, lambda job, p=self.project: services.freeze_dataset(p, name, not frozen))
                           .title(self.tr("Freezing the dataset")).quiet()
                           .failure(failed).run())

    def _rename(self) -> None:
        name = self.selected_dataset
        if name:
            dataset_actions.rename(self, self.project, name)

    def _set_language(self) -> None:
        items = self.datasets.selectedItems()
        if items:
            name = items[0].data(0, Qt.ItemDataRole.UserRole)
            dataset_actions.set_language(self, self.project, name, items[0].data(LANGUAGE_COLUMN, Qt.ItemDataRole.UserRole))

    def _delete(self) -> None:
        name = self.selected_dataset
        if name:
            dataset_actions.delete(self, self.project, name)

    def _row_selected(self, kind: str, row: int) -> None:
        if kind != self.current_kind():
            return
        self._show_detail(kind, row)

    def _show_current_detail(self) -> None:
        kind = self.current_kind()
        index = self.tables[kind].currentIndex()
        self._show_detail(kind, index.row() if index.isValid() else -1)

    def _show_detail(self, kind: str, row: int) -> None:
        record = self.models[kind].row_record(row) if row >= 0 else None
        if record is None:
            self.detail.show_empty()
            return
        # the table's row at once; the complete record (an item's sentences, a claim's gold) once read
        self.detail.show_record(kind, record)
        project, record_id = self.project, str(record["id"])
        QueryOp(self, op=lambda: services.row_detail(project, kind, record_id),
                success=lambda detail: self.detail.show_record(kind, record, detail)) \
            .failure(lambda exc: self._detail_failed(kind, record, exc)).title("reading the record") \
            .run_in_background()

    def _detail_failed(self, kind: str, record: dict, exc: BaseException) -> None:
        self.detail.show_record(kind, record)
        self.detail.append("<p class='muted'>" + self.tr("The complete record could not be read: {error}").format(
            error=html.escape(error_text(exc))) + "</p>")
