"""Judge relevance scored against gold relevance (the CARE measurement, issue #33 item 5).

A unit is one (claim, passage) pair an evidence judge run labelled. Gold relevant: the passage is one
of the claim's gold evidence passages (HotpotQA supporting paragraphs, SciFact rationales, imported
gold). Judged relevant: engine.pipeline.judge.is_relevant (the polarity label is verdict-bearing; a
parse failure is not relevant). Over a set of units:
- accuracy = (TP + TN) / n, with a Wilson interval;
- precision = TP / (TP + FP) and recall = TP / (TP + FN) of the relevant label, each with a Wilson
  interval over its own denominator;
- F1 = 2TP / (2TP + FP + FN), with a percentile bootstrap interval over units (metrics.stats).
Breakdowns: by K (units whose passage is within the first K of the judged list), by question type and by
difficulty (HotpotQA's type and level) where the items carry them.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Sequence

import numpy as np

from factaudit.engine.metrics import stats
from factaudit.engine.metrics.prf import prf_from_counts

DEFAULT_KS = (1, 3, 5, 10)


@dataclass(frozen=True)
class JudgedUnit:
    claim_id: str
    passage_id: str
    gold: bool
    judged: bool
    rank: int | None = None            # the passage's place in the judged list (1 = first)
    question_type: str | None = None
    difficulty: str | None = None


@dataclass
class RelevanceFigures:
    n: int
    tp: int
    fp: int
    fn: int
    tn: int
    accuracy: float | None
    accuracy_ci: list[float] | None
    precision: float | None
    precision_ci: list[float] | None
    recall: float | None
    recall_ci: list[float] | None
    f1: float | None
    f1_ci: list[float] | None
    n_gold_relevant: int
    n_predicted_relevant: int

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _wilson(k: int, n: int) -> list[float] | None:
    ci = stats.wilson(k, n)
    return list(ci) if ci else None


def relevance_figures(gold: Sequence[bool], judged: Sequence[bool], n_resamples: int = stats.DEFAULT_RESAMPLES,
                      seed: int = stats.DEFAULT_SEED) -> RelevanceFigures:
    g = np.asarray(gold, dtype=bool)
    j = np.asarray(judged, dtype=bool)
    tp, fp = int((g & j).sum()), int((~g & j).sum())
    fn, tn = int((g & ~j).sum()), int((~g & ~j).sum())
    n = len(g)
    m = prf_from_counts(tp, fp, fn)
    f1_ci = stats.bootstrap_f1(g, j, n_resamples, seed) if n and (tp + fn) else None
    return RelevanceFigures(
        n=n, tp=tp, fp=fp, fn=fn, tn=tn,
        accuracy=(tp + tn) / n if n else None, accuracy_ci=_wilson(tp + tn, n),
        precision=m.precision, precision_ci=_wilson(tp, tp + fp),
        recall=m.recall, recall_ci=_wilson(tp, tp + fn),
        f1=m.f1, f1_ci=list(f1_ci) if f1_ci else None,
        n_gold_relevant=tp + fn, n_predicted_relevant=tp + fp,
    )


def judge_figures(units: Sequence[JudgedUnit], ks: Sequence[int] | None = None,
                  n_resamples: int = stats.DEFAULT_RESAMPLES, seed: int = stats.DEFAULT_SEED) -> dict[str, Any]:
    """Overall figures and the breakdowns by K, question type and difficulty (each left out when the
    units do not carry it, or carry one value only)."""
    def fig(us: Sequence[JudgedUnit]) -> dict[str, Any]:
        return relevance_figures([u.gold for u in us], [u.judged for u in us], n_resamples, seed).to_json()

    out: dict[str, Any] = {"overall": fig(units)}
    ranks = [u.rank for u in units if u.rank is not None]
    if ranks:
        depth = max(ranks)
        cut = sorted({k for k in (ks or DEFAULT_KS) if k < depth} | {depth})
        out["by_k"] = {str(k): fig([u for u in units if u.rank is not None and u.rank <= k]) for k in cut}
    for name, attr in (("by_question_type", "question_type"), ("by_difficulty", "difficulty")):
        values = sorted({getattr(u, attr) for u in units if getattr(u, attr)})
        if len(values) >= 2:
            out[name] = {v: fig([u for u in units if getattr(u, attr) == v]) for v in values}
    return out
