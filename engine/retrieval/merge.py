"""Conservative merge of sub-query results (DESIGN.md).

A claim that compares or enumerates ("A versus B", "X and Y respectively") is split into sub-queries
on the cues in SPLIT_CUES. The full query's top KEEP hits are always kept, in order. The remaining
slots go to sub-query candidates, which compete by their rank in their own sub-query list (ties:
earlier sub-query first); a candidate whose document is not yet in the merged list is preferred over
one whose document already is. When the candidates run out, the full query's own list fills the
rest. A query that does not split keeps its original list unchanged.

Scores from different queries are not comparable, so a merged list carries score 1 / rank.
"""
from __future__ import annotations

import re
from typing import Callable, Mapping, Sequence

KEEP = 3
SPLIT_CUES = ("compared with", "compared to", "versus", "vs.", "respectively", "and", "分别", ";", "；")
_ASCII_CUE = re.compile(r"(?<!\w)(?:compared\s+with|compared\s+to|versus|vs\.|respectively|and)(?!\w)", re.IGNORECASE)
_OTHER_CUE = re.compile(r"分别|;|；")
_WORD = re.compile(r"\w\w+")


def split_subqueries(query: str) -> list[str]:
    """The non-trivial fragments of `query` between cues; [] when it does not split into two or more."""
    parts = _OTHER_CUE.split(_ASCII_CUE.sub(";", query))
    subs = [p.strip(" ,.:") for p in parts]
    subs = [s for s in subs if _WORD.search(s)]
    return subs if len(subs) >= 2 else []


Hit = tuple[str, float]


def conservative_merge(original: Sequence[Hit], sub_results: Sequence[Sequence[Hit]], k: int,
                       doc_of: Mapping[str, str | None] | Callable[[str], str | None] | None = None,
                       keep: int = KEEP) -> list[Hit]:
    if not sub_results:
        return list(original[:k])
    if doc_of is None:
        def doc(pid: str) -> str:
            return pid
    elif callable(doc_of):
        def doc(pid: str) -> str:
            return doc_of(pid) or pid
    else:
        def doc(pid: str) -> str:
            return doc_of.get(pid) or pid

    merged: list[str] = [pid for pid, _ in original[:min(keep, k)]]
    present = set(merged)
    docs = {doc(p) for p in merged}

    # Best (rank, sub-query index) per candidate passage.
    cands: dict[str, tuple[int, int]] = {}
    for si, hits in enumerate(sub_results):
        for rank, (pid, _score) in enumerate(hits, start=1):
            if pid not in present and (pid not in cands or (rank, si) < cands[pid]):
                cands[pid] = (rank, si)
    while len(merged) < k and cands:
        pid = min(cands, key=lambda p: (doc(p) in docs, *cands[p], p))
        del cands[pid]
        merged.append(pid)
        present.add(pid)
        docs.add(doc(pid))
    for pid, _score in original:
        if len(merged) >= k:
            break
        if pid not in present:
            merged.append(pid)
            present.add(pid)
    return [(pid, 1.0 / rank) for rank, pid in enumerate(merged, start=1)]
