"""The report's grid section (issue #34 item 6): services.report_grids recomputes each grid's table from its
cells' runs; its figures are checked against hand counts of the stored verdicts, statsmodels' Wilson
interval, Cochran's Q, exact McNemar and Holm (multipletests); the newest record of a grid run twice is
shown once; the HTML report shows the section with the summary JSON holding the same figures. The cells are
verified by a fake endpoint on 127.0.0.1 whose verdicts follow the prompt and the evidence by construction
(tests/engine/test_grid_done_when.py), so the cells differ whatever the embedded classifier's thresholds."""
from __future__ import annotations

import json

import numpy as np
import pytest
from statsmodels.stats.contingency_tables import cochrans_q, mcnemar
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint

from factaudit.engine import services
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project
from factaudit.engine.reports import grid_section
from factaudit.engine.services import scoring

from test_grid_done_when import GOLD, setup  # noqa: F401  (corpora A, A+B; five dev claims; the fake endpoint)

SPEC = dict(retrievers=["bm25"], ks=[2], corpora=[["A"], ["A", "B"]], verifiers=["fake"], prompts=[None, "sceptic"])


def test_the_report_section_matches_statsmodels_and_hand_counts(setup, tmp_path):  # noqa: F811
    path, server = setup
    server.hold_at = None
    with Project.open(path) as p:
        _check(p, tmp_path)


def _check(p, tmp_path) -> None:
    res = services.run_grid(p, services.GridSpec(**SPEC), "dev", baseline=1, n_permutations=500)
    services.run_grid(p, services.GridSpec(**SPEC), "dev", baseline=1, n_permutations=500)   # reuses, records again
    grids = services.report_grids(p, n_permutations=500)
    assert list(grids) == [str(res.sweep_id + 1)]          # the newest record of the one grid
    g = grids[str(res.sweep_id + 1)]
    assert g["baseline"] == 1 and g["n_claims"] == len(GOLD) and len(g["cells"]) == 4
    gold = {f"q{n}": v for n, v in enumerate(GOLD)}
    cols = []
    for cell, stored in zip(g["cells"], res.cells):
        assert cell["runs"] == stored["runs"] and (cell["corpus"], cell["k"]) == (stored["corpus"], stored["k"])
        verdicts = run_store.get_verdicts(p, cell["runs"][-1])
        right = [int(c in verdicts and verdicts[c].verdict == v) for c, v in sorted(gold.items())]
        cols.append(right)
        assert (cell["correct"], cell["n"]) == (sum(right), len(gold))
        assert cell["interval"] == pytest.approx(list(proportion_confint(sum(right), len(gold), method="wilson")),
                                                 abs=1e-12)
    x = np.array(cols).T
    assert len({tuple(c) for c in x.T}) > 1
    q = cochrans_q(x)
    assert g["omnibus"]["q"] == pytest.approx(q.statistic, rel=1e-12)
    assert g["omnibus"]["p_asymptotic"] == pytest.approx(q.pvalue, rel=1e-9)
    ps = []
    for pair in g["pairwise"]:
        j = pair["cell"]
        assert j != 1
        b, c = int(np.sum((x[:, 1] == 1) & (x[:, j] == 0))), int(np.sum((x[:, 1] == 0) & (x[:, j] == 1)))
        assert (pair["baseline_only"], pair["cell_only"]) == (b, c)
        assert pair["p"] == pytest.approx(mcnemar([[0, b], [c, 0]], exact=True).pvalue, rel=1e-12)
        ps.append(pair["p"])
    assert [t["p_holm"] for t in g["pairwise"]] == pytest.approx(list(multipletests(ps, method="holm")[1]), rel=1e-12)

    head, rows = grid_section.cell_table(g)
    assert [r[head.index("role")] for r in rows].count("baseline") == 1 and rows[1][head.index("role")] == "baseline"
    assert [r[head.index("accuracy")] for r in rows] == [c["accuracy"] for c in g["cells"]]

    folder = tmp_path / "report"
    scoring.write_report(p, folder, ("html", "json"), [res.cells[0]["runs"][-1]], n_resamples=200)
    summary = json.loads((folder / "json" / "summary.json").read_text(encoding="utf-8"))
    assert summary["grids"][str(res.sweep_id + 1)]["omnibus"]["q"] == pytest.approx(q.statistic, rel=1e-12)
    # the permutation p with the report's own resamples (200 here), not the grid's default
    assert (summary["grids"][str(res.sweep_id + 1)]["omnibus"]["p_permutation"]
            == services.report_grids(p, n_permutations=200)[str(res.sweep_id + 1)]["omnibus"]["p_permutation"]
            != services.report_grids(p, n_permutations=500)[str(res.sweep_id + 1)]["omnibus"]["p_permutation"])
    html = (folder / "report.html").read_text(encoding="utf-8")
    assert "Ablation grids" in html and "McNemar p vs baseline" in html
