"""What each Workflow step's button opens, and the Help menu's pages (Quick start, Keyboard shortcuts).

Kept out of main_window.py so the window stays a frame: this module knows which dialog or page
serves which step of engine.services.status.
"""
from __future__ import annotations

from importlib import resources

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMessageBox, QTextBrowser, QVBoxLayout, QWidget

from factaudit.engine.errors import FactAuditError
from factaudit.gui.dialogs.decompose_dialog import DecomposeDialog
from factaudit.gui.dialogs.prelabel_dialog import PrelabelDialog
from factaudit.gui.dialogs.report_dialog import ReportDialog
from factaudit.gui.dialogs.retrieve_dialog import RetrieveDialog
from factaudit.gui.dialogs.run_details import RunDetailsDialog
from factaudit.gui.dialogs.seal_dialog import SealDialog
from factaudit.gui.dialogs.verify_dialog import VerifyDialog
from factaudit.gui.ops import error_text
from factaudit.gui.views.labeling_page import LabelingPage
from factaudit.gui.views.tabbed_page import TabbedPage

# step -> the dialog that does it; each takes (project, parent) and is opened modeless
STEP_DIALOGS = {
    "decompose": DecomposeDialog,
    "retrieve": RetrieveDialog,
    "verify": VerifyDialog,
    "prelabel": PrelabelDialog,
    "report": ReportDialog,
    "seal": SealDialog,
}
# step -> (sidebar page, tab of that page or None)
STEP_PAGES = {
    "score": ("Reports", None),
    "review": ("Review", None),
    "label_evidence": ("Labeling", "Label"),
    "label_reasoning": ("Labeling", "Label"),
    "agreement": ("Labeling", "Agreement"),
    # the paths beside the expert's
    "answers": ("Review", "Answers"),
    "conflicts": ("Review", "Conflicts"),
    "judge_evaluation": ("Labeling", "Agreement"),
    "induction": ("Analyses", "Induction"),
    "comparison": ("Reports", None),
}


def open_dialog(window, dialog_cls: type[QDialog], *args, **kwargs) -> QDialog | None:
    """Open a dialog modeless (jobs it starts go on when it is closed)."""
    try:
        dialog = dialog_cls(window.project, window, *args, **kwargs)
    except FactAuditError as exc:   # e.g. the project cannot be read: say so, keep the window
        QMessageBox.warning(window, QCoreApplication.translate("workflow_actions", "Cannot open"), QCoreApplication.translate("workflow_actions", "This step cannot be opened: {v0}").format(v0=error_text(exc)))
        return None
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog


def _step_run(window, name: str) -> str | None:
    status = window.workflow_view.status
    return status.step(name).run_id if status is not None else None


def show_page(window, page: str, tab: str | None = None, target: str | None = None) -> QWidget:
    """Open a sidebar page, one of its tabs, and for Labeling the target (evidence or reasoning)."""
    window.show_page(window.page_index(page))
    widget = window.page_widget(page)
    if tab and isinstance(widget, TabbedPage):
        widget.show_tab(tab)
    if target and isinstance(widget, LabelingPage) and widget.labeling.mode != target:
        widget.labeling.set_mode(target)
    return widget


def do_step(window, name: str):
    """The button of a Workflow step was pressed."""
    if name == "import":
        return window.import_data()
    if name == "evaluate_retrieval":
        run = _step_run(window, name) or _step_run(window, "retrieve")
        if not run:
            QMessageBox.information(window, QCoreApplication.translate("workflow_actions", "Evaluate retrieval"), QCoreApplication.translate("workflow_actions", "Retrieve passages for the claims first."))
            return None
        return open_run_details(window, run)
    if name in STEP_DIALOGS:
        return open_dialog(window, STEP_DIALOGS[name])
    if name == "label_reasoning":
        return label_reasoning(window)
    if name == "second_rater":
        return window.send_to_rater()
    if name in STEP_PAGES:
        page, tab = STEP_PAGES[name]
        target = {"label_evidence": "evidence", "label_reasoning": "reasoning"}.get(name)
        return show_page(window, page, tab, target)
    raise ValueError(f"unknown workflow step {name!r}")


def label_reasoning(window):
    """Labeling on the run whose verdicts carry reasoning (the status step's run); a classifier run has
    none to label, so without such a run the step offers to verify with a language model (issue #35)."""
    run = _step_run(window, "label_reasoning")
    if run:
        page = show_page(window, "Labeling", "Label", "reasoning")
        labeling = getattr(page, "labeling", None)
        if labeling is not None and labeling.run_combo.currentText() != run:
            labeling.select_runs(run)
        return page
    box = QMessageBox(QMessageBox.Icon.Question, QCoreApplication.translate("workflow_actions", "Label reasoning"),
                      QCoreApplication.translate("workflow_actions", "No verify run here carries reasoning: classifier verdicts have a probability, not reasoning to label. Verify the claims with a language model now?"),
                      QMessageBox.StandardButton.NoButton, window)
    box.setObjectName("offerReasoningRun")
    verify = box.addButton(QCoreApplication.translate("workflow_actions", "Verify with a language model…"), QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    verify.clicked.connect(lambda: open_dialog(window, VerifyDialog))
    box.open()
    return box


def open_run_details(window, run_id: str) -> QDialog | None:
    return open_dialog(window, RunDetailsDialog, run_id)


# ---- Help ----------------------------------------------------------------------------------------------
def _tr(text: str) -> str:
    return QCoreApplication.translate("workflow_actions", text)


def quickstart_text(lang: str | None = None) -> str:
    """The Quick start in the interface language (resources/help/quickstart.<lang>.md), else English."""
    from factaudit.engine import i18n as engine_i18n

    lang = lang or engine_i18n.language()
    names = ([f"quickstart.{lang}.md"] if lang != "en" else []) + ["quickstart.md"]
    try:
        folder = resources.files("factaudit.resources").joinpath("help")
        for name in names:
            if folder.joinpath(name).is_file():
                return folder.joinpath(name).read_text(encoding="utf-8")
        raise FileNotFoundError(names[-1])
    except (FileNotFoundError, OSError, ModuleNotFoundError):
        return "# " + QCoreApplication.translate("workflow_actions", "Quick start") + "\n\n" + \
            QCoreApplication.translate("workflow_actions", "The Workflow page lists every step in order; its highlighted step is the next one.")


def _text_dialog(parent: QWidget, title: str, markdown: str, name: str) -> QDialog:
    dialog = QDialog(parent)
    dialog.setObjectName(name)
    dialog.setWindowTitle(title)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    layout = QVBoxLayout(dialog)
    browser = QTextBrowser()
    browser.setOpenExternalLinks(False)
    browser.setMarkdown(markdown)
    layout.addWidget(browser)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    dialog.browser = browser
    dialog.resize(720, 560)
    dialog.open()
    return dialog


def show_quickstart(parent: QWidget) -> QDialog:
    return _text_dialog(parent, QCoreApplication.translate("workflow_actions", "Quick start"), quickstart_text(), "quickstartDialog")


# Keys that belong to pages rather than to menu actions.
PAGE_KEYS = (
    (QT_TRANSLATE_NOOP("workflow_actions", "Labeling"), "1–9",
     QT_TRANSLATE_NOOP("workflow_actions", "choose the code with that number for the current dimension")),
    (QT_TRANSLATE_NOOP("workflow_actions", "Labeling"), QT_TRANSLATE_NOOP("workflow_actions", "Enter, Tab or Right"),
     QT_TRANSLATE_NOOP("workflow_actions", "next dimension, then the next unit")),
    (QT_TRANSLATE_NOOP("workflow_actions", "Labeling"), QT_TRANSLATE_NOOP("workflow_actions", "Shift+Tab or Left"),
     QT_TRANSLATE_NOOP("workflow_actions", "previous dimension")),
    (QT_TRANSLATE_NOOP("workflow_actions", "Labeling"), QT_TRANSLATE_NOOP("workflow_actions", "Backspace"),
     QT_TRANSLATE_NOOP("workflow_actions", "undo the last label")),
    (QT_TRANSLATE_NOOP("workflow_actions", "Labeling"), "R",
     QT_TRANSLATE_NOOP("workflow_actions", "reveal the hidden pre-label and gold label now")),
    (QT_TRANSLATE_NOOP("workflow_actions", "Labeling"), "N",
     QT_TRANSLATE_NOOP("workflow_actions", "a note on the current dimension's label (taxonomy induction reads it)")),
    (QT_TRANSLATE_NOOP("workflow_actions", "Review"), "1–3",
     QT_TRANSLATE_NOOP("workflow_actions", "triage the disagreement: retrieval error, verification error, wrong gold label")),
    (QT_TRANSLATE_NOOP("workflow_actions", "Review"), QT_TRANSLATE_NOOP("workflow_actions", "Enter"),
     QT_TRANSLATE_NOOP("workflow_actions", "accept the pre-filled triage")),
)


def shortcuts_markdown(window) -> str:
    rows = []
    for action in window.actions():
        key = action.shortcut()
        if key.isEmpty():
            continue
        rows.append((key.toString(QKeySequence.SequenceFormat.NativeText), action.text().replace("&", "")))
    lines = ["# " + QCoreApplication.translate("workflow_actions", "Keyboard shortcuts"), "", QCoreApplication.translate("workflow_actions", "| Key | What it does |"), "|---|---|"]
    lines += [f"| {k} | {t} |" for k, t in sorted(rows, key=lambda r: (len(r[0]), r[0]))]
    lines += ["", "## " + QCoreApplication.translate("workflow_actions", "On pages"), "", QCoreApplication.translate("workflow_actions", "| Page | Key | What it does |"), "|---|---|---|"]
    lines += [f"| {_tr(p)} | {_tr(k)} | {_tr(t)} |" for p, k, t in PAGE_KEYS]
    return "\n".join(lines) + "\n"


def show_shortcuts(window) -> QDialog:
    return _text_dialog(window, QCoreApplication.translate("workflow_actions", "Keyboard shortcuts"), shortcuts_markdown(window), "shortcutsDialog")
