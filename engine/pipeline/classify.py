"""Verdicts from a classifier verifier: score every (evidence window, claim) pair of a claim's top-k
passages and apply the model's rule (DESIGN.md "Classifier verifiers"; verifier.json "thresholds"):

Rule "maxima" (NLI-trained models; per label the maximum over all windows of all passages):

    Supported   if max P(S) >= τ_s and max P(R) <  τ_r
    Refuted     if max P(R) >= τ_r and max P(S) <  τ_s
    Ambiguous   if max P(S) >= τ_s and max P(R) >= τ_r   (passages support and refute)
    No Evidence otherwise

Rule "evidence_stance" (the embedded model): a window's evidence is 1 - P(No Evidence) and its stance
Supported if log P(S) - log P(R) >= b (the stance bias, 0 by default: P(S) >= P(R)), else Refuted. The window with the most evidence over all passages decides:

    No Evidence if its evidence < τ_e
    Ambiguous   if its evidence >= τ_c and another passage's best window has evidence >= τ_c and the
                opposite stance (passages support and refute)
    otherwise its stance

Why two: a small model fine-tuned on few pairs ranks evidence well and tells support from refutation
on the window it is surest holds evidence, but its raw P(S) and P(R) maxima over ~30 windows are
both high on topical text, so "maxima" calls most claims Ambiguous or No Evidence.

A binary model (no contradiction label) has no P(R): it never yields Refuted or Ambiguous.
The driving window is kept for attribution: under "maxima" the argmax of the winning label
(Supported, Refuted; for Ambiguous the stronger of the two; for No Evidence the window with the
highest max(P(S), P(R))); under "evidence_stance" the deciding window. Ties go to the earlier window
(passage rank order, then position). No passage with text (no windows) is No Evidence with no
attribution. A claim too long for the model's max_length gets longer pairs (up to the model's position
limit) and shorter evidence windows (classify_windows.pair_limit); its result keeps the pair limit used
(`long_claim`), so a run counts such claims. Only a claim too long for the position limit itself is a
per-claim failure (parse_status "failed", no verdict), never a truncation.

    model = classifier.open_classifier(folder, name="minilm-verifier", threads=1)
    results = classify_claims(model, [ClaimInput("c1", "Aspirin reduces fever.", passages)])
    classifier_store.add_classifier_verdict(project, run_id, *results[0].records(latency_ms))
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np

from factaudit.engine.models.classifier_folder import NO_EVIDENCE, REFUTED, SUPPORTED, Thresholds
from factaudit.engine.pipeline.classify_windows import ClaimTooLong, Window, pair_limit, passage_windows
from factaudit.engine.project.records import VerdictEvidence, VerdictRecord

AMBIGUOUS = "Ambiguous"
PROB_DIGITS = 6       # stored per-pair probabilities are rounded to this many decimals


@dataclass(frozen=True)
class ClassifyPassage:
    id: str
    text: str
    sentence_spans: Sequence[Sequence[int]] | None = None   # the project's stored spans, if any


@dataclass(frozen=True)
class ClaimInput:
    id: str
    text: str
    passages: Sequence[Any]      # ClassifyPassage, PassageRow or anything with .id, .text (.sentence_spans)


@dataclass(frozen=True)
class Attribution:
    passage_id: str
    start: int                   # characters in the passage text
    end: int
    first: int                   # 1-based sentence numbers of the window
    last: int
    label: str                   # the column the probability is of: Supported | Refuted
    prob: float

    def where(self) -> str:
        sent = f"sentence {self.first}" if self.first == self.last else f"sentences {self.first}-{self.last}"
        return f"Passage {self.passage_id}, {sent}"

    def to_json(self) -> dict[str, Any]:
        return {"passage_id": self.passage_id, "start": self.start, "end": self.end, "first": self.first,
                "last": self.last, "label": self.label, "prob": round(self.prob, PROB_DIGITS)}


@dataclass
class ClaimResult:
    claim_id: str
    verdict: str | None                          # None when the claim failed
    maxima: dict[str, float | None]              # per verdict column; Refuted None for a binary model
    driving: Attribution | None = None
    best_support: Attribution | None = None
    best_refute: Attribution | None = None
    pairs: list[list] = field(default_factory=list)   # [passage_id, start, end, P(S), P(R)|None, P(NE)]
    binary: bool = False
    failure: str | None = None
    long_claim: int | None = None     # the pair limit used when the claim outgrew max_length

    def reasoning(self) -> str:
        if self.failure:
            return self.failure
        note = (f" (claim too long for the model's window: pairs of up to {self.long_claim} tokens, "
                "shorter evidence windows)") if self.long_claim else ""
        if self.driving is None:
            return "No passage had text to score: No Evidence." + note
        others = ", ".join(f"max P({k})={v:.3f}" for k, v in self.maxima.items()
                           if v is not None and k != self.driving.label)
        return (f"{self.driving.where()}: P({self.driving.label})={self.driving.prob:.3f}"
                + (f"; {others}" if others else "") + note)

    def records(self, latency_ms: float | None = None) -> tuple[VerdictRecord, VerdictEvidence]:
        """The verdict row (same semantics as the LLM backends') and its attribution row."""
        verdict = VerdictRecord(
            claim_id=self.claim_id, verdict=self.verdict, parse_status="failed" if self.failure else "ok",
            reasoning=self.reasoning(), evidence_used=[self.driving.passage_id] if self.driving else [],
            raw_output=json.dumps({"maxima": self.maxima, "binary": self.binary,
                                   **({"long_claim": self.long_claim} if self.long_claim else {})}, sort_keys=True),
            latency_ms=latency_ms)
        d = self.driving
        evidence = VerdictEvidence(
            claim_id=self.claim_id, passage_id=d.passage_id if d else None, span_start=d.start if d else None,
            span_end=d.end if d else None, label=d.label if d else None, prob=d.prob if d else None,
            maxima=dict(self.maxima), pairs=self.pairs,
            detail={"sentences": [d.first, d.last] if d else None, "binary": self.binary,
                    "best_support": self.best_support.to_json() if self.best_support else None,
                    "best_refute": self.best_refute.to_json() if self.best_refute else None,
                    "failure": self.failure, **({"long_claim": self.long_claim} if self.long_claim else {})})
        return verdict, evidence


def verdict_rule(max_s: float, max_r: float | None, thresholds: Thresholds) -> str:
    """Rule "maxima" on the per-label maxima (max_r None: a binary model, never Refuted)."""
    s = max_s >= thresholds.supported
    r = max_r is not None and max_r >= thresholds.refuted
    if s and r:
        return AMBIGUOUS
    if s:
        return SUPPORTED
    if r:
        return REFUTED
    return NO_EVIDENCE


def evidence_stance_rule(windows: Sequence[Window], p_s: np.ndarray, p_r: np.ndarray | None, p_n: np.ndarray,
                         thresholds: Thresholds) -> tuple[str, int, str]:
    """Rule "evidence_stance": (verdict, deciding window index, its stance)."""
    evidence = 1.0 - p_n
    if p_r is None:
        stance_s = np.ones(len(windows), dtype=bool)
    elif thresholds.stance:
        tiny = np.finfo(np.float64).tiny
        stance_s = (np.log(np.maximum(p_s, tiny)) - np.log(np.maximum(p_r, tiny))) >= thresholds.stance
    else:
        stance_s = p_s >= p_r
    top = int(np.argmax(evidence))
    stance = SUPPORTED if stance_s[top] else REFUTED
    if evidence[top] < thresholds.evidence:
        return NO_EVIDENCE, top, stance
    if evidence[top] >= thresholds.conflict:
        best: dict[str, int] = {}
        for i, w in enumerate(windows):
            j = best.get(w.passage_id)
            if j is None or evidence[i] > evidence[j]:
                best[w.passage_id] = i
        if any(evidence[i] >= thresholds.conflict and stance_s[i] != stance_s[top] for i in best.values()):
            return AMBIGUOUS, top, stance
    return stance, top, stance


def _attr(w: Window, label: str, p: float) -> Attribution:
    return Attribution(w.passage_id, w.start, w.end, w.first, w.last, label, float(p))


def decide(claim_id: str, windows: list[Window], p_s: np.ndarray, p_r: np.ndarray | None, p_n: np.ndarray,
           thresholds: Thresholds) -> ClaimResult:
    """Verdict, maxima, attribution and compact pairs for one claim's scored windows."""
    binary = p_r is None
    pairs = [[w.passage_id, w.start, w.end, round(float(p_s[i]), PROB_DIGITS),
              None if binary else round(float(p_r[i]), PROB_DIGITS), round(float(p_n[i]), PROB_DIGITS)]
             for i, w in enumerate(windows)]
    if not windows:
        return ClaimResult(claim_id, NO_EVIDENCE, {SUPPORTED: 0.0, REFUTED: None if binary else 0.0, NO_EVIDENCE: 0.0},
                           binary=binary)
    i_s = int(np.argmax(p_s))
    maxima = {SUPPORTED: float(p_s[i_s]), REFUTED: None, NO_EVIDENCE: float(np.max(p_n))}
    best_s, best_r = _attr(windows[i_s], SUPPORTED, p_s[i_s]), None
    if not binary:
        i_r = int(np.argmax(p_r))
        maxima[REFUTED] = float(p_r[i_r])
        best_r = _attr(windows[i_r], REFUTED, p_r[i_r])
    if thresholds.rule == "evidence_stance":
        verdict, j, stance = evidence_stance_rule(windows, p_s, p_r, p_n, thresholds)
        driving = _attr(windows[j], stance, p_s[j] if stance == SUPPORTED else p_r[j])
        return ClaimResult(claim_id, verdict, maxima, driving, best_s, best_r, pairs, binary)
    verdict = verdict_rule(maxima[SUPPORTED], maxima[REFUTED], thresholds)
    if verdict == SUPPORTED:
        driving = best_s
    elif verdict == REFUTED:
        driving = best_r
    elif verdict == AMBIGUOUS:
        driving = best_r if best_r.prob > best_s.prob else best_s
    else:
        strongest = p_s if binary else np.maximum(p_s, p_r)
        j = int(np.argmax(strongest))
        label = SUPPORTED if binary or p_s[j] >= p_r[j] else REFUTED
        driving = _attr(windows[j], label, strongest[j])
    return ClaimResult(claim_id, verdict, maxima, driving, best_s, best_r, pairs, binary)


def claim_windows(model, claim: ClaimInput, lang: str = "en") -> list[Window]:
    """Every passage's windows for this claim, in passage order (ClaimTooLong from the budget)."""
    spec = model.spec
    out: list[Window] = []
    for p in claim.passages:
        out.extend(passage_windows(model, str(p.id), p.text or "", claim.text, max_length=spec.max_length,
                                   window=spec.window, stride=spec.stride,
                                   spans=getattr(p, "sentence_spans", None), lang=lang,
                                   positions=getattr(spec, "positions", None)))
    return out


def claim_limit(model, claim: ClaimInput) -> int:
    """The pair limit of this claim's windows (ClaimTooLong when even the position limit is short)."""
    spec = model.spec
    return pair_limit(model, claim.text, spec.max_length, getattr(spec, "positions", None))


def classify_claims(model, claims: Sequence[ClaimInput], *, thresholds: Thresholds | None = None,
                    lang: str = "en") -> list[ClaimResult]:
    """One result per claim, in order; all their pairs are scored together so batches fill up.
    `thresholds` overrides the model's (e.g. from --thresholds FILE)."""
    thresholds = thresholds or model.thresholds
    plans: list[tuple[ClaimInput, list[Window] | str, int | None]] = []
    pairs: list[tuple[str, str]] = []
    top = model.spec.max_length
    for c in claims:
        try:
            limit = claim_limit(model, c)
            ws = claim_windows(model, c, lang)
        except ClaimTooLong as exc:
            plans.append((c, str(exc), None))
            continue
        plans.append((c, ws, limit if limit > model.spec.max_length else None))
        top = max(top, limit)
        pairs.extend((w.text, c.text) for w in ws)
    probs = model.score(pairs, top) if top > model.spec.max_length else model.score(pairs)
    cols = model.verdict_columns(probs)
    out, pos = [], 0
    for c, ws, long_claim in plans:
        if isinstance(ws, str):
            out.append(ClaimResult(c.id, None, {SUPPORTED: None, REFUTED: None, NO_EVIDENCE: None},
                                   binary=model.binary, failure=ws))
            continue
        sl = slice(pos, pos + len(ws))
        pos += len(ws)
        p_r = cols[REFUTED]
        res = decide(c.id, ws, cols[SUPPORTED][sl], None if p_r is None else p_r[sl], cols[NO_EVIDENCE][sl],
                     thresholds)
        res.long_claim = long_claim
        out.append(res)
    return out


def classify_claim(model, claim: ClaimInput, *, thresholds: Thresholds | None = None,
                   lang: str = "en") -> tuple[ClaimResult, float]:
    """One claim and the milliseconds it took (for the verdict row's latency_ms)."""
    t0 = time.perf_counter()
    result = classify_claims(model, [claim], thresholds=thresholds, lang=lang)[0]
    return result, (time.perf_counter() - t0) * 1000.0
