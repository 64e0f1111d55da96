"""Paired comparison of retrieval runs, and intervals for one run's retrieval figures.

Per query the figures are engine.metrics.retrieval's (binary relevance: the claim's gold passages).
Two runs are compared on the queries both ranked that have gold, each against the first run (the
baseline): Δ = mean(B) − mean(A) of Recall@k, MRR@k and nDCG@k. The interval resamples *queries*
with replacement within strata (the claim's category; the same resample for both runs, so the pairing
is kept) and takes the percentile interval of the mean difference. The two-sided bootstrap p of Δ = 0
is 2·min(share of resampled Δ ≤ 0, share ≥ 0), as for ΔF1 of verify runs (metrics.stats); Holm adjusts
the family of all (run, metric) tests of one comparison. A regression is a query whose figure is lower
in B than in A; they are listed per run and metric, worst first.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Mapping, Sequence

import numpy as np

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.metrics import stats

COMPARED = ("recall", "mrr", "ndcg")
MAX_LISTED = 50     # regressions listed per run and metric (all are counted)


def _groups(strata: Sequence[str] | None, n: int) -> list[np.ndarray]:
    if not strata:
        return [np.arange(n)]
    arr = np.asarray([s or "" for s in strata])
    return [np.flatnonzero(arr == s) for s in sorted(set(arr.tolist()))]


def bootstrap_means(values: np.ndarray, strata: Sequence[str] | None = None,
                    n_resamples: int = stats.DEFAULT_RESAMPLES, seed: int = stats.DEFAULT_SEED) -> np.ndarray:
    """(n_resamples, columns) means of `values` (queries × columns) over resamples of its rows drawn with
    replacement within each stratum (each stratum keeps its size, so the mix of categories is fixed).
    A resample is drawn as how often each row is taken (uniform draws counted with one bincount per
    block of resamples), so memory stays at a block × queries whatever the number of resamples."""
    values = np.asarray(values, dtype=float)
    if values.ndim == 1:
        values = values[:, None]
    n = values.shape[0]
    rng = np.random.default_rng(seed)
    total = np.zeros((n_resamples, values.shape[1]))
    for g in _groups(strata, n):
        m = len(g)
        if m == 0:
            continue
        block = max(1, min(n_resamples, 4_000_000 // m))
        for start in range(0, n_resamples, block):
            b = min(n_resamples, start + block) - start
            draws = rng.integers(0, m, size=(b, m)) + (np.arange(b) * m)[:, None]
            counts = np.bincount(draws.ravel(), minlength=b * m).reshape(b, m).astype(float)
            total[start:start + b] += counts @ values[g]
    return total / n


def mean_interval(values: Sequence[float], strata: Sequence[str] | None = None,
                  n_resamples: int = stats.DEFAULT_RESAMPLES, seed: int = stats.DEFAULT_SEED) -> list[float] | None:
    if len(values) == 0:
        return None
    ci = stats.percentile_interval(bootstrap_means(np.asarray(values), strata, n_resamples, seed)[:, 0])
    return list(ci) if ci else None


@dataclass
class RetrievalDelta:
    run_id: str             # B, compared against the baseline A
    metric: str             # e.g. recall@10
    baseline: float
    value: float
    delta: float            # B − A
    delta_ci: list[float] | None
    p: float | None         # two-sided bootstrap p of Δ = 0
    p_holm: float | None
    n_regressed: int        # queries where B < A
    n_improved: int


@dataclass
class Regression:
    claim_id: str
    baseline: float
    value: float


@dataclass
class RetrievalComparison:
    runs: list[str]
    k: int
    n_shared: int
    n_excluded: dict[str, int]          # queries with gold a run ranked that not every run ranked
    strata: str
    means: dict[str, dict[str, float]]  # run -> metric@k -> mean over the shared queries
    deltas: list[RetrievalDelta]
    regressions: dict[str, dict[str, list[Regression]]] = field(default_factory=dict)   # run -> metric -> rows
    n_resamples: int = stats.DEFAULT_RESAMPLES
    seed: int = stats.DEFAULT_SEED

    def to_json(self) -> dict[str, Any]:
        return {"kind": "retrieval", **asdict(self)}

    def no_regression(self, run_id: str, metrics: Sequence[str] = ("recall", "mrr")) -> bool:
        """OptiRAG's check: no shared query loses Recall@k or MRR@k against the baseline."""
        return all(d.n_regressed == 0 for d in self.deltas
                   if d.run_id == run_id and d.metric.split("@")[0] in metrics)


def compare_retrieval(per_query: Mapping[str, Mapping[str, Mapping[str, float]]], k: int,
                      strata: Mapping[str, str] | None = None, *, strata_name: str = "category",
                      n_resamples: int = stats.DEFAULT_RESAMPLES, seed: int = stats.DEFAULT_SEED) -> RetrievalComparison:
    """`per_query`: run -> claim id -> {"recall@k": …, "mrr@k": …, "ndcg@k": …} (queries with gold only),
    the first run the baseline."""
    names = list(per_query)
    if len(names) < 2:
        raise InvalidArgument("compare needs at least two different runs", setting="runs")
    shared = sorted(set.intersection(*(set(per_query[r]) for r in names)))
    if not shared:
        raise InvalidArgument(f"the runs {', '.join(names)} share no query with gold evidence")
    keys = [f"{m}@{k}" for m in COMPARED]
    for r in names:
        missing = [key for key in keys if key not in per_query[r][shared[0]]]
        if missing:
            raise InvalidArgument(f"{r} has no {', '.join(missing)} (its rankings are shorter than {k})",
                                  setting="k")
    table = {r: np.array([[per_query[r][q][key] for key in keys] for q in shared]) for r in names}
    strata_list = [strata.get(q, "") for q in shared] if strata else None
    if strata_list is not None and len(set(strata_list)) < 2:
        strata_list = None
    base = names[0]
    deltas: list[RetrievalDelta] = []
    regressions: dict[str, dict[str, list[Regression]]] = {}
    for r in names[1:]:
        diff = table[r] - table[base]
        boot = bootstrap_means(diff, strata_list, n_resamples, seed)
        regressions[r] = {}
        for j, key in enumerate(keys):
            ci = stats.percentile_interval(boot[:, j])
            col = boot[:, j]
            p = float(min(1.0, 2 * min(np.mean(col <= 0), np.mean(col >= 0))))
            worse = np.flatnonzero(diff[:, j] < 0)
            deltas.append(RetrievalDelta(r, key, float(table[base][:, j].mean()), float(table[r][:, j].mean()),
                                         float(diff[:, j].mean()), list(ci) if ci else None, p, None,
                                         int(len(worse)), int((diff[:, j] > 0).sum())))
            order = sorted(worse, key=lambda i: (diff[i, j], shared[i]))[:MAX_LISTED]
            regressions[r][key] = [Regression(shared[i], float(table[base][i, j]), float(table[r][i, j]))
                                   for i in order]
    for d, adj in zip(deltas, stats.holm([d.p for d in deltas])):
        d.p_holm = adj
    return RetrievalComparison(
        runs=names, k=k, n_shared=len(shared),
        n_excluded={r: len(per_query[r]) - len(shared) for r in names},
        strata=strata_name if strata_list is not None else "none",
        means={r: {key: float(table[r][:, j].mean()) for j, key in enumerate(keys)} for r in names},
        deltas=deltas, regressions=regressions, n_resamples=n_resamples, seed=seed,
    )


def category_rows(per_query: Mapping[str, Mapping[str, float]], categories: Mapping[str, str],
                  keys: Sequence[str], n_resamples: int = stats.DEFAULT_RESAMPLES,
                  seed: int = stats.DEFAULT_SEED) -> dict[str, dict[str, Any]]:
    """One run's means per category, each with its n and bootstrap interval."""
    out: dict[str, dict[str, Any]] = {}
    by_cat: dict[str, list[str]] = {}
    for q in per_query:
        by_cat.setdefault(categories.get(q) or "", []).append(q)
    if set(by_cat) == {""}:
        return {}
    for cat in sorted(by_cat):
        qs = by_cat[cat]
        values = np.array([[per_query[q][key] for key in keys] for q in qs])
        boot = bootstrap_means(values, None, n_resamples, seed)
        out[cat or "(none)"] = {"n": len(qs), "metrics": {key: float(values[:, j].mean()) for j, key in enumerate(keys)},
                                "intervals": {key: list(ci) if (ci := stats.percentile_interval(boot[:, j])) else None
                                              for j, key in enumerate(keys)}}
    return out
