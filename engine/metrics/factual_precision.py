"""Factual precision without expert labels (issue #33 item 7): FActScore-style supported / verifiable
claims per answer and per run, and VeriScore's K-normalised F1@K.

For one answer (its claims with a verdict of one verify run):
- claims that `text.verifiable` marks as questions, advice or hedges are *filtered* (counted and
  listed with their reason, never scored);
- a verifiable claim whose reply did not parse is *unscored* (counted);
- C = the verifiable claims with a parsed verdict, S = those the verifier found Supported;
- precision = S / |C| (FActScore; undefined when |C| = 0);
- VeriScore (Song et al. 2024): R@K = min(S / K, 1), F1@K = 2·P·R@K / (P + R@K), 0 when S = 0. K is
  the median number of verifiable claims per answer on a dev set (VeriScore takes the median claim
  count over the responses of a dataset), so an answer that says less than a typical answer loses
  recall and one that says more cannot gain past 1.

For the run: `factscore` = the mean of the per-answer precisions over answers with |C| > 0 (FActScore
leaves out responses with nothing to score), with a percentile bootstrap interval over answers;
`pooled_precision` = ΣS / Σ|C| with a Wilson interval; `veriscore` = the mean F1@K over every answer
with at least one claim (an answer with no verifiable claim scores 0, as S = 0).

Beside them, where the claims' sentences carry expert labels: `expert_precision` = verifiable claims in
sentences the experts labelled correct / verifiable claims in labelled sentences (the clinicians'
answer to the same question), per answer and pooled, and the 2×2 of verifier-Supported × expert-correct
over those claims.
"""
from __future__ import annotations

import statistics
from dataclasses import asdict, dataclass, field
from typing import Any, Iterable, Sequence

from factaudit.engine.metrics import stats
from factaudit.engine.metrics.answer_audit import mean_interval
from factaudit.engine.text.verifiable import REASONS, unverifiable_reason


@dataclass
class ClaimCheck:
    claim_id: str
    item_id: str
    text: str
    verdict: str | None                  # None: the reply did not parse
    sentence_label: str | None = None    # expert label of the claim's sentence (correct / error)
    category: str | None = None


@dataclass
class AnswerPrecision:
    item_id: str
    category: str | None
    n_claims: int
    n_filtered: int
    n_unscored: int
    n_verifiable: int                    # |C|
    n_supported: int                     # S
    precision: float | None
    recall_at_k: float | None
    f1_at_k: float | None
    n_expert_labelled: int = 0
    expert_precision: float | None = None
    filtered_by_reason: dict[str, int] = field(default_factory=dict)


def median_k(verifiable_counts: Iterable[int]) -> float | None:
    """VeriScore's K: the median number of verifiable claims per answer (None without answers)."""
    counts = list(verifiable_counts)
    return float(statistics.median(counts)) if counts else None


def verifiable_counts(claims: Sequence[ClaimCheck]) -> dict[str, int]:
    """Verifiable claims with a parsed verdict per answer (the counts K is the median of)."""
    out: dict[str, int] = {}
    for c in claims:
        out.setdefault(c.item_id, 0)
        if c.verdict is not None and unverifiable_reason(c.text) is None:
            out[c.item_id] += 1
    return out


def _veriscore(s: int, c: int, k: float | None) -> tuple[float | None, float | None]:
    if k is None or k <= 0 or c == 0:
        return None, (0.0 if k else None)
    p, r = s / c, min(s / k, 1.0)
    return r, (2 * p * r / (p + r) if s else 0.0)


def per_answer(claims: Sequence[ClaimCheck], k: float | None) -> tuple[list[AnswerPrecision], list[dict[str, Any]]]:
    """One row per answer (in first-seen order) and the filtered claims with their reason."""
    groups: dict[str, list[ClaimCheck]] = {}
    for c in claims:
        groups.setdefault(c.item_id, []).append(c)
    rows, filtered = [], []
    for item_id, cs in groups.items():
        by_reason = {r: 0 for r in REASONS}
        scored: list[ClaimCheck] = []
        unscored = 0
        for c in cs:
            reason = unverifiable_reason(c.text)
            if reason is not None:
                by_reason[reason] += 1
                filtered.append({"claim_id": c.claim_id, "item_id": item_id, "text": c.text, "reason": reason})
            elif c.verdict is None:
                unscored += 1
            else:
                scored.append(c)
        s = sum(c.verdict == "Supported" for c in scored)
        recall, f1 = _veriscore(s, len(scored), k)
        labelled = [c for c in scored if c.sentence_label in ("correct", "error")]
        rows.append(AnswerPrecision(
            item_id, cs[0].category, len(cs), sum(by_reason.values()), unscored, len(scored), s,
            s / len(scored) if scored else None, recall, f1, len(labelled),
            (sum(c.sentence_label == "correct" for c in labelled) / len(labelled)) if labelled else None,
            by_reason))
    return rows, filtered


def summarise(claims: Sequence[ClaimCheck], k: float | None, *, n_resamples: int = stats.DEFAULT_RESAMPLES,
              seed: int = stats.DEFAULT_SEED) -> dict[str, Any]:
    """Run-level figures, the per-answer rows and the filtered claims."""
    rows, filtered = per_answer(claims, k)
    scored = [r for r in rows if r.precision is not None]
    precisions = [r.precision for r in scored]
    s_total = sum(r.n_supported for r in rows)
    c_total = sum(r.n_verifiable for r in rows)
    f1s = [r.f1_at_k for r in rows if r.f1_at_k is not None]
    out: dict[str, Any] = {
        "n_answers": len(rows), "n_answers_scored": len(scored), "n_claims": sum(r.n_claims for r in rows),
        "n_filtered": len(filtered),
        "filtered_by_reason": {reason: sum(r.filtered_by_reason[reason] for r in rows) for reason in REASONS},
        "n_unscored": sum(r.n_unscored for r in rows), "n_verifiable": c_total, "n_supported": s_total,
        "factscore": statistics.fmean(precisions) if precisions else None,
        "factscore_ci": mean_interval(precisions, n_resamples, seed),
        "pooled_precision": s_total / c_total if c_total else None,
        "pooled_precision_ci": stats.wilson(s_total, c_total),
        "k": k,
        "veriscore": statistics.fmean(f1s) if f1s and k else None,
        "veriscore_ci": mean_interval(f1s, n_resamples, seed) if k else None,
    }
    labelled = [c for c in claims if c.verdict is not None and unverifiable_reason(c.text) is None
                and c.sentence_label in ("correct", "error")]
    if labelled:
        correct = [c.sentence_label == "correct" for c in labelled]
        supported = [c.verdict == "Supported" for c in labelled]
        kc = sum(correct)
        expert_rows = [r.expert_precision for r in rows if r.expert_precision is not None]
        out["expert"] = {
            "n_claims": len(labelled), "expert_precision": kc / len(labelled),
            "expert_precision_ci": stats.wilson(kc, len(labelled)),
            "expert_precision_mean": statistics.fmean(expert_rows),
            "label_free_precision": sum(supported) / len(labelled),
            "gap": sum(supported) / len(labelled) - kc / len(labelled),
            "table": {"supported_correct": sum(s and c for s, c in zip(supported, correct)),
                      "supported_error": sum(s and not c for s, c in zip(supported, correct)),
                      "not_supported_correct": sum(c and not s for s, c in zip(supported, correct)),
                      "not_supported_error": sum(not s and not c for s, c in zip(supported, correct))},
        }
    out["answers"] = [asdict(r) for r in rows]
    out["filtered"] = filtered
    return out
