"""A sidebar page made of tabs whose views are built the first time they are shown."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import QLabel, QTabWidget, QVBoxLayout, QWidget

from factaudit.gui.ops import on_changes
from factaudit.gui.views.answers_view import AnswersView
from factaudit.gui.views.broken_page import BrokenPage, build_or_explain
from factaudit.gui.views.page_parts import build_later
from factaudit.gui.views.conflicts_view import ConflictsView
from factaudit.gui.views.hits_view import HitsView
from factaudit.gui.views.review_view import ReviewView


class TabbedPage(QWidget):
    """TABS = ((name, view class), ...); each view takes (project) and has refresh()."""

    TABS: tuple[tuple[str, type[QWidget]], ...] = ()
    # build the first tab on the next turn of the event loop (or when first asked for), so the page is
    # drawn before its heaviest view is built: one block of the UI thread becomes two short ones (#35 item 4)
    DEFER_FIRST = False

    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self._built: dict[int, QWidget] = {}
        for n, (name, _spec) in enumerate(self.TABS):
            holder = QLabel(QCoreApplication.translate("PageRead", "Reading…")) if n == 0 and self.DEFER_FIRST else QWidget()
            self.tabs.addTab(holder, QCoreApplication.translate("TabbedPage", name))
        self.tabs.currentChanged.connect(self._tab_changed)
        layout.addWidget(self.tabs)
        if self.DEFER_FIRST:
            build_later(self, lambda: self._ensure(0))   # after the page's first paint (#35 item 4)
        else:
            self._ensure(0)

    def widget(self, name: str) -> QWidget:
        """The tab's view (built on demand)."""
        index = [n for n, _ in self.TABS].index(name)
        self._ensure(index)
        return self._built[index]

    def is_built(self, name: str) -> bool:
        """Whether the tab's view exists yet (a deferred first tab is built a turn after the page)."""
        return [n for n, _ in self.TABS].index(name) in self._built

    def show_tab(self, name: str) -> QWidget:
        index = [n for n, _ in self.TABS].index(name)
        self._ensure(index)
        self.tabs.setCurrentIndex(index)
        return self._built[index]

    def view_built(self, index: int, view: QWidget) -> None:
        """Hook for subclasses to connect a freshly built view."""

    def _ensure(self, index: int) -> None:
        if index in self._built:
            return
        name, view_cls = self.TABS[index]
        view = build_or_explain(QCoreApplication.translate("TabbedPage", name), lambda: view_cls(self.project))
        current = self.tabs.currentIndex()
        self.tabs.blockSignals(True)
        self.tabs.removeTab(index)
        self.tabs.insertTab(index, view, QCoreApplication.translate("TabbedPage", self.TABS[index][0]))
        self.tabs.setCurrentIndex(current if current != index else index)
        self.tabs.blockSignals(False)
        self._built[index] = view
        if not isinstance(view, BrokenPage):
            self.view_built(index, view)

    def _tab_changed(self, index: int) -> None:
        fresh = index not in self._built
        self._ensure(index)
        if not fresh:
            self._built[index].refresh()      # data may have changed since it was last shown

    def refresh(self) -> None:
        for view in self._built.values():
            view.refresh()


class ReviewPage(TabbedPage):
    TABS = ((QT_TRANSLATE_NOOP("TabbedPage", "Disagreements"), ReviewView),
            (QT_TRANSLATE_NOOP("TabbedPage", "Retrieved evidence"), HitsView),
            (QT_TRANSLATE_NOOP("TabbedPage", "Conflicts"), ConflictsView),
            (QT_TRANSLATE_NOOP("TabbedPage", "Answers"), AnswersView))
    subscribes_to_changes = True

    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(project, parent)
        self.setFocusProxy(self._built[0].list)     # 1/2/3 triage at once when the page is opened
        on_changes(self, self._changed, "runs", "verdicts", "triage", "annotations", "codebook", project=project)

    def _changed(self, changes) -> None:
        """The list keeps its place for the reviewer's own decisions and for new evidence labels (only
        pre-fills change); anything else reads the list again."""
        review = self._built[0]
        if changes.areas == ("triage",) and review.own_announcements > 0:
            review.own_announcements -= 1
            return
        if changes.touches("runs", "verdicts", "triage", "codebook"):
            self.refresh()
        else:
            review.evidence_changed()
