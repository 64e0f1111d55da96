"""Precision, recall and F1 of a positive class: the one definition every score in the app uses
(error detection in classification, paired comparisons in stats, conflict detection, CARE relevance).

    precision = TP / (TP + FP)      recall = TP / (TP + FN)      F1 = 2·TP / (2·TP + FP + FN)

Zero-division rule: a figure whose denominator is 0 is *undefined*, never 0. A single figure is
then None (shown as "n/a", written as null in JSON); in arrays of resampled counts it is NaN, which
percentile intervals drop. Reporting 0 would claim a measured failure where nothing was measured
(a verifier that flagged nothing has no precision, not a precision of 0). F1 written with counts
is defined whenever TP + FP + FN > 0, so F1 = 0 (not None) when there were positives or positive
predictions but no true positive.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Sequence

import numpy as np


def ratio(numerator: float, denominator: float) -> float | None:
    """numerator / denominator, None when the denominator is 0 (the rule above, for any share)."""
    return numerator / denominator if denominator else None


@dataclass(frozen=True)
class PRF:
    tp: int
    fp: int
    fn: int
    precision: float | None
    recall: float | None
    f1: float | None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def prf_from_counts(tp: int, fp: int, fn: int) -> PRF:
    return PRF(tp, fp, fn, ratio(tp, tp + fp), ratio(tp, tp + fn), ratio(2 * tp, 2 * tp + fp + fn))


def prf_from_labels(gold: Sequence[bool], predicted: Sequence[bool]) -> PRF:
    """P/R/F1 of the positive class (True) from paired gold and predicted flags."""
    if len(gold) != len(predicted):
        raise ValueError(f"gold and predicted differ in length ({len(gold)} vs {len(predicted)})")
    tp = sum(1 for g, p in zip(gold, predicted) if g and p)
    fp = sum(1 for g, p in zip(gold, predicted) if p and not g)
    fn = sum(1 for g, p in zip(gold, predicted) if g and not p)
    return prf_from_counts(tp, fp, fn)


def _ratio_array(numerator, denominator) -> np.ndarray:
    numerator, denominator = np.asarray(numerator, dtype=float), np.asarray(denominator, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(denominator > 0, numerator / np.where(denominator > 0, denominator, 1), np.nan)


def f1_from_counts(tp, fp, fn) -> np.ndarray:
    """F1 elementwise over arrays of counts (bootstrap resamples); NaN where undefined."""
    tp, fp, fn = (np.asarray(x, dtype=float) for x in (tp, fp, fn))
    return _ratio_array(2 * tp, 2 * tp + fp + fn)


def recall_from_counts(tp, fn) -> np.ndarray:
    """Recall elementwise over arrays of counts; NaN where undefined."""
    tp, fn = np.asarray(tp, dtype=float), np.asarray(fn, dtype=float)
    return _ratio_array(tp, tp + fn)
