"""TREC run files (`qid Q0 docno rank score tag`, whitespace-separated): a retrieval run made elsewhere.
qid is a claim id and docno a passage id of this project."""
from __future__ import annotations

import math
from pathlib import Path

from factaudit.engine.ingest.builder import BatchBuilder
from factaudit.engine.ingest.readers import read_text
from factaudit.engine.project.records import HitRecord


def load(path: Path, builder: BatchBuilder) -> None:
    text = read_text(path, builder.problems)
    if text is None:
        return
    run = builder.batch.run or builder.set_run("retrieve", {"source": "imported", "format": "trec"})
    seen: set[tuple[str, int]] = set()
    tags = set()
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        parts = raw.split()
        if len(parts) != 6:
            builder.problems.add(path.name, number, None, f"expected 6 columns (qid Q0 docno rank score tag), found {len(parts)}")
            continue
        qid, _q0, docno, rank_s, score_s, tag = parts
        try:
            rank = int(rank_s)
        except ValueError:
            builder.problems.add(path.name, number, "rank", f"rank must be an integer, got {rank_s!r}")
            continue
        try:
            score = float(score_s)
        except ValueError:
            builder.problems.add(path.name, number, "score", f"score must be a number, got {score_s!r}")
            continue
        if not math.isfinite(score):  # else the store's CHECK constraint refused it, with no line number
            builder.problems.add(path.name, number, "score", f"score must be a finite number, got {score_s!r}")
            continue
        if (qid, docno) in seen:
            builder.problems.add(path.name, number, "docno", f"passage {docno!r} listed twice for query {qid!r}")
            continue
        seen.add((qid, docno))
        tags.add(tag)
        builder.add_hit(HitRecord(claim_id=qid, rank=rank, passage_id=docno, score=score), path.name, number)
        if builder.problems.full:
            return
    # trec_eval orders by score and ignores the rank column; ranks here are 1-based in that order.
    by_query: dict[str, list[HitRecord]] = {}
    for h in run.hits:
        by_query.setdefault(h.claim_id, []).append(h)
    for hits in by_query.values():
        hits.sort(key=lambda h: (-h.score, h.rank))
        for n, h in enumerate(hits, start=1):
            h.rank = n
    run.config["tags"] = sorted(tags)
    run.config["k"] = max((len(h) for h in by_query.values()), default=0)
