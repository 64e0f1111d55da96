"""What a rater package should hold before it is written (issue #35 item 1), and what a merge brought.

Agreement needs the same units labelled twice, so a package defaults to the units this project's own
raters (the first rater) already labelled, with an optional seeded sample on top for retest or more
overlap. The sender sees the overlap before anything is written; after a merge, `rater_overlap` says
how many units two people labelled and, when a list of disagreements is empty, why.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from factaudit.engine.audit import annotations as ann
from factaudit.engine.audit import raters as rt
from factaudit.engine.project import audit_store, rater_store
from factaudit.engine.project import status_store
from factaudit.engine.project.db import Project


@dataclass(frozen=True)
class RunChoice:
    """A run a package can be drawn from."""

    id: str
    created: str
    reasoning: bool          # verdicts with a model's reasoning (a classifier run has attribution instead)


@dataclass(frozen=True)
class SendPlan:
    target: str
    runs: list[RunChoice]                 # newest first; for reasoning only runs with reasoning
    run: str | None                       # the run the package would be drawn from
    first_raters: list[str]               # this project's own raters (merged raters and LLMs left out)
    labelled: dict[str, list[str]]        # unit id (claim or sentence) -> passages labelled (evidence) or []
    units_labelled: int                   # package units those make: the overlap before any extra sample

    def to_json(self) -> dict[str, Any]:
        return {"target": self.target, "runs": [r.id for r in self.runs], "run": self.run,
                "first_raters": self.first_raters, "units_labelled": self.units_labelled}


def _merged_ids(project: Project) -> set[str]:
    return set(rater_store.merges(project))


def _own_labels(project: Project, target: str) -> list[audit_store.Annotation]:
    """Current first-pass labels of this project's own people: no LLM, no adjudicator, nothing merged."""
    merged = _merged_ids(project)
    return [a for a in ann.current_labels(audit_store.list_annotations(project, target=target, people_only=True))
            .values() if a.pass_ == "first" and not rt.is_adjudicator(a.annotator) and a.id not in merged]


def package_runs(project: Project, target: str) -> list[RunChoice]:
    """Finished runs a package of `target` can come from, newest first: retrieval runs with hits for
    evidence; for reasoning only verify runs whose verdicts carry reasoning, so a package never asks a
    rater to judge a classifier's probabilities as if they were reasoning."""
    if target == "sentences":
        return []
    from factaudit.engine.project import classifier_store

    out = []
    for r in reversed(status_store.run_rows(project)):
        if r.status != "done":
            continue
        if target == "evidence" and r.has_hits:
            out.append(RunChoice(r.id, r.created, False))
        elif target == "reasoning" and r.has_verdicts and not classifier_store.has_verdict_evidence(project, r.id):
            out.append(RunChoice(r.id, r.created, True))
    return out


def labelled_units(project: Project, target: str, run: str | None) -> tuple[list[str], dict[str, list[str]]]:
    """(first raters, {unit: passages}) of what this project's own raters labelled for a target and run."""
    if target == "sentences":
        # the first rater of a sentence is the expert whose label came with the answers
        ids = [sid for sid, label in rater_store.sentence_labels(
            project, [s for s, _, _ in rater_store.answer_sentences(project)]).items() if label]
        return [], {s: [] for s in sorted(ids)}
    labels = _own_labels(project, target)
    if target == "evidence":
        hits = {c for c, _ in rater_store.run_claims(project, run, "retrieval_hits")} if run else set()
        pairs: dict[str, set[str]] = {}
        for a in labels:
            if a.claim_id in hits and a.passage_id:
                pairs.setdefault(a.claim_id, set()).add(a.passage_id)
        ranked = rater_store.hit_ranks(project, run, sorted(pairs)) if pairs else {}
        units = {c: sorted(ps, key=lambda p, c=c: (ranked.get((c, p), 10**9), p)) for c, ps in sorted(pairs.items())}
        units = {c: [p for p in ps if (c, p) in ranked] for c, ps in units.items()}
        units = {c: ps for c, ps in units.items() if ps}
        who = sorted({a.annotator for a in labels if a.claim_id in units and a.passage_id in units[a.claim_id]})
        return who, units
    mine = [a for a in labels if a.run_id == run]
    return sorted({a.annotator for a in mine}), {c: [] for c in sorted({a.claim_id for a in mine})}


def rater_send_plan(project: Project, target: str = "evidence", run: str | None = None) -> SendPlan:
    """The runs to choose from and the units the first rater labelled on the chosen one (default: the
    newest run where they labelled anything, else the newest run)."""
    if target not in rt.TARGETS:
        from factaudit.engine.errors import InvalidArgument

        raise InvalidArgument(f"unknown target {target!r}; expected one of {', '.join(rt.TARGETS)}")
    runs = package_runs(project, target)
    if run is None and runs:
        run = next((r.id for r in runs if labelled_units(project, target, r.id)[1]), runs[0].id)
    who, units = labelled_units(project, target, run)
    n = sum(len(ps) for ps in units.values()) if target == "evidence" else len(units)
    return SendPlan(target, runs, run, who, units, n)


# ---- after a merge ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RaterOverlap:
    """Units two or more people labelled (first pass), per target, and why a list of disagreements is empty."""

    people: list[str]
    units: dict[str, int] = field(default_factory=dict)          # target -> units labelled by >= 2 people
    dimensions: dict[str, int] = field(default_factory=dict)     # target -> dimensions with a pair to compare
    disagreements: int = 0

    @property
    def n_units(self) -> int:
        return sum(self.units.values())

    @property
    def why_empty(self) -> str | None:
        """one_rater | no_overlap | agree, or None when there are disagreements."""
        if self.disagreements:
            return None
        if len(self.people) < 2:
            return "one_rater"
        return "no_overlap" if not self.n_units else "agree"

    def to_json(self) -> dict[str, Any]:
        return {"people": self.people, "units": self.units, "dimensions": self.dimensions,
                "disagreements": self.disagreements, "why_empty": self.why_empty}


def rater_overlap(project: Project, target: str | None = None) -> RaterOverlap:
    """How many units two people labelled, on how many dimensions κ can be computed, how many disagree."""
    records = audit_store.list_annotations(project, people_only=True)
    by: dict[tuple, dict[str, str]] = {}
    people: set[str] = set()
    for a in ann.current_labels(records).values():
        if a.pass_ != "first" or a.target not in ("evidence", "reasoning") or rt.is_adjudicator(a.annotator):
            continue
        if target and a.target != target:
            continue
        people.add(a.annotator)
        by.setdefault((*a.unit, a.dimension), {})[a.annotator] = a.code
    units: dict[str, set] = {}
    dims: dict[str, set] = {}
    disagree = 0
    for key, codes in by.items():
        if len(codes) < 2:
            continue
        units.setdefault(key[0], set()).add(key[:3])
        dims.setdefault(key[0], set()).add(key[3])
        disagree += len(set(codes.values())) > 1
    if target in (None, "sentence", "sentences"):
        from factaudit.engine.services.rater_merging import sentence_disagreements, sentence_rating_labels

        _, rated = sentence_rating_labels(project)
        expert = {s for s, lab in rater_store.sentence_labels(project, list(rated)).items() if lab}
        both = expert.intersection(rated)
        if rated:
            people.update(r.annotator for r in rater_store.sentence_ratings(project)
                          if not rt.is_adjudicator(r.annotator))
        if both:
            people.add("expert")
            units["sentence"] = set(both)
            dims["sentence"] = {"label"}
            disagree += len(sentence_disagreements(project))
    return RaterOverlap(sorted(people), {t: len(u) for t, u in sorted(units.items())},
                        {t: len(d) for t, d in sorted(dims.items())}, disagree)


__all__ = ["RaterOverlap", "RunChoice", "SendPlan", "labelled_units", "package_runs",
           "rater_overlap", "rater_send_plan"]
