"""Pages and dialogs whose reads moved off the UI thread (issue #31 item 3) open at once saying they
read, and a read that fails shows its message instead of an empty widget. An empty project and an
engine read made to fail: no demo data is needed."""
from __future__ import annotations

from factaudit.engine import services
from factaudit.engine.errors import InvalidArgument
from factaudit.gui.ops import Op
from factaudit.gui.query_op import QueryOp, ReadFailure


def _broken(message: str):
    def read(*_args, **_kwargs):
        raise InvalidArgument(message)
    return read


def test_the_hits_page_says_its_runs_could_not_be_read(qtbot, project, monkeypatch):
    from factaudit.gui.views.hits_view import HitsView

    monkeypatch.setattr(services, "hit_runs", _broken("the runs cannot be read right now"))
    view = HitsView(project)
    qtbot.addWidget(view)
    view.show()
    assert view.loading and view.empty_label.text() == "Reading…"        # opens at once, reading
    qtbot.waitUntil(lambda: not view.loading, timeout=10_000)
    banner = ReadFailure.of(view, create=False)
    assert banner is not None and banner.isVisible() and "cannot be read right now" in banner.text()
    assert not view.empty_label.isVisible()          # not "no finished retrieval runs yet"
    monkeypatch.undo()
    view.refresh()                                    # readable again: the page says what is there
    qtbot.waitUntil(lambda: not view.loading, timeout=10_000)
    assert not banner.isVisible() and view.empty_label.isVisible()
    assert view.empty_label.text() == "No finished retrieval runs yet."


def test_the_retrieve_dialog_opens_reading_and_says_why_it_cannot_start(qtbot, project, monkeypatch):
    from factaudit.gui.dialogs.retrieve_dialog import RetrieveDialog

    monkeypatch.setattr(services, "list_embedders", _broken("the model folder cannot be read"))
    dialog = RetrieveDialog(project)
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.start_button.isEnabled() and dialog.retriever_combo.count() == 0
    qtbot.waitUntil(lambda: ReadFailure.of(dialog, create=False) is not None, timeout=10_000)
    assert "model folder cannot be read" in ReadFailure.of(dialog, create=False).text()
    assert ReadFailure.of(dialog, create=False).isVisible() and not dialog.start_button.isEnabled()
    Op.wait_all(10_000)


def test_the_data_page_says_its_datasets_could_not_be_read(qtbot, project, monkeypatch):
    from factaudit.gui.views.data_view import DataView

    monkeypatch.setattr(services, "list_datasets", _broken("the datasets cannot be read right now"))
    view = DataView(project)
    qtbot.addWidget(view)
    view.show()
    assert view.loading and view.datasets.topLevelItem(0).text(0) == "Reading…"
    qtbot.waitUntil(lambda: not view.loading, timeout=10_000)
    assert view.read_error.isVisible() and "cannot be read right now" in view.read_error.text()
    assert view.datasets.topLevelItemCount() == 0
    monkeypatch.undo()
    view.refresh()
    qtbot.waitUntil(lambda: not view.loading and not view.read_error.isVisible(), timeout=10_000)
    # the counts of an empty project, read in the background, and no message left
    assert [view.models[k].rowCount() for k in view.models] == [services.count_rows(project, k) for k in view.models]


def test_the_taxonomy_page_says_its_read_failed(qtbot, project, monkeypatch):
    from factaudit.gui.views.taxonomy_view import TaxonomyView

    monkeypatch.setattr(services, "taxonomy", _broken("the labels cannot be read right now"))
    view = TaxonomyView(project)
    qtbot.addWidget(view)
    assert view.loading and view.status.text() == "Reading…"
    qtbot.waitUntil(lambda: not view.loading, timeout=10_000)
    assert "cannot be read right now" in view.status.text() and view.taxonomy is None


def test_a_read_that_succeeds_leaves_another_reads_failure_on_screen(qtbot):
    """The Retrieve dialog reads its retrievers and its embedders apart: the embedders' failure vanished when
    the other read ended after it, leaving a disabled Start with no reason (seen in a full run)."""
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    page = QWidget()
    QVBoxLayout(page)
    qtbot.addWidget(page)
    page.show()
    failing = QueryOp(page, op=_broken("the model folder cannot be read"), success=lambda _r: None).key("embedders")
    failing.run_in_background()
    qtbot.waitUntil(lambda: ReadFailure.of(page, create=False) is not None, timeout=10_000)
    got = []
    QueryOp(page, op=lambda: 7, success=got.append).key("retrievers").run_in_background()
    qtbot.waitUntil(lambda: got == [7], timeout=10_000)
    banner = ReadFailure.of(page, create=False)
    assert banner.isVisible() and "model folder cannot be read" in banner.text()
    QueryOp(page, op=lambda: 8, success=got.append).key("embedders").run_in_background()   # readable again
    qtbot.waitUntil(lambda: got == [7, 8], timeout=10_000)
    assert not banner.isVisible()
    Op.wait_all(10_000)
