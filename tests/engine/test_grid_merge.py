"""The grid's merge axis (issue #34 item 6, retrieval's conservative sub-query merge): each cell's
retrieve run pins its merge, a cell is found again only by its own merge, and a merged cell's figures are
those of a separate retrieve run with the same merge verified by the same classifier."""
from __future__ import annotations

import pytest

from factaudit.engine import services
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.project import runs as run_store

from test_grid import grid_project  # noqa: F401  (corpora A, A+B; six dev claims)


def test_merge_is_an_axis_pinned_per_cell_and_equal_to_a_separate_run(grid_project):  # noqa: F811
    p = grid_project
    spec = services.GridSpec(retrievers=["bm25"], merges=["none", "conservative"], ks=[2], corpora=[["A", "B"]])
    res = services.run_grid(p, spec, "dev", n_permutations=100)
    assert [c["merge"] for c in res.cells] == ["none", "conservative"]
    retrievals = [run_store.get_run(p, c["runs"][0]) for c in res.cells]
    assert [r.config["merge"] for r in retrievals] == ["none", "conservative"]
    assert retrievals[0].id != retrievals[1].id
    assert services.grid_done(p, spec, "dev") == [c["runs"] for c in res.cells]
    only_none = services.GridSpec(retrievers=["bm25"], ks=[2], corpora=[["A", "B"]])
    assert services.grid_done(p, only_none, "dev") == [res.cells[0]["runs"]]

    separate = services.retrieve(p, services.RetrievalRequest("bm25", k=2, dataset="dev", corpus_datasets=["A", "B"],
                                                              merge="conservative")).run_id
    run = services.verify(p, services.VerifyRequest(retrieval_run=separate, k=2)).run_id
    verdicts, grid = run_store.get_verdicts(p, run), run_store.get_verdicts(p, res.cells[1]["runs"][-1])
    assert {c: v.verdict for c, v in verdicts.items()} == {c: v.verdict for c, v in grid.items()}
    assert res.cells[1]["correct"] == sum(v.verdict == "Supported" for v in verdicts.values())   # all gold Supported

    with pytest.raises(InvalidArgument, match="unknown merge"):
        services.GridSpec(merges=["greedy"]).cells()
