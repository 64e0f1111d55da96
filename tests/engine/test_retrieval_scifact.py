"""BM25 on the full SciFact corpus (5,183 abstracts) and the 300 dev claims (the BEIR test set)
reproduces the published nDCG@10 range: BEIR (Lucene BM25) 0.665, PyTerrier 0.684."""
import ir_measures
import pytest
from ir_measures import RR, R, nDCG

from factaudit.engine.project import queries, runs
from factaudit.engine.project.db import Project
from factaudit.engine.services import import_files, retrieval

pytestmark = pytest.mark.datasets  # every test here reads ../shared/datasets


@pytest.fixture
def scifact(shared_datasets, tmp_path):
    src = shared_datasets / "scifact"
    if not (src / "corpus.jsonl").is_file():
        pytest.skip(f"SciFact not present in {shared_datasets}")
    p = Project.create(tmp_path / "scifact.faproj")
    import_files(p, [src / "corpus.jsonl", src / "claims_dev.jsonl"], fmt="scifact", dataset="scifact", split="dev")
    yield p
    p.close()


def test_scifact_bm25_ndcg_in_published_range(scifact):
    counts = queries.table_counts(scifact)
    assert (counts["passages"], counts["claims_active"]) == (5183, 300)
    gold = queries.gold_evidence(scifact)
    assert sum(len(v) for v in gold.values()) == 339          # BEIR's judged pairs

    res = retrieval.retrieve(scifact, retrieval.RetrievalRequest("bm25", k=10))
    ev = retrieval.eval_retrieval(scifact, res.run_id)
    assert (ev.n_evaluated, ev.n_excluded) == (300, 0)
    assert 0.66 <= ev.metrics["ndcg@10"] <= 0.69, ev.metrics["ndcg@10"]

    hits = runs.get_hits(scifact, res.run_id)
    qrels = [ir_measures.Qrel(c, g.passage_id, 1) for c, gs in gold.items() for g in gs]
    run = [ir_measures.ScoredDoc(c, h.passage_id, float(100 - h.rank)) for c, hs in hits.items() for h in hs]
    ref = ir_measures.calc_aggregate([nDCG @ 10, R @ 10, RR @ 10], qrels, run)
    assert ev.metrics["ndcg@10"] == pytest.approx(ref[nDCG @ 10], abs=1e-6)
    assert ev.metrics["recall@10"] == pytest.approx(ref[R @ 10], abs=1e-6)
    assert ev.metrics["mrr@10"] == pytest.approx(ref[RR @ 10], abs=1e-6)
    # SciFact passages are whole abstracts: a gold document is covered exactly when its passage is.
    assert ev.metrics["doc_coverage@10"] == pytest.approx(ev.metrics["recall@10"])
