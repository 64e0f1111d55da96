"""Which part of each passage the verifier reads (issue #16 item 1).

Prompt evaluation is ~90-100 % of a verify call and grows with the evidence tokens; whole SciFact
abstracts average ~1,260 prompt tokens at k=3. `sentences:N` keeps, per passage, the N sentences that
best match the claim by BM25 (the sentences of that passage are the collection; bm25s' "lucene"
variant with k1 = 1.5, b = 0.75, tokens by the project's BM25 analyzer) in their passage order,
joined by " … " where sentences were left out. A passage of N sentences or fewer is kept whole.

`tokens:B` spends a budget of B tokens (the model's tokenizer; sentences only, not titles or the
prompt) across the k passages: each passage's best sentence first (in rank order), then the remaining
sentences by score, scored by BM25 with all the passages' sentences as the collection; a sentence that
does not fit is skipped and smaller ones may still fit. Kept sentences appear in passage order.

A passage has a handful of sentences, so the scores are computed here directly (bm25s would build an
index per passage); tests check them against bm25s on the same tokens.
"""
from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache
from typing import Callable

from factaudit.engine.errors import InvalidArgument

K1, B = 1.5, 0.75


KINDS = ("whole", "sentences", "tokens")
# Whole passages: on 100 SciFact dev claims the best 3 (or 2) sentences halve the prompt but lose
# accuracy outside whole passages' interval (benchmarks/results/verify_evidence.json; README
# "Verifier models"), and the rule keeps the default only where accuracy holds.
DEFAULT_EVIDENCE = "whole"


def parse_evidence(spec: str | None) -> tuple[str, int | None]:
    """`whole` (or None) -> ("whole", None); `sentences:N` -> ("sentences", N); `tokens:B` -> ("tokens", B)."""
    if spec is None or spec == "whole":
        return "whole", None
    kind, _, value = spec.partition(":")
    if kind not in KINDS[1:] or not value.isdigit() or int(value) < 1:
        raise InvalidArgument(f"evidence {spec!r}: expected whole, sentences:N or tokens:B with N, B >= 1")
    return kind, int(value)


@lru_cache(maxsize=1)
def _tokenizer():
    from factaudit.engine.retrieval.tokenize import Tokenizer

    return Tokenizer()


def bm25_scores(query: list[str], docs: list[list[str]]) -> list[float]:
    """Lucene BM25 of each tokenized doc for the tokenized query, idf over `docs` themselves."""
    n = len(docs)
    if not n:
        return []
    avgdl = sum(len(d) for d in docs) / n or 1.0
    df = Counter(t for d in docs for t in set(d))
    idf = {t: math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5)) for t in set(query) if df[t]}
    scores = []
    for d in docs:
        tf = Counter(d)
        norm = K1 * (1 - B + B * len(d) / avgdl)
        scores.append(sum(idf[t] * tf[t] / (tf[t] + norm) for t in query if t in idf and tf[t]))
    return scores


def _sentences(text: str) -> list[str]:
    from factaudit.engine.ingest.sentences import split_sentences

    return [s for _, _, s in split_sentences(text)]


def _render(sentences: list[str], keep: list[int]) -> str:
    """The kept sentences in passage order, "…" where sentences were left out."""
    if not keep:
        return "…"
    parts, last = [], -1
    for i in keep:
        if parts and i != last + 1:
            parts.append("…")
        parts.append(sentences[i])
        last = i
    text_out = " ".join(parts)
    if keep[0] > 0:
        text_out = "… " + text_out
    if keep[-1] < len(sentences) - 1:
        text_out += " …"
    return text_out


def select_sentences(claim: str, text: str, n: int, lang: str | None = None) -> str:
    sentences = _sentences(text)
    if len(sentences) <= n:
        return text
    tok = _tokenizer()
    scores = bm25_scores(tok.tokens(claim, lang), [tok.tokens(s, lang) for s in sentences])
    # best first; ties keep the earlier sentence (abstracts state their finding early)
    keep = sorted(sorted(range(len(sentences)), key=lambda i: (-scores[i], i))[:n])
    return _render(sentences, keep)


def select_budget(claim: str, texts: list[str], budget: int, count: Callable[[str], int],
                  lang: str | None = None) -> list[str]:
    """Each passage's text cut to the sentences that a budget of `budget` tokens buys (module doc)."""
    split = [_sentences(t) for t in texts]
    cells = [(p, i) for p, ss in enumerate(split) for i in range(len(ss))]
    if not cells:
        return list(texts)
    tok = _tokenizer()
    scores = bm25_scores(tok.tokens(claim, lang), [tok.tokens(split[p][i], lang) for p, i in cells])
    score = dict(zip(cells, scores))
    ranked = sorted(cells, key=lambda c: (-score[c], c))
    firsts = [next(c for c in ranked if c[0] == p) for p in range(len(split)) if split[p]]
    first_set = set(firsts)
    order = firsts + [c for c in ranked if c not in first_set]
    kept: dict[int, list[int]] = {p: [] for p in range(len(split))}
    used = 0
    for p, i in order:
        cost = count(split[p][i])
        if used + cost <= budget:
            kept[p].append(i)
            used += cost
    out = []
    for p, ss in enumerate(split):
        if len(kept[p]) == len(ss):
            out.append(texts[p])
        else:
            out.append(_render(ss, sorted(kept[p])))
    return out
