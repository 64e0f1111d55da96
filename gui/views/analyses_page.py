"""The Analyses page: the analyses that once lived only on the command line (taxonomy induction, the
equivalence lexicon and gates, prices), one tab each."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

from factaudit.gui.views.experiments_view import ExperimentsView
from factaudit.gui.views.induction_view import InductionView
from factaudit.gui.views.lexicon_view import GatesView, LexiconView
from factaudit.gui.views.prices_view import PricesView
from factaudit.gui.views.prompts_view import PromptsView
from factaudit.gui.views.tabbed_page import TabbedPage


class AnalysesPage(TabbedPage):
    TABS = ((QT_TRANSLATE_NOOP("TabbedPage", "Induction"), InductionView),
            (QT_TRANSLATE_NOOP("TabbedPage", "Experiments"), ExperimentsView),
            (QT_TRANSLATE_NOOP("TabbedPage", "Prompts"), PromptsView),
            (QT_TRANSLATE_NOOP("TabbedPage", "Lexicon"), LexiconView),
            (QT_TRANSLATE_NOOP("TabbedPage", "Gates"), GatesView),
            (QT_TRANSLATE_NOOP("TabbedPage", "Prices"), PricesView))
