"""What every verify run reads and reports, whichever strategy makes it (an LLM: services/verification.py;
a classifier: services/classify_verify.py; the stance cascade: services/cascade_verify.py): the claims
and their evidence, read once, the run's summary and result, and the hooks every strategy's RunKind shares.

One verify run kind; its config says how (DESIGN.md "Verifier strategies"):
- `strategy`: classifier | llm | cascade (configs written before it existed: a classifier pin or mode
  "classifier" is the classifier, anything else the LLM — strategy_of);
- `evidence_source`: "retrieval" (a retrieval run's top k) or "gold" (each claim's gold passages, the
  closed regime, no retrieval run); written only when "gold", so earlier configs read as retrieval;
- `control`: None, or "no-evidence" (the grounding control: the same verifier and claims, passages
  removed); written only when set.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from factaudit.engine import jobs
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.jobs import ProgressCallback
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project
from factaudit.engine.project.queries import gold_evidence, list_claims
from factaudit.engine.project.records import HitRecord
from factaudit.engine.project.runs import RETRIEVAL_KINDS

DEFAULT_K = 5
STRATEGIES = ("classifier", "llm", "cascade")
EVIDENCE_SOURCES = ("retrieval", "gold")
CONTROLS = ("no-evidence",)

# Why a verify run left a claim without a verdict, keyed as `metrics --json` writes them.
NO_VERDICT_REASONS = {
    "claim_too_long": "claim too long for the model",
    "cut_off_at_max_tokens": "cut off at max tokens",
    "did_not_parse": "did not parse",      # said of a reply: "1 reply did not parse"
    "no_verdict": "no verdict (the verifier failed on the claim)",
}
_TOO_LONG = "claim longer than the model's window"   # engine.pipeline.classify_windows.ClaimTooLong


def strategy_of(config: dict[str, Any]) -> str:
    """The strategy of a stored verify config, also of one written before `strategy` was pinned."""
    if config.get("strategy"):
        return config["strategy"]
    if config.get("mode") == "classifier" or (config.get("model") or {}).get("backend") == "classifier":
        return "classifier"
    return "llm"


def no_verdict_reason(reasoning: str | None, completion_tokens: int | None, config: dict[str, Any]) -> str:
    """The NO_VERDICT_REASONS key of one failed verdict row."""
    if reasoning and reasoning.startswith(_TOO_LONG):
        return "claim_too_long"
    max_tokens = config.get("max_tokens")
    if max_tokens is None:          # the classifier, or an imported run: no reply to parse
        return "no_verdict"
    # per-passage mode stores the sum over its calls, which says nothing about any one reply
    if config.get("mode") != "per-passage" and completion_tokens is not None and completion_tokens >= max_tokens:
        return "cut_off_at_max_tokens"
    return "did_not_parse"


def check_source(retrieval_run: str | None, evidence_source: str, control: str | None) -> None:
    """A new run's evidence settings, refused with the fix named."""
    if evidence_source not in EVIDENCE_SOURCES:
        raise InvalidArgument(f"unknown evidence source {evidence_source!r}; expected one of "
                              f"{', '.join(EVIDENCE_SOURCES)}")
    if control is not None and control not in CONTROLS:
        raise InvalidArgument(f"unknown control {control!r}; expected one of {', '.join(CONTROLS)}")
    if evidence_source == "gold" and retrieval_run:
        raise InvalidArgument("gold evidence needs no retrieval run: give one or the other")
    if evidence_source == "retrieval" and not retrieval_run:
        raise InvalidArgument("name the retrieval run to verify, verify against gold evidence, or name an "
                              "unfinished run to resume", setting=("retrieval_run", "evidence", "resume"),
                              action="choose_run")


def source_config(evidence_source: str, control: str | None) -> dict[str, Any]:
    """The config keys of the evidence settings: only what differs from the defaults, so configs of
    runs made before these settings existed read (and hash) as they did."""
    return {**({"evidence_source": evidence_source} if evidence_source != "retrieval" else {}),
            **({"control": control} if control else {})}


class VerifyKindBase(jobs.RunKind):
    """The hooks every verify strategy shares: a resume names the run's own inputs, and the claims and
    their evidence are read one way (a config type with retrieval_run, limit, dataset, claim_ids,
    evidence_source)."""

    name = "verify"

    def check_resume(self, run_id: str, cfg: Any, req: Any) -> None:
        if req.retrieval_run and req.retrieval_run != cfg.retrieval_run:
            raise InvalidArgument(f"{run_id} verifies {cfg.retrieval_run or 'gold evidence'}, not {req.retrieval_run}")

    def read_inputs(self, project: Project, cfg: Any, progress: ProgressCallback) -> VerifyInputs:
        return read_verify_inputs(project, cfg.retrieval_run, cfg.limit, cfg.dataset, cfg.claim_ids,
                                  getattr(cfg, "evidence_source", "retrieval"))


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
    strategy: str | None = None
    evidence_source: str = "retrieval"
    control: str | None = None
    no_verdict_reasons: dict[str, int] = field(default_factory=dict)   # NO_VERDICT_REASONS keys
    n_long_claims: int = 0      # claims longer than the classifier's window, verified with longer pairs

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class VerifyInputs:
    claims: list[tuple[str, str]]     # (claim id, text) in claim order
    hits: dict                        # the retrieval run's hits by claim id


def read_verify_inputs(project: Project, retrieval_run: str | None, limit: int | None, dataset: str | None,
                       claim_ids: list[str] | None = None, evidence_source: str = "retrieval") -> VerifyInputs:
    """The claims a verify run works (those the retrieval run has hits for, or with gold evidence:
    those with gold passages) and their evidence as hits, read once."""
    if evidence_source == "gold":
        hits = gold_hits(project)
        source = "the gold evidence"
    else:
        _check_retrieval_run(project, retrieval_run)
        hits = run_store.get_hits(project, retrieval_run)
        source = retrieval_run
    claims = claims_with_hits(project, hits, limit, dataset, claim_ids)
    if limit != 0 and not claims:
        where = f" of dataset {dataset!r}" if dataset else ""
        what = "passages for" if evidence_source == "gold" else "hits for"
        raise InvalidArgument(f"{source} has no {what} any active claim{where}; nothing to verify")
    return VerifyInputs(claims, hits)


def gold_hits(project: Project) -> dict[str, list[HitRecord]]:
    """Each claim's gold passages as ranked hits (in stored order, score 1): the closed regime's evidence."""
    return {cid: [HitRecord(cid, rank, g.passage_id, 1.0) for rank, g in enumerate(golds, start=1)]
            for cid, golds in gold_evidence(project).items()}


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
    reasons: dict[str, int] = {}
    config: dict[str, Any] | None = None
    for v in verdicts.values():
        if v.verdict:
            counts[v.verdict] = counts.get(v.verdict, 0) + 1
        if v.verdict is None or v.parse_status == "failed":
            config = config if config is not None else (run_store.get_run(project, run_id).config or {})
            key = no_verdict_reason(v.reasoning, v.completion_tokens, config)
            reasons[key] = reasons.get(key, 0) + 1
    return {
        "no_verdict_reasons": reasons,
        "n_long_claims": sum(1 for v in verdicts.values() if _long_claim(v.raw_output)),
        "n_claims": n_claims, "n_verdicts": len(verdicts),
        "n_parse_failures": sum(1 for v in verdicts.values() if v.parse_status == "failed"),
        "n_repaired": sum(1 for v in verdicts.values() if v.parse_status == "repaired"),
        "n_trimmed": sum(1 for v in verdicts.values() if v.trimmed),
        "verdict_counts": counts,
        "prompt_tokens": sum(v.prompt_tokens or 0 for v in verdicts.values()),
        "completion_tokens": sum(v.completion_tokens or 0 for v in verdicts.values()),
    }


def _long_claim(raw: str | None) -> bool:
    """A classifier verdict whose claim outgrew max_length (classify.ClaimResult.long_claim)."""
    return bool(raw) and '"long_claim"' in raw
