"""`metrics` on an evidence judge run: its relevance labels against the claims' gold evidence
(engine.metrics.judge_scoring) — the CARE measurement as app code; benchmarks/care.py calls it."""
from __future__ import annotations

from typing import Any

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.metrics import stats
from factaudit.engine.metrics.judge_scoring import JudgedUnit, judge_figures
from factaudit.engine.pipeline import judge as jp
from factaudit.engine.project import judge_store, queries, scoring_store
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project


def judged_units(project: Project, run_id: str) -> tuple[list[JudgedUnit], int, int]:
    """(units whose claim has gold evidence, units left out for having none, parse failures among the kept)."""
    run = run_store.get_run(project, run_id)
    if run.kind != "judge" or (run.config or {}).get("target") != "evidence":
        raise InvalidArgument(f"{run_id} is not an evidence judge run; only those are scored against gold relevance",
                              setting="run")
    gold = {cid: {g.passage_id for g in gs} for cid, gs in queries.gold_evidence(project).items()}
    units = judge_store.get_units(project, run_id)
    source = (run.config or {}).get("run")
    ranks = ({(cid, h.passage_id): h.rank for cid, hs in run_store.get_hits(project, source).items() for h in hs}
             if source else {})
    claims = {c.id: c.item_id for c in queries.list_claims(project, active_only=False,
                                                            ids=sorted({u.claim_id for u in units}))}
    items = {i.id: i for i in scoring_store.answer_items(project, {i for i in claims.values() if i})}
    kept, left_out, failures = [], 0, 0
    for u in units:
        if not gold.get(u.claim_id):
            left_out += 1
            continue
        item = items.get(claims.get(u.claim_id) or "")
        meta = item.meta if item else {}
        failures += u.parse_status == "failed"
        kept.append(JudgedUnit(u.claim_id, u.passage_id or "", (u.passage_id in gold[u.claim_id]),
                               jp.is_relevant(u.labels), ranks.get((u.claim_id, u.passage_id or "")),
                               meta.get("type") or (item.category if item else None), meta.get("level")))
    return kept, left_out, failures


def judge_scores(project: Project, run_id: str, n_resamples: int = stats.DEFAULT_RESAMPLES,
                 seed: int = stats.DEFAULT_SEED) -> dict[str, Any]:
    """Accuracy and P/R/F1 of the relevant label with intervals, overall, by K, by question type and by
    difficulty; the run's mode and whether the judge saw the gold answer say which CARE cell it is."""
    units, left_out, failures = judged_units(project, run_id)
    if not units:
        raise InvalidArgument(f"{run_id}: none of its claims has gold evidence passages to score the judge against")
    cfg = run_store.get_run(project, run_id).config or {}
    return {"run_id": run_id, "kind": "judge", "mode": cfg.get("mode"), "with_gold": bool(cfg.get("with_gold")),
            "source_run": cfg.get("run"), "n_units": len(units), "n_without_gold": left_out,
            "n_parse_failures": failures, "n_resamples": n_resamples, "seed": seed,
            **judge_figures(units, n_resamples=n_resamples, seed=seed)}
