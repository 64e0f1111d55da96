"""Rater mode (issue #21 item 2): the window a second rater sees on opening a rater package.

Only the Labeling flow of the package's units, its progress ("14 of 40") and File › Return labels…:
nothing else to get lost in. The labels go to the package's private workspace (engine
services.open_rater_package), so closing and reopening resumes where the rater stopped.
"""
from __future__ import annotations

import html
import logging
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog, QLabel, QMainWindow, QMessageBox, QProgressBar, QStatusBar, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.engine.errors import FactAuditError
from factaudit.engine.i18n import localize
from factaudit.gui import i18n
from factaudit.gui.ops import Op, error_text
from factaudit.gui.views.raters.labeling import SENTENCE_KEYS, RaterLabelingView, SentenceRaterView
from factaudit.gui.screen import resize_to_fit
from factaudit.gui.views.job_area import JobArea

log = logging.getLogger(__name__)

TARGET_TEXT = {"evidence": QT_TRANSLATE_NOOP("RaterWindow", "evidence pairs (claim × passage, every evidence dimension)"),
               "reasoning": QT_TRANSLATE_NOOP("RaterWindow", "the verifier's reasoning (every reasoning step)"),
               "sentences": QT_TRANSLATE_NOOP("RaterWindow", "answer sentences (correct or error)")}


def default_return_path(package_path: str, rater: str) -> Path:
    package = Path(package_path)
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in rater).strip("-") or "rater"
    return package.with_name(f"{package.stem}-return-{safe}.faproj")


class RaterWindow(QMainWindow):
    """One opened rater package (its workspace). Owns the workspace and closes it when it closes."""

    closed = Signal(object)
    quitRequested = Signal()
    openRequested = Signal()

    def __init__(self, ws, passphrase: str | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.ws = ws
        self.project = ws.project
        self.package_path = ws.package_path
        self.passphrase = passphrase
        self.return_op: Op | None = None
        self.last_return = None
        m = ws.manifest
        self.setObjectName("raterWindow")
        self.setWindowTitle(self.tr("{name} — labels for {rater} — factaudit").format(name=Path(ws.package_path).name, rater=m.rater))
        resize_to_fit(self, 1280, 720)

        body = QWidget()
        root = QVBoxLayout(body)
        root.setContentsMargins(16, 10, 16, 4)
        root.setSpacing(4)
        signer = ws.signer or m.sender
        self.header = QLabel(
            self.tr("<b>Rater package</b> from <b>{v0}</b> for <b>{v1}</b>: {v2} units of {v3}, codebook v{codebook_version}. Signed by <code>{v4}</code>. When you are done, or to send what you have so far: <b>File › Return labels…</b>").format(v0=html.escape(m.source_project), v1=html.escape(m.rater), v2=i18n.number(len(m.units)), v3=self.tr(TARGET_TEXT[m.target]) if m.target in TARGET_TEXT else m.target, codebook_version=m.codebook_version, v4=html.escape(signer)))
        self.header.setObjectName("raterHeader")
        self.header.setWordWrap(True)
        root.addWidget(self.header)
        # the sender's words; the default instructions come from the engine's catalogue
        self.instructions = QLabel(localize(m.instructions or ""))
        self.instructions.setTextFormat(Qt.TextFormat.PlainText)
        self.instructions.setObjectName("muted")
        self.instructions.setWordWrap(True)
        root.addWidget(self.instructions)
        self.progress_label = QLabel("")
        self.progress_label.setObjectName("raterProgress")
        self.progress_bar = QProgressBar()
        self.progress_bar.setMaximum(max(1, len(m.units)))
        self.progress_bar.setTextVisible(False)
        self.progress_bar.setMaximumHeight(8)
        root.addWidget(self.progress_label)
        root.addWidget(self.progress_bar)
        if m.target == "sentences":
            self.labeling = SentenceRaterView(ws)
        else:
            self.labeling = RaterLabelingView(ws)
            self.labeling.layout().setContentsMargins(0, 4, 0, 4)
        self.labeling.labelsChanged.connect(self.update_progress)
        root.addWidget(self.labeling, 1)
        self.setCentralWidget(body)

        status = QStatusBar()
        status.setSizeGripEnabled(False)
        self.setStatusBar(status)
        self.job_area = JobArea()
        status.addPermanentWidget(self.job_area)
        self._build_menus()
        self.update_progress()
        self.setFocusProxy(self.labeling.card)

    # ---- menus -----------------------------------------------------------------------------------
    def _action(self, text: str, shortcut, slot) -> QAction:
        action = QAction(text, self)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _=False: slot())
        self.addAction(action)
        return action

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        self.return_action = self._action(self.tr("&Return labels…"), "Ctrl+E", self.return_labels)
        self.return_action.setStatusTip(self.tr("Write your labels into a file signed with your key, to send back"))
        self.open_action = self._action(self.tr("&Open…"), "Ctrl+O", self.openRequested.emit)
        self.close_action = self._action(self.tr("&Close"), "Ctrl+W", self.close)
        self.quit_action = self._action(self.tr("&Quit"), "Ctrl+Q", self.quitRequested.emit)
        file_menu.addAction(self.return_action)
        file_menu.addSeparator()
        file_menu.addAction(self.open_action)
        file_menu.addAction(self.close_action)
        file_menu.addAction(self.quit_action)
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        help_menu.addAction(self._action(self.tr("&How to label"), "F1", self._help))

    def _help(self) -> None:
        keys = getattr(self.labeling, "keys_label", None)
        text = keys.text() if keys is not None else QCoreApplication.translate("rater_labeling", SENTENCE_KEYS)
        QMessageBox.information(self, self.tr("How to label"),
                                self.tr("{instructions}\n\n{text}\n\nEvery label is saved as you make it; close the window whenever you like and open the package again to go on. File › Return labels… writes the file to send back.").format(instructions=localize(self.ws.manifest.instructions or ""), text=text))

    # ---- progress --------------------------------------------------------------------------------
    @property
    def progress(self) -> tuple[int, int]:
        return services.rater_progress(self.ws)

    def update_progress(self) -> None:
        try:
            done, total = self.progress
        except FactAuditError as exc:       # a read that failed: say so, keep the window
            self.progress_label.setText(error_text(exc))
            return
        text = self.tr("<b>{done} of {total}</b> units labelled — all done: File › Return labels…") if done >= total \
            else self.tr("<b>{done} of {total}</b> units labelled")
        self.progress_label.setText(text.format(done=i18n.number(done), total=i18n.number(total)))
        self.progress_bar.setValue(done)

    # ---- return ----------------------------------------------------------------------------------
    def return_labels(self, out: str | None = None) -> Op | None:
        """Write the signed return file (in a worker, after every label made here is written)."""
        if self.return_op is not None and self.return_op.running:
            return None
        if out is None:
            suggested = str(default_return_path(self.package_path, self.ws.manifest.rater))
            out, _ = QFileDialog.getSaveFileName(self, self.tr("Return labels"), suggested,
                                                 self.tr("factaudit return files (*.faproj);;All files (*)"))
            if not out:
                return None
        self.labeling.flush()
        package, passphrase = self.package_path, self.passphrase
        self.statusBar().showMessage(self.tr("Writing the return file…"))
        self.return_op = (Op(self, lambda job: services.rater_return(package, out, passphrase=passphrase))
                          .title(self.tr("Writing the return file"))
                          .success(self._returned)
                          .failure(self._return_failed)
                          .run())
        return self.return_op

    def _returned(self, res) -> None:
        self.last_return = res
        n = res.n_annotations + res.n_sentence_ratings
        text = self.tr("Wrote {file}: {n} labels by {rater} ({labelled} of {units} units done), signed with your key {key}. Send this file back to whoever sent you the package.").format(
            file=Path(res.path).name, n=i18n.number(n), rater=res.rater, labelled=i18n.number(res.labelled),
            units=i18n.number(res.units), key=res.rater_key)
        self.statusBar().showMessage(text, 15_000)
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("Labels returned"), text, QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.last_message = box

    def _return_failed(self, exc) -> None:
        self.statusBar().showMessage(self.tr("Not returned: {v0}").format(v0=error_text(exc)), 15_000)
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Return labels"), error_text(exc), QMessageBox.StandardButton.Ok,
                          self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.last_message = box

    # ---- closing ---------------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        self.labeling.flush(15_000)          # every label the rater made is written before the file closes
        running = Op.running_under(self)
        for op in running:
            op.cancel()
        if running:
            Op.wait_all(15_000)
        try:
            self.ws.close()
        except FactAuditError as exc:
            log.warning("closing the rater workspace %s: %s", self.project.path, exc)
        super().closeEvent(event)
        self.closed.emit(self)


__all__ = ["RaterWindow", "default_return_path"]
