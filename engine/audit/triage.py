"""Disagreements between a verify run and the expert, and their triage.

Open regime (sentences with expert labels): under a mapping (R, R+NE, R+NE+A) a sentence is
predicted erroneous if any of its claims' verdicts is in the mapping; a disagreement is a sentence
where that differs from the expert label. Claim level uses the claim's inherited sentence label, or
its four-way gold label when it has no sentence (closed regime).

Triage outcome: retrieval error, verification error, or wrong gold label (the expert's call only).
Pre-fill rule (DESIGN.md): if no top-k passage is high quality and verdict-bearing, it is a retrieval
error, otherwise a verification error. "High quality" comes from the codebook and the evidence labels;
while the labels cannot decide it the pre-fill stays empty rather than guessing — except for a
classifier run's No Evidence verdict: the model itself found no retrieved sentence that bears on the
claim (no window reached the model's thresholds), so the pre-fill is a retrieval error, with the maxima as
the reason. For a classifier's other verdicts the reason names the sentence the verdict rests on
(its attribution), the passage to label first.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, NamedTuple

from factaudit.engine.audit import annotations as ann
from factaudit.engine.audit import codebook as cb, codebook_versions
from factaudit.engine.errors import InvalidArgument, NotFound
from factaudit.engine.metrics.classification import MAPPINGS
from factaudit.engine.project import audit_store as store
from factaudit.engine.project import classifier_store
from factaudit.engine.project import runs
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


def classifier_prefill(views: list[ClaimView], evidence: dict) -> tuple[str | None, str] | None:
    """For classifier runs whose labels do not decide: No Evidence on every relevant claim means the
    model found nothing verdict-bearing among the retrieved passages; otherwise say where to look."""
    rows = [evidence.get(v.claim_id) for v in views]
    if not views or any(r is None for r in rows):
        return None
    if all(v.verdict == "No Evidence" for v in views):
        maxima = "; ".join(f"max P(Supported) {r.maxima.get('Supported') or 0:.2f}, max P(Refuted) "
                           f"{r.maxima.get('Refuted') or 0:.2f}, most evidence in a window "
                           f"{max((1 - p[5] for p in r.pairs), default=0.0):.2f}" for r in rows)
        return "retrieval_error", f"no retrieved sentence bears on the claim by the classifier ({maxima})"
    where = next((v.attribution for v in views if v.attribution and v.verdict != "No Evidence"), None)
    return (None, f"label the passage the verdict rests on first ({where})") if where else None


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
    used: tuple[str, ...] = ()       # the passages the verifier says it used
    attribution: str | None = None   # classifier runs: the sentence the verdict rests on, with its probability


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


def evidence_labels(project: Project, annotators: list[str] | None = None,
                    claim_ids: list[str] | None = None) -> dict[str, dict[str, dict[str, str]]]:
    """{claim: {passage: {dimension: code}}}: human labels first, LLM pre-labels fill what humans left.
    `claim_ids` limits the read to those claims (a page of the Review list)."""
    records = store.list_annotations(project, target="evidence", claim_ids=claim_ids)
    human = ann.merged_labels(records, annotators)
    out: dict[str, dict[str, dict[str, str]]] = {}
    if annotators is None:
        llm = ann.merged_labels([a for a in records if ann.is_llm(a.annotator)], include_llm=True)
        for unit, dims in llm.items():
            out.setdefault(unit[1], {}).setdefault(unit[2], {}).update(dims)
    for unit, dims in human.items():
        out.setdefault(unit[1], {}).setdefault(unit[2], {}).update(dims)
    return out


class IndexRow(NamedTuple):
    """A disagreement without its evidence: enough to list, count and order it."""

    unit_id: str
    kind: str
    text: str
    expert: str
    predicted: str
    claim_ids: tuple[str, ...]       # the unit's claims (a sentence's claims, or the claim itself)
    relevant: tuple[str, ...]        # the claims whose evidence decides the pre-fill
    item_id: str | None = None
    expert_reason: str | None = None


@dataclass
class DisagreementIndex:
    """Every disagreement of a run under a mapping and level, from one lean read of the verdicts.
    `expand` adds evidence, pre-fill and triage for the rows one wants to show."""

    verify_run: str
    mapping: str
    level: str
    n_units: int
    n_unscored: int
    rows: list[IndexRow] = field(default_factory=list)
    triage: dict[str, str] = field(default_factory=dict)     # unit id -> current triage outcome

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for r in self.rows:
            out[r.kind] = out.get(r.kind, 0) + 1
        return out


UNSCORED = object()


def claim_disagreement(f: store.ClaimFact, flagged_set) -> tuple[str, str, str] | None | object:
    """(kind, expert, predicted) when the claim's verdict disagrees with its label under the mapping;
    UNSCORED for a parse failure or a missing verdict; None when it agrees or has no label."""
    if not f.active:
        return None
    if f.verdict is None or f.parse_status == "failed":
        return UNSCORED
    flagged = f.verdict in flagged_set
    if f.sentence_label is not None:
        if flagged == (f.sentence_label == "error"):
            return None
        return ("false_alarm" if flagged else "missed_error", f.sentence_label, "error" if flagged else "correct")
    if f.gold_label is None or f.verdict == f.gold_label:
        return None
    return "wrong_verdict", f.gold_label, f.verdict


def _check(project: Project, verify_run: str, mapping: str, level: str) -> None:
    if mapping not in MAPPINGS:
        raise InvalidArgument(f"unknown mapping {mapping!r}; expected one of {', '.join(MAPPINGS)}")
    if level not in ann.TRIAGE_LEVELS:
        raise InvalidArgument(f"unknown level {level!r}; expected one of {', '.join(ann.TRIAGE_LEVELS)}")
    runs.get_run(project, verify_run)


def disagreement_index(project: Project, verify_run: str, *, mapping: str = "R+NE", level: str = "sentence",
                       facts: dict[str, store.ClaimFact] | None = None, texts: bool = True) -> DisagreementIndex:
    """The disagreements of a run in order (sentences by item and position, claims by id). `facts`
    (from audit_store.claim_facts) can be passed in when the caller needs both levels."""
    _check(project, verify_run, mapping, level)
    facts = store.claim_facts(project, verify_run) if facts is None else facts
    if not facts:
        raise NotFound(f"{verify_run} has no verdicts")
    flagged_set = MAPPINGS[mapping]
    out = DisagreementIndex(verify_run, mapping, level, 0, 0)
    if level == "sentence":
        per_sentence = store.sentence_claims(project)
        sentences = ((s.id, s.item_id, s.text, s.label, s.reason) for s in store.labelled_sentences(project))
        out.rows, out.n_units, out.n_unscored = _sentence_rows(sentences, per_sentence, facts, flagged_set)
        # item ids in natural order (a2 before a10); the stable sort keeps each item's sentences in place
        out.rows.sort(key=lambda r: store.natural_key(r.item_id or ""))
    else:
        out.rows, out.n_units, out.n_unscored = _claim_rows(facts, flagged_set)
        out.rows.sort(key=lambda r: store.natural_key(r.unit_id))
        if texts:
            out.rows = _with_texts(project, out.rows)
    out.triage = {u: a.code for u, a in _current_triage(project, verify_run, level).items()}
    return out


def _ok(f: store.ClaimFact | None) -> bool:
    return f is not None and f.verdict is not None and f.parse_status != "failed"


def _sentence_rows(sentences, per_sentence: dict[str, list[str]], facts: dict[str, store.ClaimFact],
                   flagged_set) -> tuple[list[IndexRow], int, int]:
    """Sentence-level disagreements from (id, item_id, text, label, reason) tuples: (rows, scored, unscored)."""
    rows, n_units, n_unscored = [], 0, 0
    for sid, item_id, text, label, reason in sentences:
        cids = per_sentence.get(sid, [])
        if not cids or not all(_ok(facts.get(c)) for c in cids):
            if cids and any(c in facts for c in cids):
                n_unscored += 1
            continue
        n_units += 1
        flagged = [c for c in cids if facts[c].verdict in flagged_set]
        predicted, truth = bool(flagged), label == "error"
        if predicted == truth:
            continue
        rows.append(IndexRow(sid, "false_alarm" if predicted else "missed_error", text, label,
                             "error" if predicted else "correct", tuple(cids),
                             tuple(flagged) if predicted else tuple(cids), item_id, reason))
    return rows, n_units, n_unscored


def _claim_rows(facts: dict[str, store.ClaimFact], flagged_set) -> tuple[list[IndexRow], int, int]:
    rows, n_units, n_unscored = [], 0, 0
    for cid, f in facts.items():
        if not f.active:
            continue
        if not _ok(f):
            n_unscored += 1
            continue
        if f.sentence_label is None and f.gold_label is None:
            continue
        n_units += 1
        found = claim_disagreement(f, flagged_set)
        if found is not None:
            kind, expert, predicted = found
            rows.append(IndexRow(cid, kind, "", expert, predicted, (cid,), (cid,), f.item_id, None))
    return rows, n_units, n_unscored


def _with_texts(project: Project, rows: list[IndexRow]) -> list[IndexRow]:
    texts = {c: b.text for c, b in store.claim_briefs(project, [r.unit_id for r in rows]).items()}
    return [r._replace(text=texts.get(r.unit_id, "")) for r in rows]


@dataclass(frozen=True)
class PageCursor:
    """Where the next page of an index starts: the units in list order (natural order, which SQL cannot
    page by), read once with the first page, and the position reached."""

    units: tuple[str, ...]
    pos: int

    def take(self, limit: int) -> tuple[list[str], PageCursor | None]:
        end = self.pos + limit
        return list(self.units[self.pos:end]), (PageCursor(self.units, end) if end < len(self.units) else None)


@dataclass
class IndexPage:
    """One page of a disagreement index; `after` continues it (None: this was the last page)."""

    rows: list[IndexRow]
    n_units: int
    n_unscored: int
    after: PageCursor | None
    triage: dict[str, str] = field(default_factory=dict)      # filled on the first page only


def index_page(project: Project, verify_run: str, *, mapping: str = "R+NE", level: str = "sentence",
               after: PageCursor | None = None, limit: int = 2000) -> IndexPage:
    """The disagreements among the next `limit` verdicts (claim level) or labelled sentences (sentence
    level) in index order: the Review list fills page by page, the first page in a fraction of a second
    at any size. Concatenating every page gives `disagreement_index`. `after` is the previous page's."""
    flagged_set = MAPPINGS[mapping]
    triage: dict[str, str] = {}
    if after is None:
        _check(project, verify_run, mapping, level)
        if not store.claim_facts(project, verify_run, limit=1):
            raise NotFound(f"{verify_run} has no verdicts")
        triage = {u: a.code for u, a in _current_triage(project, verify_run, level).items()}
    elif not isinstance(after, PageCursor):
        raise InvalidArgument("index_page continues from the previous page's `after`")
    if after is None:
        # claims by id, sentences by item id, both in natural order (c2 before c10), as disagreement_index
        units = store.natural_claim_order(project, verify_run) if level == "claim" else store.labelled_sentence_order(project)
        after = PageCursor(units if isinstance(units, tuple) else tuple(units), 0)
    ids, nxt = after.take(limit)
    if level == "claim":
        found = store.claim_facts_for(project, verify_run, ids)
        rows, n_units, n_unscored = _claim_rows({c: found[c] for c in ids if c in found}, flagged_set)
        return IndexPage(_with_texts(project, rows), n_units, n_unscored, nxt, triage)
    sentences = store.labelled_sentences_by_id(project, ids)
    per_sentence = store.claims_of_sentences(project, [s[0] for s in sentences])
    facts = store.claim_facts_for(project, verify_run, [c for cs in per_sentence.values() for c in cs])
    rows, n_units, n_unscored = _sentence_rows(((s[0], s[1], s[3], s[4], s[5]) for s in sentences), per_sentence,
                                               facts, flagged_set)
    return IndexPage(rows, n_units, n_unscored, nxt, triage)


def expand(project: Project, index: DisagreementIndex, rows: list[IndexRow], *, retrieval_run: str | None = None,
           annotators: list[str] | None = None, k: int | None = None) -> list[Disagreement]:
    """Full disagreements (claims, top-k evidence, pre-fill, triage) for some rows of an index; reads
    only those rows' claims, so a page of the Review list costs the same in any size of project."""
    cids = list(dict.fromkeys(c for r in rows for c in r.claim_ids))
    verdicts = runs.get_verdicts(project, index.verify_run, claim_ids=cids)
    hits = store.hits_for_claims(project, retrieval_run, cids) if retrieval_run else {}
    labels = evidence_labels(project, annotators, claim_ids=cids)
    briefs = store.claim_briefs(project, cids)
    book = codebook_versions.current(project)
    flagged_set = MAPPINGS[index.mapping]
    triage = _current_triage(project, index.verify_run, index.level, [r.unit_id for r in rows])
    attribution = classifier_store.get_verdict_evidence(project, index.verify_run, claim_ids=cids)

    def view(cid: str) -> ClaimView:
        v = verdicts[cid]
        passages = [p for p, _rank in hits.get(cid, [])] or list(v.evidence_used or [])
        if k is not None:
            passages = passages[:k]
        c = briefs.get(cid)
        return ClaimView(cid, c.text if c else "", v.verdict, v.reasoning, v.verdict in flagged_set, passages,
                         evidence_state(book, passages, labels.get(cid, {})), c.gold_label if c else None,
                         tuple(v.evidence_used or ()), _attribution_text(attribution.get(cid)))

    out = []
    for r in rows:
        views = [view(c) for c in r.claim_ids]
        relevant = [v for v in views if v.claim_id in set(r.relevant)]
        out.append(_make(r.unit_id, index.level, r.kind, r.text, r.expert, r.predicted, views, relevant, triage,
                         r.item_id, r.expert_reason, attribution))
    return out


def _attribution_text(ev) -> str | None:
    if ev is None or ev.passage_id is None or ev.prob is None:
        return None
    first, last = (ev.detail or {}).get("sentences") or (None, None)
    sent = "" if first is None else f", sentence {first}" if first == last else f", sentences {first}-{last}"
    return f"P({ev.label}) = {ev.prob:.2f}, passage {ev.passage_id}{sent}"


def disagreements(project: Project, verify_run: str, *, mapping: str = "R+NE", level: str = "sentence",
                  retrieval_run: str | None = None, annotators: list[str] | None = None,
                  k: int | None = None) -> DisagreementSet:
    """Every disagreement with its evidence (the CLI, the report and the demo; the Review page pages
    through `disagreement_index` and `expand` instead)."""
    index = disagreement_index(project, verify_run, mapping=mapping, level=level)
    retrieval_run = retrieval_run or retrieval_run_of(project, verify_run)
    out = DisagreementSet(verify_run, retrieval_run, mapping, level, index.n_units, index.n_unscored)
    out.disagreements = expand(project, index, index.rows, retrieval_run=retrieval_run, annotators=annotators, k=k)
    return out


def _make(unit_id, level, kind, text, expert, predicted, views, relevant, triage, item_id, reason,
          attribution: dict) -> Disagreement:
    code, why = prefill([v.evidence for v in relevant])
    if code is None and attribution:
        code, why = classifier_prefill(relevant, attribution) or (code, why)
    current = triage.get(unit_id)
    return Disagreement(unit_id=unit_id, level=level, kind=kind, text=text, expert=expert, predicted=predicted,
                        claims=views, prefill=code, prefill_reason=why,
                        triage=current.code if current else None, triage_annotation=current.id if current else None,
                        triage_annotator=current.annotator if current else None, item_id=item_id,
                        expert_reason=reason)


def _current_triage(project: Project, verify_run: str, level: str,
                    unit_ids: list[str] | None = None) -> dict[str, ann.Annotation]:
    """The latest human triage decision per unit (of the given units only, when named)."""
    records = store.list_annotations(project, target="triage", run_id=verify_run, dimension=level, claim_ids=unit_ids)
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
