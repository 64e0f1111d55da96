"""Where a claim's query terms occur in a passage, by the BM25 tokenization (lower-cased, stop
words dropped, Snowball-stemmed), so 'reduces' in a claim marks 'reduced' in a passage."""
from __future__ import annotations

import functools
import re

from factaudit.engine.retrieval.bm25 import TOKEN_PATTERN, tokenize

_WORD = re.compile(TOKEN_PATTERN)


@functools.lru_cache(maxsize=1)
def _stemmer():
    from factaudit.engine.retrieval.bm25 import _stemmer as make

    return make()


def query_terms(query: str) -> set[str]:
    return set(tokenize([query], _stemmer())[0])


def match_spans(query: str, text: str) -> list[tuple[int, int]]:
    """Character spans of `text` whose stemmed token is a query term, in order."""
    terms = query_terms(query)
    if not terms:
        return []
    matches = list(_WORD.finditer(text))
    stems = _stemmer().stemWords([m.group(0).lower() for m in matches])
    return [(m.start(), m.end()) for m, s in zip(matches, stems) if s in terms]
