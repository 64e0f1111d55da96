"""`compare` on retrieval runs: paired ΔRecall@k, ΔMRR@k, ΔnDCG@k against the first run, with stratified
paired bootstrap intervals, Holm-adjusted p-values and the queries that regressed
(engine.metrics.retrieval_compare)."""
from __future__ import annotations

from typing import Sequence

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.metrics import stats
from factaudit.engine.metrics.retrieval_compare import RetrievalComparison, compare_retrieval
from factaudit.engine.project.db import Project
from factaudit.engine.services.retrieval import claim_categories, is_retrieval_run, retrieval_scores


def compare_retrieval_runs(project: Project, run_ids: Sequence[str], k: int | None = None, *,
                           n_resamples: int = stats.DEFAULT_RESAMPLES,
                           seed: int = stats.DEFAULT_SEED) -> RetrievalComparison:
    """The runs on the claims with gold that all of them ranked, at cutoff `k` (default: the shallowest
    run's k, so no run is scored past the end of its rankings)."""
    run_ids = list(dict.fromkeys(run_ids))
    if len(run_ids) < 2:
        raise InvalidArgument("compare needs at least two different runs", setting="runs")
    for r in run_ids:
        if not is_retrieval_run(project, r):
            raise InvalidArgument(f"{r} holds no rankings; a retrieval comparison needs retrieve or imported "
                                  "TREC runs only", setting="runs")
    depths = []
    for r in run_ids:
        run, ranked, _, _, _ = retrieval_scores(project, r, ())
        run_k = run.config.get("k")
        depths.append(int(run_k) if run_k else max((len(x) for x in ranked.values()), default=0))
    if k is None:
        k = min(depths)
    if k < 1:
        raise InvalidArgument("the runs hold no rankings to compare", setting="k")
    per_query = {r: retrieval_scores(project, r, (k,))[4].per_query for r in run_ids}
    return compare_retrieval(per_query, k, claim_categories(project), n_resamples=n_resamples, seed=seed)
