"""Where a claim's query terms occur in a passage, by the BM25 tokenization of each one's language
(lower-cased, stop words dropped, stemmed or segmented), so 'reduces' in a claim marks 'reduced' in
a passage, and 降低 in a Chinese claim marks 降低 in a Chinese passage."""
from __future__ import annotations

import functools

from factaudit.engine.retrieval.tokenize import Tokenizer


@functools.lru_cache(maxsize=1)
def _tokenizer() -> Tokenizer:
    return Tokenizer()


def query_terms(query: str, lang: str | None = None) -> set[str]:
    return set(_tokenizer().tokens(query, lang))


def match_spans(query: str, text: str, query_lang: str | None = None,
                text_lang: str | None = None) -> list[tuple[int, int]]:
    """Character spans of `text` whose token is a query term, in order."""
    terms = query_terms(query, query_lang)
    if not terms:
        return []
    return [(a, b) for a, b, key in _tokenizer().spans(text, text_lang) if key in terms]
