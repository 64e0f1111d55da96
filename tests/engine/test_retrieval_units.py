"""Fusion, merge, metrics and tokenization against hand-computed small examples and ir-measures."""
import math

import ir_measures
import numpy as np
import pytest
from ir_measures import RR, R, nDCG

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.metrics.retrieval import evaluate, latency_percentiles, query_metrics
from factaudit.engine.retrieval.bm25 import BM25Index, tokenize, top_k
from factaudit.engine.retrieval.fusion import rrf
from factaudit.engine.retrieval.merge import conservative_merge, split_subqueries
from factaudit.engine.retrieval.runner import Component, parse_spec


# ---- RRF ---------------------------------------------------------------------------------------
def test_rrf_matches_hand_computation():
    a = ["d1", "d2", "d3"]
    b = ["d3", "d1", "d4"]
    fused = dict(rrf([a, b], c=60))
    assert fused["d1"] == pytest.approx(1 / 61 + 1 / 62)
    assert fused["d3"] == pytest.approx(1 / 63 + 1 / 61)
    assert fused["d2"] == pytest.approx(1 / 62)
    assert fused["d4"] == pytest.approx(1 / 63)
    # d1 (1/61 + 1/62) beats d3 (1/61 + 1/63); d2 (1/62) beats d4 (1/63).
    assert [pid for pid, _ in rrf([a, b], c=60)] == ["d1", "d3", "d2", "d4"]


def test_rrf_constant_changes_the_order_and_ties_are_deterministic():
    a, b = ["x", "y"], ["z", "y"]
    # c = 0: x = 1, z = 1, y = 1/2 + 1/2 = 1 -> a three-way tie broken by best rank then id.
    assert rrf([a, b], c=0) == [("x", 1.0), ("z", 1.0), ("y", 1.0)]
    # c = 60: y = 2/62 beats x = z = 1/61.
    assert [p for p, _ in rrf([a, b], c=60)][0] == "y"
    assert rrf([a, b], c=60, k=2)[1] == ("x", pytest.approx(1 / 61))


def test_rrf_over_three_lists():
    lists = [["a", "b"], ["b", "c"], ["c", "a"]]
    fused = dict(rrf(lists, c=1))
    assert fused == pytest.approx({"a": 1 / 2 + 1 / 3, "b": 1 / 3 + 1 / 2, "c": 1 / 3 + 1 / 2})


# ---- sub-queries and the conservative merge ------------------------------------------------------
@pytest.mark.parametrize("query, expected", [
    ("Aspirin versus placebo reduces stroke", ["Aspirin", "placebo reduces stroke"]),
    ("Drug A compared with drug B lowers LDL", ["Drug A", "drug B lowers LDL"]),
    ("Smoking and obesity raise risk", ["Smoking", "obesity raise risk"]),
    ("men; women", ["men", "women"]),
    ("男性和女性分别有不同风险", ["男性和女性", "有不同风险"]),
    ("Statins lower LDL cholesterol", []),
    ("Sandwiches are candid", []),           # 'and' inside words is no cue
    ("and", []),
])
def test_split_subqueries(query, expected):
    assert split_subqueries(query) == expected


def test_conservative_merge_keeps_top3_and_prefers_new_documents():
    original = [("p1", 9.0), ("p2", 8.0), ("p3", 7.0), ("p4", 6.0), ("p5", 5.0)]
    sub_a = [("p2", 3.0), ("a1", 2.0), ("a2", 1.0)]
    sub_b = [("b1", 3.0), ("p1", 2.0), ("b2", 1.0)]
    doc_of = {"p1": "D1", "p2": "D2", "p3": "D3", "p4": "D4", "p5": "D5",
              "a1": "D1",             # another passage of a document already present
              "a2": "DA", "b1": "DB", "b2": "DB"}
    merged = conservative_merge(original, [sub_a, sub_b], k=6, doc_of=doc_of)
    ids = [p for p, _ in merged]
    # Top 3 kept; then candidates by sub-query rank: b1 (rank 1, new doc DB); rank 2: a1 (doc D1 present) is
    # passed over for a2 (rank 3, new doc DA); then b2 (DB now present) and a1 (D1 present) tie on "present",
    # and a1's rank 2 beats b2's rank 3.
    assert ids == ["p1", "p2", "p3", "b1", "a2", "a1"]
    assert [s for _, s in merged] == pytest.approx([1 / r for r in range(1, 7)])


def test_conservative_merge_falls_back_to_the_original_list():
    original = [("p1", 3.0), ("p2", 2.0), ("p3", 1.0), ("p4", 0.5), ("p5", 0.4)]
    merged = conservative_merge(original, [[("p1", 1.0)], [("x", 1.0)]], k=5)
    assert [p for p, _ in merged] == ["p1", "p2", "p3", "x", "p4"]
    # No sub-queries: the original list, unchanged.
    assert conservative_merge(original, [], k=3) == original[:3]


# ---- spec parsing ------------------------------------------------------------------------------
def test_parse_spec():
    assert parse_spec("bm25").components == (Component("bm25"),)
    assert parse_spec("dense").components == (Component("dense", "minilm-l6"),)
    assert parse_spec("dense", "mymodel").components == (Component("dense", "mymodel"),)
    spec = parse_spec("rrf:bm25,dense:minilm-l6,dense:other")
    assert spec.fused and spec.label == "rrf:bm25,dense:minilm-l6,dense:other"
    for bad in ("bm42", "rrf:bm25", "rrf:bm25,bm25", "dense:", ""):
        with pytest.raises(InvalidArgument):
            parse_spec(bad)


# ---- BM25 ----------------------------------------------------------------------------------------
def test_tokenization_stems_and_drops_stop_words():
    assert tokenize(["The Running of the dogs, a X-ray!"]) == [["run", "dog", "ray"]]


def test_bm25_against_rank_bm25_lucene_formula():
    texts = ["aspirin reduces fever in children", "fever and cough in adults", "statins reduce cholesterol",
             "aspirin aspirin bleeding risk", "children growth charts"]
    idx = BM25Index.build([f"p{i}" for i in range(len(texts))], texts)
    hits = idx.search("aspirin fever", 5)
    # Lucene BM25 (k1 1.5, b 0.75, idf = ln(1 + (N - df + .5) / (df + .5))), computed by hand.
    toks = tokenize(texts)
    avgdl = sum(map(len, toks)) / len(toks)
    q = tokenize(["aspirin fever"])[0]

    def score(doc):
        s = 0.0
        for t in q:
            df = sum(t in d for d in toks)
            tf = doc.count(t)
            idf = math.log(1 + (len(toks) - df + 0.5) / (df + 0.5))
            s += idf * tf / (tf + 1.5 * (1 - 0.75 + 0.75 * len(doc) / avgdl))
        return s

    expected = sorted(((f"p{i}", score(d)) for i, d in enumerate(toks) if score(d) > 0), key=lambda x: -x[1])
    assert [p for p, _ in hits] == [p for p, _ in expected]
    assert [s for _, s in hits] == pytest.approx([s for _, s in expected], rel=1e-5)
    assert idx.search("zebra", 5) == []


@pytest.mark.parametrize("positive_share", [0.05, 0.9])
def test_top_k_equals_a_stable_sort_with_many_ties(positive_share):
    # Both paths: few passages score (ranked among the positives) and most do (partitioned in place).
    rng = np.random.default_rng(3)
    for _ in range(50):
        n = int(rng.integers(1, 400))
        scores = rng.integers(1, 6, size=n).astype(np.float32) * (rng.random(n) < positive_share)
        ids = [f"p{i}" for i in range(n)]
        k = int(rng.integers(1, 30))
        order = sorted((i for i in range(n) if scores[i] > 0), key=lambda i: (-scores[i], i))[:k]
        assert top_k(scores, ids, k) == [(ids[i], float(scores[i])) for i in order]


def test_top_k_breaks_ties_by_position_and_drops_zero():
    scores = np.array([1.0, 2.0, 2.0, 0.0, 2.0, 0.5])
    ids = list("abcdef")
    assert top_k(scores, ids, 2) == [("b", 2.0), ("c", 2.0)]
    assert top_k(scores, ids, 10) == [("b", 2.0), ("c", 2.0), ("e", 2.0), ("a", 1.0), ("f", 0.5)]


# ---- metrics -------------------------------------------------------------------------------------
def test_query_metrics_by_hand():
    ranked = ["x", "g1", "y", "g2", "z"]
    m = query_metrics(ranked, {"g1", "g2", "g3"}, 5)
    dcg = 1 / math.log2(3) + 1 / math.log2(5)
    idcg = 1 + 1 / math.log2(3) + 1 / math.log2(4)
    assert m["ndcg"] == pytest.approx(dcg / idcg)
    assert m["recall"] == pytest.approx(2 / 3)
    assert m["mrr"] == pytest.approx(1 / 2)
    assert m["full_coverage"] == 0.0
    m1 = query_metrics(ranked, {"g1"}, 1)
    assert (m1["ndcg"], m1["recall"], m1["mrr"]) == (0.0, 0.0, 0.0)


def test_doc_coverage_counts_documents_not_passages():
    doc_of = {"a#1": "A", "a#2": "A", "b#1": "B", "c#1": "C"}
    m = query_metrics(["a#2", "c#1"], {"a#1", "b#1"}, 2, doc_of)
    assert m["recall"] == 0.0               # neither gold passage is there
    assert m["doc_coverage"] == 0.5         # but document A is
    assert m["full_coverage"] == 0.0


def test_evaluate_excludes_queries_without_gold_and_matches_ir_measures():
    rng = np.random.default_rng(7)
    pids = [f"p{i}" for i in range(40)]
    ranked, gold = {}, {}
    for q in range(30):
        ranked[f"q{q}"] = list(rng.permutation(pids)[:15])
        gold[f"q{q}"] = set(rng.choice(pids, size=int(rng.integers(1, 4)), replace=False))
    ranked["nogold"] = pids[:10]
    scores = evaluate(ranked, gold, ks=(1, 5, 10))
    assert (scores.n_evaluated, scores.n_excluded) == (30, 1)
    qrels = [ir_measures.Qrel(q, d, 1) for q, ds in gold.items() for d in ds]
    for k in (1, 5, 10):
        # Distinct scores and a run truncated to k: pytrec_eval ties by doc id and RR has no cutoff there.
        run = [ir_measures.ScoredDoc(q, d, float(100 - r)) for q, ds in ranked.items() if q in gold
               for r, d in enumerate(ds[:k])]
        ref = ir_measures.calc_aggregate([nDCG @ k, R @ k, RR @ k], qrels, run)
        assert scores.metrics[f"ndcg@{k}"] == pytest.approx(ref[nDCG @ k], abs=1e-9)
        assert scores.metrics[f"recall@{k}"] == pytest.approx(ref[R @ k], abs=1e-9)
        assert scores.metrics[f"mrr@{k}"] == pytest.approx(ref[RR @ k], abs=1e-9)
        full = np.mean([m.value == 1.0 for m in ir_measures.iter_calc([R @ k], qrels, run)])
        assert scores.metrics[f"full_coverage@{k}"] == pytest.approx(full)


def test_latency_percentiles():
    values = list(range(1, 101))
    assert latency_percentiles(values) == {"p50": pytest.approx(np.percentile(values, 50)),
                                           "p95": pytest.approx(np.percentile(values, 95))}
    assert latency_percentiles([]) == {"p50": None, "p95": None}
