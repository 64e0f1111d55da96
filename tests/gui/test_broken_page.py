"""A page or tab whose construction fails says why instead of staying blank, and the window stays usable."""
from __future__ import annotations

import logging

from PySide6.QtWidgets import QWidget

from factaudit.engine.errors import InvalidArgument
from factaudit.gui import main_window
from factaudit.gui.views.broken_page import BrokenPage
from factaudit.gui.views.tabbed_page import TabbedPage


class BuggyPage(QWidget):
    def __init__(self, project, parent=None):
        raise RuntimeError("a bug while building")


class UnreadablePage(QWidget):
    def __init__(self, project, parent=None):
        raise InvalidArgument("the run table cannot be read")


class Fine(QWidget):
    def __init__(self, project, parent=None):
        super().__init__(parent)
        self.refreshed = 0

    def refresh(self):
        self.refreshed += 1


class TwoTabs(TabbedPage):
    TABS = (("Fine", Fine), ("Buggy", BuggyPage))


def test_a_lazy_page_that_fails_to_build_says_why(qtbot, project, closer, monkeypatch, caplog):
    monkeypatch.setitem(main_window.LAZY_PAGES, "Reports", BuggyPage)
    monkeypatch.setitem(main_window.LAZY_PAGES, "Review", UnreadablePage)
    window = main_window.ProjectWindow(project)
    closer(window)
    with caplog.at_level(logging.WARNING):
        window.show_page(window.page_index("Reports"))
        window.show_page(window.page_index("Review"))
    reports, review = window.page_widget("Reports"), window.page_widget("Review")
    assert isinstance(reports, BrokenPage) and isinstance(review, BrokenPage)
    assert "Reports page cannot be shown: Unexpected error (RuntimeError): a bug while building" in reports.text()
    assert review.text() == "The Review page cannot be shown: the run table cannot be read"
    assert any(r.exc_info and "a bug while building" in str(r.exc_info[1]) for r in caplog.records)
    window.refresh()                                    # a change announcement reaches the broken page too
    window.show_page(window.page_index("Workflow"))
    assert window.current_page == "Workflow"


def test_a_tab_that_fails_to_build_says_why(qtbot, project):
    page = TwoTabs(project)
    qtbot.addWidget(page)
    page.tabs.setCurrentIndex(1)
    broken = page.widget("Buggy")
    assert isinstance(broken, BrokenPage) and "Buggy page cannot be shown" in broken.text()
    page.tabs.setCurrentIndex(0)
    assert page.widget("Fine").refreshed == 1           # the working tab still refreshes when shown again
    page.refresh()
