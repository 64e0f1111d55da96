"""Retrieval runs: a retriever over the active claims against the passages, as a new immutable run
(`factaudit retrieve`). Not resumable: hits are cheap to recompute."""
from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from factaudit.engine import jobs
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.i18n import N_
from factaudit.engine.jobs import CancelToken, ProgressCallback, no_progress
from factaudit.engine.project import queries, runs
from factaudit.engine.project.db import Project
from factaudit.engine.project.records import HitRecord
from factaudit.engine.retrieval import bm25 as bm25_mod
from factaudit.engine.retrieval.fusion import DEFAULT_DEPTH, DEFAULT_RRF_K
from factaudit.engine.retrieval.runner import MERGES, Corpus, Pipeline, model_provenance, open_indexes, parse_spec

FLUSH_EVERY = 100  # claims per hits transaction


@dataclass
class RetrievalResult:
    run_id: str
    n_queries: int
    k: int
    retriever: str
    seconds: float
    status: str
    merge: str = "none"
    index_seconds: float = 0.0
    cache: dict[str, str] = field(default_factory=dict)
    corpus_hash: str = ""
    n_passages: int = 0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class RetrievalRequest:
    retriever: str = "bm25"                 # bm25 | dense | dense:<model> | rrf:<r1>,<r2>,...
    k: int = 10
    model: str | None = None                # embedder of a plain `dense`
    dataset: str | None = None              # only the active claims of this dataset
    corpus_dataset: str | None = None       # only the passages of this dataset
    merge: str = "none"
    rrf_k: float = DEFAULT_RRF_K
    rrf_depth: int = DEFAULT_DEPTH
    dense_index: str = "flat"
    claim_ids: list[str] | None = None
    corpus_datasets: list[str] | None = None    # a union of corpus datasets (instead of corpus_dataset)


@dataclass
class RetrievalConfig:
    """What a retrieve run pins (runs.config; the keys are the ones earlier versions wrote). The
    tokenization and languages are pinned when BM25 takes part, the index type with a dense
    retriever, the RRF settings when fused; None leaves the key out."""

    retriever: str
    k: int
    embedder: str | None = None             # stored as "model"
    merge: str = "none"
    dataset: str | None = None
    corpus_dataset: str | None = None
    claim_ids: list[str] | None = None
    components: list[str] = field(default_factory=list)
    corpus_hash: str | None = None
    n_passages: int = 0
    n_claims: int = 0
    tokenization: dict[str, Any] | None = None
    languages: dict[str, Any] | None = None
    dense_index: str | None = "flat"
    rrf_k: float | None = DEFAULT_RRF_K
    rrf_depth: int | None = DEFAULT_DEPTH
    corpus_datasets: list[str] | None = None    # pinned only for a union (earlier configs keep their keys)
    model = None                            # no model pin: jobs.start_or_resume opens none
    _OPTIONAL = ("tokenization", "languages", "dense_index", "rrf_k", "rrf_depth", "corpus_datasets")

    @classmethod
    def from_config(cls, c: dict[str, Any]) -> RetrievalConfig:
        names = {f.name for f in fields(cls)} - {"embedder"}
        values = {k: v for k, v in c.items() if k in names}
        return cls(embedder=c.get("model"), **{**dict.fromkeys(cls._OPTIONAL), **values})   # absent: not pinned

    def to_config(self) -> dict[str, Any]:
        config = {"retriever": self.retriever, "components": self.components, "k": self.k, "model": self.embedder,
                  "merge": self.merge, "dataset": self.dataset, "corpus_dataset": self.corpus_dataset,
                  "corpus_hash": self.corpus_hash, "n_passages": self.n_passages, "n_claims": self.n_claims,
                  "claim_ids": self.claim_ids}
        return {**config, **{k: getattr(self, k) for k in self._OPTIONAL if getattr(self, k) is not None}}

    def validate(self) -> None:
        from factaudit.engine.retrieval.dense import INDEX_TYPES

        if self.k < 1:
            raise InvalidArgument("k must be at least 1")
        if self.merge not in MERGES:
            raise InvalidArgument(f"unknown merge {self.merge!r}; expected one of {', '.join(MERGES)}")
        if self.dense_index not in INDEX_TYPES:
            raise InvalidArgument(f"unknown dense index {self.dense_index!r}; expected one of {', '.join(INDEX_TYPES)}")
        if self.rrf_k < 0 or self.rrf_depth < 1:
            raise InvalidArgument("the RRF constant must be >= 0 and the depth >= 1")
        if self.corpus_datasets is not None and self.corpus_dataset is not None:
            raise InvalidArgument("name one corpus dataset or a union of them, not both")

    def changed_prompts(self) -> list[str]:
        return []


@dataclass
class _Inputs:
    spec: Any                     # the parsed RetrieverSpec
    models: list                  # the embedders' provenance
    claims: list
    corpus: Corpus
    query_langs: list[str | None]
    lang_config: dict[str, Any] | None


class _RetrieveKind(jobs.RunKind):
    """No model to open (the indexes open inside the run: slow, cancellable, with progress) and not
    resumable (hits are cheap to recompute)."""

    name = "retrieve"
    config_type = RetrievalConfig
    resumable = False

    def new_config(self, project: Project, req: RetrievalRequest) -> RetrievalConfig:
        return RetrievalConfig(retriever=req.retriever, k=req.k, embedder=req.model, merge=req.merge,
                               dataset=req.dataset, corpus_dataset=req.corpus_dataset, claim_ids=req.claim_ids,
                               dense_index=req.dense_index, rrf_k=req.rrf_k, rrf_depth=req.rrf_depth,
                               corpus_datasets=sorted(set(req.corpus_datasets)) if req.corpus_datasets else None)

    def read_inputs(self, project: Project, cfg: RetrievalConfig, progress: ProgressCallback) -> _Inputs:
        spec = parse_spec(cfg.retriever, cfg.embedder)
        models = model_provenance(spec)    # fails on an unknown model before a run exists
        if cfg.dataset is not None:
            queries.get_dataset(project, cfg.dataset)
        claims = queries.list_claims(project, cfg.dataset, ids=cfg.claim_ids)
        if not claims:
            where = f" in dataset {cfg.dataset!r}" if cfg.dataset else ""
            raise InvalidArgument("no active claims to retrieve for" + where)
        progress(0, None, N_("reading passages"))
        corpus = load_corpus(project, cfg.corpus_dataset, cfg.corpus_datasets)
        if not corpus.ids:
            raise InvalidArgument("no passages to retrieve from; import a corpus first")
        query_langs: list[str | None] = []
        lang_config = None
        if any(c.kind == "bm25" for c in spec.components):
            query_langs, lang_config = _bm25_languages(project, corpus, claims)
        return _Inputs(spec, models, claims, corpus, query_langs, lang_config)

    def complete(self, project: Project, cfg: RetrievalConfig, model, entry, inputs: _Inputs) -> RetrievalConfig:
        spec, corpus = inputs.spec, inputs.corpus
        kinds = {c.kind for c in spec.components}
        tokenization = (bm25_mod.tokenization([*set(corpus.langs or [None]), *set(inputs.query_langs)])
                        if "bm25" in kinds else None)
        return replace(cfg, retriever=spec.label, components=[c.label for c in spec.components],
                       corpus_hash=corpus.hash, n_passages=len(corpus.ids), n_claims=len(inputs.claims),
                       tokenization=tokenization, languages=inputs.lang_config,
                       dense_index=cfg.dense_index if "dense" in kinds else None,
                       rrf_k=cfg.rrf_k if spec.fused else None, rrf_depth=cfg.rrf_depth if spec.fused else None)

    def provenance(self, cfg: RetrievalConfig, model, inputs: _Inputs) -> dict[str, Any]:
        provenance: dict[str, Any] = {"libraries": _library_versions(inputs.spec)}
        if inputs.models:
            provenance["models"] = inputs.models
        return provenance


def retrieve(project: Project, req: RetrievalRequest, progress: ProgressCallback = no_progress,
             cancel: CancelToken | None = None) -> RetrievalResult:
    """Run a retriever over the active claims (of `req.dataset`) against the passages (of
    `req.corpus_dataset`) as a new run. A cancelled run is marked `cancelled` (RunCancelled is
    raised); an error marks it `failed` (RunFailed). Only a complete run is marked `done`."""
    started = time.perf_counter()
    with jobs.start_or_resume(project, _RetrieveKind(), req, progress=progress, cancel=cancel) as run:
        return _run(project, run, started, progress, cancel)


def _run(project: Project, run: jobs.StartedRun, started: float, progress: ProgressCallback,
         cancel: CancelToken | None) -> RetrievalResult:
    run_id, cfg, inputs = run.run_id, run.config, run.inputs
    spec, corpus, claims, k = inputs.spec, inputs.corpus, inputs.claims, cfg.k
    flushed = [0]  # claims whose hits are committed: what a stopped run says it kept
    life = jobs.RunLifecycle(project, run_id, noun="claims", verb=N_("retrieving"), progress=progress, cancel=cancel,
                             resumable=False, stored=lambda: flushed[0])
    with life:
        opened = open_indexes(spec, corpus, project.path, cfg.dense_index or "flat", progress, life.cancel)
        for prime in opened.primers:
            prime([c.text for c in claims], inputs.query_langs)
        pipeline = Pipeline(spec, opened.searchers, cfg.merge, cfg.rrf_k or DEFAULT_RRF_K,
                            cfg.rrf_depth or DEFAULT_DEPTH, corpus.doc_of)
        buffer: list[tuple[str, list[tuple[str, float]], float]] = []

        def search(claim) -> tuple[list[tuple[str, float]], float]:
            t0 = time.perf_counter()
            hits = pipeline.search(claim.text, k)
            return hits, (time.perf_counter() - t0) * 1000.0

        def flush() -> None:
            # A hit list is cheap to recompute, so hits commit FLUSH_EVERY claims at a time, not one by
            # one; a cancelled run drops the batch in hand and is never marked done.
            with project.atomic():
                runs.add_hits(project, run_id, [HitRecord(cid, r, pid, s) for cid, hits, _ in buffer
                                                for r, (pid, s) in enumerate(hits, start=1)])
                runs.add_query_latencies(project, run_id, [(cid, ms) for cid, _, ms in buffer])
            flushed[0] += len(buffer)
            buffer.clear()

        def commit(claim, result) -> None:
            buffer.append((claim.id, *result))
            if len(buffer) >= FLUSH_EVERY:
                flush()

        life.work(claims, search, commit)
        if buffer:
            flush()
        seconds = time.perf_counter() - started
        life.finish(n_queries=len(claims), k=k, retriever=spec.label, merge=cfg.merge, seconds=round(seconds, 3),
                    index_seconds=round(opened.seconds, 3), cache=opened.cache)
    return RetrievalResult(run_id=run_id, n_queries=len(claims), k=k, retriever=spec.label, seconds=round(seconds, 3),
                           status="done", merge=cfg.merge, index_seconds=round(opened.seconds, 3), cache=opened.cache,
                           corpus_hash=corpus.hash, n_passages=len(corpus.ids))


def _bm25_languages(project: Project, corpus: Corpus, claims) -> tuple[list[str | None], dict[str, Any]]:
    """Set each passage's language on `corpus` and return each claim's, with what the run pins:
    counts per language and the datasets whose language was detected now (none stored)."""
    from collections import Counter

    from factaudit.engine.retrieval.tokenize import lang_code
    from factaudit.engine.services import languages

    dataset_langs = languages._DatasetLangs(project)
    # a text whose language is unknown takes the one its script decides (CJK: never the English rule)
    corpus.langs, passages_by_script = languages.by_script(
        languages.passage_languages(project, corpus.ids, corpus.dataset, dataset_langs), corpus.texts)
    query_langs, queries_by_script = languages.by_script(
        languages.claim_languages(project, [c.dataset for c in claims], dataset_langs), [c.text for c in claims])
    by_query = Counter(lang_code(x) for x in query_langs)
    corpus.query_lang = by_query.most_common(1)[0][0] if by_query else None
    count = Counter(corpus.langs)
    passages: Counter = Counter()
    for lang, n in count.items():
        passages[lang_code(lang)] += n
    pins: dict[str, Any] = {"passages": dict(sorted(passages.items())), "queries": dict(sorted(by_query.items())),
                            "detected_now": sorted(dataset_langs.detected)}
    if passages_by_script or queries_by_script:
        # texts whose language was unknown and came from their script
        pins["by_script"] = {"passages": passages_by_script, "queries": queries_by_script}
    return query_langs, pins


def _library_versions(spec) -> dict[str, str]:
    from importlib.metadata import PackageNotFoundError, version

    names = []
    if any(c.kind == "bm25" for c in spec.components):
        names += ["bm25s", "PyStemmer", "jieba"]
    if any(c.kind == "dense" for c in spec.components):
        names += ["sentence-transformers", "faiss-cpu", "torch", "onnxruntime", "tokenizers"]
    out = {}
    for n in names:
        try:
            out[n] = version(n)
        except PackageNotFoundError:
            out[n] = "unknown"
    return out


def load_corpus(project: Project, corpus_dataset: str | None = None, corpus_datasets: list[str] | None = None) -> Corpus:
    """One corpus dataset's passages, a union of datasets' (issue #34 item 2), or all of them."""
    for name in ([corpus_dataset] if corpus_dataset is not None else []) + list(corpus_datasets or []):
        queries.get_dataset(project, name)  # NotFound names it
    ids, texts, doc_of = [], [], {}
    for p in queries.iter_passages(project, corpus_dataset, corpus_datasets):
        ids.append(p.id)
        texts.append(bm25_mod.passage_text(p.title, p.text))
        doc_of[p.id] = p.doc_id
    label = "+".join(corpus_datasets) if corpus_datasets else corpus_dataset
    return Corpus(ids, texts, doc_of, queries.corpus_hash(project, corpus_dataset, corpus_datasets), label)


