"""Verdicts contradicted by their own reasoning, per verify run (engine/text/reasoning_check.py says
how a conclusion is read). Used by `metrics`, the Results page and the verdict view."""
from __future__ import annotations

from typing import Mapping

from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project
from factaudit.engine.project.records import VerdictRecord
from factaudit.engine.text.reasoning_check import contradiction, stated_verdict

__all__ = ["contradiction", "reasoning_contradictions", "stated_verdict"]


def reasoning_contradictions(project: Project, run_id: str,
                             verdicts: Mapping[str, VerdictRecord] | None = None) -> dict[str, str]:
    """{claim id: what the reasoning concludes} for each verdict of the run its reasoning contradicts;
    `verdicts` when the caller has read them already."""
    out = {}
    if verdicts is None:
        verdicts = run_store.get_verdicts(project, run_id)
    for cid, v in verdicts.items():
        said = contradiction(v.verdict, v.reasoning)
        if said is not None:
            out[cid] = said
    return out
