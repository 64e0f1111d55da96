"""A lazy table model over engine.services.page_rows: it knows the row count and keeps a small LRU
cache of pages, so a view over 100,000 claims only ever reads the pages it paints.

A read that fails (a closed or damaged project) is never an empty page in disguise: the model
logs it, keeps it in `error` and emits `readFailed(message)` for the view to show, and the page is
not cached, so the next paint reads it again. Anything but an engine error is a bug and propagates."""
from __future__ import annotations

import logging
from collections import OrderedDict
from typing import Any

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP, QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor

from factaudit.engine import services
from factaudit.engine.errors import FactAuditError
from factaudit.gui.ops import Op, error_text

log = logging.getLogger(__name__)

DISPLAY_CHARS = 240

HEADERS = {
    "id": QT_TRANSLATE_NOOP("TableModel", "ID"), "dataset": QT_TRANSLATE_NOOP("TableModel", "Dataset"), "question": QT_TRANSLATE_NOOP("TableModel", "Question"), "category": QT_TRANSLATE_NOOP("TableModel", "Category"), "risk_tier": QT_TRANSLATE_NOOP("TableModel", "Risk"),
    "sentences": QT_TRANSLATE_NOOP("TableModel", "Sentences"), "item_id": QT_TRANSLATE_NOOP("TableModel", "Item"), "ord": "#", "text": QT_TRANSLATE_NOOP("TableModel", "Text"), "label": QT_TRANSLATE_NOOP("TableModel", "Label"),
    "reason": QT_TRANSLATE_NOOP("TableModel", "Reason"), "gold_label": QT_TRANSLATE_NOOP("TableModel", "Gold label"), "sentence_id": QT_TRANSLATE_NOOP("TableModel", "Sentence"), "origin": QT_TRANSLATE_NOOP("TableModel", "Origin"),
    "doc_id": QT_TRANSLATE_NOOP("TableModel", "Document"), "title": QT_TRANSLATE_NOOP("TableModel", "Title"),
}


def header_text(name: str) -> str:
    """A column's header in the interface language (an unknown column: its name, readable)."""
    if name in HEADERS:
        return QCoreApplication.translate("TableModel", HEADERS[name])
    return name.replace("_", " ").capitalize()


# (background, foreground) per label value; calm tints, not alarm colours.
LABEL_COLORS = {
    "error": ("#fbe3e1", "#8f1d1d"),
    "correct": ("#e2f3e7", "#1d6435"),
    "Refuted": ("#fbe3e1", "#8f1d1d"),
    "Supported": ("#e2f3e7", "#1d6435"),
    "Ambiguous": ("#fdf0d5", "#7a4d00"),
    "No Evidence": ("#eef0f3", "#4a5260"),
}
LABEL_COLUMNS = {"label", "gold_label"}


class LazyTableModel(QAbstractTableModel):
    """Rows of one kind ("items", "sentences", "claims", "passages"), optionally filtered by
    dataset and a search string, fetched page by page on demand."""

    readFailed = Signal(str)      # the engine's message; the rows it could not read show as blank
    counted = Signal()            # a count read ended (rowCount() is current, or `error` says why not)

    def __init__(self, project, kind: str, *, page_size: int = 200, max_pages: int = 24, parent=None):
        super().__init__(parent)
        self.project = project
        self.kind = kind
        self.columns: tuple[str, ...] = services.table_columns(kind)
        self.page_size = page_size
        self.max_pages = max_pages
        self.dataset: str | None = None
        self.search: str | None = None
        self._count = 0
        self._count_read = 0        # the number of the latest count read (older ones are dropped)
        self._counting = False
        self.error: str | None = None
        self._pages: OrderedDict[int, list[tuple]] = OrderedDict()
        self.pages_fetched = 0      # how many page queries ran since the last reset
        self._label_cols = {i for i, c in enumerate(self.columns) if c in LABEL_COLUMNS}
        self._recount()

    # ---- filtering -----------------------------------------------------------------------------
    def set_filter(self, dataset: str | None = None, search: str | None = None) -> None:
        dataset = dataset or None
        search = (search or "").strip() or None
        if dataset == self.dataset and search == self.search:
            return
        self.dataset, self.search = dataset, search
        self.beginResetModel()
        self._count = 0             # another filter's count would page through the wrong rows meanwhile
        self.endResetModel()
        self.refresh()

    def refresh(self) -> None:
        self.beginResetModel()
        self._pages.clear()
        self.pages_fetched = 0
        self._recount()
        self.endResetModel()

    @property
    def counting(self) -> bool:
        """True while the row count is being read (the view says it is reading)."""
        return self._counting

    def _recount(self) -> None:
        # counting a filtered 100,000-row table is a full scan: off the UI thread. The model is no page
        # (QueryOp's banner needs one; the view shows readFailed), so the latest count wins here by number.
        project, kind, dataset, search = self.project, self.kind, self.dataset, self.search
        self._count_read += 1
        self._counting = True
        n = self._count_read
        Op(self, lambda job: services.count_rows(project, kind, dataset, search)).title("counting the rows").quiet() \
            .success(lambda count: self._counted(n, count)).failure(lambda exc: self._count_failed(n, exc)).run()

    def _counted(self, n: int, count: int) -> None:
        if n != self._count_read:
            return                          # a newer count is running
        self._counting = False
        self.error = None
        if count != self._count:
            self.beginResetModel()
            self._count = count
            self.endResetModel()
        self.counted.emit()

    def _count_failed(self, n: int, exc: BaseException) -> None:
        if n != self._count_read:
            return
        self._counting = False
        if not isinstance(exc, FactAuditError):
            raise exc                       # a bug, not a closed project
        self.beginResetModel()
        self._count = 0                     # a closed project: no rows, and the view says why
        self.endResetModel()
        self._failed("count", exc)
        self.counted.emit()

    def _failed(self, what: str, exc: FactAuditError) -> None:
        kinds = {"items": QT_TRANSLATE_NOOP("TableModel", "Could not read the items: {reason}"),
                 "sentences": QT_TRANSLATE_NOOP("TableModel", "Could not read the sentences: {reason}"),
                 "claims": QT_TRANSLATE_NOOP("TableModel", "Could not read the claims: {reason}"),
                 "passages": QT_TRANSLATE_NOOP("TableModel", "Could not read the passages: {reason}")}
        template = QCoreApplication.translate("TableModel", kinds[self.kind]) if self.kind in kinds else \
            f"Could not read the {self.kind}: {{reason}}"
        message = template.format(reason=error_text(exc))
        if message != self.error:           # once per distinct failure, not once per paint
            log.warning("%s of %s failed: %s", what, self.kind, exc)
        self.error = message
        self.readFailed.emit(message)

    # ---- cache ---------------------------------------------------------------------------------
    @property
    def cached_pages(self) -> int:
        return len(self._pages)

    @property
    def cached_rows(self) -> int:
        return sum(len(p) for p in self._pages.values())

    def _page(self, number: int) -> list[tuple]:
        page = self._pages.get(number)
        if page is not None:
            self._pages.move_to_end(number)
            return page
        self.pages_fetched += 1
        try:
            page = services.page_rows(self.project, self.kind, number * self.page_size, self.page_size,
                                      self.dataset, self.search)
        except FactAuditError as exc:
            self._failed(f"page {number}", exc)
            return []                       # not cached: the next paint tries again
        self._pages[number] = page
        while len(self._pages) > self.max_pages:
            self._pages.popitem(last=False)
        return page

    def row_values(self, row: int) -> tuple | None:
        if not 0 <= row < self._count:
            return None
        page = self._page(row // self.page_size)
        offset = row % self.page_size
        return page[offset] if offset < len(page) else None

    def row_record(self, row: int) -> dict[str, Any] | None:
        values = self.row_values(row)
        return dict(zip(self.columns, values)) if values is not None else None

    # ---- Qt model API --------------------------------------------------------------------------
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else self._count

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.columns):
            name = self.columns[section]
            return header_text(name)
        if orientation == Qt.Orientation.Vertical:
            return str(section + 1)
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.BackgroundRole,
                        Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.UserRole):
            return None
        values = self.row_values(index.row())
        if values is None:
            return None
        value = values[index.column()]
        if role == Qt.ItemDataRole.UserRole:
            return value
        if role == Qt.ItemDataRole.DisplayRole:
            if value is None:
                return ""
            text = str(value)
            if len(text) > DISPLAY_CHARS:
                text = text[:DISPLAY_CHARS].rstrip() + "…"
            return " ".join(text.split()) if "\n" in text or "\t" in text else text
        if index.column() in self._label_cols and value in LABEL_COLORS:
            bg, fg = LABEL_COLORS[value]
            if role == Qt.ItemDataRole.BackgroundRole:
                return QBrush(QColor(bg))
            if role == Qt.ItemDataRole.ForegroundRole:
                return QBrush(QColor(fg))
        if role == Qt.ItemDataRole.ToolTipRole and isinstance(value, str) and len(value) > 60:
            return value[:1000]
        return None
