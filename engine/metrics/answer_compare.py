"""Regression comparison of two choices runs on the items both answered (issue #13 item 5).

For strict, intermediate and lenient: the score before and after, the change (after − before) and a
paired percentile bootstrap interval of the change (items resampled with replacement, the same draw
for all three scores and both runs, so the interval reflects the pairing). The three scores react
differently to a change of answering style: choosing more options raises lenient and can lower
strict and intermediate. When their changes point in different directions the comparison is flagged
`diverging`; a change whose interval includes 0 still counts by its sign, and `n_shared` under 100
carries a note (the pharma study saw lenient swing by about 10 points at that size).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Mapping, Sequence

import numpy as np

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.metrics import stats
from factaudit.engine.metrics.multi_answer import MEAN_METRICS, WRONG_OPTION_PENALTY, OptionScore

SMALL_SET = 100


@dataclass
class ScoreChange:
    metric: str
    before: float
    after: float
    delta: float
    delta_ci: tuple[float, float] | None
    direction: int                        # +1 up, −1 down, 0 unchanged


@dataclass
class AnswerComparison:
    before: str
    after: str
    n_shared: int
    n_only_before: int
    n_only_after: int
    changes: dict[str, ScoreChange]
    diverging: bool
    notes: list[str] = field(default_factory=list)
    n_resamples: int = stats.DEFAULT_RESAMPLES
    seed: int = stats.DEFAULT_SEED
    lenient_penalty: float = WRONG_OPTION_PENALTY     # what the scores compared charged per wrong option

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _direction(delta: float) -> int:
    return 0 if abs(delta) < 1e-12 else (1 if delta > 0 else -1)


def compare_scores(before: Sequence[OptionScore], after: Sequence[OptionScore], before_id: str, after_id: str, *,
                   n_resamples: int = stats.DEFAULT_RESAMPLES, seed: int = stats.DEFAULT_SEED,
                   lenient_penalty: float = WRONG_OPTION_PENALTY) -> AnswerComparison:
    b = {s.item_id: s for s in before}
    a = {s.item_id: s for s in after}
    shared = [i for i in b if i in a]
    if not shared:
        raise InvalidArgument(f"{before_id} and {after_id} share no scored items")
    x = {m: np.array([getattr(b[i], m) for i in shared]) for m in MEAN_METRICS}
    y = {m: np.array([getattr(a[i], m) for i in shared]) for m in MEAN_METRICS}
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(shared), size=(n_resamples, len(shared)))
    changes = {}
    for m in MEAN_METRICS:
        d = y[m] - x[m]
        delta = float(d.mean())
        changes[m] = ScoreChange(m, float(x[m].mean()), float(y[m].mean()), delta,
                                 stats.percentile_interval(d[idx].mean(axis=1)), _direction(delta))
    dirs = {c.direction for c in changes.values()} - {0}
    notes = []
    diverging = dirs == {1, -1}
    if diverging:
        notes.append("strict, intermediate and lenient moved in different directions: the answering style "
                     "changed (e.g. more or fewer options chosen), not only its accuracy")
    if len(shared) < SMALL_SET:
        notes.append(f"only {len(shared)} shared items: under {SMALL_SET} a score can swing by about 10 points "
                     "between equivalent runs; read the intervals")
    return AnswerComparison(before_id, after_id, len(shared), len(b) - len(shared), len(a) - len(shared),
                            changes, diverging, notes, n_resamples, seed, lenient_penalty)


def compare_many(scores: Mapping[str, Sequence[OptionScore]], *, n_resamples: int = stats.DEFAULT_RESAMPLES,
                 seed: int = stats.DEFAULT_SEED, lenient_penalty: float = WRONG_OPTION_PENALTY) -> list[AnswerComparison]:
    """The first run is the baseline; each later run is compared with it."""
    runs = list(scores)
    return [compare_scores(scores[runs[0]], scores[r], runs[0], r, n_resamples=n_resamples, seed=seed,
                           lenient_penalty=lenient_penalty)
            for r in runs[1:]]
