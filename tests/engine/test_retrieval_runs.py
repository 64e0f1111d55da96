"""Retrieval runs end to end on the demo project: CLI, metrics vs ir-measures, cache, cancel, imports."""
import json
import shutil

import ir_measures
import pytest
from click.testing import CliRunner
from ir_measures import RR, R, nDCG

from factaudit.engine.cli import cli
from factaudit.engine.errors import InvalidArgument, JobCancelled, ModelNotFound
from factaudit.engine.jobs import CancelToken
from factaudit.engine.project import queries, runs
from factaudit.engine.project.db import Project
from factaudit.engine.retrieval import index_cache
from factaudit.engine.services import retrieval


def _ir_measures_reference(project, run_id, k):
    hits = runs.get_hits(project, run_id)
    gold = queries.gold_evidence(project)
    qrels = [ir_measures.Qrel(c, g.passage_id, 1) for c, ev in gold.items() for g in ev if c in hits]
    # Distinct descending scores from the ranks, truncated to k (pytrec_eval: ties by doc id, no RR cutoff).
    run = [ir_measures.ScoredDoc(c, h.passage_id, float(10_000 - h.rank)) for c, hs in hits.items() for h in hs
           if h.rank <= k]
    return ir_measures.calc_aggregate([nDCG @ k, R @ k, RR @ k], qrels, run)


@pytest.fixture
def demo_path(demo_project_path, tmp_path):
    dst = tmp_path / "demo.faproj"
    shutil.copy2(demo_project_path, dst)
    return dst


def test_cli_bm25_end_to_end_matches_ir_measures(demo_path):
    runner = CliRunner()
    res = runner.invoke(cli, ["retrieve", str(demo_path), "--retriever", "bm25", "--k", "10", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    missing = {"run_id", "n_queries", "k", "retriever", "seconds"} - set(out)  # keys of the JSON contract
    assert not missing, missing
    assert (out["n_queries"], out["k"], out["retriever"]) == (100, 10, "bm25")
    run_id = out["run_id"]

    res = runner.invoke(cli, ["eval-retrieval", str(demo_path), "--run", run_id, "--json"])
    assert res.exit_code == 0, res.output
    ev = json.loads(res.output)
    assert set(ev) == {"run_id", "n_evaluated", "n_excluded", "metrics", "latency_ms", "intervals", "by_category",
                       "n_resamples", "seed", "gold_coverage"}      # gold_coverage: issue #34 item 2
    assert ev["n_evaluated"] + ev["n_excluded"] == 100
    for key in ("ndcg@10", "recall@10", "mrr@10", "full_coverage@10", "doc_coverage@10", "ndcg@1", "ndcg@5"):
        assert 0.0 <= ev["metrics"][key] <= 1.0
    assert ev["latency_ms"]["p50"] <= ev["latency_ms"]["p95"]

    with Project.open(demo_path, readonly=True) as p:
        info = runs.get_run(p, run_id)
        assert info.status == "done" and info.kind == "retrieve"
        assert info.config["corpus_hash"] == queries.corpus_hash(p)
        assert info.config["tokenization"]["stemmer"].startswith("PyStemmer")
        hits = runs.get_hits(p, run_id)
        assert all([h.rank for h in hs] == list(range(1, len(hs) + 1)) for hs in hits.values())
        assert all(hs[i].score >= hs[i + 1].score for hs in hits.values() for i in range(len(hs) - 1))
        assert len(runs.query_latencies(p, run_id)) == 100
        for k in (1, 5, 10):
            ref = _ir_measures_reference(p, run_id, k)
            assert ev["metrics"][f"ndcg@{k}"] == pytest.approx(ref[nDCG @ k], abs=1e-6)
            assert ev["metrics"][f"recall@{k}"] == pytest.approx(ref[R @ k], abs=1e-6)
            assert ev["metrics"][f"mrr@{k}"] == pytest.approx(ref[RR @ k], abs=1e-6)

    # Human output and a one-line reason on bad input.
    res = runner.invoke(cli, ["eval-retrieval", str(demo_path), "--run", run_id])
    assert res.exit_code == 0 and "ndcg" in res.output
    res = runner.invoke(cli, ["retrieve", str(demo_path), "--retriever", "bm42"])
    assert res.exit_code != 0 and "unknown retriever" in res.output
    res = runner.invoke(cli, ["eval-retrieval", str(demo_path), "--run", "retrieve-99"])
    assert res.exit_code != 0 and "retrieve-99" in res.output


def test_cache_is_reused_and_a_corpus_change_rebuilds(demo_project, tmp_path):
    first = retrieval.retrieve(demo_project, retrieval.RetrievalRequest("bm25", k=5, dataset="scifact-demo"))
    assert first.cache == {"bm25": "built"}
    (folder,) = index_cache.cache_root(demo_project.path).iterdir()
    assert folder.name.startswith(first.corpus_hash[:16] + "-bm25")
    assert json.loads((folder / "meta.json").read_text())["corpus_hash"] == first.corpus_hash
    second = retrieval.retrieve(demo_project, retrieval.RetrievalRequest("bm25", k=5, dataset="scifact-demo"))
    assert second.cache == {"bm25": "hit"}
    assert runs.get_hits(demo_project, first.run_id) == runs.get_hits(demo_project, second.run_id)

    extra = tmp_path / "extra.jsonl"
    extra.write_text(json.dumps({"id": "extra-1", "text": "Aspirin and fever in children."}) + "\n")
    from factaudit.engine.services import import_files
    import_files(demo_project, [extra], kind="corpus", dataset="extra")
    third = retrieval.retrieve(demo_project, retrieval.RetrievalRequest("bm25", k=5, dataset="scifact-demo"))
    assert third.cache == {"bm25": "built"}
    assert third.corpus_hash != first.corpus_hash
    assert runs.get_run(demo_project, third.run_id).config["n_passages"] == 1202
    # Restricting the corpus to the original dataset finds the first index again.
    fourth = retrieval.retrieve(demo_project, retrieval.RetrievalRequest("bm25", k=5, dataset="scifact-demo",
                                                                         corpus_dataset="scifact-demo"))
    assert fourth.corpus_hash == first.corpus_hash and fourth.cache == {"bm25": "hit"}
    # No temporary folders are left behind.
    assert not [p for p in index_cache.cache_root(demo_project.path).iterdir() if p.name.startswith(".tmp")]


def test_damaged_cache_is_rebuilt(demo_project):
    first = retrieval.retrieve(demo_project, retrieval.RetrievalRequest("bm25", k=3))
    (folder,) = [p for p in index_cache.cache_root(demo_project.path).iterdir()]
    (folder / "passage_ids.json").write_text("not json")
    again = retrieval.retrieve(demo_project, retrieval.RetrievalRequest("bm25", k=3))
    assert again.cache == {"bm25": "built"}
    assert runs.get_hits(demo_project, first.run_id) == runs.get_hits(demo_project, again.run_id)
    assert len(json.loads((folder / "passage_ids.json").read_text())) == again.n_passages
    assert retrieval.retrieve(demo_project, retrieval.RetrievalRequest("bm25", k=3)).cache == {"bm25": "hit"}


def test_cancelled_retrieval_is_never_marked_done(demo_project):
    token = CancelToken()

    def progress(done, total, message=""):
        if message == "retrieving" and done == 30:
            token.cancel()

    with pytest.raises(JobCancelled):
        retrieval.retrieve(demo_project, retrieval.RetrievalRequest("bm25", k=10), progress=progress, cancel=token)
    (run,) = runs.list_runs(demo_project, "retrieve")
    assert run.status == "cancelled"
    # Hits written so far belong to a run that says it is incomplete; it cannot be evaluated as if whole.
    with pytest.raises(InvalidArgument, match="cancelled"):
        retrieval.eval_retrieval(demo_project, run.id)

    # Cancelled while building the index: the run is cancelled and no cache folder is left.
    token2 = CancelToken()

    def progress2(done, total, message=""):
        if message.startswith("BM25"):
            token2.cancel()

    shutil.rmtree(index_cache.cache_root(demo_project.path), ignore_errors=True)
    with pytest.raises(JobCancelled):
        retrieval.retrieve(demo_project, retrieval.RetrievalRequest("bm25", k=10), progress=progress2, cancel=token2)
    assert [r.status for r in runs.list_runs(demo_project, "retrieve")] == ["cancelled", "cancelled"]
    root = index_cache.cache_root(demo_project.path)
    assert not root.exists() or not any(root.iterdir())


def test_unknown_model_fails_before_a_run_exists(demo_project):
    with pytest.raises(ModelNotFound):
        retrieval.retrieve(demo_project, retrieval.RetrievalRequest("dense:no-such-model"))
    assert runs.list_runs(demo_project) == []


def test_imported_trec_run_is_evaluated_like_a_native_one(demo_project, tmp_path):
    native = retrieval.retrieve(demo_project, retrieval.RetrievalRequest("bm25", k=10, dataset="scifact-demo"))
    hits = runs.get_hits(demo_project, native.run_id)
    trec = tmp_path / "bm25.trec"
    trec.write_text("".join(f"{c} Q0 {h.passage_id} {h.rank} {h.score:.6f} bm25\n"
                            for c, hs in hits.items() for h in hs))
    from factaudit.engine.services import import_files
    res = import_files(demo_project, [trec], fmt="trec", dataset="trec-run")
    ev_native = retrieval.eval_retrieval(demo_project, native.run_id)
    ev_imported = retrieval.eval_retrieval(demo_project, res.run_id)
    assert ev_imported.n_evaluated == ev_native.n_evaluated
    for key, value in ev_native.metrics.items():
        assert ev_imported.metrics[key] == pytest.approx(value, abs=1e-6), key
    assert ev_imported.latency_ms == {"p50": None, "p95": None}


def test_conservative_merge_run(demo_project):
    plain = retrieval.retrieve(demo_project, retrieval.RetrievalRequest("bm25", k=10, dataset="scifact-demo"))
    merged = retrieval.retrieve(demo_project, retrieval.RetrievalRequest("bm25", k=10, dataset="scifact-demo",
                                                                         merge="conservative"))
    a, b = runs.get_hits(demo_project, plain.run_id), runs.get_hits(demo_project, merged.run_id)
    claims = {c.id: c.text for c in queries.list_claims(demo_project, "scifact-demo")}
    from factaudit.engine.retrieval.merge import split_subqueries
    split = [c for c, t in claims.items() if split_subqueries(t)]
    assert split, "the demo claims include comparisons"
    for c in claims:
        top_a, top_b = [h.passage_id for h in a.get(c, [])], [h.passage_id for h in b.get(c, [])]
        assert top_b[:3] == top_a[:3]
        if c not in split:
            assert top_b == top_a
        assert len(set(top_b)) == len(top_b)
    assert runs.get_run(demo_project, merged.run_id).config["merge"] == "conservative"


def test_demo_step(demo_project):
    from factaudit.engine.services.demo import DemoSummary

    summary = DemoSummary(project=str(demo_project.path))
    retrieval.demo_step_retrieve(demo_project, summary, lambda *a: None)
    (step,) = summary.steps
    assert step["step"] == "retrieve" and step["run_id"].startswith("retrieve-")
    assert step["ndcg@10"] == pytest.approx(retrieval.eval_retrieval(demo_project, step["run_id"]).metrics["ndcg@10"])
    assert "nDCG@10" in step["text"]


def test_gold_that_names_no_passage_of_the_project_is_said_not_scored_silently(tmp_path):
    """Claims imported with an id prefix, the corpus without: the gold names passages the project
    lacks, so every figure is 0 — the evaluation says why (stderr; the JSON keys stay the contract's)."""
    from pathlib import Path

    FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
    from factaudit.engine import services

    path = tmp_path / "g.faproj"
    p = services.create_project(path)
    services.import_files(p, [FIXTURES / "good" / "claims.jsonl"], kind="claims", id_prefix="A/")
    services.import_files(p, [FIXTURES / "good" / "corpus.jsonl"], kind="corpus")
    run_id = retrieval.retrieve(p, retrieval.RetrievalRequest("bm25", k=3)).run_id
    ev = retrieval.eval_retrieval(p, run_id)
    assert ev.n_evaluated == 2 and all(v == 0.0 for v in ev.metrics.values())
    assert len(ev.warnings) == 1 and ev.warnings[0].startswith("none of the 3 gold passages")
    assert "A/p1" in ev.warnings[0]
    p.close()

    res = CliRunner().invoke(cli, ["eval-retrieval", str(path), "--run", run_id, "--json"])
    assert res.exit_code == 0, res.output
    assert set(json.loads(res.stdout)) == {"run_id", "n_evaluated", "n_excluded", "metrics", "latency_ms",
                                           "intervals", "by_category", "n_resamples", "seed", "gold_coverage"}
    assert "warning: none of the 3 gold passages" in res.stderr

    # The same corpus under the claims' prefix: gold resolves, no warning, and the figures are not all 0.
    p = services.open_project(path)
    services.import_files(p, [FIXTURES / "good" / "corpus.jsonl"], kind="corpus", dataset="prefixed", id_prefix="A/")
    run_id = retrieval.retrieve(p, retrieval.RetrievalRequest("bm25", k=3)).run_id
    ev = retrieval.eval_retrieval(p, run_id)
    assert ev.warnings == [] and ev.metrics["recall@3"] > 0
    p.close()


def test_eval_of_a_k5_run_stops_at_its_k(demo_path):
    """A k=5 run has no @10 rows: they would repeat @5 under another name (#26 item 7)."""
    runner = CliRunner()
    out = json.loads(runner.invoke(cli, ["retrieve", str(demo_path), "--retriever", "bm25", "--k", "5",
                                         "--json"]).output)
    res = runner.invoke(cli, ["eval-retrieval", str(demo_path), "--run", out["run_id"], "--json"])
    assert res.exit_code == 0, res.output
    ev = json.loads(res.output)
    assert sorted({int(k.split("@")[1]) for k in ev["metrics"]}) == [1, 5]
    with Project.open(demo_path, readonly=True) as p:
        ref = _ir_measures_reference(p, out["run_id"], 5)
    assert ev["metrics"]["ndcg@5"] == pytest.approx(ref[nDCG @ 5], abs=1e-6)
    text = runner.invoke(cli, ["eval-retrieval", str(demo_path), "--run", out["run_id"]]).output
    rows = [line.split()[0] for line in text.splitlines() if line.strip() and line.split()[0].isdigit()]
    assert rows == ["1", "5"]
