"""Settings page: offline mode and every outbound connection the app made (endpoint, time, bytes).

Clinicians show this page to their IT department: with offline mode on, the only entries are calls
to endpoints the user configured, and refused attempts are listed as blocked.
"""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView, QCheckBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPushButton, QTableWidget,
    QTableWidgetItem, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.gui import i18n
from factaudit.gui.ops import error_text
from factaudit.gui.query_op import QueryOp
from factaudit.gui.serial_writer import SerialWriter
from factaudit.gui.views.page_parts import section_head

COLUMNS = (QT_TRANSLATE_NOOP("ConnectionsView", "Time (UTC)"), QT_TRANSLATE_NOOP("ConnectionsView", "Endpoint"),
           QT_TRANSLATE_NOOP("ConnectionsView", "Purpose"), QT_TRANSLATE_NOOP("ConnectionsView", "Sent"),
           QT_TRANSLATE_NOOP("ConnectionsView", "Received"), QT_TRANSLATE_NOOP("ConnectionsView", "Result"))


def human_bytes(n: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{i18n.number(n)} {unit}" if unit == "B" else f"{i18n.number(n, 1)} {unit}"
        n /= 1024
    return str(n)


class ConnectionsView(QWidget):
    settingsChanged = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.writer = SerialWriter(self)
        root = QVBoxLayout(self)
        root.setContentsMargins(16, 12, 16, 12)
        root.setSpacing(10)

        head = section_head(self.tr("Network and offline mode"))
        head.addStretch(1)
        self.refresh_button = QPushButton(self.tr("Refresh"))
        self.refresh_button.clicked.connect(self.refresh)
        head.addWidget(self.refresh_button)
        root.addLayout(head)

        self.offline_box = QCheckBox(self.tr("Offline mode: refuse every connection except to the hosts below"))
        self.offline_box.setObjectName("offlineMode")
        self.offline_box.toggled.connect(self._offline_toggled)
        root.addWidget(self.offline_box)
        hosts = QHBoxLayout()
        hosts.addWidget(QLabel(self.tr("Allowed hosts (endpoints you configured):")))
        self.hosts_edit = QLineEdit()
        self.hosts_edit.setObjectName("allowedHosts")
        self.hosts_edit.setPlaceholderText(self.tr("e.g. localhost is always allowed; add api.example.org, 10.0.0.5"))
        self.hosts_edit.editingFinished.connect(self._hosts_edited)
        hosts.addWidget(self.hosts_edit, 1)
        root.addLayout(hosts)
        note = QLabel(self.tr("Models run on this computer; Hugging Face downloads and telemetry are switched off at start. API keys are never written to project files or to this log."))
        note.setObjectName("note")
        note.setWordWrap(True)
        root.addWidget(note)

        self.summary = QLabel()
        self.summary.setObjectName("connectionsSummary")
        root.addWidget(self.summary)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("connectionsTable")
        self.table.setHorizontalHeaderLabels([QCoreApplication.translate("ConnectionsView", c) for c in COLUMNS])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        root.addWidget(self.table, 1)
        self.log_label = QLabel()
        self.log_label.setObjectName("note")
        self.log_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        root.addWidget(self.log_label)
        self._loading = False
        self.refresh()

    def refresh(self) -> None:
        self._loading = True
        try:
            settings = services.offline_settings()
            self.offline_box.setChecked(settings.offline)
            self.hosts_edit.setText(", ".join(settings.allowed_hosts))
        finally:
            self._loading = False
        # the log grows with every connection ever made: read off the UI thread
        QueryOp(self, op=services.connection_log, success=self._log_read).title("reading the connection log") \
            .run_in_background()

    def _log_read(self, log) -> None:
        records = list(reversed(log))   # newest first
        self.table.setRowCount(len(records))
        for i, r in enumerate(records):
            cells = (r.time.replace("T", " ").replace("+00:00", ""), r.endpoint, r.purpose,
                     human_bytes(r.bytes_sent), human_bytes(r.bytes_received), self.tr("blocked") if r.blocked else self.tr("sent"))
            for j, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if j in (3, 4):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if r.blocked:
                    item.setForeground(QBrush(QColor("#8f1d1d")))
                self.table.setItem(i, j, item)
        made = [r for r in records if not r.blocked]
        blocked = len(records) - len(made)
        sent = sum(r.bytes_sent for r in made)
        received = sum(r.bytes_received for r in made)
        if not records:
            self.summary.setText(self.tr("No outbound connection has been made."))
        else:
            made_text = self.tr("1 outbound connection") if len(made) == 1 else \
                self.tr("{n} outbound connections").format(n=i18n.number(len(made)))
            blocked_text = self.tr("1 blocked attempt") if blocked == 1 else \
                self.tr("{n} blocked attempts").format(n=i18n.number(blocked))
            self.summary.setText(self.tr("{made} ({sent} sent, {received} received); {blocked}.").format(
                made=made_text, sent=human_bytes(sent), received=human_bytes(received), blocked=blocked_text))
        self.log_label.setText(self.tr("Log file: {v0}").format(v0=services.connection_log_path()))

    def _offline_toggled(self, on: bool) -> None:
        if not self._loading:
            self._save()

    def _hosts_edited(self) -> None:
        if not self._loading:
            self._save()

    def _save(self) -> None:
        """In the serial writer: a tick and a host edit in quick succession are stored in that order."""
        hosts = [h.strip() for h in self.hosts_edit.text().replace(";", ",").split(",")]
        offline = self.offline_box.isChecked()
        self.writer.submit(lambda job: services.set_offline(offline, hosts), title="saving the network settings",
                           success=lambda _r: self.settingsChanged.emit(),
                           failure=lambda exc: self.summary.setText(self.tr("Could not save the settings: {v0}").format(v0=error_text(exc))))
