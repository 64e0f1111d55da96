"""The Review list as a model: disagreement rows arrive page by page from a worker (the list fills
while the user already works on its top), and each row's evidence, pre-fill and triage are read only
when it is painted or selected, a small page at a time (Anki's browser table does the same with ids)."""
from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QT_TRANSLATE_NOOP, QAbstractListModel, QCoreApplication, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

KIND_NAMES = {"missed_error": QT_TRANSLATE_NOOP("DisagreementModel", "missed error"),
              "false_alarm": QT_TRANSLATE_NOOP("DisagreementModel", "false alarm"),
              "wrong_verdict": QT_TRANSLATE_NOOP("DisagreementModel", "wrong verdict")}
KIND_PLURALS = {"missed_error": QT_TRANSLATE_NOOP("DisagreementModel", "missed errors"),
                "false_alarm": QT_TRANSLATE_NOOP("DisagreementModel", "false alarms"),
                "wrong_verdict": QT_TRANSLATE_NOOP("DisagreementModel", "wrong verdicts")}
TRIAGE_NAMES = {"retrieval_error": QT_TRANSLATE_NOOP("DisagreementModel", "Retrieval error"),
                "verification_error": QT_TRANSLATE_NOOP("DisagreementModel", "Verification error"),
                "wrong_gold": QT_TRANSLATE_NOOP("DisagreementModel", "Wrong gold label")}
UNIT_ID_ROLE = Qt.ItemDataRole.UserRole + 1


def _tr(text: str) -> str:
    return QCoreApplication.translate("DisagreementModel", text)


def kind_name(kind: str, n: int = 1) -> str:
    """A disagreement kind as the interface shows it (plural for counts other than one)."""
    names = KIND_NAMES if n == 1 else KIND_PLURALS
    return _tr(names[kind]) if kind in names else kind


def triage_name(code: str) -> str:
    return _tr(TRIAGE_NAMES[code]) if code in TRIAGE_NAMES else code
EXPAND_PAGE = 25
MAX_CACHED = 2000


class DisagreementModel(QAbstractListModel):
    """Rows are engine IndexRow tuples; `expand(rows)` returns their full Disagreements (any thread-
    safe callable; it runs on the UI thread for one small page)."""

    def __init__(self, expand: Callable[[list], list], parent=None):
        super().__init__(parent)
        self._expand = expand
        self.rows: list = []
        self.triage: dict[str, str] = {}          # unit id -> outcome (stored or just chosen)
        self._full: dict[int, Any] = {}           # row -> Disagreement, for rows read so far
        self._decided = 0                         # rows whose unit is in `triage` (kept as rows arrive)

    # ---- filling ---------------------------------------------------------------------------------
    def reset(self, triage: dict[str, str] | None = None) -> None:
        self.beginResetModel()
        self.rows, self._full, self._decided = [], {}, 0
        self.triage = dict(triage or {})
        self.endResetModel()

    def append(self, rows: list) -> None:
        if not rows:
            return
        first = len(self.rows)
        self.beginInsertRows(QModelIndex(), first, first + len(rows) - 1)
        self.rows.extend(rows)
        self._decided += sum(1 for r in rows if r.unit_id in self.triage)
        self.endInsertRows()

    def disagreement(self, row: int):
        """The full disagreement of a row (reads its page of EXPAND_PAGE rows once)."""
        if not 0 <= row < len(self.rows):
            return None
        if row not in self._full:
            if len(self._full) > MAX_CACHED:
                self._full.clear()
            start = row - row % EXPAND_PAGE
            page = self.rows[start:start + EXPAND_PAGE]
            for n, d in enumerate(self._expand(page)):
                self._full[start + n] = d
        d = self._full[row]
        if d.unit_id in self.triage and d.triage != self.triage[d.unit_id]:
            d.triage = self.triage[d.unit_id]
        return d

    def forget_details(self) -> None:
        """Drop the expanded rows (evidence labels changed); they are read again when shown."""
        self._full.clear()
        if self.rows:
            self.dataChanged.emit(self.index(0), self.index(len(self.rows) - 1))

    def set_triage(self, row: int, code: str, annotation=None) -> None:
        unit = self.rows[row].unit_id
        if unit not in self.triage:
            self._decided += 1
        self.triage[unit] = code
        d = self._full.get(row)
        if d is not None:
            d.triage = code
            if annotation is not None:
                d.triage_annotation, d.triage_annotator = annotation.id, annotation.annotator
        index = self.index(row)
        self.dataChanged.emit(index, index)

    def next_untriaged(self, after: int) -> int | None:
        for row in range(after + 1, len(self.rows)):
            if self.rows[row].unit_id not in self.triage:
                return row
        return None

    @property
    def decided(self) -> int:
        return self._decided

    # ---- Qt --------------------------------------------------------------------------------------
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        r = self.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            decided = self.triage.get(r.unit_id)
            if decided:
                state = f"✓ {triage_name(decided)}"
            else:
                d = self._full.get(index.row())
                state = (QCoreApplication.translate("DisagreementModel", "pre-fill: {name}").format(name=triage_name(d.prefill)) if d is not None and d.prefill
                         else QCoreApplication.translate("DisagreementModel", "not triaged"))
            text = r.text if len(r.text) <= 80 else r.text[:77] + "…"
            return f"{kind_name(r.kind)} · {r.unit_id}\n{text}\n{state}"
        if role == Qt.ItemDataRole.ToolTipRole:
            return r.text
        if role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(QColor("#1d6b33" if r.unit_id in self.triage else "#1f2430"))
        if role == UNIT_ID_ROLE:
            return r.unit_id
        return None
