"""Tabs of the Results page's lower half built the first time they are shown (or asked for).

Building all of them with the page blocked the UI thread in "Open results" (#35 item 4): each tab's
widgets cost tens of milliseconds to create and style, and only the first tab is seen at once."""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QTabWidget, QWidget


class LazyTabs:
    """Each tab starts as an empty placeholder under its final title; build(key) swaps the real
    widget in (once) and returns it."""

    def __init__(self, tabs: QTabWidget):
        self.tabs = tabs
        self._builders: dict[str, tuple[QWidget, Callable[[], QWidget]]] = {}
        self._built: dict[str, QWidget] = {}
        tabs.currentChanged.connect(self._shown)

    def add(self, key: str, title: str, builder: Callable[[], QWidget]) -> None:
        holder = QWidget()
        self.tabs.addTab(holder, title)
        self._builders[key] = (holder, builder)

    def built(self, key: str) -> QWidget | None:
        return self._built.get(key)

    def build(self, key: str) -> QWidget:
        if key in self._built:
            return self._built[key]
        holder, builder = self._builders[key]
        widget = builder()
        index = self.tabs.indexOf(holder)
        current = self.tabs.currentIndex()
        self.tabs.blockSignals(True)
        title = self.tabs.tabText(index)
        self.tabs.removeTab(index)
        self.tabs.insertTab(index, widget, title)
        self.tabs.setCurrentIndex(current)
        self.tabs.blockSignals(False)
        holder.deleteLater()
        self._built[key] = widget
        return widget

    def _shown(self, index: int) -> None:
        widget = self.tabs.widget(index)
        for key, (holder, _builder) in self._builders.items():
            if holder is widget and key not in self._built:
                self.build(key)
                return


class LowerTabsMixin:
    """ResultsView's parts built after its construction: the body (buttons, tables, charts, lower tabs)
    over the next turns of the event loop, a part a turn, or all when first used; the lower tabs other
    than "Compare runs" when first shown or first used."""

    _BODY = frozenset(("metrics_table", "interval_plot", "closed_label", "closed_table", "confusion_plot",
                       "compare_list", "compare_label", "compare_table", "lower_tabs", "_lazy", "_study_keys",
                       "scroll", "_top_grid", "_split", "gold_combo", "subset_combo", "refresh_button", "export_buttons"))

    def __getattr__(self, name: str):
        # only reached for a missing attribute: a body widget asked for before the body was built
        if name in type(self)._BODY and not self.__dict__.get("_body_built", True):
            self._build_body()
            return getattr(self, name)
        raise AttributeError(name)

    def _build_next_part(self) -> None:
        """One part of the body a turn (ResultsView._body_parts), so no turn holds the UI thread long."""
        from factaudit.gui.views.page_parts import build_later

        if self._body_parts:
            self._body_parts.pop(0)()
        if self._body_parts:
            build_later(self, self._build_next_part)
        else:
            self._body_built = True

    def _build_body(self) -> None:
        """What is left of the body, now (a body widget is wanted before its turn came)."""
        while self._body_parts:
            self._body_parts.pop(0)()
        self._body_built = True

    def _build_buttons(self) -> None:
        from PySide6.QtWidgets import QHBoxLayout, QPushButton

        from factaudit.gui.views.results_parts import gold_controls

        # the buttons get their own row, so the page fits a 1280-px laptop screen (F5 is the window's)
        buttons = QHBoxLayout()
        # which labels the figures are scored against, and a subset scored beside the full set (#33)
        self.gold_combo, self.subset_combo = gold_controls(buttons, lambda: self.recompute())
        buttons.addStretch(1)
        self.refresh_button = QPushButton(QCoreApplication.translate("ResultsView", "Refresh"))
        self.refresh_button.setToolTip(QCoreApplication.translate("ResultsView", "Read this page again from the project file (F5)"))
        self.refresh_button.clicked.connect(self.refresh)
        buttons.addWidget(self.refresh_button)
        self.export_buttons: dict[str, QPushButton] = {}
        for fmt, text in (("html", QCoreApplication.translate("ResultsView", "Export HTML…")),
                          ("xlsx", QCoreApplication.translate("ResultsView", "Export XLSX…")),
                          ("json", QCoreApplication.translate("ResultsView", "Export JSON…"))):
            b = QPushButton(text)
            b.clicked.connect(lambda _=False, f=fmt: self.export((f,)))
            self.export_buttons[fmt] = b
            buttons.addWidget(b)
        self._root.insertLayout(1, buttons)      # under the header, above the status line

    def _build_lower_tabs(self) -> None:
        from factaudit.gui.views.results_studies import add_study_tabs

        # the other tabs are built when first shown: building them all blocked "Open results" (#35 item 4)
        self._lazy = LazyTabs(self.lower_tabs)
        self._lazy.add("certify", QCoreApplication.translate("ResultsView", "Certify"), self._build_certify)
        self._lazy.add("figures", QCoreApplication.translate("ResultsView", "Study figures"), self._build_figures)
        # retrieval, judge and conflict runs' figures (issue #33), each read when its tab is shown
        self._study_keys = add_study_tabs(self._lazy, self.project, self.n_resamples)

    def _build_certify(self):
        from factaudit.gui.views.raters.certify import CertifyPanel
        from factaudit.gui.views.results_parts import add_unit_list

        panel = CertifyPanel(self.project)
        panel.sampleDrawn.connect(lambda path: add_unit_list(self.subset_combo, path, select=False))
        panel.set_inputs(self.run_combo.currentText() or None, self.mapping, self.level)
        return panel

    def _build_figures(self):
        from factaudit.gui.views.results_parts import FiguresPanel

        panel = FiguresPanel()
        if self.bundle is not None:
            panel.show_figures(self.bundle.extras, self.mapping)
        return panel

    @property
    def certify_panel(self):
        return self._lazy.build("certify")

    @property
    def figures_panel(self):
        return self._lazy.build("figures")

    @property
    def study_sections(self) -> list:
        return [self._lazy.build(key) for key in self._study_keys]
