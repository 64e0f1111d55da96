"""The naturalized stress test of an aggregate run (issue #33 item 3; the rule: engine.conflicts.naturalize).

The run's variant answers its items again with the documents naturalized, in memory (nothing is
written); both versions are scored by engine.conflicts.metrics against the same gold, on the items the
run answered. drop = metric on the original documents − metric on the naturalized ones (positive: the
variant leaned on the templates), with a paired percentile bootstrap interval (the same resampled items
for both). A variant that calls a model needs that model passed in: the stress test of a model run costs
as many calls as the run itself.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from factaudit.engine.conflicts import metrics as cm
from factaudit.engine.conflicts.metrics import _values
from factaudit.engine.conflicts.naturalize import naturalize_item
from factaudit.engine.conflicts.variants import MODEL_VARIANTS, run_item
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.jobs import CancelToken
from factaudit.engine.metrics.stats import percentile_interval
from factaudit.engine.models.llm import LLM
from factaudit.engine.project.db import Project
from factaudit.engine.services.conflicts import AggregateConfig, _run_inputs

STRESS = "naturalized"


def _table(scores: list[cm.ItemScore]) -> np.ndarray:
    return np.array([[s.gold_conflict, s.pred_conflict, s.explicit_conflict, s.strict, s.success, s.n_answers,
                      s.n_unsupported] for s in scores], dtype=np.int64)


def _num(v) -> float | None:
    v = float(v)
    return v if np.isfinite(v) else None


def naturalized_stress(project: Project, run_id: str, n_resamples: int = cm.DEFAULT_RESAMPLES,
                       seed: int = cm.DEFAULT_SEED, llm: LLM | None = None,
                       cancel: CancelToken | None = None) -> dict[str, Any]:
    """The five metrics of `run_id` on its original and on naturalized documents, and the drop."""
    run, lexicon, items, results = _run_inputs(project, run_id)
    cfg = AggregateConfig.from_config(run.config or {})
    if cfg.variant in MODEL_VARIANTS and llm is None:
        raise InvalidArgument(f"{run_id} ({cfg.variant}) calls a model: its stress test needs that model loaded",
                              setting="model")
    answered = [it for it in items if it.id in results]
    if not answered:
        raise InvalidArgument(f"{run_id} has answered no item yet")
    original, stressed = [], []
    n_docs = n_rewritten_docs = n_mentions = n_changed_items = 0
    for it in answered:
        if cancel is not None:
            cancel.check()
        nat = naturalize_item(it)
        n_docs += len(it.docs)
        n_rewritten_docs += nat.n_docs_rewritten
        n_mentions += nat.n_mentions
        original.append(cm.score_item(it, results[it.id], lexicon))
        # an item none of whose documents changed keeps the run's own answer (no call spent on it again)
        res = run_item(cfg.variant, nat.item, llm, cfg.options(), lexicon) if nat.n_mentions else results[it.id]
        score = cm.score_item(it, res, lexicon)     # the original item: the same gold and supported answers
        n_changed_items += score.strict != original[-1].strict or score.success != original[-1].success
        stressed.append(score)
    a, b = _table(original), _table(stressed)
    point_a, point_b = _values(a), _values(b)
    idx = np.random.default_rng(seed).integers(0, len(answered), size=(n_resamples, len(answered)))
    boot_a, boot_b = _values(a[idx]), _values(b[idx])
    drop, drop_ci = {}, {}
    for m in cm.METRICS:
        va, vb = _num(point_a[m]), _num(point_b[m])
        drop[m] = None if va is None or vb is None else va - vb
        diff = np.asarray(boot_a[m], dtype=float) - np.asarray(boot_b[m], dtype=float)
        ci = percentile_interval(diff[np.isfinite(diff)]) if drop[m] is not None else None
        drop_ci[m] = list(ci) if ci else None
    return {
        "run_id": run_id, "variant": cfg.variant, "stress": STRESS, "n_items": len(answered),
        "n_docs": n_docs, "n_docs_rewritten": n_rewritten_docs, "n_mentions_rewritten": n_mentions,
        "n_items_changed": int(n_changed_items),
        "original": cm.summarise(original, n_resamples, seed).to_json(),
        "naturalized": cm.summarise(stressed, n_resamples, seed).to_json(),
        "drop": drop, "drop_intervals": drop_ci, "n_resamples": n_resamples, "seed": seed,
        **({"note": cfg.privileged} if cfg.privileged else {}),
    }
