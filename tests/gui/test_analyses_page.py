"""The Analyses page: each tab's writes reach the project (read back through services)."""
from __future__ import annotations

import struct

import pytest

from factaudit.engine import services
from factaudit.gui.ops import Op


@pytest.fixture
def project(demo_copy):
    p = services.open_project(demo_copy)
    yield p
    Op.cancel_all()
    Op.wait_all(30_000)
    p.close()


@pytest.fixture
def make_page(project, qtbot):
    """The page, built once the test has written what it should read."""
    from factaudit.gui.views.analyses_page import AnalysesPage

    def make():
        page = AnalysesPage(project)
        qtbot.addWidget(page)
        return page
    return make


def _png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", png[16:24])


def _select(table, column: int, text: str) -> None:
    row = next(r for r in range(table.rowCount()) if table.item(r, column).text() == text)
    table.selectRow(row)


def test_induction_decide_close_and_start(make_page, project, qtbot):
    proposals = [
        {"target": "evidence", "dimension": "credibility", "code_id": "retracted_trial", "name": "Retracted trial",
         "definition": "the passage reports a trial later retracted", "examples": ["c1"]},
        {"target": "evidence", "dimension": "polarity", "code_id": "hedged", "name": "Hedged",
         "definition": "the passage only hedges", "examples": ["c2"]},
        {"target": "reasoning", "dimension": "inference", "code_id": "guess", "name": "Guess",
         "definition": "a guess", "examples": []},
    ]
    before = services.codebook(project).version
    rnd = services.add_round(project, proposals, proposer="alice")
    ids = {p.code_id: p.id for p in rnd.proposals}
    page = make_page()
    view = page.show_tab("Induction")
    qtbot.waitUntil(lambda: view.state is not None and view.proposals_table.rowCount() == 3, timeout=30_000)
    assert view.current_round_id() == rnd.round_id

    _select(view.proposals_table, 2, "retracted_trial")
    view.accept_button.click()
    qtbot.waitUntil(lambda: not view.op.running, timeout=30_000)
    _select(view.proposals_table, 2, "hedged")
    view.merge_combo.setCurrentIndex(view.merge_combo.findData("neutral"))
    view.merge_button.click()
    qtbot.waitUntil(lambda: not view.op.running, timeout=30_000)
    _select(view.proposals_table, 2, "guess")
    view.reject_button.click()
    qtbot.waitUntil(lambda: not view.op.running, timeout=30_000)
    decided = {p.code_id: (p.decision, p.merge_into) for p in services.induction_rounds(project)[-1].proposals}
    assert decided == {"retracted_trial": ("accept", None), "hedged": ("merge", "neutral"), "guess": ("reject", None)}
    assert all(p.id == ids[p.code_id] for p in services.induction_rounds(project)[-1].proposals)

    qtbot.waitUntil(lambda: view.close_button.isEnabled(), timeout=30_000)
    view.close_button.click()
    qtbot.waitUntil(lambda: not view.op.running, timeout=30_000)
    closed = services.induction_rounds(project)[-1]
    assert closed.closed and closed.n_new_codes == 1
    book = services.codebook(project)
    assert book.version == closed.new_version > before
    assert book.dimension("credibility", "evidence").code("retracted_trial") is not None
    assert book.dimension("inference", "reasoning").code("guess") is None
    # the saturation plot the engine drew for the closed round (the engine's figure: 5.5 × 3.2 in at 110 dpi)
    qtbot.waitUntil(lambda: view.plot_png is not None and not view.plot.pixmap().isNull(), timeout=60_000)
    assert _png_size(view.plot_png) == (round(5.5 * 110), round(3.2 * 110))

    # A new round: the demo has no notes, "other" codes nor verify runs, so nothing is uncovered and the
    # round records saturation without a model.
    assert services.uncovered_cases(project, None) == []
    n = len(services.induction_rounds(project))
    qtbot.waitUntil(lambda: view.start_button.isEnabled(), timeout=30_000)
    view.run_combo.setCurrentIndex(0)
    view.start_button.click()
    qtbot.waitUntil(lambda: not view.op.running, timeout=30_000)
    rounds = services.induction_rounds(project)
    assert len(rounds) == n + 1 and rounds[-1].proposer == "none" and rounds[-1].cases == []
    qtbot.waitUntil(lambda: view.rounds_table.rowCount() == n + 1, timeout=30_000)
