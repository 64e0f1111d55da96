"""Verify runs made by a classifier verifier (NLI or MiniCheck-style, on onnxruntime): the default
verifier. The run is a `verify` run like the LLM's (same verdict rows, metrics, triage, report), made
through the one run lifecycle (jobs.start_or_resume + RunLifecycle), plus an attribution row per claim
(the driving passage sentence and its probability, every pair's probabilities).

Its config pins the classifier (every file's sha256, labels map, thresholds, window, stride, maximum
length, pair order, onnxruntime and tokenizers versions: engine.models.classifier.ClassifierModel.pin),
the retrieval run, k, limit, dataset and the corpus hash. Each claim commits on its own, so a killed run
resumes where it stopped, with the pinned files (a changed model file refuses the resume).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterator

from factaudit.engine import jobs
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.jobs import CancelToken, ProgressCallback, no_progress
from factaudit.engine.models import classifier_registry, registry
from factaudit.engine.models.classifier import BACKEND, ClassifierModel, open_classifier, open_from_pin
from factaudit.engine.models.classifier_folder import read_thresholds_file
from factaudit.engine.pipeline.classify import ClaimInput, classify_claim
from factaudit.engine.project import classifier_store
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project
from factaudit.engine.project.queries import corpus_hash, get_passages
from factaudit.engine.services.verify_inputs import (
    DEFAULT_K, VerifyKindBase, VerifyResult, check_source, run_summary, source_config, strategy_of,
)

MODE = "classifier"     # the run's `mode`, beside the LLM's joint and per-passage


def is_classifier_run(config: dict[str, Any]) -> bool:
    return strategy_of(config) == "classifier"


def uses_classifier(project: Project, req: Any, llm: Any = None) -> bool:
    """Whether this verify request is a classifier run: a resumed classifier run, or a new run with no
    endpoint, no given LLM and a model that names a classifier (none named: the embedded default)."""
    if req.resume:
        return is_classifier_run(run_store.get_run(project, req.resume).config)
    strategy = getattr(req, "strategy", None)
    if strategy:
        return strategy == "classifier"
    if llm is not None or req.endpoint:
        return False
    if req.model is None or req.model in classifier_registry.EMBEDDED_CLASSIFIERS:
        return True
    try:
        classifier_registry.resolve_classifier(req.model)
    except registry.ModelNotFound:
        return False
    return True


# Settings only an LLM reads, with their defaults: a classifier run refuses them rather than ignore them.
_LLM_ONLY = {"mode": "joint", "scoring": "generate", "calibration": "none", "passage_words": None,
             "prompt_cache": False, "n_ctx": None, "temperature": 0.0, "prompt": None}


def _refuse_llm_settings(req: Any) -> None:
    given = [name for name, default in _LLM_ONLY.items()
             if getattr(req, name, default) is not None and getattr(req, name, default) != default]
    if given:
        raise InvalidArgument(f"{', '.join(given)} apply to LLM verifiers, not to the classifier verifier; "
                              f"name an LLM (e.g. {registry.EMBEDDED_LLM}) for verdicts with reasoning",
                              setting=(*given, "model"))


@dataclass
class ClassifierVerifyConfig:
    """What a classifier verify run pins (runs.config)."""

    retrieval_run: str | None
    k: int = DEFAULT_K
    limit: int | None = None
    dataset: str | None = None
    corpus_hash: str | None = None
    model: dict[str, Any] | None = None
    claim_ids: list[str] | None = None          # only these claims (pinned only when given)
    evidence_source: str = "retrieval"          # or "gold" (verify_inputs)
    control: str | None = None                  # "no-evidence": the grounding control

    @classmethod
    def from_request(cls, req: Any) -> ClassifierVerifyConfig:
        source, control = getattr(req, "evidence_source", "retrieval") or "retrieval", getattr(req, "control", None)
        check_source(req.retrieval_run, source, control)
        _refuse_llm_settings(req)
        return cls(retrieval_run=req.retrieval_run, k=req.k, limit=req.limit, dataset=req.dataset,
                   claim_ids=getattr(req, "claim_ids", None), evidence_source=source, control=control)

    @classmethod
    def from_config(cls, c: dict[str, Any]) -> ClassifierVerifyConfig:
        return cls(retrieval_run=c.get("retrieval_run"), k=c.get("k", DEFAULT_K), limit=c.get("limit"),
                   dataset=c.get("dataset"), corpus_hash=c.get("corpus_hash"), model=c.get("model"),
                   claim_ids=c.get("claim_ids"), evidence_source=c.get("evidence_source", "retrieval"),
                   control=c.get("control"))

    def to_config(self) -> dict[str, Any]:
        return {"mode": MODE, "strategy": "classifier", "retrieval_run": self.retrieval_run, "k": self.k,
                "limit": self.limit, "dataset": self.dataset, "corpus_hash": self.corpus_hash, "model": self.model,
                **({"claim_ids": self.claim_ids} if self.claim_ids is not None else {}),
                **source_config(self.evidence_source, self.control)}

    def validate(self) -> None:
        if self.k < 1:
            raise InvalidArgument("k must be at least 1")

    def changed_prompts(self) -> list[str]:
        return []       # a classifier reads no prompt template; its files are checked by open_from_pin


@dataclass
class ClassifierOpener:
    """Opens the classifier an entry (new run) or a pin (resume) names. Threads and batch size are
    transport settings: they do not change the probabilities beyond float rounding, so they are not
    pinned. A thresholds file given for a new run overrides the model's; the pin keeps the values."""

    threads: int | None = None
    thresholds_file: str | None = None

    def from_pin(self, pin: dict[str, Any]) -> dict[str, Any]:
        return pin

    def check(self, config: Any) -> None:
        return None

    def open(self, entry: registry.ModelEntry | dict[str, Any], config: Any) -> ClassifierModel:
        if isinstance(entry, dict):
            return open_from_pin(entry, threads=self.threads)
        thresholds = source = None
        if self.thresholds_file:
            thresholds = read_thresholds_file(self.thresholds_file)
            digest = hashlib.sha256(Path(self.thresholds_file).read_bytes()).hexdigest()[:16]
            source = f"file {Path(self.thresholds_file).name} (sha256 {digest}…)"   # never the folder
        return open_classifier(entry.path, name=entry.name, origin=entry.source, threads=self.threads,
                               thresholds=thresholds, thresholds_source=source)

    def close(self, model: ClassifierModel) -> None:
        return None

    def provenance(self, model: ClassifierModel) -> dict[str, Any]:
        return {"backend": BACKEND, "model": model.name, "runtime": model.pin()["runtime"]}


class _ClassifierKind(VerifyKindBase):
    config_type = ClassifierVerifyConfig

    def __init__(self, req: Any) -> None:
        self.opener = ClassifierOpener(threads=req.n_threads, thresholds_file=getattr(req, "thresholds", None))

    def new_config(self, project: Project, req: Any) -> ClassifierVerifyConfig:
        return ClassifierVerifyConfig.from_request(req)

    def entry(self, project: Project, req: Any, cfg: ClassifierVerifyConfig, inputs: Any, given: Any,
              progress: ProgressCallback, cancel: CancelToken | None) -> registry.ModelEntry:
        return classifier_registry.resolve_classifier(req.model)

    def complete(self, project: Project, cfg: ClassifierVerifyConfig, model: ClassifierModel,
                 entry: registry.ModelEntry, inputs: Any) -> ClassifierVerifyConfig:
        return replace(cfg, corpus_hash=corpus_hash(project), model=model.pin())


def _claims(project: Project, claims: list[tuple[str, str]], hits: dict, k: int,
            skip: set[str], control: str | None = None) -> Iterator[ClaimInput]:
    for claim_id, text in claims:
        if claim_id in skip:
            continue
        # the grounding control: the same claims with their passages removed
        top = [] if control else hits.get(claim_id, [])[:k]
        rows = get_passages(project, [h.passage_id for h in top])
        yield ClaimInput(claim_id, text, [rows[h.passage_id] for h in top if h.passage_id in rows])


def verify_with_classifier(project: Project, req: Any, progress: ProgressCallback = no_progress,
                           cancel: CancelToken | None = None) -> VerifyResult:
    """Run (or with req.resume, continue) a classifier verify run; see the module docstring."""
    with jobs.start_or_resume(project, _ClassifierKind(req), req, progress=progress, cancel=cancel) as run:
        run_id, cfg, model = run.run_id, run.config, run.model
        claims, hits = run.inputs.claims, run.inputs.hits
        life = jobs.RunLifecycle(project, run_id, noun="claims", verb="verifying", progress=progress,
                                 cancel=cancel, summary=lambda: run_summary(project, run_id, len(claims)))
        with life:
            done = run_store.verdict_claim_ids(project, run_id)
            life.work(_claims(project, claims, hits, cfg.k, done, cfg.control), lambda c: classify_claim(model, c),
                      lambda c, res: classifier_store.add_classifier_verdict(project, run_id, *res[0].records(res[1])),
                      done_before=len(done), total=len(claims))
            life.finish(seconds_last_session=round(life.seconds, 3))
    summary, seconds = life.summary, life.seconds
    return VerifyResult(
        run_id=run_id, status="done", n_claims=len(claims), n_verdicts=summary["n_verdicts"],
        n_parse_failures=summary["n_parse_failures"], n_new=life.n_new, verdict_counts=summary["verdict_counts"],
        seconds=round(seconds, 3), claims_per_s=round(life.n_new / seconds, 4) if seconds > 0 else 0.0,
        model=model.name, mode=MODE, retrieval_run=cfg.retrieval_run, strategy="classifier",
        evidence_source=cfg.evidence_source, control=cfg.control,
        no_verdict_reasons=summary["no_verdict_reasons"], n_long_claims=summary["n_long_claims"])
