"""Verify runs made by the stance cascade (engine.pipeline.cascade): the `cascade` strategy of the one
verify run kind. Its config pins the model pair as one `model` value ({"pair": "cascade", "classifier":
the classifier's pin, "llm": the LLM's pin}), τ and where it came from, the prompts' sha256, the
evidence source, the control flag, k, limit, dataset and the corpus hash. Each claim commits on its own
(verdict row + attribution row), so a killed run resumes where it stopped with the pinned models.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, Iterator

from factaudit.engine import jobs
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.jobs import CancelToken, ProgressCallback, no_progress
from factaudit.engine.models import classifier_registry, registry
from factaudit.engine.pipeline import cascade
from factaudit.engine.pipeline.classify import ClaimInput
from factaudit.engine.project import classifier_store
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project
from factaudit.engine.project.queries import corpus_hash, get_passages
from factaudit.engine.services.classify_verify import ClassifierOpener
from factaudit.engine.services.llm_opener import LLMOpener
from factaudit.engine.services.models import model_pin
from factaudit.engine.services.verify_inputs import (
    DEFAULT_K, VerifyKindBase, VerifyResult, check_source, run_summary, source_config,
)

# The LLM reads one window (at most the classifier's pair length) beside short instructions.
N_CTX = 2048


def pair_name(classifier: str, llm: str) -> str:
    return f"{classifier}+{llm}"


def shipped_tau(classifier: str, llm: str) -> tuple[float, str]:
    """τ fitted for this model pair by packaging/fit_cascade.py (resources/models/cascade.json), else 0:
    the log-odds' own zero (SUPPORTED more likely than REFUTED), said as such in the run's config."""
    from factaudit.engine.resource_files import resource_path

    path = resource_path("models", "cascade.json")
    if path.is_file():
        fits = json.loads(path.read_text(encoding="utf-8"))
        fit = fits.get(pair_name(classifier, llm))
        if fit is not None:
            return float(fit["tau"]), f"resources/models/cascade.json ({fit.get('fitted_on', 'fit')})"
    return 0.0, "default 0 (no fitted τ shipped for this model pair)"


@dataclass
class CascadeConfig:
    retrieval_run: str | None
    k: int = DEFAULT_K
    limit: int | None = None
    dataset: str | None = None
    tau: float | None = None
    tau_source: str | None = None
    reasoning: bool = False
    prompt_sha256: str | None = None
    corpus_hash: str | None = None
    model: dict[str, Any] | None = None          # the pair: {"pair", "classifier", "llm"}
    claim_ids: list[str] | None = None
    evidence_source: str = "retrieval"
    control: str | None = None
    seed: int = 0                                # read by the LLM opener (scoring is deterministic)
    temperature: float = 0.0

    @classmethod
    def from_request(cls, req: Any) -> CascadeConfig:
        source = req.evidence_source or "retrieval"
        check_source(req.retrieval_run, source, req.control)
        if req.endpoint:
            raise InvalidArgument("the cascade scores log-probabilities with an in-process GGUF model, not an endpoint")
        return cls(retrieval_run=req.retrieval_run, k=req.k, limit=req.limit, dataset=req.dataset, tau=req.tau,
                   reasoning=bool(req.reasoning), prompt_sha256=cascade.prompt_sha256(), claim_ids=req.claim_ids,
                   evidence_source=source, control=req.control)

    @classmethod
    def from_config(cls, c: dict[str, Any]) -> CascadeConfig:
        return cls(retrieval_run=c.get("retrieval_run"), k=c.get("k", DEFAULT_K), limit=c.get("limit"),
                   dataset=c.get("dataset"), tau=c.get("tau"), tau_source=c.get("tau_source"),
                   reasoning=c.get("reasoning", False), prompt_sha256=c.get("prompt_sha256"),
                   corpus_hash=c.get("corpus_hash"), model=c.get("model"), claim_ids=c.get("claim_ids"),
                   evidence_source=c.get("evidence_source", "retrieval"), control=c.get("control"))

    def to_config(self) -> dict[str, Any]:
        return {"strategy": "cascade", "retrieval_run": self.retrieval_run, "k": self.k, "limit": self.limit,
                "dataset": self.dataset, "tau": self.tau, "tau_source": self.tau_source, "margin": cascade.MARGIN,
                "max_passages": cascade.MAX_PASSAGES, "reasoning": self.reasoning,
                "prompt_sha256": self.prompt_sha256, "corpus_hash": self.corpus_hash, "model": self.model,
                **({"claim_ids": self.claim_ids} if self.claim_ids is not None else {}),
                **source_config(self.evidence_source, self.control)}

    def validate(self) -> None:
        if self.k < 1:
            raise InvalidArgument("k must be at least 1")

    def changed_prompts(self) -> list[str]:
        return ["cascade prompt"] if self.prompt_sha256 != cascade.prompt_sha256() else []


@dataclass
class ModelPair:
    classifier: Any
    llm: Any
    name: str


class PairOpener:
    """Opens both models of the pair: from registry entries (a new run) or from the pinned pair."""

    def __init__(self, req: Any) -> None:
        self.classifiers = ClassifierOpener(threads=req.n_threads)
        self.llms = LLMOpener.for_request(req)

    def from_pin(self, pin: dict[str, Any]) -> tuple[Any, Any]:
        return pin["classifier"], self.llms.from_pin(pin["llm"])

    def check(self, config: Any) -> None:
        return None

    def open(self, entry: tuple[Any, Any], config: Any) -> ModelPair:
        classifier = self.classifiers.open(entry[0], config)
        llm = self.llms.open(entry[1], config)
        return ModelPair(classifier, llm, pair_name(classifier.name, llm.entry.name))

    def close(self, model: ModelPair) -> None:
        self.llms.close(model.llm)

    def provenance(self, model: ModelPair) -> dict[str, Any]:
        return {"classifier": self.classifiers.provenance(model.classifier), "llm": model.llm.provenance()}


class _CascadeKind(VerifyKindBase):
    config_type = CascadeConfig

    def __init__(self, req: Any, llm: Any = None) -> None:
        self.opener = PairOpener(req)

    def new_config(self, project: Project, req: Any) -> CascadeConfig:
        return CascadeConfig.from_request(req)

    def entry(self, project: Project, req: Any, cfg: CascadeConfig, inputs: Any, given: Any,
              progress: ProgressCallback, cancel: CancelToken | None) -> tuple[Any, Any]:
        classifier = classifier_registry.resolve_classifier(req.model)
        llm = registry.resolve_llm(req.llm_model, None, n_ctx=req.n_ctx or N_CTX)
        if llm.is_endpoint:
            raise InvalidArgument("the cascade scores log-probabilities with an in-process GGUF model, not an endpoint")
        return classifier, llm

    def complete(self, project: Project, cfg: CascadeConfig, model: ModelPair, entry: tuple[Any, Any],
                 inputs: Any) -> CascadeConfig:
        tau, source = (cfg.tau, "given") if cfg.tau is not None else shipped_tau(model.classifier.name,
                                                                                   model.llm.entry.name)
        pin = {"pair": "cascade", "classifier": model.classifier.pin(), "llm": model_pin(model.llm.entry)}
        return replace(cfg, tau=tau, tau_source=source, corpus_hash=corpus_hash(project), model=pin)


def _claims(project: Project, claims: list[tuple[str, str]], hits: dict, k: int, skip: set[str],
            control: str | None) -> Iterator[tuple[ClaimInput, dict[str, str]]]:
    for claim_id, text in claims:
        if claim_id in skip:
            continue
        top = [] if control else hits.get(claim_id, [])[:k]
        rows = get_passages(project, [h.passage_id for h in top])
        passages = [rows[h.passage_id] for h in top if h.passage_id in rows]
        yield ClaimInput(claim_id, text, passages), {p.id: p.text or "" for p in passages}


def verify_with_cascade(project: Project, req: Any, progress: ProgressCallback = no_progress,
                        cancel: CancelToken | None = None, llm: Any = None) -> VerifyResult:
    """Run (or with req.resume, continue) a cascade verify run; see the module docstring. A given
    `llm` is not used: the pair is opened here (the classifier comes with it)."""
    with jobs.start_or_resume(project, _CascadeKind(req), req, progress=progress, cancel=cancel) as run:
        run_id, cfg, pair = run.run_id, run.config, run.model
        claims, hits = run.inputs.claims, run.inputs.hits
        life = jobs.RunLifecycle(project, run_id, noun="claims", verb="verifying", progress=progress,
                                 cancel=cancel, summary=lambda: run_summary(project, run_id, len(claims)))
        with life:
            done = run_store.verdict_claim_ids(project, run_id)
            life.work(_claims(project, claims, hits, cfg.k, done, cfg.control),
                      lambda c: cascade.cascade_claim(pair.classifier, pair.llm, c[0], c[1], tau=cfg.tau,
                                                      control=bool(cfg.control), reasoning=cfg.reasoning),
                      lambda c, out: classifier_store.add_classifier_verdict(project, run_id, out.verdict,
                                                                             out.evidence),
                      done_before=len(done), total=len(claims))
            life.finish(seconds_last_session=round(life.seconds, 3))
    summary, seconds = life.summary, life.seconds
    return VerifyResult(
        run_id=run_id, status="done", n_claims=len(claims), n_verdicts=summary["n_verdicts"],
        n_parse_failures=summary["n_parse_failures"], n_new=life.n_new, verdict_counts=summary["verdict_counts"],
        prompt_tokens=summary["prompt_tokens"], seconds=round(seconds, 3),
        claims_per_s=round(life.n_new / seconds, 4) if seconds > 0 else 0.0, model=pair.name, mode="cascade",
        retrieval_run=cfg.retrieval_run, strategy="cascade", evidence_source=cfg.evidence_source,
        control=cfg.control, no_verdict_reasons=summary["no_verdict_reasons"], n_long_claims=summary["n_long_claims"])
