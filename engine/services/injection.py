"""Suspected prompt injection in evidence: which passages are flagged, and which verdicts saw them.

The evidence of a verdict is what the model was shown: the top-k hits of the run's retrieval run
(k from the run's config), or, for imported verdicts without a retrieval run, the passages the
verdict says it used. Used by `metrics`, the report, Review and the verdict view.

A second line of defence does not depend on the heuristic's phrasings: a verdict whose driving
sentence (a classifier verdict's attribution window, or a sentence of a passage an LLM verdict
cites) is instruction-shaped (engine/text/instruction_shape.py) is flagged too, with the finding
`instruction_shape` on that passage, even when no pattern flagged the passage.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Mapping

from factaudit.engine.text.injection import DETECTOR, MATCH_CHARS, WARNING, describe
from factaudit.engine.text.instruction_shape import instruction_shaped
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
    if verdicts is None:
        verdicts = run_store.get_verdicts(project, run_id)
    evidence = verdict_evidence(project, run_id, verdicts)
    flagged = injection_store.findings(project, (p for ids in evidence.values() for p in ids))
    res = SuspectVerdicts(run_id=run_id, n_verdicts=len(evidence))
    for cid, ids in evidence.items():
        hit = {p: flagged[p] for p in ids if p in flagged}
        if hit:
            res.claims[cid] = hit
    for cid, found in _driving_findings(project, run_id, verdicts).items():
        for pid, finding in found.items():
            have = res.claims.setdefault(cid, {}).setdefault(pid, [])
            if finding not in have:
                have.append(finding)
    return res


def _driving_findings(project: Project, run_id: str,
                      verdicts: Mapping[str, VerdictRecord]) -> dict[str, dict[str, dict]]:
    """{claim: {passage: finding}} for verdicts whose driving sentence is instruction-shaped: the
    classifier's attribution window, else the sentences of the passages an LLM verdict cites."""
    from factaudit.engine.project import classifier_store, queries

    driving = classifier_store.get_verdict_evidence(project, run_id)
    wanted = {e.passage_id for e in driving.values() if e.passage_id}
    cited = {cid: list(dict.fromkeys(v.evidence_used or [])) for cid, v in verdicts.items()
             if cid not in driving and v.evidence_used}
    wanted.update(p for ids in cited.values() for p in ids)
    if not wanted:
        return {}
    texts = {pid: row.text or "" for pid, row in queries.get_passages(project, sorted(wanted)).items()}
    seen: dict[tuple, dict | None] = {}

    def check(pid: str, start: int | None = None, end: int | None = None) -> dict | None:
        key = (pid, start, end)
        if key not in seen:
            text = texts.get(pid, "")
            piece = text[start:end] if start is not None and end is not None else text
            seen[key] = None
            for m in _SENTENCE.finditer(piece):
                sentence = " ".join(m.group(0).split())
                if sentence and instruction_shaped(sentence):
                    seen[key] = {"pattern": "instruction_shape", "match": sentence[:MATCH_CHARS]}
                    break
        return seen[key]

    out: dict[str, dict[str, dict]] = {}
    for cid, e in driving.items():
        if cid in verdicts and e.passage_id in texts:
            finding = check(e.passage_id, e.span_start, e.span_end)
            if finding:
                out[cid] = {e.passage_id: finding}
    for cid, ids in cited.items():
        for pid in ids:
            finding = check(pid) if pid in texts else None
            if finding:
                out.setdefault(cid, {})[pid] = finding
    return out


_SENTENCE = re.compile(r"[^.!?\n]*(?:[.!?]+|\n|$)")


def passage_findings(project: Project, passage_ids: Iterable[str]) -> dict[str, list[dict]]:
    """{passage id: findings} for the flagged ones among `passage_ids`."""
    return injection_store.findings(project, passage_ids)


def passage_warning(findings: list[dict]) -> str:
    """The one-line warning the GUI shows next to a flagged passage."""
    return f"⚠ This passage {WARNING}: {describe(findings)}"
