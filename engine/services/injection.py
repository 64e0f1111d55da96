"""Suspected prompt injection in evidence: which passages are flagged, and which verdicts saw them.

The evidence of a verdict is what the model was shown: the top-k hits of the run's retrieval run
(k from the run's config), or, for imported verdicts without a retrieval run, the passages the
verdict says it used. Used by `metrics`, the report, Review and the verdict view.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

from factaudit.engine.text.injection import DETECTOR, WARNING, describe
from factaudit.engine.project import injection_store
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project
from factaudit.engine.project.records import VerdictRecord

DEFAULT_K = 10   # the verify default, for a config that does not name k

__all__ = ["DETECTOR", "WARNING", "SuspectVerdicts", "describe", "passage_findings", "passage_warning",
           "suspect_verdicts", "verdict_evidence"]


@dataclass
class SuspectVerdicts:
    run_id: str
    n_verdicts: int
    # claim id -> {passage id: findings} for each verdict whose evidence holds a flagged passage
    claims: dict[str, dict[str, list[dict]]] = field(default_factory=dict)

    @property
    def n(self) -> int:
        return len(self.claims)


def verdict_evidence(project: Project, run_id: str,
                     verdicts: Mapping[str, VerdictRecord] | None = None) -> dict[str, list[str]]:
    """{claim id: passage ids the model was shown} for every verdict of a verify (or imported) run;
    `verdicts` when the caller has read them already (a table read once per command)."""
    run = run_store.get_run(project, run_id)
    if verdicts is None:
        verdicts = run_store.get_verdicts(project, run_id)
    retrieval_run = (run.config or {}).get("retrieval_run")
    k = int((run.config or {}).get("k") or DEFAULT_K)
    hits = run_store.get_hits(project, retrieval_run) if retrieval_run else {}
    out: dict[str, list[str]] = {}
    for cid, v in verdicts.items():
        if cid in hits:
            out[cid] = [h.passage_id for h in hits[cid][:k]]
        else:
            out[cid] = list(dict.fromkeys([*(v.evidence_used or []), *(v.stances or {})]))
    return out


def suspect_verdicts(project: Project, run_id: str,
                     verdicts: Mapping[str, VerdictRecord] | None = None) -> SuspectVerdicts:
    evidence = verdict_evidence(project, run_id, verdicts)
    flagged = injection_store.findings(project, (p for ids in evidence.values() for p in ids))
    res = SuspectVerdicts(run_id=run_id, n_verdicts=len(evidence))
    for cid, ids in evidence.items():
        hit = {p: flagged[p] for p in ids if p in flagged}
        if hit:
            res.claims[cid] = hit
    return res


def passage_findings(project: Project, passage_ids: Iterable[str]) -> dict[str, list[dict]]:
    """{passage id: findings} for the flagged ones among `passage_ids`."""
    return injection_store.findings(project, passage_ids)


def passage_warning(findings: list[dict]) -> str:
    """The one-line warning the GUI shows next to a flagged passage."""
    return f"⚠ This passage {WARNING}: {describe(findings)}"
