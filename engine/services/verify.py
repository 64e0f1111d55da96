"""Verification as pinned, resumable runs (the façade for the CLI and the GUI).

A verify run's config pins everything that decides its output: the model (file sha256, or endpoint
and model name), quantization, seed, temperature, the prompt's sha256, the corpus hash, the
retrieval run, k, mode, limit and the prompt-cache flag. Each claim's verdict commits on its own,
so a killed run loses at most the claims in flight and `resume` finishes it. The run's lifecycle
(status, cancel, progress, failure text) is engine.jobs; this module supplies one claim's work.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Iterator

from factaudit.engine import jobs
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.jobs import CancelToken, ProgressCallback, no_progress
from factaudit.engine.models import registry
from factaudit.engine.models.llm import LLM, open_llm
from factaudit.engine.pipeline.evidence import DEFAULT_EVIDENCE, parse_evidence
from factaudit.engine.pipeline.verify import MODES, SCORING, EvidencePassage, VerifyOptions, fit_messages, verify_claim
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project
from factaudit.engine.project.queries import corpus_hash, get_passages, list_claims
from factaudit.engine.project.runs import RETRIEVAL_KINDS
from factaudit.engine.services.models import LLMRunSettings, entry_from_pin, model_pin
from factaudit.engine.text.injection import DETECTOR

DEFAULT_K = 5


@dataclass
class VerifyRequest(LLMRunSettings):
    retrieval_run: str | None = None
    mode: str = "joint"
    k: int = DEFAULT_K
    max_tokens: int = 200
    concurrency: int = 4
    backoff_base: float = 1.0
    evidence: str | None = DEFAULT_EVIDENCE   # whole | sentences:N | tokens:B (None = whole)
    scoring: str = "generate"            # or "logprob": the four verdicts scored by log-probability (joint)
    calibration: str = "none"            # logprob only: none | contextual | a JSON bias file


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
class _Claim:
    claim_id: str
    text: str
    passages: list[EvidencePassage]


def _check_retrieval_run(project: Project, run_id: str) -> None:
    run = run_store.get_run(project, run_id)
    if run.kind not in RETRIEVAL_KINDS:
        raise InvalidArgument(f"{run_id} is a {run.kind} run, not a retrieval run")
    if run.status != "done":
        raise InvalidArgument(f"retrieval run {run_id} is {run.status}; finish it first")


def claims_for_run(project: Project, retrieval_run: str, limit: int | None = None,
                   dataset: str | None = None) -> list[tuple[str, str]]:
    """(claim id, text) of the active claims the retrieval run has hits for, in claim order."""
    hits = run_store.get_hits(project, retrieval_run)
    rows = [c for c in list_claims(project, dataset) if c.id in hits]
    if limit is not None:
        rows = rows[: max(0, int(limit))]
    return [(c.id, c.text) for c in rows]


def _request_from_config(cfg: dict[str, Any], base: VerifyRequest) -> VerifyRequest:
    return VerifyRequest(
        retrieval_run=cfg["retrieval_run"], mode=cfg["mode"], k=cfg["k"], limit=cfg.get("limit"),
        dataset=cfg.get("dataset"), seed=cfg["seed"], temperature=cfg["temperature"], max_tokens=cfg["max_tokens"],
        passage_words=cfg.get("passage_words"), prompt_cache=cfg.get("prompt_cache", False),
        evidence=cfg.get("evidence"), scoring=(cfg.get("scoring") or {}).get("method", "generate"),
        calibration=(cfg.get("scoring") or {}).get("calibration", "none"), n_ctx=cfg["model"].get("n_ctx"), resume=base.resume, n_threads=base.n_threads, timeout=base.timeout,
        max_retries=base.max_retries, concurrency=base.concurrency, backoff_base=base.backoff_base,
    )


def _summary(project: Project, run_id: str, n_claims: int) -> dict[str, Any]:
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


def verify(project: Project, req: VerifyRequest, progress: ProgressCallback = no_progress,
           cancel: CancelToken | None = None, on_retry: Callable[[int, float, str], None] | None = None,
           llm: LLM | None = None) -> VerifyResult:
    """Run (or with req.resume, continue) a verify run. `llm` lets a caller reuse a loaded model;
    it must be the model the run pins. A run that stops early raises RunCancelled or RunFailed
    (engine.errors), naming the run."""
    if req.resume:
        run = jobs.resumable_run(project, req.resume, "verify", corpus_hash(project))
        cfg = run.config
        if req.retrieval_run and req.retrieval_run != cfg.get("retrieval_run"):
            raise InvalidArgument(f"{run.id} verifies {cfg.get('retrieval_run')}, not {req.retrieval_run}")
        req = _request_from_config(cfg, req)
        entry = entry_from_pin(cfg["model"])
        opts = options_for(req, (cfg.get("scoring") or {}).get("bias"))
        if cfg["prompt"]["sha256"] != opts.prompt().sha256:
            raise InvalidArgument(f"the prompt template changed since {run.id} started; start a new run")
        run_id: str | None = run.id
    else:
        _check_request(project, req)
        entry = registry.resolve_llm(req.model, req.endpoint, n_ctx=req.n_ctx)
        opts = options_for(req)
        run_id = None
        if llm is None:
            entry = sized_entry(project, req, entry, opts, progress, cancel)
        if req.scoring == "logprob" and entry.is_endpoint:
            raise InvalidArgument("log-probability scoring needs a GGUF model run in-process, not an endpoint")
    own_llm = llm is None
    if llm is None:
        llm = open_llm(entry, seed=req.seed, temperature=req.temperature, prompt_cache=req.prompt_cache,
                       n_threads=req.n_threads, timeout=req.timeout, max_retries=req.max_retries,
                       concurrency=req.concurrency, backoff_base=req.backoff_base, on_retry=on_retry)
    try:
        if run_id is None:
            opts = calibrated(req, opts, llm)
            cfg = {
                "retrieval_run": req.retrieval_run, "mode": req.mode, "k": req.k, "limit": req.limit,
                "dataset": req.dataset, "seed": req.seed, "temperature": req.temperature,
                "max_tokens": req.max_tokens, "passage_words": req.passage_words, "prompt_cache": req.prompt_cache,
                "evidence": req.evidence or "whole", "prompt": opts.prompt().ref(), "corpus_hash": corpus_hash(project), "model": model_pin(entry),
                "withheld_instructions": DETECTOR if opts.withhold_instructions else None,
                "scoring": _scoring_pin(req, opts),
            }
            run_id = jobs.create_run(project, "verify", cfg, provenance=llm.provenance())
        else:
            jobs.reopen_run(project, run_id)
        return _run(project, run_id, req, opts, llm, progress, cancel)
    finally:
        if own_llm:
            llm.close()


def evidence_options(spec: str | None) -> dict[str, int | None]:
    kind, n = parse_evidence(spec)
    return {"evidence_sentences": n if kind == "sentences" else None,
            "evidence_tokens": n if kind == "tokens" else None}


def options_for(req: VerifyRequest, bias: dict[str, float] | None = None) -> VerifyOptions:
    return VerifyOptions(mode=req.mode, max_tokens=req.max_tokens, passage_words=req.passage_words, seed=req.seed,
                         temperature=req.temperature, **evidence_options(req.evidence),
                         scoring=req.scoring, calibration_bias=tuple(bias.items()) if bias else None)


def calibrated(req: VerifyRequest, opts: VerifyOptions, llm: LLM) -> VerifyOptions:
    """The per-verdict bias a new logprob run pins: from content-free inputs (contextual, computed
    with this model and prompt) or from a file; none for generation."""
    if req.scoring != "logprob" or req.calibration in (None, "none"):
        return opts
    from dataclasses import replace

    from factaudit.engine.models import calibration
    from factaudit.engine.pipeline.verify import verdict_logprobs
    from factaudit.engine.project.records import VERDICTS

    if req.calibration == "contextual":
        prompt = opts.prompt()
        bias = calibration.contextual_bias(
            lambda claim, ev: verdict_logprobs(llm, prompt.render(claim=claim, evidence=ev)).logprobs, VERDICTS)
    else:
        bias = calibration.read_bias_file(req.calibration, VERDICTS)
    return replace(opts, calibration_bias=tuple(bias.items()))


def _scoring_pin(req: VerifyRequest, opts: VerifyOptions) -> dict[str, Any]:
    if req.scoring != "logprob":
        return {"method": "generate"}
    return {"method": "logprob", "calibration": req.calibration or "none",
            "bias": dict(opts.calibration_bias) if opts.calibration_bias else None}


def _check_request(project: Project, req: VerifyRequest) -> None:
    if not req.retrieval_run:
        raise InvalidArgument("name the retrieval run to verify (--retrieval-run RUN) or a run to --resume")
    if req.mode not in MODES:
        raise InvalidArgument(f"unknown mode {req.mode!r}; expected one of {', '.join(MODES)}")
    if req.k < 1:
        raise InvalidArgument("k must be at least 1")
    if req.scoring not in SCORING:
        raise InvalidArgument(f"unknown scoring {req.scoring!r}; expected one of {', '.join(SCORING)}")
    if req.scoring == "logprob" and req.mode != "joint":
        raise InvalidArgument("log-probability scoring is for joint mode only")
    if req.scoring != "logprob" and req.calibration not in (None, "none"):
        raise InvalidArgument("--calibration applies to --scoring logprob only")
    if not (0.0 <= req.temperature <= 2.0):
        raise InvalidArgument("temperature must be between 0 and 2")
    _check_retrieval_run(project, req.retrieval_run)
    if req.limit != 0 and not claims_for_run(project, req.retrieval_run, req.limit, req.dataset):
        where = f" of dataset {req.dataset!r}" if req.dataset else ""
        raise InvalidArgument(f"{req.retrieval_run} has no hits for any active claim{where}; nothing to verify")


def _claims_with_evidence(project: Project, claims: list[tuple[str, str]], hits: dict, k: int,
                          skip: set[str] = frozenset()) -> Iterator[_Claim]:
    for claim_id, text in claims:
        if claim_id in skip:
            continue
        top = hits.get(claim_id, [])[:k]
        rows = get_passages(project, [h.passage_id for h in top])
        yield _Claim(claim_id, text, [EvidencePassage(h.passage_id, rows[h.passage_id].text, rows[h.passage_id].title)
                                      for h in top if h.passage_id in rows])


def sized_entry(project: Project, req: VerifyRequest, entry: registry.ModelEntry, opts: VerifyOptions,
                progress: ProgressCallback = no_progress, cancel: CancelToken | None = None) -> registry.ModelEntry:
    """A GGUF run's n_ctx sized to its longest prompt, rounded up (engine.models.context); pinned with
    the model. An explicit --n-ctx, an endpoint or a run with no claims keeps the entry as it is.
    Every claim's prompt is built once here before the run, so the pass reports progress and stops
    on cancel."""
    if req.n_ctx or entry.is_endpoint or not entry.path:
        return entry
    from factaudit.engine.models.context import PromptCounter, context_for

    counter = PromptCounter(entry, entry.n_ctx or registry.DEFAULT_N_CTX)
    prompt = opts.prompt()
    claims = claims_for_run(project, req.retrieval_run, req.limit, req.dataset)
    hits = run_store.get_hits(project, req.retrieval_run)
    longest = 0
    for i, c in enumerate(_claims_with_evidence(project, claims, hits, req.k)):
        if i % 100 == 0:
            if cancel is not None:
                cancel.check()
            progress(i, len(claims), "sizing the context to the longest prompt")
        longest = max(longest, counter.count_message_tokens(fit_messages(counter, prompt, c.text, c.passages, opts)[0]))
    if not longest:
        return entry
    # fit_messages keeps max_tokens free for the reply in either scoring, so the context must too
    return registry.with_n_ctx(entry, context_for(longest, req.max_tokens, entry.context_length))


def _run(project: Project, run_id: str, req: VerifyRequest, opts: VerifyOptions, llm: LLM,
         progress: ProgressCallback, cancel: CancelToken | None) -> VerifyResult:
    retries_before = getattr(llm, "retries", 0)
    claims: list[tuple[str, str]] = []
    done: set[str] = set()
    hits: dict = {}

    def todo() -> Iterator[_Claim]:
        # Read lazily, in this thread (it owns the project's connections), as workers free up.
        return _claims_with_evidence(project, claims, hits, req.k, skip=done)

    life = jobs.RunLifecycle(project, run_id, noun="claims", verb="verifying", progress=progress, cancel=cancel,
                             summary=lambda: _summary(project, run_id, len(claims)))
    with life:  # from here on, whatever stops the run ends it cancelled or failed, never left running
        claims = claims_for_run(project, req.retrieval_run, req.limit, req.dataset)
        done = run_store.verdict_claim_ids(project, run_id)
        hits = run_store.get_hits(project, req.retrieval_run)
        life.work(todo(), lambda c: verify_claim(llm, c.text, c.claim_id, c.passages, opts),
                  lambda c, rec: run_store.add_verdict(project, run_id, rec),
                  done_before=len(done), total=len(claims), workers=max(1, min(llm.max_concurrency, req.concurrency)))
        extra: dict[str, Any] = {"seconds_last_session": round(life.seconds, 3)}
        if getattr(llm, "structured", None) is not None:  # what the endpoint turned out to support
            extra["structured_output"] = llm.structured
        life.finish(**extra)
    summary, seconds = life.summary, life.seconds
    return VerifyResult(
        run_id=run_id, status="done", n_claims=len(claims), n_verdicts=summary["n_verdicts"],
        n_parse_failures=summary["n_parse_failures"], n_trimmed=summary["n_trimmed"], n_new=life.n_new,
        verdict_counts=summary["verdict_counts"], prompt_tokens=summary["prompt_tokens"],
        completion_tokens=summary["completion_tokens"], seconds=round(seconds, 3),
        claims_per_s=round(life.n_new / seconds, 4) if seconds > 0 else 0.0,
        retries=getattr(llm, "retries", 0) - retries_before, model=llm.entry.name, mode=req.mode,
        retrieval_run=req.retrieval_run,
    )
