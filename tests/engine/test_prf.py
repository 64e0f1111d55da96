"""One precision/recall/F1 definition with one zero-division rule (undefined -> None / NaN), checked
against scikit-learn with zero_division=nan, and used the same way by every caller."""
import math
import random

import numpy as np
import pytest
from sklearn.metrics import precision_recall_fscore_support

from factaudit.engine.metrics import classification, conflict, stats
from factaudit.engine.metrics.prf import f1_from_counts, prf_from_counts, prf_from_labels, recall_from_counts
from factaudit.engine.pipeline import judge as jp


def _sk(gold, pred):
    """scikit-learn's figures, NaN (undefined) turned into None."""
    p, r, f, _ = precision_recall_fscore_support(gold, pred, average="binary", pos_label=True,
                                                 zero_division=np.nan)
    return tuple(None if math.isnan(x) else float(x) for x in (p, r, f))


def _same(a, b):
    return all((x is None and y is None) or (x is not None and y is not None and math.isclose(x, y))
               for x, y in zip(a, b))


def test_prf_matches_sklearn_including_the_undefined_cases():
    rng = random.Random(11)
    cases = [([True, False], [False, False]),      # nothing predicted: precision undefined
             ([False, False], [True, False]),      # no positives: recall undefined, F1 0
             ([False, False], [False, False]),     # neither: all undefined
             ([True], [True])]
    for n in (3, 10, 80):
        for _ in range(20):
            cases.append(([rng.random() < 0.2 for _ in range(n)], [rng.random() < 0.2 for _ in range(n)]))
    for gold, pred in cases:
        m = prf_from_labels(gold, pred)
        assert _same((m.precision, m.recall, m.f1), _sk(gold, pred)), (gold, pred, m)
    assert prf_from_labels([True, False], [False, False]).precision is None
    assert prf_from_labels([True, False], [False, False]).f1 == 0.0   # a measured zero, not undefined
    with pytest.raises(ValueError):
        prf_from_labels([True], [True, False])


def test_array_form_agrees_with_the_scalar_form():
    rng = np.random.default_rng(3)
    tp, fp, fn = (rng.integers(0, 3, 200) for _ in range(3))
    f1s, recalls = f1_from_counts(tp, fp, fn), recall_from_counts(tp, fn)
    assert np.isnan(f1s).any() and np.isnan(recalls).any()     # the undefined cases are exercised
    for i in range(200):
        m = prf_from_counts(int(tp[i]), int(fp[i]), int(fn[i]))
        assert (m.f1 is None) == bool(np.isnan(f1s[i])) and (m.f1 is None or math.isclose(m.f1, f1s[i]))
        assert (m.recall is None) == bool(np.isnan(recalls[i]))
        assert m.recall is None or math.isclose(m.recall, recalls[i])


def test_every_caller_uses_the_same_rule():
    # Nothing predicted positive, two true positives missed: precision undefined, recall and F1 zero.
    score = classification.score_counts(0, 0, 2, 3, n_resamples=50)
    assert (score.precision, score.recall, score.f1) == (None, 0.0, 0.0)
    items = [conflict.score_item("a", ["x"], ["x", "y"], ["x"], pred_conflict=False),
             conflict.score_item("b", ["x"], ["x"], ["x"], pred_conflict=False)]
    assert items[0].gold_conflict and not items[1].gold_conflict
    result = conflict.summarise(items)
    assert (result.conflict_precision, result.conflict_recall, result.conflict_f1) == (None, 0.0, 0.0)
    care = jp.prf([True, False], [False, False])
    assert (care["precision"], care["recall"], care["f1"]) == (None, 0.0, 0.0)
    assert care["n_gold_relevant"] == 1 and care["n_predicted_relevant"] == 0
    # The paired bootstrap drops resamples where F1 is undefined instead of counting them as 0.
    y = np.array([True, False, False, True])
    res = stats.paired_bootstrap(y, np.array([True, False, False, False]), np.array([True, False, True, True]),
                                 n_resamples=200, seed=1)
    assert res.delta_f1 == pytest.approx(prf_from_labels(y, [True, False, True, True]).f1
                                         - prf_from_labels(y, [True, False, False, False]).f1)
