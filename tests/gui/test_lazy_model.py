"""The lazy table model over 100,000 claims: full row count, only the painted pages are read."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView

from factaudit.engine import services
from factaudit.gui.qtmodels.table_model import LazyTableModel

N = 100_000


@pytest.fixture(scope="module")
def big_project(tmp_path_factory):
    folder = tmp_path_factory.mktemp("big")
    src = folder / "claims.jsonl"
    with open(src, "w", encoding="utf-8") as fh:
        for i in range(N):
            fh.write(json.dumps({"id": f"c{i:06d}", "claim": f"Generated claim {i} on topic {i % 97}.",
                                 "label": ("Supported", "Refuted", "No Evidence")[i % 3]}) + "\n")
    project = services.create_project(folder / "big.faproj")
    services.import_files(project, [src], kind="claims", dataset="generated")
    yield project
    project.close()


def _view(qtbot, model) -> QTableView:
    view = QTableView()
    view.verticalHeader().setSectionResizeMode(view.verticalHeader().ResizeMode.Fixed)
    view.verticalHeader().setDefaultSectionSize(24)
    view.setModel(model)
    view.resize(900, 600)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    return view


def counted(qtbot, model) -> None:
    qtbot.waitUntil(lambda: not model.counting, timeout=30_000)


def test_row_count_is_complete_but_few_rows_are_read(qtbot, big_project):
    model = LazyTableModel(big_project, "claims", page_size=200, max_pages=8)
    assert model.counting and model.rowCount() == 0                 # the count is read off the UI thread
    counted(qtbot, model)
    assert model.rowCount() == N == services.count_rows(big_project, "claims")
    assert model.pages_fetched == 0 and model.cached_rows == 0      # counting reads no rows

    view = _view(qtbot, model)
    qtbot.wait(20)
    assert 1 <= model.pages_fetched <= 2                            # ~25 visible rows: one page
    assert model.cached_rows <= 2 * model.page_size
    first = model.data(model.index(0, 0))
    assert first == "c000000"

    fetched_before = model.pages_fetched
    view.scrollToBottom()
    qtbot.wait(20)
    last_row = model.rowCount() - 1
    expected = services.page_rows(big_project, "claims", last_row, 1)[0]
    assert model.data(model.index(last_row, 0)) == expected[0] == f"c{N - 1:06d}"
    assert model.data(model.index(last_row, 2)) == expected[2]
    # jumping to the end read the last page (maybe its neighbour), not the 498 pages in between
    assert model.pages_fetched - fetched_before <= 2
    assert model.cached_rows <= model.max_pages * model.page_size < N // 50

    # the cache stays bounded however far one wanders
    for row in range(0, N, N // 40):
        model.data(model.index(row, 0))
    assert model.cached_pages == model.max_pages


def test_filtering_a_big_table(qtbot, big_project):
    model = LazyTableModel(big_project, "claims", page_size=100)
    _view(qtbot, model)
    counted(qtbot, model)
    model.set_filter(search="claim 4242 on")
    counted(qtbot, model)
    assert model.rowCount() == services.count_rows(big_project, "claims", search="claim 4242 on") == 1
    assert model.row_record(0)["id"] == "c004242"
    model.set_filter(dataset="generated", search="topic 13.")
    counted(qtbot, model)
    expected = services.count_rows(big_project, "claims", "generated", "topic 13.")
    assert model.rowCount() == expected == sum(1 for i in range(N) if i % 97 == 13)
    gold_col = model.columns.index("gold_label")
    label = model.data(model.index(0, gold_col))
    colour = model.data(model.index(0, gold_col), Qt.ItemDataRole.BackgroundRole)
    assert label in ("Supported", "Refuted", "No Evidence") and colour is not None
    model.set_filter(dataset="no-such-dataset")
    counted(qtbot, model)
    assert model.rowCount() == 0 and model.row_record(0) is None


def test_a_failed_page_read_is_reported_not_an_empty_page(qtbot, tmp_path):
    src = tmp_path / "claims.jsonl"
    src.write_text("".join(json.dumps({"id": f"c{i}", "claim": f"claim {i}"}) + "\n" for i in range(5)),
                   encoding="utf-8")
    project = services.create_project(tmp_path / "small.faproj")
    services.import_files(project, [src], kind="claims")
    model = LazyTableModel(project, "claims", page_size=2)
    counted(qtbot, model)
    assert model.rowCount() == 5 and model.error is None
    assert model.row_record(0)["id"] == "c0"                 # page 0 read and cached
    project.close()                                          # every later read fails
    heard = []
    model.readFailed.connect(heard.append)
    assert model.row_values(3) is None                       # page 1: the read fails
    assert heard and "Could not read the claims" in heard[-1] and "closed" in heard[-1]
    assert model.error == heard[-1]
    assert model.cached_pages == 1                           # the failed page is not kept as empty
    model.refresh()                                          # the count fails too, and says so
    counted(qtbot, model)
    assert model.rowCount() == 0 and len(heard) >= 2 and model.error
