"""BM25 over passages: bm25s' scoring and on-disk format, with an index built in bulk.

Tokenization is per language (engine/retrieval/tokenize.py); every run's config records it
(`tokenization(...)`). Text = passage title + " " + passage text (queries: the claim text).
Scoring is bm25s' "lucene" variant with k1 = 1.5, b = 0.75. Passages with score 0 (no query term)
are never returned, and ties are broken by passage order, so results are deterministic.

Why not `bm25s.BM25.index`: it loops over documents in Python (a Counter and small numpy arrays
per document) and builds the matrix through a COO copy; at a million passages that was most of
228 s and 3.4 GB. Here the corpus is tokenized straight to ids in chunks, each chunk becomes
(term, document, tf) triples with one `np.unique`, and the CSC matrix (the same arrays bm25s
computes, same float32 values, checked in tests) is filled column by column. Search and the
saved files are bm25s' own, so `bm25s.BM25.load` reads our cache and we read bm25s'.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

import numpy as np

from factaudit.engine.jobs import CancelToken, ProgressCallback, no_progress
from factaudit.engine.i18n import N_
from factaudit.engine.retrieval import tokenize as tok

TOKEN_PATTERN = tok.TOKEN_PATTERN
K1 = 1.5
B = 0.75
METHOD = "lucene"
IDS_FILE = "passage_ids.json"
TOKENIZER_FILE = "tokenizer.json"
# Terms in at least this share of the passages are scored from a dense column, made on first use
# and kept up to the budget (at a million passages 4 MB a term; a Zipf corpus has a few dozen).
DENSE_SHARE = 0.25
DENSE_BUDGET_BYTES = 256 * 1024 * 1024


def tokenization(langs: Sequence[str | None] | None = None) -> dict:
    """What a run pins: the scoring parameters and the analyzer of each language it used."""
    from importlib.metadata import PackageNotFoundError, version

    libs = {}
    for name in ("bm25s", "PyStemmer", "jieba"):
        try:
            libs[name] = version(name)
        except PackageNotFoundError:
            libs[name] = None
    codes = sorted({tok.lang_code(x) for x in set(langs or [None])})
    out = {
        "tokenizer": "factaudit-bm25", "version": tok.VERSION, "library": "bm25s", "lower": True,
        "token_pattern": TOKEN_PATTERN, "fields": "title + ' ' + text", "k1": K1, "b": B, "method": METHOD,
        "languages": tok.describe(codes),
        "libraries": {k: v for k, v in libs.items() if v is not None and (k != "jieba" or "zh" in codes)},
    }
    if codes == ["en"]:
        # The keys earlier runs carried, so configs stay comparable.
        out["stopwords"] = "bm25s english"
        out["stemmer"] = "PyStemmer snowball english"
    return out



def langs_hash(langs: Sequence[str | None] | None, n: int) -> str:
    """sha256 of the analyzer each passage is tokenized with: part of the index cache key, so
    editing a dataset's language rebuilds its index."""
    import hashlib

    h = hashlib.sha256()
    if langs is None:
        h.update(tok.analyzer_name(None).encode() + b"*" + str(n).encode())
    else:
        names: dict[str | None, bytes] = {}
        for lang in langs:
            b = names.get(lang)
            if b is None:
                b = names[lang] = tok.analyzer_name(lang).encode() + b"\n"
            h.update(b)
    return h.hexdigest()


def tokenize(texts: Sequence[str], lang: str | None = None) -> list[list[str]]:
    """Token strings per text (stems, words or bigrams), by the rules of `lang`'s analyzer."""
    t = tok.Tokenizer()
    return [t.tokens(x, lang) for x in texts]


def passage_text(title: str | None, text: str) -> str:
    return f"{title} {text}" if title else text


def _idf_lucene(df: np.ndarray, n_docs: int) -> np.ndarray:
    return np.log(1.0 + (n_docs - df + 0.5) / (df + 0.5)).astype(np.float32)


def build_matrix(tokenizer: tok.Tokenizer, texts: Sequence[str], langs, progress: ProgressCallback = no_progress,
                 cancel: CancelToken | None = None, chunk: int | None = None) -> dict:
    """bm25s' score arrays {data, indices, indptr, num_docs} for `texts`, growing `tokenizer`'s
    vocabulary. Peak memory is the triples (10 bytes each) plus the result (8 bytes each)."""
    n = len(texts)
    lengths = np.zeros(n, dtype=np.int64)
    chunks: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []   # (doc, term, tf) per chunk
    df = np.zeros(0, dtype=np.int64)

    def tick(done: int) -> None:
        if cancel is not None:
            cancel.check()
        progress(done, n, N_("BM25: tokenizing passages"))

    for ch in tokenizer.corpus_ids(texts, langs, chunk=chunk, on_chunk=tick):
        m = len(ch.docs)
        lengths[ch.docs] = np.bincount(ch.doc_of, minlength=m)
        key = ch.ids.astype(np.int64) * m + ch.doc_of
        uniq, tf = np.unique(key, return_counts=True)     # sorted by term, then document
        term = (uniq // m).astype(np.int32)
        doc = ch.docs[uniq % m].astype(np.int32)
        tf = tf.astype(np.uint16 if tf.max(initial=0) < 2 ** 16 else np.uint32)
        chunks.append((doc, term, tf))
        counts = np.bincount(term, minlength=len(tokenizer.vocab))
        if len(df) < len(counts):
            df = np.concatenate([df, np.zeros(len(counts) - len(df), dtype=np.int64)])
        df[:len(counts)] += counts
        del key, uniq
    if cancel is not None:
        cancel.check()
    progress(n, n, N_("BM25: indexing"))
    n_vocab = len(tokenizer.vocab)
    if len(df) < n_vocab:
        df = np.concatenate([df, np.zeros(n_vocab - len(df), dtype=np.int64)])
    nnz = int(df.sum())
    idx_dtype = np.int32 if nnz < 2 ** 31 else np.int64
    indptr = np.zeros(n_vocab + 1, dtype=idx_dtype)
    np.cumsum(df, out=indptr[1:])
    data = np.empty(nnz, dtype=np.float32)
    indices = np.empty(nnz, dtype=np.int32)
    idf = _idf_lucene(df, n)
    # bm25s: tfc = tf / (k1 * ((1 - b) + b * len / avgdl) + tf) with a float64 avgdl, so the
    # arithmetic is float64 and the product with the float32 idf is stored as float32.
    avgdl = lengths.mean() if n else 0.0
    denom = K1 * ((1 - B) + B * lengths / avgdl) if avgdl else np.full(n, K1 * (1 - B))
    cursor = indptr[:-1].astype(np.int64)
    while chunks:
        doc, term, tf = chunks.pop(0)          # freed as we go: the triples shrink as the result fills
        if not len(term):
            continue
        tf64 = tf.astype(np.float64)
        scores = idf[term] * (tf64 / (denom[doc] + tf64))
        starts = np.flatnonzero(np.r_[True, term[1:] != term[:-1]])
        sizes = np.diff(np.r_[starts, len(term)])
        rank = np.arange(len(term)) - np.repeat(starts, sizes)
        dest = cursor[term] + rank
        data[dest] = scores
        indices[dest] = doc
        cursor[term[starts]] += sizes
    return {"data": data, "indices": indices, "indptr": indptr, "num_docs": n}


@dataclass
class BM25Index:
    retriever: object                   # bm25s.BM25 (its scores and vocab_dict)
    passage_ids: list[str]
    tokenizer: tok.Tokenizer
    langs: list[str] = field(default_factory=list)     # language codes the corpus holds
    query_lang: str | None = None       # the language of queries not primed with their own
    _primed: dict[tuple[str, str | None], list[int]] = field(default_factory=dict, repr=False)
    _dense: dict[int, np.ndarray] = field(default_factory=dict, repr=False)    # term id -> dense column

    @classmethod
    def build(cls, passage_ids: Sequence[str], texts: Sequence[str], progress: ProgressCallback = no_progress,
              cancel: CancelToken | None = None, langs: Sequence[str | None] | str | None = None) -> "BM25Index":
        import bm25s

        tokenizer = tok.Tokenizer()
        scores = build_matrix(tokenizer, texts, langs, progress, cancel)
        tokenizer.freeze()
        retriever = bm25s.BM25(k1=K1, b=B, method=METHOD)
        retriever.scores = scores
        retriever.vocab_dict = tokenizer.vocab
        retriever.unique_token_ids_set = set(tokenizer.vocab.values())
        retriever.nonoccurrence_array = None      # lucene scoring has no non-occurrence term
        codes = sorted({tok.lang_code(x) for x in ({langs} if isinstance(langs, str) or langs is None else set(langs))})
        return cls(retriever, list(passage_ids), tokenizer, codes)

    def save(self, folder: Path) -> None:
        # bm25s writes the matrix and vocab.index.json (the vocabulary) into the same folder.
        self.retriever.save(str(folder), show_progress=False)
        (folder / IDS_FILE).write_text(json.dumps(self.passage_ids), encoding="utf-8")
        (folder / TOKENIZER_FILE).write_text(json.dumps({"version": tok.VERSION, "langs": self.langs}),
                                             encoding="utf-8")

    @classmethod
    def load(cls, folder: Path) -> "BM25Index":
        import bm25s

        meta = json.loads((folder / TOKENIZER_FILE).read_text(encoding="utf-8"))
        if meta.get("version") != tok.VERSION:
            raise ValueError("index made by another tokenizer version")
        retriever = bm25s.BM25.load(str(folder), show_progress=False, mmap=False)
        ids = json.loads((folder / IDS_FILE).read_text(encoding="utf-8"))
        return cls(retriever, ids, tok.Tokenizer(retriever.vocab_dict), list(meta.get("langs", [])))

    def __len__(self) -> int:
        return len(self.passage_ids)

    def prime(self, queries: Sequence[str], langs: Sequence[str | None] | str | None = None) -> None:
        """Tokenize all of a run's queries in one call; `search` then finds them ready."""
        if isinstance(langs, str) or langs is None:
            langs = [langs or self.query_lang] * len(queries)
        for q, lang, ids in zip(queries, langs, self.tokenizer.query_ids(queries, langs)):
            self._primed[(q, lang)] = ids

    def query_ids(self, query: str, lang: str | None = None) -> list[int]:
        lang = lang or self.query_lang
        ids = self._primed.get((query, lang))
        return ids if ids is not None else self.tokenizer.query_ids([query], lang)[0]

    def query_tokens(self, query: str, lang: str | None = None) -> list[str]:
        return self.tokenizer.tokens(query, lang or self.query_lang)

    def search(self, query: str, k: int, lang: str | None = None) -> list[tuple[str, float]]:
        return self.search_ids(self.query_ids(query, lang), k)

    def search_tokens(self, tokens: list[str], k: int) -> list[tuple[str, float]]:
        vocab = self.retriever.vocab_dict
        return self.search_ids([vocab[t] for t in tokens if t in vocab], k)

    def search_ids(self, ids: Sequence[int], k: int) -> list[tuple[str, float]]:
        if not len(ids) or k <= 0:
            return []
        return top_k(self.scores(ids), self.passage_ids, k)

    def scores(self, ids: Sequence[int]) -> np.ndarray:
        """bm25s' scores (float32, summed term by term in query order, as its np.add.at does: each
        term's column holds a document once, so a plain fancy-index add is the same and far faster).
        A term in a large share of the passages is added as a dense column instead (its zeros add
        nothing, so the sums are bit for bit the same): a scatter-add costs ~10 ns per passage, a
        dense add well under 1."""
        s = self.retriever.scores
        data, indices, indptr = s["data"], s["indices"], s["indptr"]
        n = s["num_docs"]
        out = np.zeros(n, dtype=np.float32)
        for t in ids:
            a, b = indptr[t], indptr[t + 1]
            if b - a >= n * DENSE_SHARE:
                out += self._dense_column(int(t), n)
            else:
                out[indices[a:b]] += data[a:b]
        return out

    def _dense_column(self, term: int, n: int) -> np.ndarray:
        col = self._dense.get(term)
        if col is None:
            s = self.retriever.scores
            a, b = s["indptr"][term], s["indptr"][term + 1]
            col = np.zeros(n, dtype=np.float32)
            col[s["indices"][a:b]] = s["data"][a:b]
            if (len(self._dense) + 1) * n * 4 <= DENSE_BUDGET_BYTES:
                self._dense[term] = col
        return col


def top_k(scores: np.ndarray, ids: Sequence[str], k: int) -> list[tuple[str, float]]:
    """The k best positive scores, ties broken by position (stable). Only passages with a positive
    score are ranked, so a query touching few passages costs little even over a million."""
    if k <= 0 or len(scores) == 0:
        return []
    positive = scores > 0
    n_pos = int(np.count_nonzero(positive))
    if not n_pos:
        return []
    if n_pos < len(scores) // 2:
        cand = np.flatnonzero(positive)
        s = scores[cand]
    else:
        # Most passages score (common query terms): partition in place of copying them all out.
        cand, s = None, scores
    if k < n_pos:
        kth = -np.partition(-s, k - 1)[k - 1]
        # Every passage tied with the k-th score is kept so the stable sort decides among them.
        sel = np.flatnonzero((s >= kth) & (s > 0))
    else:
        sel = np.flatnonzero(s > 0)
    order = sel[np.lexsort((sel, -s[sel]))][:k]
    pos = order if cand is None else cand[order]
    return [(ids[i], float(scores[i])) for i in pos]
