"""Tabs of the Results page's lower half built the first time they are shown (or asked for).

Building all of them with the page blocked the UI thread in "Open results" (#35 item 4): each tab's
widgets cost tens of milliseconds to create and style, and only the first tab is seen at once."""
from __future__ import annotations

from typing import Callable

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
