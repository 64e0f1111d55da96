"""Reciprocal rank fusion (Cormack, Clarke and Büttcher 2009): score(p) = Σ_i 1 / (c + rank_i(p)),
with 1-based ranks and the sum over the lists that contain p. Ties are broken by the best single
rank, then by passage id, so the fused order is deterministic."""
from __future__ import annotations

from typing import Sequence

DEFAULT_RRF_K = 60
DEFAULT_DEPTH = 100      # how deep each component list is read


def rrf(lists: Sequence[Sequence[str]], c: float = DEFAULT_RRF_K, k: int | None = None) -> list[tuple[str, float]]:
    """Fuse ranked lists of passage ids (best first) into [(passage_id, rrf score)], best first."""
    if c < 0:
        raise ValueError("the RRF constant must be non-negative")
    scores: dict[str, float] = {}
    best: dict[str, int] = {}
    for ranked in lists:
        seen: set[str] = set()
        for rank, pid in enumerate(ranked, start=1):
            if pid in seen:      # a list naming a passage twice counts it once, at its best rank
                continue
            seen.add(pid)
            scores[pid] = scores.get(pid, 0.0) + 1.0 / (c + rank)
            best[pid] = min(best.get(pid, rank), rank)
    fused = sorted(scores.items(), key=lambda kv: (-kv[1], best[kv[0]], kv[0]))
    return fused if k is None else fused[:k]
