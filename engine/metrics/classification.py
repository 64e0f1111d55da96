"""Open-regime error detection (positive class = "contains an error") and closed-regime verdict scores.

Pure functions over plain records; engine/services/scoring.py feeds them from the project.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Iterable, Sequence

import numpy as np

from factaudit.engine.metrics import stats
from factaudit.engine.metrics.prf import prf_from_counts

VERDICTS = ("Supported", "Refuted", "No Evidence", "Ambiguous")

# Which verdicts count as "the verifier says this is wrong". All are reported side by side because
# a pipeline's headline figure moves a lot with this choice.
MAPPINGS: dict[str, frozenset[str]] = {
    "R": frozenset({"Refuted"}),
    "R+NE": frozenset({"Refuted", "No Evidence"}),
    "R+NE+A": frozenset({"Refuted", "No Evidence", "Ambiguous"}),
}
LEVELS = ("sentence", "claim")


def flags_error(verdict: str, mapping: str) -> bool:
    return verdict in MAPPINGS[mapping]


@dataclass
class UnitRecord:
    """One scored unit (a sentence or a claim): its expert label and the verdicts that decide it."""

    id: str
    truth: bool                       # expert says it contains an error
    verdicts: list[str]               # parsed verdicts of its claims (one for a claim)
    category: str | None = None
    item_id: str | None = None

    def predicted(self, mapping: str) -> bool:
        # a sentence is predicted erroneous if any of its claims is
        return any(flags_error(v, mapping) for v in self.verdicts)


@dataclass
class MappingScore:
    tp: int
    fp: int
    fn: int
    tn: int
    precision: float | None
    recall: float | None
    f1: float | None
    precision_ci: list[float] | None
    recall_ci: list[float] | None
    f1_ci: list[float] | None
    n: int = 0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def score_counts(tp: int, fp: int, fn: int, tn: int, *, n_resamples: int = stats.DEFAULT_RESAMPLES,
                 seed: int = stats.DEFAULT_SEED, y_true: np.ndarray | None = None, y_pred: np.ndarray | None = None,
                 strata: np.ndarray | None = None) -> MappingScore:
    """P, R, F1 with Wilson intervals on P and R and a percentile bootstrap interval on F1."""
    scores = prf_from_counts(tp, fp, fn)    # undefined figures are None (metrics.prf)
    p_ci = stats.wilson(tp, tp + fp)
    r_ci = stats.wilson(tp, tp + fn)
    if y_true is None:
        f1_ci = stats.bootstrap_f1_from_counts(tp, fp, fn, tn, n_resamples, seed)
    else:
        f1_ci = stats.bootstrap_f1(y_true, y_pred, n_resamples, seed, strata)
    as_list = lambda ci: [ci[0], ci[1]] if ci is not None else None  # noqa: E731
    return MappingScore(tp, fp, fn, tn, scores.precision, scores.recall, scores.f1, as_list(p_ci), as_list(r_ci), as_list(f1_ci),
                        n=tp + fp + fn + tn)


def confusion(y_true: np.ndarray, y_pred: np.ndarray) -> tuple[int, int, int, int]:
    t, p = np.asarray(y_true, dtype=bool), np.asarray(y_pred, dtype=bool)
    return int(np.sum(t & p)), int(np.sum(~t & p)), int(np.sum(t & ~p)), int(np.sum(~t & ~p))


_BIT = {v: 1 << i for i, v in enumerate(VERDICTS)}
_MAPPING_BITS = {m: sum(_BIT[v] for v in vs) for m, vs in MAPPINGS.items()}


def _truth_and_masks(units: Sequence[UnitRecord]) -> tuple[np.ndarray, np.ndarray]:
    """The expert flags and, per unit, a bit mask of the verdicts its claims got: read once, every
    mapping's predictions follow from the mask by one vectorised AND (instead of a loop per mapping)."""
    truth = np.fromiter((u.truth for u in units), dtype=bool, count=len(units))
    bit = _BIT.get
    masks = np.fromiter((_mask(u.verdicts, bit) for u in units), dtype=np.int64, count=len(units))
    return truth, masks


def _mask(verdicts: list[str], bit) -> int:
    if len(verdicts) == 1:
        return bit(verdicts[0], 0)
    m = 0
    for v in verdicts:
        m |= bit(v, 0)
    return m


def _score_arrays(truth: np.ndarray, masks: np.ndarray, mapping: str, n_resamples: int, seed: int) -> MappingScore:
    y_pred = (masks & _MAPPING_BITS[mapping]) != 0
    tp, fp, fn, tn = confusion(truth, y_pred)
    return score_counts(tp, fp, fn, tn, n_resamples=n_resamples, seed=seed, y_true=truth, y_pred=y_pred)


def score_units(units: Sequence[UnitRecord], mapping: str, *, n_resamples: int = stats.DEFAULT_RESAMPLES,
                seed: int = stats.DEFAULT_SEED) -> MappingScore:
    truth, masks = _truth_and_masks(units)
    return _score_arrays(truth, masks, mapping, n_resamples, seed)


def score_all_mappings(units: Sequence[UnitRecord], *, n_resamples: int = stats.DEFAULT_RESAMPLES,
                       seed: int = stats.DEFAULT_SEED) -> dict[str, MappingScore]:
    truth, masks = _truth_and_masks(units)
    return {m: _score_arrays(truth, masks, m, n_resamples, seed) for m in MAPPINGS}


def by_category(units: Sequence[UnitRecord], *, n_resamples: int = stats.DEFAULT_RESAMPLES,
                seed: int = stats.DEFAULT_SEED) -> dict[str, dict[str, MappingScore]]:
    truth, masks = _truth_and_masks(units)
    cats = np.array([u.category or "(none)" for u in units], dtype=object)
    out = {}
    for c in sorted(set(cats.tolist())):
        keep = cats == c
        out[c] = {m: _score_arrays(truth[keep], masks[keep], m, n_resamples, seed) for m in MAPPINGS}
    return out


# ---- closed regime ----------------------------------------------------------------------------------
@dataclass
class ClosedScore:
    n: int
    labels: list[str]
    accuracy: float
    macro_f1: float                         # mean F1 over `macro_f1_classes` (the gold classes)
    per_class: dict[str, dict[str, float]]
    confusion_matrix: list[list[int]]       # rows gold, columns predicted, in `labels` order
    accuracy_ci: list[float] | None = None
    # The classes `macro_f1` averages: those present in gold. A class only the verifier predicts is in
    # `labels` (and the confusion matrix) but not here; `macro_f1_all_labels` averages over `labels`
    # (sklearn's default, which counts such a class as an F1 of 0).
    macro_f1_classes: list[str] = field(default_factory=list)
    macro_f1_all_labels: float | None = None
    # Mean recall of Supported and Refuted (those of the two present in gold): a verifier that cannot
    # tell support from refutation scores 0.5 however the classes are balanced. None: neither in gold.
    balanced_accuracy: float | None = None
    balanced_accuracy_classes: list[str] = field(default_factory=list)
    # Always predicting the most frequent gold class, scored the same way (MajorityBaseline.to_json)
    majority: dict[str, Any] | None = None
    # accuracy at or below the upper end of the majority baseline's 95% interval: the run has not shown
    # it beats always answering the majority class
    within_majority: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


BALANCED_CLASSES = ("Supported", "Refuted")


def balanced_accuracy(gold: Sequence[str], pred: Sequence[str]) -> tuple[float | None, list[str]]:
    """Mean recall over Supported and Refuted, each counted when present in gold; (value, classes)."""
    classes = [c for c in BALANCED_CLASSES if c in set(gold)]
    if not classes:
        return None, []
    recalls = []
    for c in classes:
        idx = [i for i, g in enumerate(gold) if g == c]
        recalls.append(sum(1 for i in idx if pred[i] == c) / len(idx))
    return float(np.mean(recalls)), classes


def majority_baseline(gold: Sequence[str]) -> dict[str, Any]:
    """The majority-class baseline: its label (ties: VERDICTS order), accuracy with a Wilson interval,
    balanced accuracy and macro-F1 over the gold classes."""
    counts = {v: sum(1 for g in gold if g == v) for v in VERDICTS if v in set(gold)}
    label = max(counts, key=lambda v: (counts[v], -VERDICTS.index(v)))
    pred = [label] * len(gold)
    bal, _ = balanced_accuracy(gold, pred)
    labels = [v for v in VERDICTS if v in set(gold)]
    _, _, _, f, _ = _per_class(gold, pred, labels)
    ci = stats.wilson(counts[label], len(gold))
    return {"label": label, "accuracy": counts[label] / len(gold), "accuracy_ci": list(ci) if ci else None,
            "balanced_accuracy": bal, "macro_f1": float(np.mean(f))}


def closed_scores(gold: Sequence[str], pred: Sequence[str]) -> ClosedScore | None:
    """Accuracy, macro-F1 and per-class P/R/F1 over the verdict classes present in gold or predictions.
    macro-F1 averages over the gold classes only (README, "Figures and their definitions")."""
    if not gold:
        return None
    present = set(gold) | set(pred)
    labels = [v for v in VERDICTS if v in present]
    cm, p, r, f, s = _per_class(gold, pred, labels)
    acc = float(np.trace(cm) / len(gold))
    # macro over the gold classes: a class only the verifier invents adds a 0 that says nothing new
    gold_labels = [v for v in labels if v in set(gold)]
    macro = float(np.mean([f[labels.index(v)] for v in gold_labels]))
    ci = stats.wilson(int(round(acc * len(gold))), len(gold))
    bal, bal_classes = balanced_accuracy(gold, pred)
    majority = majority_baseline(gold)
    upper = (majority["accuracy_ci"] or [None, majority["accuracy"]])[1]
    return ClosedScore(
        n=len(gold), labels=labels, accuracy=acc, macro_f1=macro, macro_f1_classes=gold_labels,
        macro_f1_all_labels=float(np.mean(f)),
        per_class={v: {"precision": float(p[i]), "recall": float(r[i]), "f1": float(f[i]), "support": int(s[i])}
                   for i, v in enumerate(labels)},
        confusion_matrix=cm.astype(int).tolist(), accuracy_ci=list(ci) if ci else None,
        balanced_accuracy=bal, balanced_accuracy_classes=bal_classes, majority=majority,
        within_majority=bool(acc <= upper),
    )


def _per_class(gold: Sequence[str], pred: Sequence[str], labels: list[str]):
    """Confusion matrix (rows gold, columns predicted) and per-class precision, recall, F1 and support,
    a zero denominator giving 0: sklearn's confusion_matrix and precision_recall_fscore_support
    (zero_division=0) in the same float64 arithmetic (tests compare them), without importing sklearn."""
    code = {v: i for i, v in enumerate(labels)}
    k = len(labels)
    g = np.fromiter((code[v] for v in gold), dtype=np.int64, count=len(gold))
    q = np.fromiter((code[v] for v in pred), dtype=np.int64, count=len(pred))
    cm = np.bincount(g * k + q, minlength=k * k).reshape(k, k)
    tp = np.diag(cm).astype(np.float64)
    true_sum, pred_sum = cm.sum(axis=1).astype(np.float64), cm.sum(axis=0).astype(np.float64)

    def divide(num: np.ndarray, den: np.ndarray) -> np.ndarray:
        out = num / np.where(den == 0, 1.0, den)
        out[den == 0] = 0.0
        return out

    return cm, divide(tp, pred_sum), divide(tp, true_sum), divide(2.0 * tp, true_sum + pred_sum), \
        cm.sum(axis=1)


@dataclass
class RunMetrics:
    run_id: str
    n_parse_failures: int
    sentence: dict[str, MappingScore]
    claim: dict[str, MappingScore]
    closed: ClosedScore | None = None
    n_unscored: int = 0
    unscored: dict[str, int] = field(default_factory=dict)
    n_sentences: int = 0
    n_claims: int = 0
    by_category: dict[str, dict[str, MappingScore]] = field(default_factory=dict)
    # verdicts whose evidence (the passages the model was shown) holds a suspected instruction
    n_suspect_evidence: int = 0
    # claim id -> {passage id: findings} behind n_suspect_evidence (the report's per-item rows; not in JSON)
    suspect_claims: dict[str, dict[str, list[dict]]] = field(default_factory=dict, repr=False)
    # verdicts whose own reasoning concludes another verdict ("No Evidence" reasoning under Supported)
    n_reasoning_contradicts: int = 0
    # claims with a gold verdict but no parsed verdict, by reason: left out of `closed`, so its n is
    # n_gold - n_unscored; stated here so the denominator never changes without a word
    closed_unscored: dict[str, int] = field(default_factory=dict)
    # every claim without a verdict, by reason (services.verify_inputs.NO_VERDICT_REASONS keys)
    no_verdict_reasons: dict[str, int] = field(default_factory=dict)
    # how the run verified: strategy, evidence source, control (verify_inputs)
    setup: dict[str, Any] = field(default_factory=dict)
    demo_grade: bool = False        # a model of the run is marked demo-grade in the registry
    # the grounding control paired with this run (services.scoring.grounding_control), or None
    grounding_control: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "no_verdict_reasons": dict(self.no_verdict_reasons),
            "setup": dict(self.setup),
            "demo_grade": self.demo_grade,
            "grounding_control": self.grounding_control,
            "run_id": self.run_id,
            "n_parse_failures": self.n_parse_failures,
            "verdicts_with_suspected_instructions": self.n_suspect_evidence,
            "verdicts_contradicted_by_reasoning": self.n_reasoning_contradicts,
            "n_unscored": self.n_unscored,
            "unscored": self.unscored,
            "n_sentences": self.n_sentences,
            "n_claims": self.n_claims,
            "sentence": {m: s.to_json() for m, s in self.sentence.items()},
            "claim": {m: s.to_json() for m, s in self.claim.items()},
            "closed": ({**self.closed.to_json(), "n_unscored": sum(self.closed_unscored.values()),
                        "unscored_reasons": dict(self.closed_unscored)} if self.closed else None),
            "closed_unscored": dict(self.closed_unscored),
            "by_category": {c: {m: s.to_json() for m, s in ms.items()} for c, ms in self.by_category.items()},
        }


def iter_mapping_rows(metrics: RunMetrics) -> Iterable[dict[str, Any]]:
    """Flat rows (run, level, mapping, counts, rates, intervals) for tables and spreadsheets."""
    for level in LEVELS:
        for mapping, s in getattr(metrics, level).items():
            yield {"run_id": metrics.run_id, "level": level, "mapping": mapping, **s.to_json()}
