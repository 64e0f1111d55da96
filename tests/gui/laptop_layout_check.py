"""Open every page, tab and dialog of a project window on a laptop-sized screen and list what does not
fit (issue #23 item 1). Run by tests/gui/test_laptop_layout.py in a child process, because the screen
size and QT_SCALE_FACTOR are fixed when the QApplication starts:

    python laptop_layout_check.py PROJECT OUT.json [--shots FOLDER] [--suffix _150]

An interactive widget (button, field, list, table, text pane, tab bar) fails when it lies outside the
visible part of its window, or outside the part of its scroll area's parent that shows it: it cannot be
reached. A word-wrapped label that is not given the height its text needs, outside any scroll area,
fails too (its text is cut off). The window must not grow past the screen's available area.
"""
from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from PySide6.QtCore import QPoint, QRect, QTimer  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QAbstractButton, QAbstractItemView, QAbstractScrollArea, QAbstractSpinBox, QApplication, QComboBox, QDialog,
    QLabel, QLineEdit, QListView, QMessageBox, QScrollBar, QSlider, QTabBar, QTableView, QTabWidget, QWidget,
)

INTERACTIVE = (QAbstractButton, QComboBox, QLineEdit, QAbstractSpinBox, QSlider, QAbstractItemView,
               QAbstractScrollArea, QTabBar)
# children of these are their own parts (a combo's line edit, a tab bar's scroll arrows, a spin box's field)
COMPOSITE = (QComboBox, QAbstractSpinBox, QTabBar, QScrollBar)
SLACK = 2   # px of rounding (150 % scaling rounds widget edges)
MIN_ROWS = 3   # rows a table or list shows whole at least


def _window_rect(w: QWidget, top: QWidget) -> QRect:
    return QRect(w.mapTo(top, QPoint(0, 0)), w.size())


def _describe(w: QWidget) -> str:
    text = ""
    for attr in ("text", "placeholderText", "windowTitle"):
        value = getattr(w, attr, None)
        if callable(value):
            value = value()
        if value:
            text = str(value)[:40]
            break
    name = w.objectName()
    return f"{type(w).__name__}{'#' + name if name else ''}{' ' + repr(text) if text else ''}"


def _inside(inner: QRect, outer: QRect) -> bool:
    return (inner.left() >= outer.left() - SLACK and inner.top() >= outer.top() - SLACK
            and inner.right() <= outer.right() + SLACK and inner.bottom() <= outer.bottom() + SLACK)


def _visible_area(w: QWidget, top: QWidget) -> tuple[QRect, QWidget | None]:
    """The part of the top-level window in which w can be seen: the window's rect, narrowed by every
    ancestor's rect up to the nearest scroll area (whose content scrolls into view)."""
    area = QRect(-100_000, -100_000, 200_000, 200_000)
    parent = w.parentWidget()
    while parent is not None and parent is not top:
        if isinstance(parent.parentWidget(), QAbstractScrollArea) and parent is parent.parentWidget().viewport():
            return area, parent.parentWidget()     # scrolled into view: the scroll area must be reachable
        area = area.intersected(_window_rect(parent, top))
        parent = parent.parentWidget()
    return area.intersected(QRect(QPoint(0, 0), top.size())), None


def _is_part(w: QWidget, top: QWidget) -> bool:
    parent = w.parentWidget()
    while parent is not None and parent is not top:
        if isinstance(parent, COMPOSITE):
            return True
        parent = parent.parentWidget()
    return False


def rows_cut(view: QWidget) -> str | None:
    """A table or list shows at least its first rows whole (all of them when it has up to MIN_ROWS)."""
    if not isinstance(view, (QTableView, QListView)) or view.model() is None:
        return None
    n = view.model().rowCount(view.rootIndex())
    if n == 0:
        return None
    want = min(n, MIN_ROWS)
    last = view.model().index(want - 1, 0, view.rootIndex())
    rect = view.visualRect(last)
    if rect.isValid() and rect.bottom() <= view.viewport().height() + SLACK:
        return None
    return f"shows fewer than {want} of its {n} rows (viewport {view.viewport().height()} px)"


def problems_of(top: QWidget, where: str) -> list[str]:
    out = []
    screen = top.screen().availableGeometry() if top.screen() else None
    if screen is not None and (top.width() > screen.width() + SLACK or top.height() > screen.height() + SLACK):
        out.append(f"{where}: window {top.width()}x{top.height()} exceeds the screen's {screen.width()}x"
                   f"{screen.height()}")
    hint = top.minimumSizeHint()
    if screen is not None and (hint.width() > screen.width() or hint.height() > screen.height()):
        out.append(f"{where}: minimum size {hint.width()}x{hint.height()} exceeds the screen's "
                   f"{screen.width()}x{screen.height()}")
    checked: set[int] = set()

    def reachable(w: QWidget, depth: int = 0) -> str | None:
        area, scroller = _visible_area(w, top)
        rect = _window_rect(w, top)
        if not _inside(rect, area):
            return f"at {rect.x()},{rect.y()} {rect.width()}x{rect.height()}, visible area {area.width()}x{area.height()}" \
                   f"+{area.x()}+{area.y()}"
        if scroller is not None and depth < 10:
            return reachable(scroller, depth + 1)
        return None

    for w in top.findChildren(QWidget):
        if not w.isVisibleTo(top) or w.window() is not top or _is_part(w, top):
            continue
        if isinstance(w, INTERACTIVE):
            if isinstance(w, QAbstractScrollArea) and w.viewport() is not None and w.viewport().height() < 24 \
                    and w.height() > 0 and not isinstance(w, QComboBox):
                out.append(f"{where}: {_describe(w)} is squeezed to {w.width()}x{w.height()}")
            why = reachable(w)
            if why:
                out.append(f"{where}: {_describe(w)} cannot be reached ({why})")
            short = rows_cut(w)
            if short:
                out.append(f"{where}: {_describe(w)} {short}")
        elif isinstance(w, QLabel) and w.wordWrap() and w.text().strip() and id(w) not in checked:
            checked.add(id(w))
            _area, scroller = _visible_area(w, top)
            if scroller is None and w.heightForWidth(w.width()) > w.height() + 4:
                out.append(f"{where}: {_describe(w)} is cut off ({w.height()} px of the {w.heightForWidth(w.width())} "
                           "its text needs)")
    return out


def settle(app: QApplication, rounds: int = 6) -> None:
    from factaudit.gui.ops import Op

    from PySide6.QtTest import QTest

    for _ in range(rounds):
        Op.wait_all(30_000)
        QTest.qWait(20)    # pages build their parts on later turns, 15 ms apart (page_parts.build_later)


def tab_states(page: QWidget):
    """Yield "" for a page without tabs, else each tab of each visible tab widget, one at a time."""
    found = [t for t in page.findChildren(QTabWidget) if t.isVisibleTo(page)]
    if not found:
        yield ""
    for tabs in found:
        for index in range(tabs.count()):
            tabs.setCurrentIndex(index)
            yield tabs.tabText(index).replace("&", "")


def check_window(app, window, shots: Path | None, suffix: str) -> list[str]:
    from factaudit.gui import main_window

    out: list[str] = []
    for index, name in enumerate(main_window.PAGES):
        window.show_page(index)
        settle(app)
        page = window.pages.currentWidget()
        for tab in tab_states(page):
            settle(app, 3)
            label = f"{name}{' › ' + tab if tab else ''}"
            if name == "Labeling" and tab in ("", "Label"):
                out += label_a_unit(app, window, page, label)
                page.labeling.set_mode("reasoning")       # the verifier's trace beside the reasoning codebook
                settle(app, 4)
                out += label_a_unit(app, window, page, f"{label} (reasoning)")
                out += problems_of(window, f"{label} (reasoning)")
                if shots is not None:
                    window.grab().save(str(shots / f"laptop_labeling_reasoning{suffix}.png"))
                page.labeling.set_mode("evidence")
                settle(app, 4)
            out += problems_of(window, label)
            if shots is not None:
                slug = re.sub(r"[^a-z0-9]+", "_", re.sub(r"\(.*?\)|[\d,]+$", "", f"{name} {tab}".lower())).strip("_")
                window.grab().save(str(shots / f"laptop_{slug}{suffix}.png"))
    return out


def label_a_unit(app, window, page, label: str) -> list[str]:
    """Commit one unit, so the "Previous unit" panel is filled: the window must not grow."""
    view = getattr(page, "labeling", None)
    if view is None or view.unit is None:
        return [f"{label}: no unit to label (the check needs one)"]
    before = window.size()
    if not view.annotator_edit.text():
        view.annotator_edit.setText("laptop check")      # the name a first label would ask for
    for _ in view.dims:
        view.choose(0)
        if not view.auto_check.isChecked():
            view.advance()
    view.flush()
    settle(app, 3)
    if window.size() != before:
        return [f"{label}: committing a unit resized the window from {before.width()}x{before.height()} to "
                f"{window.width()}x{window.height()}"]
    return []


def dialogs(window):
    """(name, opener) for each dialog the window opens; each opener returns the dialog."""
    from factaudit.engine import services
    from factaudit.gui import workflow_actions as wa
    from factaudit.gui.dialogs.aggregate_dialog import AggregateDialog
    from factaudit.gui.dialogs.import_dialog import ImportDialog

    runs = services.list_runs(window.project)
    retrieval = next((r.id for r in runs if r.kind == "retrieve"), None)
    verify = next((r.id for r in runs if r.kind in ("verify", "imported")), None)
    out = [("import", lambda: ImportDialog(window.project, window))]
    for step, cls in wa.STEP_DIALOGS.items():
        out.append((step, lambda cls=cls: cls(window.project, window)))
    out.append(("aggregate", lambda: AggregateDialog(window.project, window)))
    for run in (retrieval, verify):
        if run:
            out.append((f"run_details_{run.split('-')[0]}", lambda run=run: wa.RunDetailsDialog(window.project, window,
                                                                                             run)))
    from factaudit.gui.dialogs.rater_merge import MergeReturnDialog
    from factaudit.gui.dialogs.rater_send import SendToRaterDialog

    out.append(("send_to_rater", lambda: SendToRaterDialog(window.project, window)))
    out.append(("merge_returned_labels", lambda: MergeReturnDialog(window.project, window)))
    out.append(("connection_log", window.show_connection_log))
    out.append(("models", window.show_models))
    out.append(("quickstart", lambda: wa.show_quickstart(window)))
    out.append(("shortcuts", lambda: wa.show_shortcuts(window)))
    return out


def check_dialogs(app, window, shots: Path | None, suffix: str) -> list[str]:
    out = []
    for name, opener in dialogs(window):
        dialog = opener()
        if dialog is None:
            out.append(f"dialog {name}: did not open")
            continue
        dialog.show()
        settle(app)
        for tab in tab_states(dialog):
            settle(app, 2)
            out += problems_of(dialog, f"dialog {name}{' › ' + tab if tab else ''}")
        if shots is not None:
            dialog.grab().save(str(shots / f"laptop_dialog_{name}{suffix}.png"))
        dialog.done(QDialog.DialogCode.Rejected)
        dialog.deleteLater()
        settle(app, 2)
    return out


def main(argv: list[str]) -> int:
    project_path, out_path = Path(argv[1]), Path(argv[2])
    shots = Path(argv[argv.index("--shots") + 1]) if "--shots" in argv else None
    suffix = argv[argv.index("--suffix") + 1] if "--suffix" in argv else ""
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    from factaudit.gui.app import configure_app

    configure_app(app)
    # a modal message box would stop the walk: answer any at once
    QTimer.singleShot(0, lambda: None)
    QMessageBox.information = staticmethod(lambda *a, **k: QMessageBox.StandardButton.Ok)
    QMessageBox.warning = staticmethod(lambda *a, **k: QMessageBox.StandardButton.Ok)
    from factaudit.engine import services
    from factaudit.gui import main_window
    from factaudit.gui.views.start_screen import StartScreen

    screen = app.primaryScreen().availableGeometry()
    result = {"screen": [screen.width(), screen.height()], "scale": os.environ.get("QT_SCALE_FACTOR", "1"),
              "platform": app.platformName(), "problems": []}
    start = StartScreen()
    start.show()
    settle(app)
    result["problems"] += problems_of(start, "start screen")
    if shots is not None:
        start.grab().save(str(shots / f"laptop_start{suffix}.png"))
    start.close()

    window = main_window.ProjectWindow(services.open_project(project_path))
    window.show()
    settle(app)
    result["window"] = [window.width(), window.height()]
    result["problems"] += check_window(app, window, shots, suffix)
    result["problems"] += check_dialogs(app, window, shots, suffix)
    result["window_after"] = [window.width(), window.height()]
    window.close()
    settle(app, 2)
    out_path.write_text(json.dumps(result, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
