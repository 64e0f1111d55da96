"""The ablation grid (issue #34 item 6): cells made of ordinary runs, the table's accuracy and Wilson
interval against hand counts from the stored verdicts, Cochran's Q and McNemar against statsmodels, Holm
against statsmodels' multipletests, reuse of finished cells (a grid run again after a stop makes no new
run), the estimate, and the one look at test."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from statsmodels.stats.contingency_tables import cochrans_q, mcnemar
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint

from factaudit.engine import services
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.ingest import import_files
from factaudit.engine.project import runs as run_store

TOPICS = ["aspirin bleeding", "statin muscle", "metformin acidosis", "warfarin vitamin", "insulin hypoglycemia",
          "lisinopril cough", "amiodarone thyroid", "digoxin nausea"]


def _jsonl(path: Path, rows) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def grid_project(project, tmp_path):
    """Two corpora: A supports every topic's claim, B refutes half of them; dev and test claims."""
    a = [{"id": f"a{n}", "text": f"Trials found that {t.split()[0]} causes {t.split()[1]} in adults."}
         for n, t in enumerate(TOPICS)]
    b = [{"id": f"b{n}", "text": f"A large trial found {t.split()[0]} does not cause {t.split()[1]}."}
         for n, t in enumerate(TOPICS) if n % 2]
    for name, rows in (("A", a), ("B", b)):
        import_files(project, [_jsonl(tmp_path / f"{name}.jsonl", rows)], kind="corpus", dataset=name)
    def claims(ns):
        return [{"id": f"q{n}", "claim": f"{t.split()[0]} causes {t.split()[1]}.", "label": "Supported",
                 "gold_passages": [f"a{n}"]} for n, t in enumerate(TOPICS) if n in ns]
    import_files(project, [_jsonl(tmp_path / "dev.jsonl", claims(range(6)))], kind="claims", split="dev", dataset="dev")
    import_files(project, [_jsonl(tmp_path / "test.jsonl", claims(range(6, 8)))], kind="claims", split="test",
                 dataset="test")
    return project


# The NLI-pretrained classifier reads these one-line paraphrases as they read (the default one calls some of them
# Refuted), so the cells differ and the tests below test something.
NLI = "minilm-nli-verifier"
SPEC = dict(retrievers=["bm25"], ks=[1, 2], corpora=[["A"], ["A", "B"]], verifiers=[NLI])


def test_the_grid_table_matches_the_separate_runs_and_statsmodels(grid_project):
    p = grid_project
    est = services.grid_estimate(p, services.GridSpec(**SPEC))
    assert est["n_cells"] == 4 and est["retrieve_runs"] == 2 and est["verify_runs"] == {NLI: 4}
    res = services.run_grid(p, services.GridSpec(**SPEC), "dev", baseline=0, n_permutations=2000)
    assert [(c["corpus"], c["k"]) for c in res.cells] == [(["A"], 1), (["A"], 2), (["A", "B"], 1), (["A", "B"], 2)]
    gold = {f"q{n}": "Supported" for n in range(6)}   # by the fixture
    x = []
    for cell in res.cells:
        run = run_store.get_run(p, cell["runs"][-1])
        assert run.kind == "verify" and run.config["k"] == cell["k"]
        verdicts = run_store.get_verdicts(p, run.id)
        right = [int(c in verdicts and verdicts[c].verdict == g) for c, g in sorted(gold.items())]
        x.append(right)
        assert cell["correct"] == sum(right) and cell["n"] == 6
        lo, hi = proportion_confint(sum(right), 6, method="wilson")
        assert cell["interval"] == pytest.approx([lo, hi], abs=1e-12)
        assert cell["cost"]["local"] is True and cell["cost"]["cpu_s"] > 0
    x = np.array(x).T
    assert len({tuple(col) for col in x.T}) > 1     # the cells differ, so the tests below test something
    q = cochrans_q(x)
    assert res.omnibus["q"] == pytest.approx(q.statistic, rel=1e-12) and res.omnibus["df"] == 3
    assert res.omnibus["p_asymptotic"] == pytest.approx(q.pvalue, rel=1e-9)
    ps = []
    for pair in res.pairwise:
        j = pair["cell"]
        tab = [[int(np.sum((x[:, 0] == 1) & (x[:, j] == 1))), int(np.sum((x[:, 0] == 1) & (x[:, j] == 0)))],
               [int(np.sum((x[:, 0] == 0) & (x[:, j] == 1))), int(np.sum((x[:, 0] == 0) & (x[:, j] == 0)))]]
        assert pair["p"] == pytest.approx(mcnemar(tab, exact=True).pvalue, rel=1e-12)
        ps.append(pair["p"])
    assert [p_["p_holm"] for p_ in res.pairwise] == pytest.approx(list(multipletests(ps, method="holm")[1]), rel=1e-12)
    best = max(range(4), key=lambda j: res.cells[j]["accuracy"])
    assert res.pick["cell"] == best and res.pick["run_id"] == res.cells[best]["runs"][-1]
    # run again (as after a kill): every cell's runs are found, none is made
    before = len(run_store.list_runs(p))
    again = services.run_grid(p, services.GridSpec(**SPEC), "dev", n_permutations=2000)
    assert len(run_store.list_runs(p)) == before
    assert [c["runs"] for c in again.cells] == [c["runs"] for c in res.cells]
    assert [c["accuracy"] for c in again.cells] == [c["accuracy"] for c in res.cells]
    # measured now: the estimate has a per-claim time for retrieval and for the verifier
    est = services.grid_estimate(p, services.GridSpec(**SPEC))
    assert est["seconds_per_claim"]["retrieve"] is not None and est["seconds_per_claim"][NLI] is not None
    # confirm once on test, logged; a second look is refused
    c = services.confirm_grid(p, res.sweep_id, "test")
    assert c["n"] == 2 and c["split"] == "test"
    with pytest.raises(InvalidArgument, match="already evaluated"):
        services.confirm_grid(p, res.sweep_id, "test")


def test_the_grid_refuses_test_and_a_rerank_shorter_than_k(grid_project):
    with pytest.raises(InvalidArgument, match="forbids"):
        services.run_grid(grid_project, services.GridSpec(**SPEC), "test")
    with pytest.raises(InvalidArgument, match="cannot keep k=5"):
        services.GridSpec(ks=[5], reranks=[3]).cells()


def test_cli_grid_estimate_and_run(grid_project):
    from click.testing import CliRunner

    from factaudit.engine.cli import cli

    path = str(grid_project.path)
    grid_project.close()
    res = CliRunner().invoke(cli, ["grid", path, "--k", "1,2", "--corpus", "A", "--corpus", "A+B", "--estimate",
                                   "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["n_cells"] == 4
    res = CliRunner().invoke(cli, ["grid", path, "--k", "1", "--corpus", "A", "--corpus", "B+A", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert [c["corpus"] for c in out["cells"]] == [["A"], ["A", "B"]] and len(out["pairwise"]) == 1
    res = CliRunner().invoke(cli, ["grid", path, "--k", "1", "--corpus", "A", "--corpus", "B+A"])
    assert res.exit_code == 0 and "Cochran's Q" in res.output and "McNemar p" in res.output
