"""Issue #34's "Done when" from the desktop: in the Experiments view, a grid of 2 retrievers (BM25, dense
MiniLM) × 2 prompts (the shipped template, a project one) × 2 corpora (A, A+B) on a saved endpoint (a fake
on 127.0.0.1 whose verdict follows the prompt and the evidence; tests/engine/test_grid_done_when.py) is
stopped after three cells, run again (it resumes: one run per cell at the end), and its table's figures are
those of the same cells run separately through services.retrieve and services.verify, counted by hand."""
from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt

from factaudit.engine import services
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_grid_done_when import GOLD, setup  # noqa: E402,F401  (the fixture: project path and fake server)


def _close(project) -> None:
    """The view's reads end before the file closes (a read on a worker thread under a closed file crashes
    the sqlite3 module)."""
    from factaudit.gui.ops import Op

    Op.cancel_all()
    Op.wait_all(30_000)
    project.close()


def _check_only(lst, values) -> None:
    for i in range(lst.count()):
        item = lst.item(i)
        want = Qt.CheckState.Checked if item.text() in values else Qt.CheckState.Unchecked
        if item.checkState() != want:
            item.setCheckState(want)


def test_the_done_when_grid_runs_from_the_view_resumes_and_matches_separate_runs(qtbot, setup):  # noqa: F811
    from factaudit.gui.views.experiments_view import ACCURACY_COL, FIGURE, ExperimentsView

    path, server = setup
    server.hold_at = None
    p = Project.open(path)
    try:
        view = ExperimentsView(p)
        qtbot.addWidget(view)
        qtbot.waitUntil(lambda: view.state is not None, timeout=30_000)
        _check_only(view.retriever_list, {"bm25", "dense:minilm-l6"})
        _check_only(view.k_list, {"2"})
        _check_only(view.corpus_list, {"A", "A+B"})
        _check_only(view.verifier_list, {"fake · endpoint"})
        _check_only(view.prompt_list, {"shipped template", "sceptic"})
        qtbot.waitUntil(lambda: view.state is not None and len(view.state.cells) == 8, timeout=30_000)
        assert view.state.done == [None] * 8
        op = view.run_grid()
        op.progressed.connect(lambda done, total, _m: done >= 3 and view.cancel())
        qtbot.waitUntil(lambda: not op.running, timeout=120_000)
        assert op.status == "cancelled"
        qtbot.waitUntil(lambda: view.state is not None and view.state.done[0] is not None, timeout=30_000)
        done = [d for d in view.state.done if d is not None]
        assert 3 <= len(done) < 8
        view.run_button.click()
        qtbot.waitUntil(lambda: not view.op.running, timeout=120_000)
        assert view.result is not None, view.status.text()
        assert [c["runs"] for c in view.result.cells][:len(done)] == done      # finished cells not redone
        assert len(run_store.list_runs(p, "verify")) == 8

        gold = {f"q{n}": g for n, g in enumerate(GOLD)}
        for j, cell in enumerate(view.result.cells):
            union = cell["corpus"]
            retrieval = services.retrieve(p, services.RetrievalRequest(
                cell["retriever"], k=2, dataset="dev", corpus_dataset=union[0] if len(union) == 1 else None,
                corpus_datasets=union if len(union) > 1 else None)).run_id
            run = services.verify(p, services.VerifyRequest(retrieval_run=retrieval, k=2, model="fake",
                                                            prompt=cell["prompt"])).run_id
            verdicts = run_store.get_verdicts(p, run)
            correct = sum(c in verdicts and verdicts[c].verdict == g for c, g in gold.items())
            acc, ci = view.table.item(j, ACCURACY_COL).data(FIGURE)
            assert (cell["correct"], acc) == (correct, correct / len(gold)), (j, cell)
            assert list(ci) == cell["interval"]
        assert len({c["correct"] for c in view.result.cells}) > 1
    finally:
        _close(p)


def test_the_merge_axis_in_the_view(qtbot, setup):  # noqa: F811
    """Checking both merges doubles the cells; a conservative cell says so beside its retriever."""
    from factaudit.gui.views.experiments_view import ExperimentsView

    path, _server = setup
    p = Project.open(path)
    try:
        view = ExperimentsView(p)
        qtbot.addWidget(view)
        qtbot.waitUntil(lambda: view.state is not None, timeout=30_000)
        assert [view.merge_list.item(i).text() for i in range(view.merge_list.count())] == \
               ["no merge", "conservative merge"]
        _check_only(view.retriever_list, {"bm25"})
        _check_only(view.k_list, {"2"})
        _check_only(view.corpus_list, {"A"})
        _check_only(view.merge_list, {"no merge", "conservative merge"})
        qtbot.waitUntil(lambda: view.state is not None and len(view.state.cells) == 2, timeout=30_000)
        assert [c["merge"] for c in view.state.cells] == ["none", "conservative"]
        assert [view.table.item(j, 1).text() for j in range(2)] == ["bm25", "bm25 · conservative merge"]
        assert view.spec()["merges"] == ["none", "conservative"]
    finally:
        _close(p)
