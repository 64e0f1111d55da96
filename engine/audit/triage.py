"""Disagreements between a verify run and the expert, and their triage.

Open regime (sentences with expert labels): under a mapping (R, R+NE, R+NE+A) a sentence is
predicted erroneous if any of its claims' verdicts is in the mapping; a disagreement is a sentence
where that differs from the expert label. Claim level uses the claim's inherited sentence label, or
its four-way gold label when it has no sentence (closed regime).

Triage outcome: retrieval error, verification error, or wrong gold label (the expert's call only).
Pre-fill rule (DESIGN.md): if no top-k passage is high quality and verdict-bearing, it is a retrieval
error, otherwise a verification error. "High quality" comes from the codebook and the evidence labels;
while the labels cannot decide it the pre-fill stays empty rather than guessing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from factaudit.engine.audit import annotations as ann
from factaudit.engine.audit import codebook as cb
from factaudit.engine.errors import InvalidArgument, NotFound
from factaudit.engine.metrics.classification import MAPPINGS
from factaudit.engine.project import audit_store as store
from factaudit.engine.project import queries, runs
from factaudit.engine.project.db import Project

# Evidence state of one claim's top-k list.
HAS_HIGH_QUALITY = "high_quality"     # some passage is high quality (and so verdict-bearing)
NO_HIGH_QUALITY = "none"              # every passage is labelled enough to rule it out
UNDECIDED = "undecided"               # some passage lacks the labels that would decide


def evidence_state(codebook: cb.Codebook, passage_ids: Iterable[str], labels: dict[str, dict[str, str]]) -> str:
    """labels: {passage_id: {dimension: code}} for this claim."""
    undecided = False
    for pid in passage_ids:
        hq = codebook.is_high_quality(labels.get(pid, {}))
        if hq:
            return HAS_HIGH_QUALITY
        if hq is None:
            undecided = True
    return UNDECIDED if undecided else NO_HIGH_QUALITY


def prefill(states: list[str]) -> tuple[str | None, str]:
    """The pre-filled triage from the evidence states of the claims that matter, with the reason."""
    if any(s == HAS_HIGH_QUALITY for s in states):
        return "verification_error", "a top-k passage is high quality and verdict-bearing"
    if states and all(s == NO_HIGH_QUALITY for s in states):
        return "retrieval_error", "no top-k passage is high quality and verdict-bearing"
    if not states:
        return None, "no claims to judge"
    return None, "label the retrieved passages to pre-fill (some are not rated on every quality dimension)"


@dataclass
class ClaimView:
    claim_id: str
    text: str
    verdict: str | None
    reasoning: str | None
    flagged: bool                    # the verdict counts as "error" under the mapping
    passages: list[str]              # top-k passage ids in rank order
    evidence: str                    # high_quality | none | undecided
    gold_label: str | None = None


@dataclass
class Disagreement:
    unit_id: str                     # sentence id (level sentence) or claim id (level claim)
    level: str
    kind: str                        # missed_error | false_alarm | wrong_verdict
    text: str
    expert: str                      # the expert's label: correct | error | a gold verdict
    predicted: str                   # error | correct | the system verdict
    claims: list[ClaimView]
    prefill: str | None
    prefill_reason: str
    triage: str | None = None        # the expert's current decision, if any
    triage_annotation: str | None = None
    triage_annotator: str | None = None
    item_id: str | None = None
    expert_reason: str | None = None


@dataclass
class DisagreementSet:
    verify_run: str
    retrieval_run: str | None
    mapping: str
    level: str
    n_units: int                     # scored units
    n_unscored: int                  # units left out (no verdicts, or a parse failure)
    disagreements: list[Disagreement] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for d in self.disagreements:
            out[d.kind] = out.get(d.kind, 0) + 1
        return out


def retrieval_run_of(project: Project, verify_run: str) -> str | None:
    """The retrieval run a verify run read its passages from (named in its config)."""
    info = runs.get_run(project, verify_run)
    for key in ("retrieval_run", "retrieval_run_id", "retrieve_run", "retrieval"):
        value = info.config.get(key)
        if isinstance(value, str) and value:
            return value
    return None


def evidence_labels(project: Project, annotators: list[str] | None = None) -> dict[str, dict[str, dict[str, str]]]:
    """{claim: {passage: {dimension: code}}}: human labels first, LLM pre-labels fill what humans left."""
    records = store.list_annotations(project, target="evidence")
    human = ann.merged_labels(records, annotators)
    out: dict[str, dict[str, dict[str, str]]] = {}
    if annotators is None:
        llm = ann.merged_labels([a for a in records if ann.is_llm(a.annotator)], include_llm=True)
        for unit, dims in llm.items():
            out.setdefault(unit[1], {}).setdefault(unit[2], {}).update(dims)
    for unit, dims in human.items():
        out.setdefault(unit[1], {}).setdefault(unit[2], {}).update(dims)
    return out


def disagreements(project: Project, verify_run: str, *, mapping: str = "R+NE", level: str = "sentence",
                  retrieval_run: str | None = None, annotators: list[str] | None = None,
                  k: int | None = None) -> DisagreementSet:
    if mapping not in MAPPINGS:
        raise InvalidArgument(f"unknown mapping {mapping!r}; expected one of {', '.join(MAPPINGS)}")
    if level not in ann.TRIAGE_LEVELS:
        raise InvalidArgument(f"unknown level {level!r}; expected one of {', '.join(ann.TRIAGE_LEVELS)}")
    runs.get_run(project, verify_run)
    retrieval_run = retrieval_run or retrieval_run_of(project, verify_run)
    verdicts = runs.get_verdicts(project, verify_run)
    if not verdicts:
        raise NotFound(f"{verify_run} has no verdicts")
    hits = runs.get_hits(project, retrieval_run) if retrieval_run else {}
    book = cb.current(project)
    labels = evidence_labels(project, annotators)
    flagged_set = MAPPINGS[mapping]
    claims = {c.id: c for c in queries.list_claims(project, ids=list(verdicts))}

    def view(cid: str) -> ClaimView:
        v = verdicts[cid]
        used = v.evidence_used
        passages = [h.passage_id for h in hits.get(cid, [])] or list(used or [])
        if k is not None:
            passages = passages[:k]
        c = claims.get(cid)
        return ClaimView(cid, c.text if c else "", v.verdict, v.reasoning, v.verdict in flagged_set, passages,
                         evidence_state(book, passages, labels.get(cid, {})), c.gold_label if c else None)

    def ok(cid: str) -> bool:
        v = verdicts.get(cid)
        return v is not None and v.verdict is not None and v.parse_status != "failed"

    triage = _current_triage(project, verify_run, level)
    out = DisagreementSet(verify_run, retrieval_run, mapping, level, 0, 0)
    if level == "sentence":
        per_sentence = store.sentence_claims(project)
        for s in store.labelled_sentences(project):
            cids = per_sentence.get(s.id, [])
            if not cids or not all(ok(c) for c in cids):
                if cids and any(c in verdicts for c in cids):
                    out.n_unscored += 1
                continue
            out.n_units += 1
            views = [view(c) for c in cids]
            predicted = any(v.flagged for v in views)
            truth = s.label == "error"
            if predicted == truth:
                continue
            kind = "false_alarm" if predicted else "missed_error"
            relevant = [v for v in views if v.flagged] if predicted else views
            out.disagreements.append(_make(s.id, level, kind, s.text, s.label, "error" if predicted else "correct",
                                           views, relevant, triage, s.item_id, s.reason))
    else:
        for cid in verdicts:
            c = claims.get(cid)
            if c is None:
                continue
            if not ok(cid):
                out.n_unscored += 1
                continue
            if c.sentence_label is None and c.gold_label is None:
                continue
            out.n_units += 1
            v = view(cid)
            if c.sentence_label is not None:
                truth = c.sentence_label == "error"
                if v.flagged == truth:
                    continue
                kind = "false_alarm" if v.flagged else "missed_error"
                expert, predicted = c.sentence_label, "error" if v.flagged else "correct"
            else:
                if v.verdict == c.gold_label:
                    continue
                kind, expert, predicted = "wrong_verdict", c.gold_label, v.verdict
            out.disagreements.append(_make(cid, level, kind, c.text, expert, predicted, [v], [v], triage,
                                           c.item_id, None))
    return out


def _make(unit_id, level, kind, text, expert, predicted, views, relevant, triage, item_id, reason) -> Disagreement:
    code, why = prefill([v.evidence for v in relevant])
    current = triage.get(unit_id)
    return Disagreement(unit_id=unit_id, level=level, kind=kind, text=text, expert=expert, predicted=predicted,
                        claims=views, prefill=code, prefill_reason=why,
                        triage=current.code if current else None, triage_annotation=current.id if current else None,
                        triage_annotator=current.annotator if current else None, item_id=item_id,
                        expert_reason=reason)


def _current_triage(project: Project, verify_run: str, level: str) -> dict[str, ann.Annotation]:
    """The latest human triage decision per unit."""
    records = store.list_annotations(project, target="triage", run_id=verify_run, dimension=level)
    out: dict[str, ann.Annotation] = {}
    for a in sorted(ann.current_labels(records).values(), key=lambda r: (r.created, r.seq)):
        if a.pass_ == "first":
            out[a.claim_id] = a
    return out


def set_triage(project: Project, verify_run: str, unit_id: str, code: str, annotator: str, *,
               level: str = "sentence", note: str | None = None, blind: bool = False) -> ann.Annotation:
    """Record the expert's triage of one disagreement (a correction supersedes the previous one)."""
    if code not in ann.TRIAGE_CODES:
        raise InvalidArgument(f"{code!r} is not a triage outcome ({', '.join(ann.TRIAGE_CODES)})")
    return ann.annotate(project, target="triage", claim_id=unit_id, run_id=verify_run, dimension=level, code=code,
                        annotator=annotator, note=note, blind=blind)


def triage_summary(ds: DisagreementSet) -> dict[str, object]:
    """Decided outcomes, pre-fill coverage and how often the expert kept the pre-fill."""
    decided = [d for d in ds.disagreements if d.triage]
    outcomes: dict[str, int] = {c: 0 for c in ann.TRIAGE_CODES}
    prefilled: dict[str, int] = {c: 0 for c in ann.TRIAGE_CODES[:2]}
    for d in ds.disagreements:
        if d.prefill:
            prefilled[d.prefill] += 1
    for d in decided:
        outcomes[d.triage] += 1
    both = [d for d in decided if d.prefill]
    kept = sum(d.prefill == d.triage for d in both)
    return {"n_disagreements": len(ds.disagreements), "n_decided": len(decided), "outcomes": outcomes,
            "prefilled": prefilled, "n_prefill_undecided": sum(d.prefill is None for d in ds.disagreements),
            "prefill_kept": kept, "prefill_kept_share": kept / len(both) if both else None}
