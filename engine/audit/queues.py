"""Labeling queues: disagreements first, then a stratified sample, with test–retest repeats.

A fixed, seeded share of units (10% by default) is chosen for retest by hashing the unit, so the
choice survives closing the app. A chosen unit comes back (pass "retest") only after the annotator
has labelled at least `gap` other units since labelling it the first time.
"""
from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Iterable, Sequence

from factaudit.engine.audit import annotations as ann
from factaudit.engine.audit import codebook as cb
from factaudit.engine.audit import triage as tri
from factaudit.engine.project import audit_store as store
from factaudit.engine.project import queries, runs
from factaudit.engine.project.db import Project

RETEST_SHARE = 0.10
RETEST_GAP = 20

Unit = tuple[str, str, str]          # (target, claim, passage | run)


@dataclass(frozen=True)
class QueueEntry:
    target: str                      # evidence | reasoning
    claim_id: str
    passage_id: str | None
    run_id: str | None
    pass_: str                       # first | retest
    reason: str                      # disagreement | sample | retest
    rank: int | None = None          # the passage's rank in the retrieval run (evidence)

    @property
    def unit(self) -> Unit:
        return (self.target, self.claim_id, self.passage_id if self.target == "evidence" else self.run_id)


def is_retest_unit(unit: Unit, share: float = RETEST_SHARE, seed: int = 42) -> bool:
    digest = hashlib.sha256(f"{seed}|{'|'.join(unit)}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2 ** 64 < share


def stratified_order(ids: Sequence[str], strata: dict[str, str], seed: int = 42) -> list[str]:
    """Round-robin over strata (each shuffled with the seed), so any prefix is roughly balanced."""
    rng = random.Random(seed)
    groups: dict[str, list[str]] = {}
    for i in ids:
        groups.setdefault(strata.get(i) or "—", []).append(i)
    for g in groups.values():
        rng.shuffle(g)
    order, names = [], sorted(groups)
    while any(groups[n] for n in names):
        for n in names:
            if groups[n]:
                order.append(groups[n].pop(0))
    return order


def plan(units: Sequence[tuple[Unit, str, int | None]], first_done: dict[Unit, int], retest_done: set[Unit],
         *, share: float = RETEST_SHARE, gap: int = RETEST_GAP, seed: int = 42) -> list[QueueEntry]:
    """The queue from units in presentation order [(unit, reason, rank)], the annotator's finished
    first-pass units with the order they were first labelled in, and the finished retests."""
    info = {u: (reason, rank) for u, reason, rank in units}

    def entry(u: Unit, pass_: str, reason: str) -> QueueEntry:
        target, claim, other = u
        rank = info.get(u, (None, None))[1]
        return QueueEntry(target, claim, other if target == "evidence" else None,
                          other if target != "evidence" else None, pass_, reason, rank)

    order = sorted(first_done, key=first_done.get)
    position = {u: i for i, u in enumerate(order)}
    out = [entry(u, "retest", "retest") for u in order
           if u not in retest_done and is_retest_unit(u, share, seed) and len(order) - 1 - position[u] >= gap]
    pending = [(u, reason) for u, reason, _ in units if u not in first_done]
    later: dict[int, list[Unit]] = {}
    for i, (u, _) in enumerate(pending):
        if u not in retest_done and is_retest_unit(u, share, seed) and i + gap < len(pending):
            later.setdefault(i + gap, []).append(u)
    for i, (u, reason) in enumerate(pending):
        out.append(entry(u, "first", reason))
        out.extend(entry(r, "retest", "retest") for r in later.get(i, []))
    return out


def _progress(project: Project, target: str, annotator: str, dims: Iterable[str]) -> tuple[dict[Unit, int], set[Unit]]:
    """Units the annotator has finished (every dimension labelled), per pass, with first-label order."""
    dims = set(dims)
    records = store.list_annotations(project, target=target, annotator=annotator)
    first_seen: dict[Unit, int] = {}
    for a in records:
        if a.pass_ == "first":
            first_seen[a.unit] = min(first_seen.get(a.unit, a.seq), a.seq)
    labelled: dict[tuple[Unit, str], set[str]] = {}
    for a in ann.current_labels(records).values():
        labelled.setdefault((a.unit, a.pass_), set()).add(a.dimension)
    first = {u: first_seen[u] for (u, p), d in labelled.items() if p == "first" and dims <= d}
    retest = {u for (u, p), d in labelled.items() if p == "retest" and dims <= d}
    return first, retest


def _claim_order(project: Project, claim_ids: list[str], verify_run: str | None, mapping: str,
                 seed: int) -> list[tuple[str, str]]:
    """(claim, reason): claims in disagreements first, then the rest stratified by verdict or gold label."""
    first: list[str] = []
    strata: dict[str, str] = {}
    if verify_run:
        ds = tri.disagreements(project, verify_run, mapping=mapping, level="claim")
        wanted = set(claim_ids)
        first = [d.unit_id for d in ds.disagreements if d.unit_id in wanted]
        sentence_level = tri.disagreements(project, verify_run, mapping=mapping, level="sentence")
        for d in sentence_level.disagreements:
            first.extend(c.claim_id for c in d.claims if c.claim_id in wanted)
        first = list(dict.fromkeys(first))
        strata = {c: v.verdict or "parse failure" for c, v in runs.get_verdicts(project, verify_run).items()}
    else:
        strata = {c.id: c.gold_label or c.sentence_label or "—" for c in queries.list_claims(project, ids=claim_ids)}
    rest = stratified_order([c for c in claim_ids if c not in set(first)], strata, seed)
    return [(c, "disagreement") for c in first] + [(c, "sample") for c in rest]


def evidence_queue(project: Project, retrieval_run: str, annotator: str, *, verify_run: str | None = None,
                   mapping: str = "R+NE", k: int | None = None, seed: int = 42, share: float = RETEST_SHARE,
                   gap: int = RETEST_GAP) -> list[QueueEntry]:
    """(claim, passage) pairs of a retrieval run's top-k, a claim's passages together in rank order."""
    hits = runs.get_hits(project, retrieval_run)
    book = cb.current(project)
    units = []
    for claim, reason in _claim_order(project, sorted(hits), verify_run, mapping, seed):
        for h in hits[claim][:k] if k else hits[claim]:
            units.append((("evidence", claim, h.passage_id), reason, h.rank))
    first, retest = _progress(project, "evidence", annotator, [d.id for d in book.evidence])
    return plan(units, first, retest, share=share, gap=gap, seed=seed)


def reasoning_queue(project: Project, verify_run: str, annotator: str, *, mapping: str = "R+NE", seed: int = 42,
                    share: float = RETEST_SHARE, gap: int = RETEST_GAP) -> list[QueueEntry]:
    """(claim, verify run) traces, parse failures left out (there is no reasoning to rate)."""
    verdicts = runs.get_verdicts(project, verify_run)
    ok = sorted(c for c, v in verdicts.items() if v.parse_status != "failed")
    book = cb.current(project)
    units = [(("reasoning", c, verify_run), reason, None) for c, reason in _claim_order(project, ok, verify_run,
                                                                                          mapping, seed)]
    first, retest = _progress(project, "reasoning", annotator, [d.id for d in book.reasoning])
    return plan(units, first, retest, share=share, gap=gap, seed=seed)
