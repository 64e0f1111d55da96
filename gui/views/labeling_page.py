"""The Labeling sidebar page: the labeling view with the codebook editor, agreement and taxonomy tabs."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QWidget

from factaudit.gui.ops import on_changes
from factaudit.gui.views.agreement_view import AgreementView
from factaudit.gui.views.codebook_editor import CodebookEditor
from factaudit.gui.views.labeling_view import LabelingView
from factaudit.gui.views.tabbed_page import TabbedPage
from factaudit.gui.views.taxonomy_view import TaxonomyView


class LabelingPage(TabbedPage):
    """The whole Labeling sidebar page: the labeling view with the codebook editor, agreement and
    taxonomy as tabs (built when first shown, refreshed whenever they are shown again)."""

    TABS = ((QT_TRANSLATE_NOOP("TabbedPage", "Label"), LabelingView),
            (QT_TRANSLATE_NOOP("TabbedPage", "Codebook"), CodebookEditor),
            (QT_TRANSLATE_NOOP("TabbedPage", "Agreement"), AgreementView),
            (QT_TRANSLATE_NOOP("TabbedPage", "Taxonomy"), TaxonomyView))
    subscribes_to_changes = True

    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(project, parent)
        on_changes(self, self._changed, "runs", "verdicts", "annotations", "codebook", project=project)

    def _changed(self, changes) -> None:
        """New runs or a new codebook: everything again. New labels (the labeler's own, a pre-label run,
        an import): agreement and taxonomy only; the queue keeps its place, and each unit reads its
        labels and pre-labels when it is shown."""
        if changes.touches("runs", "verdicts", "codebook"):
            self.refresh()
            return
        for index, view in self._built.items():
            if index != 0 and self.tabs.currentIndex() == index:
                view.refresh()

    DEFER_FIRST = True

    @property
    def labeling(self):
        return self.widget("Label")      # built on first use if the deferred build has not run yet

    def view_built(self, index: int, view: QWidget) -> None:
        if isinstance(view, LabelingView):
            # digits label at once when the page is opened (the card is built a turn after the view)
            view.after_card(lambda: self.setFocusProxy(view.card))
            view.annotatorChanged.connect(self._annotator_changed)
        # a saved codebook is announced (OpChanges.codebook), and _changed refreshes every tab

    def _annotator_changed(self, _name: str) -> None:
        window = self.window()
        if hasattr(window, "update_status"):        # the status bar names who labels in this project
            window.update_status()

    def _tab_changed(self, index: int) -> None:
        if index == 0:  # keep the labeler's place in the queue: no refresh here
            self.labeling.card.setFocus()
            return
        super()._tab_changed(index)
