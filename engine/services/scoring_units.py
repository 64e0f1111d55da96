"""The units a verify run gives the open and closed regimes, after exclusions (parse failures,
sentences without claims or with a missing verdict). Scoring (services/scoring.py) and certification
(services/certification.py) both read them from here, so a level means the same in `metrics` and `certify`.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Iterator

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.metrics.classification import UnitRecord
from factaudit.engine.project import runs as run_store
from factaudit.engine.project import scoring_store
from factaudit.engine.project.db import Project

DEFAULT_MAPPING = "R+NE"
DEFAULT_LEVEL = "sentence"


@dataclass
class OpenUnits:
    """What a verify run gives the open and closed regimes, after exclusions."""

    run_id: str
    sentences: list[UnitRecord]
    claims: list[UnitRecord]
    n_parse_failures: int
    unscored: dict[str, int]
    closed_gold: list[str] = field(default_factory=list)
    closed_pred: list[str] = field(default_factory=list)
    rows: list[scoring_store.VerdictUnit] = field(default_factory=list)
    # claims with a gold verdict left out of the closed regime, by reason (CLOSED_REASONS)
    closed_unscored: dict[str, int] = field(default_factory=dict)


# Why a claim with a gold verdict has no verdict to score, as `metrics` words it.
CLOSED_REASONS = {
    "cut_off_at_max_tokens": "cut off at max tokens",
    "did_not_parse": "did not parse",
    "no_verdict": "no verdict (the verifier failed on the claim)",
}


def _failure_reason(row: scoring_store.VerdictUnit, config: dict) -> str:
    max_tokens = config.get("max_tokens")
    if max_tokens is None:          # the classifier, or an imported run: no reply to parse
        return "no_verdict"
    # per-passage mode stores the sum over its calls, which says nothing about any one reply
    if (config.get("mode") != "per-passage" and row.completion_tokens is not None
            and row.completion_tokens >= max_tokens):
        return "cut_off_at_max_tokens"
    return "did_not_parse"


def _check_run(project: Project, run_id: str, want: str | None = "verdicts") -> str:
    run_store.get_run(project, run_id)  # NotFound with a clear message
    kinds = scoring_store.scorable_runs(project)
    if run_id not in kinds:
        raise InvalidArgument(f"{run_id} has nothing to score (it holds no verdicts or item predictions, "
                              "or it is not finished)")
    if want is not None and kinds[run_id] != want:
        raise InvalidArgument(f"{run_id} holds {kinds[run_id]}, not {want}")
    return kinds[run_id]


_read_once: ContextVar[dict | None] = ContextVar("scoring_units_read_once", default=None)


@contextmanager
def read_once() -> Iterator[None]:
    """Inside the block, each run's units (and the sentence table) are read from the project once,
    however many figures ask for them (a report scores, compares and certifies the same runs). For a
    block that only reads: a write in it would not be seen."""
    token = _read_once.set({})
    try:
        yield
    finally:
        _read_once.reset(token)


def sentence_table(project: Project) -> scoring_store.SentenceTable:
    memo = _read_once.get()
    if memo is None:
        return scoring_store.sentence_table(project)
    key = (id(project), "sentence table")
    if key not in memo:
        memo[key] = scoring_store.sentence_table(project)
    return memo[key]


def open_units(project: Project, run_id: str, table: scoring_store.SentenceTable | None = None) -> OpenUnits:
    """`table` (sentence_table) when several runs are scored: the sentences are read once. The result
    is shared inside read_once(): callers never change it."""
    memo = _read_once.get()
    if memo is None:
        return _open_units(project, run_id, table)
    key = (id(project), run_id)
    if key not in memo:
        memo[key] = _open_units(project, run_id, table if table is not None else sentence_table(project))
    return memo[key]


def _open_units(project: Project, run_id: str, table: scoring_store.SentenceTable | None) -> OpenUnits:
    rows = scoring_store.verdict_units(project, run_id)
    failed = {r.claim_id for r in rows if r.verdict is None or r.parse_status == "failed"}
    verdict_of = {r.claim_id: r.verdict for r in rows if r.claim_id not in failed}

    claims = [
        UnitRecord(r.claim_id, r.sentence_label == "error", [r.verdict], r.category, r.item_id)
        for r in rows if r.claim_id not in failed and r.sentence_label is not None and r.active
    ]
    sentences: list[UnitRecord] = []
    unscored = {"parse_failed": 0, "no_claims": 0, "missing_verdict": 0}
    covered = table.covered(rows) if table is not None else scoring_store.covered_sentences(project, run_id)
    for s in covered:
        if not s.claim_ids:
            unscored["no_claims"] += 1
        elif any(c in failed for c in s.claim_ids):
            unscored["parse_failed"] += 1
        elif any(c not in verdict_of for c in s.claim_ids):
            unscored["missing_verdict"] += 1
        else:
            sentences.append(UnitRecord(s.id, s.label == "error", [verdict_of[c] for c in s.claim_ids],
                                        s.category, s.item_id))
    gold = [r for r in rows if r.claim_id not in failed and r.gold_label is not None]
    closed_unscored: dict[str, int] = {}
    failed_gold = [r for r in rows if r.claim_id in failed and r.gold_label is not None]
    if failed_gold:
        config = run_store.get_run(project, run_id).config or {}
        for r in failed_gold:
            reason = _failure_reason(r, config)
            closed_unscored[reason] = closed_unscored.get(reason, 0) + 1
    return OpenUnits(run_id, sentences, claims, len(failed), unscored,
                     [r.gold_label for r in gold], [r.verdict for r in gold], rows,  # type: ignore[misc]
                     closed_unscored)
