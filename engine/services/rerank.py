"""A rerank stage (issue #34 item 3): a retrieval run's top-N passages per claim, reordered by a
cross-encoder, as a new immutable retrieve run (`factaudit rerank`).

The cross-encoder is a classifier verifier (the embedded minilm-verifier, or a classification folder in
local_models/ or on disk): a passage's score is its evidence for the claim, the highest 1 - P(No Evidence)
over its windows (the quantity the classifier's own verdict rule ranks windows by). Ties keep the first
stage's order. A claim too long for the model keeps its first-stage order, and the run counts it. The
new run pins the first-stage run (its id and config hash), N, k, the model (its files' hashes) and the
corpus hash; eval-retrieval, compare and verify read it like any retrieve run.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from factaudit.engine import jobs
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.jobs import CancelToken, ProgressCallback, no_progress
from factaudit.engine.project import queries, runs as run_store
from factaudit.engine.project.db import Project
from factaudit.engine.project.records import HitRecord

SCORE = "evidence: max over windows of 1 - P(No Evidence)"
BATCH = 16          # claims per scoring batch and per hits transaction


@dataclass
class RerankRequest:
    retrieval_run: str
    top_n: int = 20                 # first-stage passages per claim that are rescored
    k: int | None = None            # passages kept per claim (None: top_n)
    model: str | None = None        # a classifier (registry name or folder); None: the embedded verifier
    n_threads: int | None = None


@dataclass
class RerankResult:
    run_id: str
    source_run: str
    n_queries: int
    top_n: int
    k: int
    model: str
    n_long_claims: int
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def passage_scores(model, claim_text: str, passages: list) -> dict[str, float]:
    """Each passage's evidence score for the claim (ClaimTooLong when the claim does not fit)."""
    from factaudit.engine.pipeline.classify import NO_EVIDENCE, ClaimInput, claim_windows

    windows = claim_windows(model, ClaimInput("rerank", claim_text, passages))
    if not windows:
        return {}
    cols = model.verdict_columns(model.score([(w.text, claim_text) for w in windows]))
    evidence = 1.0 - np.asarray(cols[NO_EVIDENCE], dtype=float)
    best: dict[str, float] = {}
    for w, e in zip(windows, evidence):
        best[w.passage_id] = max(best.get(w.passage_id, -1.0), float(e))
    return best


def reorder(hits: list[HitRecord], scores: dict[str, float], k: int) -> list[HitRecord]:
    """The hits by score, highest first (ties and unscored passages keep their first-stage order)."""
    order = sorted(range(len(hits)), key=lambda i: (-scores.get(hits[i].passage_id, -1.0), i))
    return [HitRecord(hits[i].claim_id, rank, hits[i].passage_id, scores.get(hits[i].passage_id, -1.0))
            for rank, i in enumerate(order[:k], start=1)]


def rerank(project: Project, req: RerankRequest, progress: ProgressCallback = no_progress,
           cancel: CancelToken | None = None) -> RerankResult:
    from factaudit.engine.models import classifier_registry
    from factaudit.engine.models.classifier import open_classifier
    from factaudit.engine.pipeline.classify_windows import ClaimTooLong

    source = run_store.get_run(project, req.retrieval_run)
    if source.kind not in run_store.RETRIEVAL_KINDS or source.status != "done":
        raise InvalidArgument(f"{req.retrieval_run} is not a finished retrieval run", setting="retrieval_run")
    k = req.k or req.top_n
    if req.top_n < 1 or k < 1 or k > req.top_n:
        raise InvalidArgument(f"rerank keeps k ≤ N passages of the top N (N={req.top_n}, k={k})", setting="k")
    hits = run_store.get_hits(project, req.retrieval_run)
    entry = classifier_registry.resolve_classifier(req.model)
    model = open_classifier(entry.path, name=entry.name, origin=entry.source, threads=req.n_threads)
    texts = {c.id: c.text for c in queries.list_claims(project, ids=sorted(hits))}
    config = {"retriever": f"rerank:{source.config.get('retriever', source.kind)}",
              "rerank": {"source_run": source.id, "source_config_hash": source.config_hash, "top_n": req.top_n,
                         "score": SCORE, "model": model.pin()},
              "k": k, "dataset": source.config.get("dataset"), "corpus_dataset": source.config.get("corpus_dataset"),
              "corpus_hash": queries.corpus_hash(project)}
    run_id = run_store.create_run(project, "retrieve", config, {"model": model.name})
    claim_ids = [c for c in sorted(hits) if c in texts]
    n_long = 0
    life = jobs.RunLifecycle(project, run_id, noun="claims", verb="reranking", progress=progress, cancel=cancel,
                             resumable=False, summary=lambda: {"n_queries": len(claim_ids), "n_long_claims": n_long})
    with life:
        life.total = len(claim_ids)
        for start in range(0, len(claim_ids), BATCH):
            life.cancel.check()
            batch: list[HitRecord] = []
            for cid in claim_ids[start:start + BATCH]:
                first = hits[cid][:req.top_n]
                rows = queries.get_passages(project, [h.passage_id for h in first])
                try:
                    scores = passage_scores(model, texts[cid], [rows[h.passage_id] for h in first
                                                                if h.passage_id in rows])
                except ClaimTooLong:
                    n_long += 1
                    scores = {}
                batch += reorder(first, scores, k)
            run_store.add_hits(project, run_id, batch)
            life.tick(len(claim_ids[start:start + BATCH]))
    return RerankResult(run_id=run_id, source_run=source.id, n_queries=len(claim_ids), top_n=req.top_n, k=k,
                        model=model.name, n_long_claims=n_long, seconds=round(life.seconds, 3))
