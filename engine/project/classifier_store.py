"""SQL for classifier verdicts: the verdicts row and its attribution row (verdict_evidence) written in
one transaction, so a killed run never keeps a verdict without its attribution (resume finds the
claim done exactly when both are there)."""
from __future__ import annotations

from typing import Iterable

from factaudit.engine.project import runs
from factaudit.engine.project._json import dumps, loads
from factaudit.engine.project.chunked import rows_in
from factaudit.engine.project.db import Project
from factaudit.engine.project.records import VerdictEvidence, VerdictRecord

_COLUMNS = "claim_id, passage_id, span_start, span_end, label, prob, maxima, pairs, detail"


def add_classifier_verdict(project: Project, run_id: str, verdict: VerdictRecord, evidence: VerdictEvidence) -> None:
    if evidence.claim_id != verdict.claim_id:
        raise ValueError(f"attribution of {evidence.claim_id!r} given with the verdict of {verdict.claim_id!r}")
    with project.atomic() as conn:
        runs.add_verdict(project, run_id, verdict)   # nested: a savepoint inside this transaction
        conn.execute(
            f"INSERT INTO verdict_evidence(run_id, {_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (run_id, evidence.claim_id, evidence.passage_id, evidence.span_start, evidence.span_end, evidence.label,
             evidence.prob, dumps(evidence.maxima), dumps(evidence.pairs), dumps(evidence.detail)))


def _row(r) -> VerdictEvidence:
    return VerdictEvidence(claim_id=r["claim_id"], passage_id=r["passage_id"], span_start=r["span_start"],
                           span_end=r["span_end"], label=r["label"], prob=r["prob"], maxima=loads(r["maxima"], {}),
                           pairs=loads(r["pairs"], []), detail=loads(r["detail"]))


def get_verdict_evidence(project: Project, run_id: str,
                         claim_ids: Iterable[str] | None = None) -> dict[str, VerdictEvidence]:
    """The run's attribution rows by claim (empty for LLM runs); `claim_ids` reads only those."""
    if claim_ids is None:
        rows = project.reader().execute(
            f"SELECT {_COLUMNS} FROM verdict_evidence WHERE run_id = ? ORDER BY claim_id", (run_id,))
    else:
        rows = rows_in(project.reader(), f"SELECT {_COLUMNS} FROM verdict_evidence WHERE run_id = ?"
                       " AND claim_id IN ({marks}) ORDER BY claim_id", claim_ids, before=[run_id])
    return {r["claim_id"]: _row(r) for r in rows}


def has_verdict_evidence(project: Project, run_id: str) -> bool:
    """Whether the run stored attribution (a classifier run)."""
    return project.reader().execute(
        "SELECT 1 FROM verdict_evidence WHERE run_id = ? LIMIT 1", (run_id,)).fetchone() is not None
