"""Verification as pinned, resumable runs (the façade for the CLI and the GUI).

A verify run's config pins everything that decides its output: the model (file sha256, or endpoint
and model name), quantization, seed, temperature, the prompt's sha256, the corpus hash, the
retrieval run, k, mode, limit and the prompt-cache flag. Each claim's verdict commits on its own,
so a killed run loses at most the claims in flight and `resume` finishes it. The run's lifecycle
(status, cancel, progress, failure text) is engine.jobs; this module supplies one claim's work.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterator

from factaudit.engine import jobs
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.jobs import CancelToken, ProgressCallback, no_progress
from factaudit.engine.models import registry
from factaudit.engine.models.llm import LLM
from factaudit.engine.pipeline.evidence import DEFAULT_EVIDENCE, parse_evidence
from factaudit.engine.pipeline.prompts import pinned_prompt
from factaudit.engine.pipeline.verify import MODES, SCORING, EvidencePassage, VerifyOptions, fit_messages, verify_claim
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project
from factaudit.engine.project.queries import corpus_hash, get_passages
from factaudit.engine.services.llm_opener import LLMOpener
from factaudit.engine.services.models import LLMRunSettings, model_pin
from factaudit.engine.services.verify_inputs import (  # noqa: F401 - claims_for_run: part of this module's API
    DEFAULT_K, STRATEGIES, VerifyInputs, VerifyKindBase, VerifyResult, check_source, claims_for_run, run_summary,
    source_config, strategy_of,
)
from factaudit.engine.text.injection import DETECTOR

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
    thresholds: str | None = None        # classifier only: a JSON thresholds file (classifier_folder.parse_thresholds)
    claim_ids: list[str] | None = None   # LLM only: just these claims (reasoning for the units to be labelled)
    # One verify run kind (verify_inputs): None picks by the model named (a classifier, else an LLM)
    strategy: str | None = None          # classifier | llm | cascade
    evidence_source: str = "retrieval"   # or "gold": each claim's gold passages, no retrieval run
    control: str | None = None           # "no-evidence": the grounding control (passages removed)
    llm_model: str | None = None         # cascade only: the LLM of the model pair (default the embedded LLM)
    tau: float | None = None             # cascade only: log-odds threshold (default: the shipped fit)
    reasoning: bool = False              # cascade only: also write a short constrained reasoning
    prompt: str | None = None            # LLM only: a project prompt template by name (services.prompts)
    reasoning_effort: str | None = None  # endpoint LLMs only: the API's reasoning_effort (pinned)


@dataclass
class _Claim:
    claim_id: str
    text: str
    passages: list[EvidencePassage]


@dataclass
class VerifyConfig:
    """What a verify run pins (runs.config; the keys are the ones earlier versions wrote)."""

    retrieval_run: str | None
    mode: str = "joint"
    k: int = DEFAULT_K
    limit: int | None = None
    dataset: str | None = None
    seed: int = 0
    temperature: float = 0.0
    max_tokens: int = 200
    passage_words: int | None = None
    prompt_cache: bool = False
    evidence: str | None = DEFAULT_EVIDENCE     # None in runs written before evidence was pinned: whole
    prompt: dict[str, str] = field(default_factory=dict)
    corpus_hash: str | None = None
    model: dict[str, Any] | None = None
    withheld_instructions: str | None = None
    scoring: str = "generate"
    calibration: str | None = "none"
    bias: dict[str, float] | None = None
    claim_ids: list[str] | None = None          # pinned only when given (configs keep their earlier keys)
    evidence_source: str = "retrieval"          # verify_inputs.source_config: written only when not default
    control: str | None = None
    reasoning_effort: str | None = None         # written only when set (earlier configs keep their hash)

    @classmethod
    def from_request(cls, req: VerifyRequest) -> VerifyConfig:
        check_source(req.retrieval_run, req.evidence_source or "retrieval", req.control)
        cfg = cls(retrieval_run=req.retrieval_run, mode=req.mode, k=req.k, limit=req.limit, dataset=req.dataset,
                  seed=req.seed, temperature=req.temperature, max_tokens=req.max_tokens,
                  passage_words=req.passage_words, prompt_cache=req.prompt_cache, evidence=req.evidence or "whole",
                  scoring=req.scoring, calibration=req.calibration, claim_ids=req.claim_ids,
                  evidence_source=req.evidence_source or "retrieval", control=req.control,
                  reasoning_effort=req.reasoning_effort)
        opts = cfg.options()
        cfg.prompt = opts.prompt().ref()
        cfg.withheld_instructions = DETECTOR if opts.withhold_instructions else None
        return cfg

    @classmethod
    def from_config(cls, c: dict[str, Any]) -> VerifyConfig:
        scoring = c.get("scoring") or {}
        return cls(retrieval_run=c.get("retrieval_run"), mode=c.get("mode", "joint"), k=c.get("k", DEFAULT_K),
                   limit=c.get("limit"), dataset=c.get("dataset"), seed=c.get("seed", 0),
                   temperature=c.get("temperature", 0.0), max_tokens=c.get("max_tokens", 200),
                   passage_words=c.get("passage_words"), prompt_cache=c.get("prompt_cache", False),
                   evidence=c.get("evidence"), prompt=c.get("prompt") or {}, corpus_hash=c.get("corpus_hash"),
                   model=c.get("model"), withheld_instructions=c.get("withheld_instructions"),
                   scoring=scoring.get("method", "generate"), calibration=scoring.get("calibration", "none"),
                   bias=scoring.get("bias"), claim_ids=c.get("claim_ids"),
                   evidence_source=c.get("evidence_source", "retrieval"), control=c.get("control"),
                   reasoning_effort=c.get("reasoning_effort"))

    def to_config(self) -> dict[str, Any]:
        scoring: dict[str, Any] = {"method": "generate"}
        if self.scoring == "logprob":
            scoring = {"method": "logprob", "calibration": self.calibration or "none", "bias": self.bias}
        return {
            "strategy": "llm", "retrieval_run": self.retrieval_run, "mode": self.mode, "k": self.k, "limit": self.limit,
            "dataset": self.dataset, "seed": self.seed, "temperature": self.temperature,
            "max_tokens": self.max_tokens, "passage_words": self.passage_words, "prompt_cache": self.prompt_cache,
            "evidence": self.evidence, "prompt": self.prompt, "corpus_hash": self.corpus_hash, "model": self.model,
            "withheld_instructions": self.withheld_instructions, "scoring": scoring,
            **({"claim_ids": self.claim_ids} if self.claim_ids is not None else {}),
            **source_config(self.evidence_source, self.control),
            **({"reasoning_effort": self.reasoning_effort} if self.reasoning_effort else {}),
        }

    def validate(self) -> None:
        if self.mode not in MODES:
            raise InvalidArgument(f"unknown mode {self.mode!r}; expected one of {', '.join(MODES)}")
        if self.k < 1:
            raise InvalidArgument("k must be at least 1")
        if self.scoring not in SCORING:
            raise InvalidArgument(f"unknown scoring {self.scoring!r}; expected one of {', '.join(SCORING)}")
        if self.scoring == "logprob" and self.mode != "joint":
            raise InvalidArgument("log-probability scoring is for joint mode only")
        if self.scoring != "logprob" and self.calibration not in (None, "none"):
            raise InvalidArgument("calibration applies to logprob scoring only", setting=("calibration", "scoring"))
        parse_evidence(self.evidence)

    def options(self) -> VerifyOptions:
        return replace(options_for(self, self.bias), template=pinned_prompt(self.prompt))

    def changed_prompts(self) -> list[str]:
        return ["prompt template"] if self.prompt.get("sha256") != self.options().prompt().sha256 else []


class _VerifyKind(VerifyKindBase):
    config_type = VerifyConfig

    def __init__(self, req: VerifyRequest, on_retry: Callable[[int, float, str], None] | None) -> None:
        self.opener = LLMOpener.for_request(req, on_retry)

    def new_config(self, project: Project, req: VerifyRequest) -> VerifyConfig:
        cfg = VerifyConfig.from_request(req)
        if req.prompt:
            from factaudit.engine.services.prompts import run_prompt

            cfg.prompt = run_prompt(project, req.prompt, cfg.options().base_prompt())
        return cfg

    def entry(self, project: Project, req: VerifyRequest, cfg: VerifyConfig, inputs: VerifyInputs, given: LLM | None,
              progress: ProgressCallback, cancel: CancelToken | None) -> registry.ModelEntry:
        entry = registry.resolve_llm(req.model, req.endpoint, n_ctx=req.n_ctx)
        if given is None and not req.n_ctx:
            entry = sized_entry(project, cfg, entry, inputs, progress, cancel)
        if cfg.scoring == "logprob" and entry.is_endpoint:
            raise InvalidArgument("log-probability scoring needs a GGUF model run in-process, not an endpoint")
        return entry

    def complete(self, project: Project, cfg: VerifyConfig, llm: LLM, entry: registry.ModelEntry,
                 inputs: VerifyInputs) -> VerifyConfig:
        bias = calibrated(cfg, cfg.options(), llm).calibration_bias
        return replace(cfg, corpus_hash=corpus_hash(project), model=model_pin(entry),
                       bias=dict(bias) if bias else None)


def verify(project: Project, req: VerifyRequest, progress: ProgressCallback = no_progress,
           cancel: CancelToken | None = None, on_retry: Callable[[int, float, str], None] | None = None,
           llm: LLM | None = None) -> VerifyResult:
    """Run (or with req.resume, continue) a verify run. `llm` lets a caller reuse a loaded model;
    it must be the model the run pins. A run that stops early raises RunCancelled or RunFailed
    (engine.errors), naming the run. Without a model, endpoint or `llm` the run is made by the
    embedded classifier verifier (engine.services.classify_verify); an LLM gives verdicts with reasoning."""
    from factaudit.engine.services import classify_verify

    strategy = (strategy_of(run_store.get_run(project, req.resume).config or {}) if req.resume
                else req.strategy)
    if strategy is not None and strategy not in STRATEGIES:
        raise InvalidArgument(f"unknown strategy {strategy!r}; expected one of {', '.join(STRATEGIES)}")
    if strategy == "cascade" and req.prompt:
        raise InvalidArgument("the cascade reads its own prompt; a project prompt applies to LLM verifiers",
                              setting="prompt")
    if req.reasoning_effort and strategy == "cascade":
        raise InvalidArgument("a reasoning effort applies to LLM verifiers on an endpoint, not to the cascade")
    if strategy == "cascade":
        from factaudit.engine.services import cascade_verify

        return cascade_verify.verify_with_cascade(project, req, progress, cancel, llm=llm)
    if strategy == "classifier" or (strategy is None and classify_verify.uses_classifier(project, req, llm)):
        if req.reasoning_effort:
            raise InvalidArgument("a reasoning effort applies to LLM verifiers on an endpoint, not to the classifier "
                                  "verifier")
        return classify_verify.verify_with_classifier(project, req, progress, cancel)
    with jobs.start_or_resume(project, _VerifyKind(req, on_retry), req, model=llm, progress=progress,
                              cancel=cancel) as run:
        return _run(project, run, req.concurrency, progress, cancel)


def evidence_options(spec: str | None) -> dict[str, int | None]:
    kind, n = parse_evidence(spec)
    return {"evidence_sentences": n if kind == "sentences" else None,
            "evidence_tokens": n if kind == "tokens" else None}


def options_for(req: VerifyRequest | VerifyConfig, bias: dict[str, float] | None = None) -> VerifyOptions:
    return VerifyOptions(mode=req.mode, max_tokens=req.max_tokens, passage_words=req.passage_words, seed=req.seed,
                         temperature=req.temperature, **evidence_options(req.evidence),
                         scoring=req.scoring, calibration_bias=tuple(bias.items()) if bias else None)


def calibrated(req: VerifyRequest | VerifyConfig, opts: VerifyOptions, llm: LLM) -> VerifyOptions:
    """The per-verdict bias a new logprob run pins: from content-free inputs (contextual, computed
    with this model and prompt) or from a file; none for generation."""
    if req.scoring != "logprob" or req.calibration in (None, "none"):
        return opts
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


def _claims_with_evidence(project: Project, claims: list[tuple[str, str]], hits: dict, k: int,
                          skip: set[str] = frozenset(), control: str | None = None) -> Iterator[_Claim]:
    for claim_id, text in claims:
        if claim_id in skip:
            continue
        # the grounding control: the same claims with their passages removed
        top = [] if control else hits.get(claim_id, [])[:k]
        rows = get_passages(project, [h.passage_id for h in top])
        yield _Claim(claim_id, text, [EvidencePassage(h.passage_id, rows[h.passage_id].text, rows[h.passage_id].title)
                                      for h in top if h.passage_id in rows])


def sized_entry(project: Project, cfg: VerifyConfig, entry: registry.ModelEntry, inputs: VerifyInputs,
                progress: ProgressCallback = no_progress, cancel: CancelToken | None = None) -> registry.ModelEntry:
    """A GGUF run's n_ctx sized to its longest prompt, rounded up (engine.models.context); pinned with
    the model. An endpoint or a run with no claims keeps the entry as it is (so does an explicit
    --n-ctx: the caller does not ask). Every claim's prompt is built once here before the run, so the
    pass reports progress and stops on cancel."""
    if entry.is_endpoint or not entry.path:
        return entry
    from factaudit.engine.models.context import PromptCounter, context_for

    counter = PromptCounter(entry, entry.n_ctx or registry.DEFAULT_N_CTX)
    opts = cfg.options()
    prompt = opts.prompt()
    longest = 0
    for i, c in enumerate(_claims_with_evidence(project, inputs.claims, inputs.hits, cfg.k, control=cfg.control)):
        if i % 100 == 0:
            if cancel is not None:
                cancel.check()
            progress(i, len(inputs.claims), "sizing the context to the longest prompt")
        longest = max(longest, counter.count_message_tokens(fit_messages(counter, prompt, c.text, c.passages, opts)[0]))
    if not longest:
        return entry
    # fit_messages keeps max_tokens free for the reply in either scoring, so the context must too
    return registry.with_n_ctx(entry, context_for(longest, cfg.max_tokens, entry.context_length))


def _run(project: Project, run: jobs.StartedRun, concurrency: int, progress: ProgressCallback,
         cancel: CancelToken | None) -> VerifyResult:
    run_id, cfg, llm = run.run_id, run.config, run.model
    claims, hits = run.inputs.claims, run.inputs.hits
    opts = cfg.options()
    retries_before = getattr(llm, "retries", 0)
    life = jobs.RunLifecycle(project, run_id, noun="claims", verb="verifying", progress=progress, cancel=cancel,
                             summary=lambda: run_summary(project, run_id, len(claims)))
    with life:  # from here on, whatever stops the run ends it cancelled or failed, never left running
        done = run_store.verdict_claim_ids(project, run_id)
        # Read lazily, in this thread (it owns the project's connections), as workers free up.
        todo = _claims_with_evidence(project, claims, hits, cfg.k, skip=done, control=cfg.control)
        life.work(todo, lambda c: verify_claim(llm, c.text, c.claim_id, c.passages, opts),
                  lambda c, rec: run_store.add_verdict(project, run_id, rec),
                  done_before=len(done), total=len(claims), workers=max(1, min(llm.max_concurrency, concurrency)))
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
        retries=getattr(llm, "retries", 0) - retries_before, model=llm.entry.name, mode=cfg.mode,
        retrieval_run=cfg.retrieval_run, strategy="llm", evidence_source=cfg.evidence_source, control=cfg.control,
        no_verdict_reasons=summary["no_verdict_reasons"], n_long_claims=summary["n_long_claims"],
    )
