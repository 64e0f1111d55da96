"""The Analyses page: the analyses that once lived only on the command line (taxonomy induction, the
equivalence lexicon and gates, prices), one tab each."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

from factaudit.gui.views.induction_view import InductionView
from factaudit.gui.views.tabbed_page import TabbedPage


class AnalysesPage(TabbedPage):
    TABS = ((QT_TRANSLATE_NOOP("TabbedPage", "Induction"), InductionView),)
