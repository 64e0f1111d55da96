"""Paired comparison of retrieval runs and eval-retrieval intervals, checked against ir_measures (per-query
figures), statsmodels (Holm), a plain index bootstrap (intervals) and hand counts (regressions)."""
import json

import ir_measures
import numpy as np
import pytest
from click.testing import CliRunner
from ir_measures import RR, R, nDCG
from statsmodels.stats.multitest import multipletests

from factaudit.engine.cli import cli
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.metrics.retrieval_compare import bootstrap_means, compare_retrieval
from factaudit.engine.project import queries, runs
from factaudit.engine.services import import_files
from factaudit.engine.services import retrieval
from factaudit.engine.services.retrieval_compare import compare_retrieval_runs

K = 10


def _per_query_ir(project, run_id):
    """Per-claim R@k, RR@k, nDCG@k by ir_measures (pytrec_eval), ranks turned into distinct scores."""
    hits = runs.get_hits(project, run_id)
    gold = queries.gold_evidence(project)
    qrels = [ir_measures.Qrel(c, g.passage_id, 1) for c, ev in gold.items() for g in ev if c in hits]
    run = [ir_measures.ScoredDoc(c, h.passage_id, float(10_000 - h.rank)) for c, hs in hits.items() for h in hs
           if h.rank <= K]
    out: dict[str, dict[str, float]] = {}
    for m in ir_measures.iter_calc([R @ K, RR @ K, nDCG @ K], qrels, run):
        name = {R @ K: "recall", RR @ K: "mrr", nDCG @ K: "ndcg"}[m.measure]
        out.setdefault(m.query_id, {})[f"{name}@{K}"] = m.value
    return out


@pytest.fixture
def two_runs(demo_project, tmp_path):
    """BM25 top 10, and an imported TREC run that reverses the top 10 of every third claim (a worse
    ranking for some claims, the same for the rest: known regressions, no model needed)."""
    native = retrieval.retrieve(demo_project, retrieval.RetrievalRequest("bm25", k=K, dataset="scifact-demo"))
    hits = runs.get_hits(demo_project, native.run_id)
    lines = []
    for n, (c, hs) in enumerate(sorted(hits.items())):
        order = [h.passage_id for h in sorted(hs, key=lambda h: h.rank)]
        if n % 3 == 0:
            order = order[::-1]
        lines += [f"{c} Q0 {pid} {r} {100 - r} swapped\n" for r, pid in enumerate(order, start=1)]
    trec = tmp_path / "swapped.trec"
    trec.write_text("".join(lines))
    imported = import_files(demo_project, [trec], fmt="trec", dataset="swapped-run")
    return demo_project, native.run_id, imported.run_id


def test_paired_comparison_matches_ir_measures_statsmodels_and_a_plain_bootstrap(two_runs):
    project, a, b = two_runs
    comp = compare_retrieval_runs(project, [a, b], n_resamples=2000, seed=7)
    ref_a, ref_b = _per_query_ir(project, a), _per_query_ir(project, b)
    shared = sorted(set(ref_a) & set(ref_b))
    assert comp.k == K and comp.n_shared == len(shared) > 20
    for d in comp.deltas:
        diffs = np.array([ref_b[q][d.metric] - ref_a[q][d.metric] for q in shared])
        assert d.baseline == pytest.approx(np.mean([ref_a[q][d.metric] for q in shared]), abs=1e-9)
        assert d.delta == pytest.approx(diffs.mean(), abs=1e-9)
        # hand count of the claims that got worse / better, and the regression list names exactly them
        assert d.n_regressed == int((diffs < -1e-12).sum()) and d.n_improved == int((diffs > 1e-12).sum())
        listed = {r.claim_id for r in comp.regressions[b][d.metric]}
        assert listed == {q for q, x in zip(shared, diffs) if x < -1e-12}
        # an independent bootstrap (index resampling, another generator) lands on the same interval
        rng = np.random.default_rng(123)
        boot = diffs[rng.integers(0, len(diffs), size=(20_000, len(diffs)))].mean(axis=1)
        lo, hi = np.quantile(boot, [0.025, 0.975])
        assert d.delta_ci[0] == pytest.approx(lo, abs=0.01) and d.delta_ci[1] == pytest.approx(hi, abs=0.01)
    # reversing a top 10 never helps MRR: every changed claim is a regression, so the check fails
    mrr = next(d for d in comp.deltas if d.metric == f"mrr@{K}")
    assert mrr.n_regressed > 0 and mrr.n_improved == 0 and mrr.delta < 0 and mrr.delta_ci[1] < 0
    assert not comp.no_regression(b)
    holm = multipletests([d.p for d in comp.deltas], method="holm")[1]
    assert [d.p_holm for d in comp.deltas] == pytest.approx(list(holm))


def test_cli_compare_on_retrieval_runs_and_eval_intervals(two_runs, tmp_path):
    project, a, b = two_runs
    path = str(project.path)
    project.close()
    runner = CliRunner()
    res = runner.invoke(cli, ["compare", path, "--runs", f"{a},{b}", "--resamples", "200", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["kind"] == "retrieval" and out["runs"] == [a, b]
    assert {d["metric"] for d in out["deltas"]} == {f"recall@{K}", f"mrr@{K}", f"ndcg@{K}"}
    res = runner.invoke(cli, ["compare", path, "--runs", f"{a},{b}", "--resamples", "200"])
    assert res.exit_code == 0 and "some claims regress" in res.output, res.output

    res = runner.invoke(cli, ["eval-retrieval", path, "--run", a, "--json"])
    assert res.exit_code == 0, res.output
    ev = json.loads(res.output)
    for key, value in ev["metrics"].items():
        lo, hi = ev["intervals"][key]
        assert lo <= value + 1e-9 and value <= hi + 1e-9, key
    # per-category rows: their n add up to the evaluated claims, their means weight back to the total
    rows = ev["by_category"]
    assert sum(r["n"] for r in rows.values()) == ev["n_evaluated"]
    total = sum(r["n"] * r["metrics"][f"recall@{K}"] for r in rows.values()) / ev["n_evaluated"]
    assert total == pytest.approx(ev["metrics"][f"recall@{K}"], abs=1e-5)


def test_stratified_bootstrap_keeps_each_stratum_whole():
    """Stratum x holds only 1s and stratum y only 0s: a resample within strata always has the same
    mean (their size ratio), an unstratified one does not."""
    values = np.array([1.0] * 3 + [0.0] * 7)
    strata = ["x"] * 3 + ["y"] * 7
    assert np.allclose(bootstrap_means(values, strata, 500, 1), 0.3)
    assert bootstrap_means(values, None, 500, 1).std() > 0.05


def test_compare_refuses_runs_without_shared_gold_queries_and_non_retrieval_runs(two_runs):
    with pytest.raises(InvalidArgument, match="share no query"):
        compare_retrieval({"a": {"q1": {"recall@1": 1, "mrr@1": 1, "ndcg@1": 1}},
                           "b": {"q2": {"recall@1": 1, "mrr@1": 1, "ndcg@1": 1}}}, 1)
    project, a, _ = two_runs
    with pytest.raises(InvalidArgument, match="two different runs"):
        compare_retrieval_runs(project, [a, a])


def test_the_report_shows_the_retrieval_comparison(two_runs, tmp_path):
    project, a, b = two_runs
    retrieval_runs = [r.id for r in retrieval.hit_runs(project)][::-1]
    assert retrieval_runs == [a, b]
    from factaudit.engine.services import scoring
    scoring.write_report(project, tmp_path / "rep", ("json", "html"), n_resamples=300)
    summary = json.loads((tmp_path / "rep" / "json" / "summary.json").read_text(encoding="utf-8"))
    direct = compare_retrieval_runs(project, [a, b], n_resamples=300).to_json()
    assert summary["retrieval_comparison"] == json.loads(json.dumps(direct))
    html = (tmp_path / "rep" / "report.html").read_text(encoding="utf-8")
    assert "Retrieval runs compared" in html and "Claims that got worse" in html
