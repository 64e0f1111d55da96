"""Aggregate runs (conflict-aware answering) as first-class scored runs: `metrics`, `compare` and the report
read their five metrics with intervals and the breakdown by evidence condition, conflict type and
question language (engine.conflicts.breakdown)."""
from __future__ import annotations

from typing import Any, Sequence

from factaudit.engine.conflicts import metrics as cm
from factaudit.engine.conflicts.breakdown import breakdown
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project
from factaudit.engine.services.conflicts import KIND, _run_inputs


def aggregate_figures(project: Project, run_id: str, n_resamples: int = cm.DEFAULT_RESAMPLES,
                      seed: int = cm.DEFAULT_SEED) -> dict[str, Any]:
    """One aggregate run scored: its variant, the five metrics over the items it answered with bootstrap
    intervals, the items it has not answered yet, and the breakdowns the data carries."""
    run, lexicon, items, results = _run_inputs(project, run_id)
    scores = {it.id: cm.score_item(it, results[it.id], lexicon) for it in items if it.id in results}
    summary = cm.summarise(list(scores.values()), n_resamples, seed)
    variant = (run.config or {}).get("variant")
    out: dict[str, Any] = {
        "run_id": run_id, "kind": KIND, "variant": variant, "status": run.status,
        "n_unanswered": len(items) - len(scores), **summary.to_json(),
        "breakdown": breakdown(items, scores, lexicon, n_resamples, seed),
    }
    if (run.config or {}).get("privileged"):
        out["note"] = run.config["privileged"]
    return out


def report_aggregate_runs(project: Project, run_ids: Sequence[str] | None = None,
                          n_resamples: int = cm.DEFAULT_RESAMPLES, seed: int = cm.DEFAULT_SEED) -> dict[str, Any]:
    """Every aggregate run that answered at least one item (or those of `run_ids`), scored."""
    wanted = None if run_ids is None else set(run_ids)
    out: dict[str, Any] = {}
    for r in run_store.list_runs(project, KIND):
        if (wanted is not None and r.id not in wanted) or (wanted is None and r.status != "done"):
            continue
        fig = aggregate_figures(project, r.id, n_resamples, seed)
        if fig["n_items"]:
            out[r.id] = fig
    return out
