"""Retrieval as immutable runs, and their evaluation (`factaudit retrieve` / `eval-retrieval`)."""
from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from typing import Any

from factaudit.engine import jobs
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.jobs import CancelToken, ProgressCallback, no_progress
from factaudit.engine.metrics import retrieval as rmetrics
from factaudit.engine.project import queries, runs
from factaudit.engine.project.db import Project
from factaudit.engine.project.records import HitRecord
from factaudit.engine.retrieval import bm25 as bm25_mod
from factaudit.engine.retrieval.fusion import DEFAULT_DEPTH, DEFAULT_RRF_K
from factaudit.engine.retrieval.runner import MERGES, Corpus, Pipeline, model_provenance, open_indexes, parse_spec
from factaudit.engine.services import status as workflow_status

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
class RetrievalEval:
    run_id: str
    n_evaluated: int
    n_excluded: int
    metrics: dict[str, float]
    latency_ms: dict[str, float | None]
    k: int | None = None
    retriever: str | None = None
    warnings: list[str] = field(default_factory=list)   # said beside the figures, never in the JSON contract

    def to_json(self) -> dict[str, Any]:
        return {"run_id": self.run_id, "n_evaluated": self.n_evaluated, "n_excluded": self.n_excluded,
                "metrics": self.metrics, "latency_ms": self.latency_ms}


def _missing_gold_warning(ranked: dict[str, list[str]], gold: dict[str, set[str]],
                          passages: dict[str, str | None]) -> list[str]:
    """Gold that names passages the project lacks scores zero without anything being wrong with the
    retriever (an import with --id-prefix on one side only, a corpus not imported yet): say so."""
    wanted = {pid for cid in ranked for pid in gold.get(cid, ())}
    missing = sorted(pid for pid in wanted if pid not in passages)
    if not missing:
        return []
    example = ", ".join(missing[:3])
    if len(missing) == len(wanted):
        return [f"none of the {len(wanted):,} gold passages of these claims is in the project (e.g. {example}): "
                "every figure is 0. Import the corpus they name, or the same id prefix on both sides."]
    return [f"{len(missing):,} of {len(wanted):,} gold passages are not in the project (e.g. {example}): "
            "claims citing them cannot reach full recall"]


def list_embedders():
    from factaudit.engine.models.embedders import list_embedders as _list

    return _list()


def retriever_choices() -> list[str]:
    """Retriever specs to offer in a picker: bm25, each known dense model, and RRF of bm25 with each."""
    out = ["bm25"]
    names = [e.name for e in list_embedders()]
    out += [f"dense:{n}" for n in names]
    out += [f"rrf:bm25,dense:{n}" for n in names]
    if len(names) > 1:
        out.append("rrf:bm25," + ",".join(f"dense:{n}" for n in names))
    return out


def load_corpus(project: Project, corpus_dataset: str | None = None) -> Corpus:
    if corpus_dataset is not None:
        queries.get_dataset(project, corpus_dataset)  # NotFound names it
    ids, texts, doc_of = [], [], {}
    for p in queries.iter_passages(project, corpus_dataset):
        ids.append(p.id)
        texts.append(bm25_mod.passage_text(p.title, p.text))
        doc_of[p.id] = p.doc_id
    return Corpus(ids, texts, doc_of, queries.corpus_hash(project, corpus_dataset), corpus_dataset)


def retrieve(project: Project, retriever: str = "bm25", k: int = 10, model: str | None = None,
             dataset: str | None = None, corpus_dataset: str | None = None, merge: str = "none",
             rrf_k: float = DEFAULT_RRF_K, rrf_depth: int = DEFAULT_DEPTH, dense_index: str = "flat",
             claim_ids: list[str] | None = None, progress: ProgressCallback = no_progress,
             cancel: CancelToken | None = None) -> RetrievalResult:
    """Run a retriever over the active claims (of `dataset`) against the passages (of `corpus_dataset`)
    as a new run. A cancelled run is marked `cancelled` (RunCancelled is raised); an error marks it
    `failed` (RunFailed). Only a complete run is marked `done`."""
    from factaudit.engine.retrieval.dense import INDEX_TYPES

    started = time.perf_counter()
    if k < 1:
        raise InvalidArgument("k must be at least 1")
    if merge not in MERGES:
        raise InvalidArgument(f"unknown merge {merge!r}; expected one of {', '.join(MERGES)}")
    if dense_index not in INDEX_TYPES:
        raise InvalidArgument(f"unknown dense index {dense_index!r}; expected one of {', '.join(INDEX_TYPES)}")
    if rrf_k < 0 or rrf_depth < 1:
        raise InvalidArgument("the RRF constant must be >= 0 and the depth >= 1")
    spec = parse_spec(retriever, model)
    models = model_provenance(spec)    # fails on an unknown model before a run exists
    if dataset is not None:
        queries.get_dataset(project, dataset)
    claims = queries.list_claims(project, dataset, ids=claim_ids)
    if not claims:
        raise InvalidArgument("no active claims to retrieve for" + (f" in dataset {dataset!r}" if dataset else ""))
    progress(0, None, "reading passages")
    corpus = load_corpus(project, corpus_dataset)
    if not corpus.ids:
        raise InvalidArgument("no passages to retrieve from; import a corpus first")
    query_langs: list[str | None] = []
    if any(c.kind == "bm25" for c in spec.components):
        query_langs, lang_config = _bm25_languages(project, corpus, claims)

    config = {
        "retriever": spec.label, "components": [c.label for c in spec.components], "k": k,
        "model": model, "merge": merge, "dataset": dataset, "corpus_dataset": corpus_dataset,
        "corpus_hash": corpus.hash, "n_passages": len(corpus.ids), "n_claims": len(claims),
        "claim_ids": claim_ids,
    }
    if any(c.kind == "bm25" for c in spec.components):
        config["tokenization"] = bm25_mod.tokenization([*set(corpus.langs or [None]), *set(query_langs)])
        config["languages"] = lang_config
    if any(c.kind == "dense" for c in spec.components):
        config["dense_index"] = dense_index
    if spec.fused:
        config["rrf_k"] = rrf_k
        config["rrf_depth"] = rrf_depth
    provenance = {"libraries": _library_versions(spec)}
    if models:
        provenance["models"] = models
    run_id = jobs.create_run(project, "retrieve", config, provenance)
    life = jobs.RunLifecycle(project, run_id, noun="claims", verb="retrieving", progress=progress, cancel=cancel,
                             resumable=False)
    with life:
        opened = open_indexes(spec, corpus, project.path, dense_index, progress, life.cancel)
        for prime in opened.primers:
            prime([c.text for c in claims], query_langs)
        pipeline = Pipeline(spec, opened.searchers, merge, rrf_k, rrf_depth, corpus.doc_of)
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
            buffer.clear()

        def commit(claim, result) -> None:
            buffer.append((claim.id, *result))
            if len(buffer) >= FLUSH_EVERY:
                flush()

        life.work(claims, search, commit)
        if buffer:
            flush()
        seconds = time.perf_counter() - started
        life.finish(n_queries=len(claims), k=k, retriever=spec.label, merge=merge, seconds=round(seconds, 3),
                    index_seconds=round(opened.seconds, 3), cache=opened.cache)
    return RetrievalResult(run_id=run_id, n_queries=len(claims), k=k, retriever=spec.label, seconds=round(seconds, 3),
                           status="done", merge=merge, index_seconds=round(opened.seconds, 3), cache=opened.cache,
                           corpus_hash=corpus.hash, n_passages=len(corpus.ids))


def _bm25_languages(project: Project, corpus: Corpus, claims) -> tuple[list[str | None], dict[str, Any]]:
    """Set each passage's language on `corpus` and return each claim's, with what the run pins:
    counts per language and the datasets whose language was detected now (none stored)."""
    from collections import Counter

    from factaudit.engine.retrieval.tokenize import lang_code
    from factaudit.engine.services import languages

    dataset_langs = languages._DatasetLangs(project)
    corpus.langs = languages.passage_languages(project, corpus.ids, corpus.dataset, dataset_langs)
    query_langs = languages.claim_languages(project, [c.dataset for c in claims], dataset_langs)
    by_query = Counter(lang_code(x) for x in query_langs)
    corpus.query_lang = by_query.most_common(1)[0][0] if by_query else None
    count = Counter(corpus.langs)
    passages: Counter = Counter()
    for lang, n in count.items():
        passages[lang_code(lang)] += n
    return query_langs, {"passages": dict(sorted(passages.items())), "queries": dict(sorted(by_query.items())),
                         "detected_now": sorted(dataset_langs.detected)}


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


def eval_retrieval(project: Project, run_id: str, ks: tuple[int, ...] = rmetrics.DEFAULT_KS, *,
                   log_test: bool = True) -> RetrievalEval:
    """Retrieval metrics of a finished run (made here or imported from a TREC file) against the
    claims' gold evidence; claims without gold are excluded and counted. An evaluation over test-split
    claims is logged as a look at test (services.sweep; `log_test=False` for a sweep's own logging)."""
    run = runs.get_run(project, run_id)
    if run.kind not in ("retrieve", "imported"):
        raise InvalidArgument(f"{run_id} is a {run.kind} run, not a retrieval run")
    if run.status != "done":
        raise InvalidArgument(f"{run_id} is {run.status}; only finished runs are evaluated")
    hits = runs.get_hits(project, run_id)
    latencies = runs.query_latencies(project, run_id)
    if not hits and not latencies:
        raise InvalidArgument(f"{run_id} has no retrieval hits")
    ranked = {cid: [h.passage_id for h in sorted(hs, key=lambda h: h.rank)] for cid, hs in hits.items()}
    for cid in latencies:
        ranked.setdefault(cid, [])
    gold = {cid: {g.passage_id for g in ev} for cid, ev in queries.gold_evidence(project).items()}
    run_k = run.config.get("k")
    all_ks = tuple(sorted({*ks, *([int(run_k)] if run_k else [])}))
    passages = queries.passage_doc_ids(project)
    scores = rmetrics.evaluate(ranked, gold, all_ks, passages)
    workflow_status.mark_step(project, "evaluate_retrieval", run_id)   # the Workflow page's step is seen through
    if log_test:
        from factaudit.engine.services.split_looks import log_test_evaluation

        log_test_evaluation(project, run_id, run.config, list(ranked))
    return RetrievalEval(run_id=run_id, n_evaluated=scores.n_evaluated, n_excluded=scores.n_excluded,
                         metrics={k: round(v, 6) for k, v in scores.metrics.items()},
                         latency_ms=rmetrics.latency_percentiles(latencies.values()),
                         k=int(run_k) if run_k else None, retriever=run.config.get("retriever"),
                         warnings=_missing_gold_warning(ranked, gold, passages))


def demo_step_retrieve(project: Project, summary, progress: ProgressCallback = no_progress) -> None:
    """Demo: BM25 (k=10) for the scifact-demo claims against all passages, with its nDCG@10."""
    res = retrieve(project, "bm25", k=10, dataset="scifact-demo", progress=progress)
    ev = eval_retrieval(project, res.run_id)
    ndcg = ev.metrics.get("ndcg@10")
    summary.steps.append({
        "step": "retrieve", "run_id": res.run_id, "ndcg@10": ndcg,
        "text": (f"BM25 retrieved the top 10 of {res.n_passages} passages for {res.n_queries} SciFact claims "
                 f"in {res.seconds:.1f} s ({res.run_id}); nDCG@10 = {ndcg:.3f} over {ev.n_evaluated} claims "
                 f"with gold evidence"),
    })


# ---- hits for the views ------------------------------------------------------------------------------
@dataclass
class HitView:
    rank: int
    score: float
    passage_id: str
    doc_id: str | None
    title: str
    text: str
    gold: bool
    title_spans: list[tuple[int, int]]
    text_spans: list[tuple[int, int]]


@dataclass
class ClaimHits:
    run_id: str
    claim_id: str
    claim_text: str
    gold_passages: list[str]
    hits: list[HitView]


def retrieval_runs(project: Project) -> list:
    """Finished runs that hold retrieval hits (made here or imported), newest first."""
    out = []
    for r in runs.list_runs(project):
        if r.status == "done" and (r.kind == "retrieve" or (r.kind == "imported" and r.config.get("format") == "trec")):
            out.append(r)
    return out[::-1]


def run_claim_ids(project: Project, run_id: str) -> list[str]:
    ids = set(runs.get_hits(project, run_id)) | set(runs.query_latencies(project, run_id))
    order = {c.id: n for n, c in enumerate(queries.list_claims(project, active_only=False))}
    return sorted(ids, key=lambda c: (order.get(c, len(order)), c))


def claim_hits(project: Project, run_id: str, claim_id: str) -> ClaimHits:
    """A claim's ranked passages in a run, gold marked, query terms located (by BM25 tokenization)."""
    from factaudit.engine.retrieval.highlight import match_spans

    claim = queries.get_claim(project, claim_id)
    hits = runs.get_hits(project, run_id, claim_id).get(claim_id, [])
    gold = [g.passage_id for g in queries.gold_evidence(project).get(claim_id, [])]
    passages = queries.get_passages(project, [h.passage_id for h in hits])
    langs = _stored_langs(project, claim.dataset, [h.passage_id for h in hits])
    qlang = langs.get(None)
    views = []
    for h in hits:
        p = passages.get(h.passage_id)
        title, text = (p.title or "", p.text) if p else ("", "(passage not in the project)")
        plang = langs.get(h.passage_id)
        views.append(HitView(h.rank, h.score, h.passage_id, p.doc_id if p else None, title, text,
                             h.passage_id in gold, match_spans(claim.text, title, qlang, plang),
                             match_spans(claim.text, text, qlang, plang)))
    return ClaimHits(run_id, claim_id, claim.text, gold, views)


def _stored_langs(project: Project, claim_dataset: str, passage_ids: list[str]) -> dict[str | None, str | None]:
    """Stored languages (no detection: a view must be quick): key None = the claim's dataset."""
    from factaudit.engine.project import lang_store

    out: dict[str | None, str | None] = {None: lang_store.dataset_langs(project).get(claim_dataset)}
    out.update(lang_store.langs_of_passages(project, passage_ids))
    return out
