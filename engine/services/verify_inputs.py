"""What every verify run reads and reports, whichever verifier makes it (an LLM: services/verification.py;
a classifier: services/classify_verify.py): the claims a retrieval run has hits for, read once, and
the run's summary and result."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project
from factaudit.engine.project.queries import list_claims
from factaudit.engine.project.runs import RETRIEVAL_KINDS

DEFAULT_K = 5


@dataclass
class VerifyResult:
    run_id: str
    status: str
    n_claims: int
    n_verdicts: int
    n_parse_failures: int
    n_trimmed: int = 0
    n_new: int = 0
    verdict_counts: dict[str, int] = field(default_factory=dict)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    claims_per_s: float = 0.0
    retries: int = 0
    model: str | None = None
    mode: str | None = None
    retrieval_run: str | None = None
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class VerifyInputs:
    claims: list[tuple[str, str]]     # (claim id, text) in claim order
    hits: dict                        # the retrieval run's hits by claim id


def read_verify_inputs(project: Project, retrieval_run: str, limit: int | None, dataset: str | None,
                       claim_ids: list[str] | None = None) -> VerifyInputs:
    """The claims a verify run works (those the retrieval run has hits for) and the hits, read once."""
    _check_retrieval_run(project, retrieval_run)
    hits = run_store.get_hits(project, retrieval_run)
    claims = claims_with_hits(project, hits, limit, dataset, claim_ids)
    if limit != 0 and not claims:
        where = f" of dataset {dataset!r}" if dataset else ""
        raise InvalidArgument(f"{retrieval_run} has no hits for any active claim{where}; nothing to verify")
    return VerifyInputs(claims, hits)


def _check_retrieval_run(project: Project, run_id: str) -> None:
    run = run_store.get_run(project, run_id)
    if run.kind not in RETRIEVAL_KINDS:
        raise InvalidArgument(f"{run_id} is a {run.kind} run, not a retrieval run")
    if run.status != "done":
        raise InvalidArgument(f"retrieval run {run_id} is {run.status}; finish it first")


def claims_with_hits(project: Project, hits: dict, limit: int | None, dataset: str | None,
                      claim_ids: list[str] | None = None) -> list[tuple[str, str]]:
    wanted = None if claim_ids is None else set(claim_ids)
    rows = [c for c in list_claims(project, dataset) if c.id in hits and (wanted is None or c.id in wanted)]
    if limit is not None:
        rows = rows[: max(0, int(limit))]
    return [(c.id, c.text) for c in rows]


def claims_for_run(project: Project, retrieval_run: str, limit: int | None = None,
                   dataset: str | None = None) -> list[tuple[str, str]]:
    """(claim id, text) of the active claims the retrieval run has hits for, in claim order."""
    return claims_with_hits(project, run_store.get_hits(project, retrieval_run), limit, dataset)


def run_summary(project: Project, run_id: str, n_claims: int) -> dict[str, Any]:
    verdicts = run_store.get_verdicts(project, run_id)
    counts: dict[str, int] = {}
    for v in verdicts.values():
        if v.verdict:
            counts[v.verdict] = counts.get(v.verdict, 0) + 1
    return {
        "n_claims": n_claims, "n_verdicts": len(verdicts),
        "n_parse_failures": sum(1 for v in verdicts.values() if v.parse_status == "failed"),
        "n_repaired": sum(1 for v in verdicts.values() if v.parse_status == "repaired"),
        "n_trimmed": sum(1 for v in verdicts.values() if v.trimmed),
        "verdict_counts": counts,
        "prompt_tokens": sum(v.prompt_tokens or 0 for v in verdicts.values()),
        "completion_tokens": sum(v.completion_tokens or 0 for v in verdicts.values()),
    }
