"""Retrieval metrics with binary relevance (gold passages of a claim are relevant, nothing else is).

Per query, over the top k of a ranked list (ranks 1-based):
- recall@k: share of gold passages in the top k;
- mrr@k: 1 / rank of the first gold passage in the top k, else 0;
- ndcg@k: DCG = Σ_{gold at rank r ≤ k} 1 / log2(r + 1), divided by the ideal DCG of min(|gold|, k) hits;
- full_coverage@k: 1 if every gold passage is in the top k;
- doc_coverage@k: share of gold documents with at least one passage in the top k.
Queries without gold are excluded (and counted); the figures are means over the rest.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Collection, Mapping, Sequence

import numpy as np

METRICS = ("ndcg", "recall", "mrr", "full_coverage", "doc_coverage")
DEFAULT_KS = (1, 5, 10)


@dataclass
class RetrievalScores:
    n_evaluated: int
    n_excluded: int
    metrics: dict[str, float]
    per_query: dict[str, dict[str, float]] = field(default_factory=dict)


def query_metrics(ranked: Sequence[str], gold: Collection[str], k: int,
                  doc_of: Mapping[str, str | None] | None = None) -> dict[str, float]:
    gold = set(gold)
    if not gold:
        raise ValueError("a query without gold has no retrieval metrics")
    top = list(ranked[:k])
    found = [r for r, pid in enumerate(top, start=1) if pid in gold]
    dcg = sum(1.0 / math.log2(r + 1) for r in found)
    idcg = sum(1.0 / math.log2(r + 1) for r in range(1, min(len(gold), k) + 1))
    n_found = len(set(top) & gold)

    def doc(pid: str) -> str:
        return (doc_of.get(pid) if doc_of else None) or pid

    gold_docs = {doc(g) for g in gold}
    top_docs = {doc(p) for p in top}
    return {
        "ndcg": dcg / idcg,
        "recall": n_found / len(gold),
        "mrr": 1.0 / found[0] if found else 0.0,
        "full_coverage": 1.0 if n_found == len(gold) else 0.0,
        "doc_coverage": len(gold_docs & top_docs) / len(gold_docs),
    }


def evaluate(ranked: Mapping[str, Sequence[str]], gold: Mapping[str, Collection[str]], ks: Sequence[int] = DEFAULT_KS,
             doc_of: Mapping[str, str | None] | None = None) -> RetrievalScores:
    """`ranked`: claim id -> passage ids best first (every query of the run, even with no hits)."""
    ks = sorted({int(k) for k in ks if int(k) > 0})
    per_query: dict[str, dict[str, float]] = {}
    excluded = 0
    for qid, ranking in ranked.items():
        g = gold.get(qid)
        if not g:
            excluded += 1
            continue
        row: dict[str, float] = {}
        for k in ks:
            for name, value in query_metrics(ranking, g, k, doc_of).items():
                row[f"{name}@{k}"] = value
        per_query[qid] = row
    means: dict[str, float] = {}
    for k in ks:
        for name in METRICS:
            key = f"{name}@{k}"
            means[key] = float(np.mean([r[key] for r in per_query.values()])) if per_query else float("nan")
    return RetrievalScores(len(per_query), excluded, means, per_query)


def latency_percentiles(latencies_ms: Collection[float]) -> dict[str, float | None]:
    """P50 and P95 (linear interpolation between order statistics); None without latencies."""
    values = [float(v) for v in latencies_ms if v is not None]
    if not values:
        return {"p50": None, "p95": None}
    arr = np.asarray(values)
    return {"p50": float(np.percentile(arr, 50)), "p95": float(np.percentile(arr, 95))}
