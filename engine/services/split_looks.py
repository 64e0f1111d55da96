"""The log of looks at a test split (issue #13 item 6): every evaluation over test claims is recorded,
so a report can say per configuration family how often test was looked at. Used by eval-retrieval
and by the sweep's confirmation (engine.services.sweeps)."""
from __future__ import annotations

from typing import Any, Sequence

from factaudit.engine.project import sweep_store
from factaudit.engine.project.db import Project

TEST_SPLIT = "test"


def log_test_evaluation(project: Project, run_id: str, config: dict[str, Any], claim_ids: Sequence[str]) -> bool:
    """Called by eval-retrieval: log the look when the run covers claims of a test split (or a frozen
    dataset). A project open read-only cannot record it; returns whether a look was logged."""
    if project.readonly or not claim_ids:
        return False
    splits = set(sweep_store.claim_splits(project, list(claim_ids)).values())
    if TEST_SPLIT not in splits and not sweep_store.claims_in_frozen(project, list(claim_ids)):
        return False
    family = str(config.get("retriever") or "imported")
    sweep_store.add_look(project, family, {"retriever": family, "k": config.get("k")},
                         TEST_SPLIT if TEST_SPLIT in splits else "frozen", run_id, None, "eval-retrieval")
    return True


def looks_at_test(project: Project) -> dict[str, int]:
    """How many times each configuration family was evaluated on a test split."""
    out: dict[str, int] = {}
    for x in sweep_store.looks(project):
        out[x.family] = out.get(x.family, 0) + 1
    return out
