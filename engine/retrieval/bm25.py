"""BM25 over passages with bm25s.

Tokenization (recorded in every run's config as TOKENIZATION):
1. text = passage title + " " + passage text (queries: the claim text);
2. lower-cased, split with the scikit-learn pattern ``(?u)\\b\\w\\w+\\b`` (runs of two or more word
   characters; punctuation and one-character tokens are dropped);
3. English stop words removed (bm25s' built-in English list, applied before stemming);
4. each remaining token stemmed with the Snowball English stemmer (PyStemmer).
Scoring is bm25s' "lucene" variant with k1 = 1.5, b = 0.75. Passages with score 0 (no query term)
are never returned, and ties are broken by passage order, so results are deterministic.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import numpy as np

from factaudit.engine.jobs import CancelToken, ProgressCallback, no_progress

TOKEN_PATTERN = r"(?u)\b\w\w+\b"
K1 = 1.5
B = 0.75
METHOD = "lucene"
TOKENIZATION = {
    "library": "bm25s",
    "lower": True,
    "token_pattern": TOKEN_PATTERN,
    "stopwords": "bm25s english",
    "stemmer": "PyStemmer snowball english",
    "fields": "title + ' ' + text",
    "k1": K1,
    "b": B,
    "method": METHOD,
}
IDS_FILE = "passage_ids.json"
_CHUNK = 20_000


def _stemmer():
    import Stemmer

    return Stemmer.Stemmer("english")


def tokenize(texts: Sequence[str], stemmer=None) -> list[list[str]]:
    """Token strings per text, by the rules in the module docstring."""
    import bm25s

    if not texts:
        return []
    return bm25s.tokenize(list(texts), lower=True, token_pattern=TOKEN_PATTERN, stopwords="en",
                          stemmer=stemmer or _stemmer(), return_ids=False, show_progress=False)


def passage_text(title: str | None, text: str) -> str:
    return f"{title} {text}" if title else text


@dataclass
class BM25Index:
    retriever: object          # bm25s.BM25
    passage_ids: list[str]
    stemmer: object

    @classmethod
    def build(cls, passage_ids: Sequence[str], texts: Sequence[str], progress: ProgressCallback = no_progress,
              cancel: CancelToken | None = None) -> "BM25Index":
        import bm25s

        stemmer = _stemmer()
        tokens: list[list[str]] = []
        total = len(texts)
        for start in range(0, total, _CHUNK):
            if cancel is not None:
                cancel.check()
            tokens.extend(tokenize(texts[start:start + _CHUNK], stemmer))
            progress(min(start + _CHUNK, total), total, "BM25: tokenizing passages")
        if cancel is not None:
            cancel.check()
        progress(total, total, "BM25: indexing")
        retriever = bm25s.BM25(k1=K1, b=B, method=METHOD)
        retriever.index(tokens, show_progress=False)
        return cls(retriever, list(passage_ids), stemmer)

    def save(self, folder: Path) -> None:
        self.retriever.save(str(folder), show_progress=False)
        (folder / IDS_FILE).write_text(json.dumps(self.passage_ids), encoding="utf-8")

    @classmethod
    def load(cls, folder: Path) -> "BM25Index":
        import bm25s

        retriever = bm25s.BM25.load(str(folder), show_progress=False, mmap=False)
        ids = json.loads((folder / IDS_FILE).read_text(encoding="utf-8"))
        return cls(retriever, ids, _stemmer())

    def __len__(self) -> int:
        return len(self.passage_ids)

    def query_tokens(self, query: str) -> list[str]:
        return tokenize([query], self.stemmer)[0]

    def search(self, query: str, k: int) -> list[tuple[str, float]]:
        return self.search_tokens(self.query_tokens(query), k)

    def search_tokens(self, tokens: list[str], k: int) -> list[tuple[str, float]]:
        known = self.retriever.get_tokens_ids(tokens)
        if not known or k <= 0:
            return []
        scores = np.asarray(self.retriever.get_scores_from_ids(known), dtype=np.float64)
        return top_k(scores, self.passage_ids, k)


def top_k(scores: np.ndarray, ids: Sequence[str], k: int) -> list[tuple[str, float]]:
    """The k best positive scores, ties broken by position (stable)."""
    n = len(scores)
    if n == 0:
        return []
    k = min(k, n)
    if k < n:
        part = np.argpartition(-scores, k - 1)[:k]
        # Pull in every passage tied with the k-th score so the stable sort decides among them.
        kth = scores[part].min()
        part = np.flatnonzero(scores >= kth)
    else:
        part = np.arange(n)
    order = part[np.lexsort((part, -scores[part]))][:k]
    return [(ids[i], float(scores[i])) for i in order if scores[i] > 0]
