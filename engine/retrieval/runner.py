"""Retriever specs, index opening (through the cache) and the search pipeline a run uses.

Specs: `bm25`, `dense` (the `--model` embedder, default minilm-l6), `dense:<model>`, and
`rrf:<spec>,<spec>,...` over any of those (e.g. `rrf:bm25,dense:minilm-l6,dense:<local model>`).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.i18n import N_
from factaudit.engine.jobs import CancelToken, ProgressCallback, no_progress
from factaudit.engine.retrieval import bm25 as bm25_mod
from factaudit.engine.retrieval import dense as dense_mod
from factaudit.engine.retrieval import index_cache
from factaudit.engine.retrieval.fusion import DEFAULT_DEPTH, DEFAULT_RRF_K, rrf
from factaudit.engine.retrieval.merge import conservative_merge, split_subqueries

Hit = tuple[str, float]
MERGES = ("none", "conservative")
INDEX_FORMAT = 1   # bump when the on-disk layout of cached indexes changes


@dataclass(frozen=True)
class Component:
    kind: str                 # bm25 | dense
    model: str | None = None  # embedder name or path for dense

    @property
    def label(self) -> str:
        return self.kind if self.kind == "bm25" else f"dense:{self.model}"


@dataclass(frozen=True)
class RetrieverSpec:
    fused: bool
    components: tuple[Component, ...]

    @property
    def label(self) -> str:
        if self.fused:
            return "rrf:" + ",".join(c.label for c in self.components)
        return self.components[0].label


def parse_spec(spec: str, default_model: str | None = None) -> RetrieverSpec:
    from factaudit.engine.models.embedders import DEFAULT_EMBEDDER

    spec = (spec or "").strip()
    default_model = default_model or DEFAULT_EMBEDDER

    def one(part: str) -> Component:
        part = part.strip()
        if part == "bm25":
            return Component("bm25")
        if part == "dense":
            return Component("dense", default_model)
        if part.startswith("dense:") and part[6:].strip():
            return Component("dense", part[6:].strip())
        raise InvalidArgument(f"unknown retriever {part!r}; expected bm25, dense, dense:<model> or rrf:<list>")

    if spec.startswith("rrf:"):
        parts = [p for p in spec[4:].split(",") if p.strip()]
        if len(parts) < 2:
            raise InvalidArgument("rrf needs at least two retrievers, e.g. rrf:bm25,dense")
        comps = tuple(one(p) for p in parts)
        if len(set(comps)) != len(comps):
            raise InvalidArgument(f"rrf lists the same retriever twice: {spec}")
        return RetrieverSpec(True, comps)
    return RetrieverSpec(False, (one(spec),))


@dataclass
class Corpus:
    ids: list[str]
    texts: list[str]              # title + " " + text
    doc_of: dict[str, str | None]
    hash: str
    dataset: str | None = None
    langs: list[str | None] | None = None     # per passage (None: English), for BM25's analyzers
    query_lang: str | None = None             # queries not tokenized with their own language


@dataclass
class OpenedIndexes:
    searchers: dict[str, Callable[[str, int], list[Hit]]]
    cache: dict[str, str]                       # label -> hit | built | uncached
    models: dict[str, dict[str, Any]] = field(default_factory=dict)   # provenance per dense model
    seconds: float = 0.0
    primers: list[Callable[..., None]] = field(default_factory=list)   # tokenize / embed all queries at once


def open_indexes(spec: RetrieverSpec, corpus: Corpus, project_path: str | Path, dense_index: str = "flat",
                 progress: ProgressCallback = no_progress, cancel: CancelToken | None = None) -> OpenedIndexes:
    from factaudit.engine.models import embedders

    started = time.perf_counter()
    opened = OpenedIndexes({}, {})
    for comp in spec.components:
        if cancel is not None:
            cancel.check()
        if comp.kind == "bm25":
            tokenization = bm25_mod.tokenization(corpus.langs)
            langs_hash = bm25_mod.langs_hash(corpus.langs, len(corpus.ids))
            key = f"bm25-v{INDEX_FORMAT}-{_short_hash(tokenization)}-{langs_hash[:8]}"
            meta = {"kind": "bm25", "corpus_hash": corpus.hash, "tokenization": tokenization,
                    "langs_sha256": langs_hash, "n_passages": len(corpus.ids), "format": INDEX_FORMAT}
            idx, status = index_cache.load_or_build(
                index_cache.cache_dir(project_path, corpus.hash, key), meta,
                build=lambda: bm25_mod.BM25Index.build(corpus.ids, corpus.texts, progress, cancel, corpus.langs),
                save=lambda obj, folder: obj.save(folder),
                load=bm25_mod.BM25Index.load,
            )
            idx.query_lang = corpus.query_lang
            opened.searchers[comp.label] = idx.search
            opened.primers.append(idx.prime)
        else:
            info = embedders.resolve_embedder(comp.model)
            opened.models[comp.label] = embedders.provenance(info)
            sha = opened.models[comp.label]["sha256"]
            progress(0, None, N_(f"loading {info.name}"))
            model = embedders.load_embedder(info)
            key = f"{embedders.model_key(info)}-v{INDEX_FORMAT}"
            meta = {"kind": "dense", "corpus_hash": corpus.hash, "model": info.name, "model_sha256": sha,
                    "backend": info.backend,
                    "n_passages": len(corpus.ids), "normalize": True, "format": INDEX_FORMAT}
            emb, status = index_cache.load_or_build(
                index_cache.cache_dir(project_path, corpus.hash, key), meta,
                build=lambda: dense_mod.Embeddings(list(corpus.ids), dense_mod.encode(model, corpus.texts, progress,
                                                                                       cancel)),
                save=lambda obj, folder: obj.save(folder),
                load=dense_mod.Embeddings.load,
            )
            if cancel is not None:
                cancel.check()
            if dense_index == "flat":
                # Exact search over vectors in memory: building it is a copy, not worth caching.
                index = dense_mod.build_faiss(emb.vectors, "flat")
            else:
                progress(0, None, N_(f"building the {dense_index} index"))
                index, opened.cache[f"{comp.label} {dense_index}"] = index_cache.load_or_build(
                    index_cache.cache_dir(project_path, corpus.hash, f"{key}-{dense_index}"),
                    {**meta, "index_type": dense_index, "hnsw_m": dense_mod.HNSW_M},
                    build=lambda: dense_mod.build_faiss(emb.vectors, dense_index),
                    save=dense_mod.save_faiss,
                    load=lambda folder: dense_mod.load_faiss(folder, dense_index),
                )
            idx = dense_mod.DenseIndex(index, emb.passage_ids, model, dense_index)
            opened.searchers[comp.label] = idx.search
            opened.primers.append(lambda queries, _langs=None, idx=idx: idx.prime(queries, progress, cancel))
        opened.cache[comp.label] = status
    opened.seconds = time.perf_counter() - started
    return opened


def model_provenance(spec: RetrieverSpec) -> dict[str, dict[str, Any]]:
    """Name, origin, sha256 and size of each dense model of a spec (ModelNotFound if one is missing)."""
    from factaudit.engine.models import embedders

    out = {}
    for comp in spec.components:
        if comp.kind == "dense":
            info = embedders.resolve_embedder(comp.model)
            out[comp.label] = embedders.provenance(info)
    return out


def _short_hash(obj: Any) -> str:
    import hashlib
    import json

    return hashlib.sha256(json.dumps(obj, sort_keys=True).encode()).hexdigest()[:8]


@dataclass
class Pipeline:
    """One query in, k ranked hits out: a single retriever or RRF, optionally with the conservative merge."""

    spec: RetrieverSpec
    searchers: Mapping[str, Callable[[str, int], list[Hit]]]
    merge: str = "none"
    rrf_k: float = DEFAULT_RRF_K
    rrf_depth: int = DEFAULT_DEPTH
    doc_of: Mapping[str, str | None] | None = None

    def base(self, query: str, k: int) -> list[Hit]:
        if not self.spec.fused:
            return self.searchers[self.spec.components[0].label](query, k)
        depth = max(k, self.rrf_depth)
        lists = [[pid for pid, _ in self.searchers[c.label](query, depth)] for c in self.spec.components]
        return rrf(lists, self.rrf_k, k)

    def search(self, query: str, k: int) -> list[Hit]:
        hits = self.base(query, k)
        if self.merge != "conservative":
            return hits
        subs = split_subqueries(query)
        if not subs:
            return hits
        return conservative_merge(hits, [self.base(s, k) for s in subs], k, self.doc_of)
