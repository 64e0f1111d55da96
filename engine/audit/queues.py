"""Labeling queues: disagreements first, then a stratified sample, with test–retest repeats.

A fixed, seeded share of units (10% by default) is chosen for retest by hashing the unit, so the
choice survives closing the app. A chosen unit comes back (pass "retest") only after the annotator
has labelled at least `gap` other units since labelling it the first time.
"""
from __future__ import annotations

import hashlib
import itertools
import random
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Sequence

from factaudit.engine.audit import annotations as ann
from factaudit.engine.audit import codebook_versions
from factaudit.engine.audit import triage as tri
from factaudit.engine.metrics.classification import MAPPINGS
from factaudit.engine.project import audit_store as store
from factaudit.engine.project import runs
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
    gap = object()   # zip_longest's filler for strata that ran out
    return [i for row in itertools.zip_longest(*(groups[n] for n in sorted(groups)), fillvalue=gap)
            for i in row if i is not gap]


def plan(units: Sequence[tuple[Unit, str, int | None]], first_done: dict[Unit, int], retest_done: set[Unit],
         *, share: float = RETEST_SHARE, gap: int = RETEST_GAP, seed: int = 42) -> list[QueueEntry]:
    """The queue from units in presentation order [(unit, reason, rank)], the annotator's finished
    first-pass units with the order they were first labelled in, and the finished retests."""
    by_claim: dict[str, list[tuple[str, int | None]]] = {}
    claims: list[tuple[str, str]] = []
    target = units[0][0][0] if units else "evidence"
    for (t, claim, other), reason, rank in units:
        if claim not in by_claim:
            claims.append((claim, reason))
        by_claim.setdefault(claim, []).append((other, rank))
    queue = LabelQueue(target, claims, lambda cs: {c: by_claim.get(c, []) for c in cs}, first_done, retest_done,
                       share=share, gap=gap, seed=seed)
    return list(queue)


UnitsOf = Callable[[list[str]], dict[str, list[tuple[str, int | None]]]]


class LabelQueue:
    """One annotator's queue over one run, built lazily: the claims are ordered up front, and their
    units (a claim's top-k passages, or its trace) are read and materialised a page at a time as the
    annotator gets to them. Indexing materialises up to that index; iterating materialises all.

    Order (what `plan` always did): due retests of earlier work first, then every unit not yet labelled
    in claim order, a retest unit coming back once `gap` other first-pass units came after it.

    A queue may start from the head of its claim order only (`complete=False`: the first disagreement
    claims, found in a fraction of a second at any size); `adopt` then gives it the full order, of which
    the head is a prefix, so entries already handed out stay valid. Until then `get` past the head
    returns None and `waiting` is true.
    """

    PAGE_CLAIMS = 50

    def __init__(self, target: str, claims: list[tuple[str, str]], units_of: UnitsOf, first_done: dict[Unit, int],
                 retest_done: set[Unit], *, share: float = RETEST_SHARE, gap: int = RETEST_GAP, seed: int = 42,
                 n_units: int | None = None, complete: bool = True, spec: dict | None = None):
        self.target = target
        self.claims = claims                    # [(claim, reason)] in presentation order
        self.complete = complete
        self.spec = spec or {}                  # how to compute the full order (see full_order)
        self._units_of = units_of
        self._first_done = first_done
        self._retest_done = retest_done
        self._share, self._gap, self._seed = share, gap, seed
        self._entries: list[QueueEntry] = []
        self._source = self._generate()
        self._exhausted = False
        self.n_units = n_units                  # units of the run (labelled or not), once known
        self.n_done = len(first_done)           # the annotator's finished first-pass units (any run)

    # ---- access ----------------------------------------------------------------------------------
    def get(self, index: int) -> QueueEntry | None:
        """The entry at `index`, or None past the end (or past the head while `waiting`)."""
        if index < 0:
            return None
        while len(self._entries) <= index and not self._exhausted:
            try:
                entry = next(self._source)
            except StopIteration:
                self._exhausted = True
                break
            if entry is None:                   # the head is used up: wait for adopt()
                break
            self._entries.append(entry)
        return self._entries[index] if index < len(self._entries) else None

    def __getitem__(self, index: int) -> QueueEntry:
        entry = self.get(index)
        if entry is None:
            raise IndexError(index)
        return entry

    def __iter__(self) -> Iterator[QueueEntry]:
        i = 0
        while (entry := self.get(i)) is not None:
            yield entry
            i += 1

    def total(self) -> int:
        """The exact length (materialises everything: for tests and small queues)."""
        for _ in self:
            pass
        return len(self._entries)

    @property
    def materialised(self) -> int:
        return len(self._entries)

    @property
    def waiting(self) -> bool:
        """True while entries past the head depend on the full order (not adopted yet)."""
        return not self.complete and not self._exhausted

    def adopt(self, claims: list[tuple[str, str]], n_units: int | None = None) -> None:
        """Take the full claim order. The head must be its prefix (it is, by construction)."""
        head = self.claims
        if claims[:len(head)] != head:
            raise ValueError("the full order does not start with the head the queue was opened with")
        self.claims = claims
        self.n_units = n_units if n_units is not None else self.n_units
        self.complete = True

    # ---- the order ---------------------------------------------------------------------------------
    def _entry(self, u: Unit, pass_: str, reason: str, rank: int | None) -> QueueEntry:
        target, claim, other = u
        return QueueEntry(target, claim, other if target == "evidence" else None,
                          other if target != "evidence" else None, pass_, reason, rank)

    def _retest(self, u: Unit) -> bool:
        return u not in self._retest_done and is_retest_unit(u, self._share, self._seed)

    def _generate(self) -> Iterator[QueueEntry | None]:
        order = sorted(self._first_done, key=self._first_done.get)
        due = [u for pos, u in enumerate(order) if self._retest(u) and len(order) - 1 - pos >= self._gap]
        if due:
            ranks = self._units_of(list(dict.fromkeys(u[1] for u in due)))
            for u in due:
                rank = next((r for o, r in ranks.get(u[1], []) if o == u[2]), None)
                yield self._entry(u, "retest", "retest", rank)
        later: dict[int, list[tuple[Unit, int | None]]] = {}
        i = pos = 0
        while True:
            if pos >= len(self.claims):
                if self.complete:
                    return
                yield None                      # more claims come with adopt()
                continue
            page = self.claims[pos:pos + self.PAGE_CLAIMS]
            pos += len(page)
            units = self._units_of([c for c, _ in page])
            for claim, reason in page:
                for other, rank in units.get(claim, []):
                    u = (self.target, claim, other)
                    if u in self._first_done:
                        continue
                    if self._retest(u):
                        # comes back after `gap` more first-pass units (dropped if the queue ends first)
                        later.setdefault(i + self._gap, []).append((u, rank))
                    yield self._entry(u, "first", reason, rank)
                    for r, r_rank in later.pop(i, []):
                        yield self._entry(r, "retest", "retest", r_rank)
                    i += 1


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


def claim_order(project: Project, claim_ids: list[str], verify_run: str | None, mapping: str, seed: int,
                facts: dict | None = None) -> list[tuple[str, str]]:
    """(claim, reason): claims in disagreements first, then the rest stratified by verdict or gold label.
    Reads only ids and labels (no evidence or texts)."""
    first: list[str] = []
    if verify_run:
        wanted = set(claim_ids)
        runs.get_run(project, verify_run)          # an unknown run is an error, not an empty order
        facts = store.claim_facts(project, verify_run) if facts is None else facts
        if facts:
            claim_level = tri.disagreement_index(project, verify_run, mapping=mapping, level="claim", facts=facts,
                                                 texts=False)
            # in plain id order (the index lists them in natural order): head_order pages the verdicts by
            # their primary key, and the head must be a prefix of this order
            first = sorted(r.unit_id for r in claim_level.rows if r.unit_id in wanted)
            sentence_level = tri.disagreement_index(project, verify_run, mapping=mapping, level="sentence",
                                                    facts=facts, texts=False)
            for r in sorted(sentence_level.rows, key=lambda r: r.item_id or ""):
                first.extend(c for c in r.claim_ids if c in wanted)
            first = list(dict.fromkeys(first))
        strata = {c: f.verdict or "parse failure" for c, f in facts.items()}
    else:
        labels = store.claim_labels(project)
        strata = {c: labels.get(c) or "—" for c in claim_ids}
    seen = set(first)
    rest = stratified_order([c for c in claim_ids if c not in seen], strata, seed)
    return [(c, "disagreement") for c in first] + [(c, "sample") for c in rest]


def head_order(project: Project, verify_run: str, mapping: str, wanted: Callable[[list[str]], set[str]],
               n: int, page: int = 2000) -> list[tuple[str, str]]:
    """The first `n` claims of `claim_order` without reading the whole run: claim-level disagreements
    come first, in claim id order, so paging through the verdicts in that order finds them."""
    flagged = MAPPINGS[mapping]
    out: list[str] = []
    after = None
    while len(out) < n:
        facts = store.claim_facts(project, verify_run, after=after, limit=page)
        if not facts:
            break
        candidates = [c for c, f in facts.items() if isinstance(tri.claim_disagreement(f, flagged), tuple)]
        keep = wanted(candidates) if candidates else set()
        out.extend(c for c in candidates if c in keep)
        after = next(reversed(facts))
    return [(c, "disagreement") for c in out[:n]]


def _noop(*_a, **_k) -> None:
    return None


def _check(cancel) -> None:
    if cancel is not None:
        cancel.check()


def open_evidence_queue(project: Project, retrieval_run: str, annotator: str, *, verify_run: str | None = None,
                        mapping: str = "R+NE", k: int | None = None, seed: int = 42, share: float = RETEST_SHARE,
                        gap: int = RETEST_GAP, head: int | None = None, progress=_noop, cancel=None) -> LabelQueue:
    """(claim, passage) pairs of a retrieval run's top-k, a claim's passages together in rank order.
    With `head`, only the first `head` disagreement claims are ordered now (complete the queue with
    `full_order` and `LabelQueue.adopt`)."""
    book = codebook_versions.current(project)
    first, retest = _progress(project, "evidence", annotator, [d.id for d in book.evidence])

    def units_of(claim_ids: list[str]) -> dict[str, list[tuple[str, int | None]]]:
        hits = store.hits_for_claims(project, retrieval_run, claim_ids)
        return {c: hs[:k] if k else hs for c, hs in hits.items()}

    spec = {"target": "evidence", "run": retrieval_run, "verify_run": verify_run, "mapping": mapping, "k": k,
            "seed": seed}
    with_hits = lambda cs: set(store.hits_for_claims(project, retrieval_run, cs))  # noqa: E731
    return _open_queue(project, spec, units_of, first, retest, head=head if verify_run else None,
                       head_units=with_hits, share=share, gap=gap, progress=progress, cancel=cancel)


def open_reasoning_queue(project: Project, verify_run: str, annotator: str, *, mapping: str = "R+NE",
                         seed: int = 42, share: float = RETEST_SHARE, gap: int = RETEST_GAP, head: int | None = None,
                         progress=_noop, cancel=None) -> LabelQueue:
    """(claim, verify run) traces, parse failures left out (there is no reasoning to rate)."""
    book = codebook_versions.current(project)
    first, retest = _progress(project, "reasoning", annotator, [d.id for d in book.reasoning])
    spec = {"target": "reasoning", "run": verify_run, "verify_run": verify_run, "mapping": mapping, "seed": seed}
    units_of = lambda cs: {c: [(verify_run, None)] for c in cs}  # noqa: E731 - one unit per claim
    # claim-level disagreements always have a parsed verdict, so every candidate is a unit
    return _open_queue(project, spec, units_of, first, retest, head=head, head_units=set, share=share, gap=gap,
                       progress=progress, cancel=cancel)


def _open_queue(project: Project, spec: dict, units_of, first, retest, *, head: int | None, head_units,
                share: float, gap: int, progress, cancel) -> LabelQueue:
    """With `head`, a queue of the first `head` disagreement claims (completed later by `full_order`
    and `LabelQueue.adopt`); else the whole order. The first page is read here, off the UI thread."""
    target, seed = spec["target"], spec["seed"]
    if head:
        runs.get_run(project, spec["verify_run"])
        claims = head_order(project, spec["verify_run"], spec["mapping"], head_units, head)
        queue = LabelQueue(target, claims, units_of, first, retest, share=share, gap=gap, seed=seed,
                           complete=False, spec=spec)
    else:
        claims, n_units = full_order(project, spec, progress=progress, cancel=cancel)
        queue = LabelQueue(target, claims, units_of, first, retest, share=share, gap=gap, seed=seed,
                           n_units=n_units, spec=spec)
    queue.get(0)
    return queue


def full_order(project: Project, spec: dict, *, progress=_noop, cancel=None) -> tuple[list[tuple[str, str]], int]:
    """The whole claim order of a queue and its number of units (seconds at 100,000 claims: run it
    in a worker). `spec` is LabelQueue.spec."""
    progress(0, 3, "reading the run")
    verify_run = spec.get("verify_run")
    facts = store.claim_facts(project, verify_run) if verify_run else None
    _check(cancel)
    if spec["target"] == "evidence":
        counts = store.hit_counts(project, spec["run"])
        k = spec.get("k")
        n_units = sum(min(n, k) if k else n for n in counts.values())
        claim_ids = sorted(counts)
    else:
        claim_ids = sorted(c for c, f in facts.items() if f.parse_status != "failed")
        n_units = len(claim_ids)
    _check(cancel)
    progress(1, 3, "ordering claims (disagreements first)")
    claims = claim_order(project, claim_ids, verify_run, spec.get("mapping", "R+NE"), spec.get("seed", 42), facts)
    progress(3, 3, "queue ready")
    return claims, n_units


def evidence_queue(project: Project, retrieval_run: str, annotator: str, **kwargs) -> list[QueueEntry]:
    """The whole evidence queue as a list (the CLI and small projects; the GUI pages a LabelQueue)."""
    return list(open_evidence_queue(project, retrieval_run, annotator, **kwargs))


def reasoning_queue(project: Project, verify_run: str, annotator: str, **kwargs) -> list[QueueEntry]:
    return list(open_reasoning_queue(project, verify_run, annotator, **kwargs))
