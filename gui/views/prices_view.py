"""The Prices tab: what each saved endpoint costs per million input and output tokens, so run costs can
be shown in money. Prices are settings of this machine (the config folder), never written into a
project; an endpoint without a price has an unknown cost, never a guessed one."""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox, QDoubleSpinBox, QHBoxLayout, QLabel, QPushButton, QTableWidgetItem, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.gui import i18n
from factaudit.gui.ops import Op, error_text
from factaudit.gui.query_op import QueryOp
from factaudit.gui.views.page_parts import muted_label, section_head
from factaudit.gui.views.tables import read_only_table

MAX_PRICE = 1_000_000.0


@dataclass
class PriceRow:
    endpoint: str
    model: str | None           # None: a price kept for an endpoint no longer saved
    in_per_million: float | None
    out_per_million: float | None


def _read_prices() -> list[PriceRow]:
    prices = services.prices()
    endpoints = [e for e in services.llm_models() if e.source == "endpoint"]
    rows = [PriceRow(e.name, e.model_name or "", *((prices[e.name].in_per_million, prices[e.name].out_per_million)
                                                    if e.name in prices else (None, None)))
            for e in endpoints]
    saved = {e.name for e in endpoints}
    rows += [PriceRow(n, None, p.in_per_million, p.out_per_million) for n, p in sorted(prices.items()) if n not in saved]
    return rows


def _spin() -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setDecimals(4)
    spin.setRange(0.0, MAX_PRICE)
    spin.setSingleStep(0.1)
    return spin


class PricesView(QWidget):
    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project        # prices are the machine's; the page has a project like every tab
        self.rows: list[PriceRow] | None = None
        self.op: Op | None = None
        root = QVBoxLayout(self)
        root.setContentsMargins(16, 12, 16, 12)
        root.setSpacing(8)
        head = section_head(self.tr("Prices"))
        head.addStretch(1)
        self.refresh_button = QPushButton(self.tr("Refresh"))
        self.refresh_button.clicked.connect(self.refresh)
        head.addWidget(self.refresh_button)
        root.addLayout(head)
        root.addWidget(muted_label(self.tr(
            "What each saved endpoint costs, in your currency per million tokens. Run costs use these prices; "
            "an endpoint without one has an unknown cost. Prices stay on this computer and are never written "
            "into a project. Local models cost nothing.")))
        self.status = muted_label()
        root.addWidget(self.status)
        self.table = read_only_table([self.tr("Endpoint"), self.tr("Model"), self.tr("Input per million tokens"),
                                      self.tr("Output per million tokens")], stretch_last=False)
        self.table.itemSelectionChanged.connect(self._picked)
        root.addWidget(self.table, 1)
        row = QHBoxLayout()
        self.endpoint_combo = QComboBox()
        self.endpoint_combo.setMinimumContentsLength(14)
        self.endpoint_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        row.addWidget(self.endpoint_combo, 1)
        row.addWidget(QLabel(self.tr("Input:")))
        self.in_spin = _spin()
        row.addWidget(self.in_spin)
        row.addWidget(QLabel(self.tr("Output:")))
        self.out_spin = _spin()
        row.addWidget(self.out_spin)
        self.set_button = QPushButton(self.tr("Set price"))
        self.set_button.clicked.connect(self.set_price)
        row.addWidget(self.set_button)
        self.remove_button = QPushButton(self.tr("Remove price"))
        self.remove_button.setToolTip(self.tr("Forget the price: the endpoint's costs become unknown"))
        self.remove_button.clicked.connect(self.remove_price)
        row.addWidget(self.remove_button)
        root.addLayout(row)
        self._update_buttons()
        self.refresh()

    def refresh(self) -> None:
        self.status.setText(self.tr("Reading…"))
        QueryOp(self, op=lambda: _read_prices(), success=self._read).failure(lambda exc: self.status.setText(error_text(exc))) \
            .title("reading the prices").run_in_background()

    def _money(self, value: float | None) -> str:
        return self.tr("unknown") if value is None else i18n.number(value, 4)

    def _read(self, rows: list[PriceRow]) -> None:
        chosen = self.endpoint_combo.currentData()
        self.rows = rows
        self.table.setRowCount(len(rows))
        for r, p in enumerate(rows):
            cells = (p.endpoint, p.model if p.model is not None else self.tr("(no longer saved)"),
                     self._money(p.in_per_million), self._money(p.out_per_million))
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, p.endpoint)
                if col >= 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, col, item)
        self.endpoint_combo.clear()
        for p in rows:
            if p.model is not None:           # a price is set only for a saved endpoint
                self.endpoint_combo.addItem(p.endpoint, p.endpoint)
        index = self.endpoint_combo.findData(chosen)
        if index >= 0:
            self.endpoint_combo.setCurrentIndex(index)
        saved = sum(1 for p in rows if p.model is not None)
        if not saved:
            self.status.setText(self.tr("No saved endpoint: add one in Models (Ctrl+M) to give it a price."))
        else:
            self.status.setText(self.tr("{n} saved endpoints, {k} with a price").format(
                n=i18n.number(saved), k=i18n.number(sum(1 for p in rows if p.model is not None and p.in_per_million is not None))))
        self._update_buttons()

    def selected(self) -> PriceRow | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows or self.rows is None:
            return None
        name = self.table.item(rows[0].row(), 0).data(Qt.ItemDataRole.UserRole)
        return next((p for p in self.rows if p.endpoint == name), None)

    def _picked(self) -> None:
        p = self.selected()
        if p is not None:
            index = self.endpoint_combo.findData(p.endpoint)
            if index >= 0:
                self.endpoint_combo.setCurrentIndex(index)
            if p.in_per_million is not None:
                self.in_spin.setValue(p.in_per_million)
                self.out_spin.setValue(p.out_per_million)
        self._update_buttons()

    def _update_buttons(self) -> None:
        busy = self.op is not None and self.op.running
        self.set_button.setEnabled(not busy and self.endpoint_combo.count() > 0)
        p = self.selected()
        self.remove_button.setEnabled(not busy and p is not None and p.in_per_million is not None)

    def _write(self, op: Op, title: str) -> Op:
        self.op = (op.title(title).success(lambda _r: self.refresh())
                   .failure(lambda exc: self.status.setText(error_text(exc)))
                   .finished(self._update_buttons).run())
        self._update_buttons()
        return self.op

    def set_price(self) -> Op | None:
        name = self.endpoint_combo.currentData()
        if not name:
            return None
        price_in, price_out = self.in_spin.value(), self.out_spin.value()
        return self._write(Op(self, lambda job: services.set_price(name, price_in, price_out)),
                           self.tr("Setting the price of {name}").format(name=name))

    def remove_price(self) -> Op | None:
        p = self.selected()
        if p is None or p.in_per_million is None:
            return None
        name = p.endpoint
        return self._write(Op(self, lambda job: services.remove_price(name)),
                           self.tr("Removing the price of {name}").format(name=name))
