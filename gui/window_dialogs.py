"""The dialogs the project window's File and View menus open: Send to a rater, Merge returned labels, the
Connection log, Models and Settings. Kept out of main_window.py so the window stays a frame (the Workflow
steps' dialogs and the Help pages are workflow_actions'); each opens modeless and is returned.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QVBoxLayout


def send_to_rater(window, **kwargs):
    """File › Send to a rater… (gui/dialogs/rater_send.py)."""
    from factaudit.gui.dialogs.rater_send import SendToRaterDialog

    dialog = SendToRaterDialog(window.project, window, **kwargs)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog


def merge_returned(window, path: str | None = None):
    """File › Merge returned labels… (gui/dialogs/rater_merge.py)."""
    from factaudit.gui.dialogs.rater_merge import MergeReturnDialog

    dialog = MergeReturnDialog(window.project, window, path=path)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog


def show_settings(window):
    """File › Settings… (gui/dialogs/settings_dialog.py); asking to reopen goes to the controller."""
    from factaudit.gui.dialogs.settings_dialog import SettingsDialog

    dialog = SettingsDialog(window.project, window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.reopenRequested.connect(window.reopenRequested.emit)
    dialog.open()
    return dialog


def _view_dialog(window, title: str, make_view, size: tuple[int, int]):
    """A page view in its own non-modal dialog that deletes itself on close, with a Close button
    (a window manager without a title-bar close, or a dialog taller than the screen, left no way out)."""
    dialog = QDialog(window)
    dialog.setWindowTitle(title)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    layout = QVBoxLayout(dialog)
    layout.addWidget(make_view(dialog))
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    dialog.resize(*size)
    dialog.open()
    return dialog


def show_connection_log(window):
    from factaudit.gui.views.connections_view import ConnectionsView

    return _view_dialog(window, QCoreApplication.translate("ProjectWindow", "Connection log"), ConnectionsView,
                        (1000, 460))


def show_models(window):
    from factaudit.gui.views.models_view import ModelsView
    from factaudit.gui.views.tables import scrolling

    return _view_dialog(window, QCoreApplication.translate("ProjectWindow", "Models"),
                        lambda dialog: scrolling(ModelsView(window.project, dialog)), (1100, 560))
