"""Failure taxonomy: R1–R6 per retrieval run and V1–V6 per verify run, and the high-quality evidence rate.

Evidence labels belong to (claim, passage) pairs, so one label counts for every retrieval run that
returned the pair. Shares use as denominator the labelled units of that run: pairs among the run's
hits with at least one evidence label (R1–R5), claims whose top-k list is labelled enough to decide
whether any passage is on topic (R6), (claim, run) pairs with a reasoning label (V1–V6).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from factaudit.engine.audit import annotations as ann
from factaudit.engine.audit import codebook as cb, codebook_versions
from factaudit.engine.errors import NotFound
from factaudit.engine.project import audit_store as store
from factaudit.engine.project import runs
from factaudit.engine.project.db import Project


@dataclass
class PatternCount:
    pattern: str
    name: str
    count: int
    denominator: int
    share: float | None


@dataclass
class DimensionMarginal:
    dimension: str
    n: int                                   # units labelled on this dimension
    codes: dict[str, int]
    high_quality: int | None = None          # units whose code is in the high-quality set (evidence only)
    high_quality_share: float | None = None


@dataclass
class RetrievalTaxonomy:
    run_id: str
    n_pairs: int                             # hits of the run
    n_labelled: int                          # hits with at least one evidence label
    patterns: list[PatternCount]
    r6_undecided: int                        # claims whose top-k cannot yet decide R6
    high_quality_rate: float | None          # over pairs labelled on every high-quality dimension
    n_high_quality: int
    n_quality_decided: int
    marginals: list[DimensionMarginal] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class VerifyTaxonomy:
    run_id: str
    n_verdicts: int
    n_labelled: int
    patterns: list[PatternCount]
    marginals: list[DimensionMarginal] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _share(count: int, denominator: int) -> float | None:
    return count / denominator if denominator else None


def _marginals(book: cb.Codebook, target: str, labels: list[dict[str, str]]) -> list[DimensionMarginal]:
    out = []
    for dim in book.dimensions(target):
        codes = {c: 0 for c in dim.code_ids}
        for unit in labels:
            code = unit.get(dim.id)
            if code is not None:
                codes[code] = codes.get(code, 0) + 1
        n = sum(codes.values())
        m = DimensionMarginal(dim.id, n, codes)
        if target == "evidence" and dim.id in book.high_quality:
            m.high_quality = sum(v for c, v in codes.items() if c in book.high_quality[dim.id])
            m.high_quality_share = _share(m.high_quality, n)
        out.append(m)
    return out


def _patterns_of(book: cb.Codebook, unit: dict[str, str]) -> set[str]:
    found = set()
    for dim, code in unit.items():
        try:
            p = book.pattern(dim, code)
        except NotFound:  # a dimension that this codebook version does not have
            p = None
        if p:
            found.add(p)
    return found


def retrieval_taxonomy(book: cb.Codebook, run_id: str, hits: dict[str, list[str]],
                       labels: dict[tuple[str, str], dict[str, str]]) -> RetrievalTaxonomy:
    """hits: {claim: [passage, ...]} in rank order; labels: {(claim, passage): {dimension: code}}."""
    pairs = [(c, p) for c, ps in hits.items() for p in ps]
    labelled = [labels[pair] for pair in pairs if labels.get(pair)]
    counts: dict[str, int] = {}
    for unit in labelled:
        for p in _patterns_of(book, unit):
            counts[p] = counts.get(p, 0) + 1
    r6 = decided = undecided = 0
    for claim, passages in hits.items():
        states = [book.is_off_topic(labels.get((claim, p), {})) for p in passages]
        if not passages:
            continue
        if any(s is False for s in states):
            decided += 1
        elif all(s is True for s in states):
            decided += 1
            r6 += 1
        elif any(labels.get((claim, p)) for p in passages):
            undecided += 1
    patterns = []
    for p in book.pattern_ids("R"):
        if p in cb.CLAIM_LEVEL_PATTERNS:
            patterns.append(PatternCount(p, book.patterns.get(p, p), r6, decided, _share(r6, decided)))
        else:
            n = counts.get(p, 0)
            patterns.append(PatternCount(p, book.patterns.get(p, p), n, len(labelled), _share(n, len(labelled))))
    quality = [book.is_high_quality(u) for u in labelled]
    n_decided = sum(q is not None for q in quality)
    n_hq = sum(q is True for q in quality)
    return RetrievalTaxonomy(run_id, len(pairs), len(labelled), patterns, undecided, _share(n_hq, n_decided), n_hq,
                             n_decided, _marginals(book, "evidence", labelled))


def verify_taxonomy(book: cb.Codebook, run_id: str, claim_ids: list[str],
                    labels: dict[str, dict[str, str]]) -> VerifyTaxonomy:
    """labels: {claim: {step: code}} for this verify run."""
    labelled = [labels[c] for c in claim_ids if labels.get(c)]
    counts: dict[str, int] = {}
    for unit in labelled:
        for p in _patterns_of(book, unit):
            counts[p] = counts.get(p, 0) + 1
    patterns = [PatternCount(p, book.patterns.get(p, p), counts.get(p, 0), len(labelled),
                             _share(counts.get(p, 0), len(labelled))) for p in book.pattern_ids("V")]
    return VerifyTaxonomy(run_id, len(claim_ids), len(labelled), patterns, _marginals(book, "reasoning", labelled))


@dataclass
class Taxonomy:
    codebook_version: int
    annotators: list[str] | None
    retrieval: list[RetrievalTaxonomy]
    verify: list[VerifyTaxonomy]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def project_taxonomy(project: Project, annotators: list[str] | None = None, include_llm: bool = False,
                     codebook_version: int | None = None) -> Taxonomy:
    """Taxonomy of every run with hits or verdicts, from the chosen raters' current first-pass labels
    (default: all human raters, the most recent label winning)."""
    book = codebook_versions.current(project, codebook_version)
    records = store.list_annotations(project)
    merged = ann.merged_labels([a for a in records if a.target in ("evidence", "reasoning")], annotators,
                               include_llm=include_llm)
    ev = {(u[1], u[2]): dims for u, dims in merged.items() if u[0] == "evidence"}
    reasoning: dict[str, dict[str, dict[str, str]]] = {}
    for u, dims in merged.items():
        if u[0] == "reasoning":
            reasoning.setdefault(u[2], {})[u[1]] = dims
    retrieval_out, verify_out = [], []
    kinds = store.runs_with_outputs(project)
    for run_id, has_hits, has_verdicts in kinds:
        if has_hits:
            hits = {c: [h.passage_id for h in hs] for c, hs in runs.get_hits(project, run_id).items()}
            retrieval_out.append(retrieval_taxonomy(book, run_id, hits, ev))
        if has_verdicts:
            claim_ids = sorted(runs.verdict_claim_ids(project, run_id))
            verify_out.append(verify_taxonomy(book, run_id, claim_ids, reasoning.get(run_id, {})))
    return Taxonomy(book.version, sorted(annotators) if annotators else None, retrieval_out, verify_out)
