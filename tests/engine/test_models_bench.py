"""The model benchmark's scores (benchmarks/bench_models.py) against sklearn and statsmodels: accuracy
with a Wilson interval, macro-F1 over the gold classes, the share of "Supported", and a bootstrap
interval that contains the point estimate."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from sklearn.metrics import accuracy_score, f1_score
from statsmodels.stats.proportion import proportion_confint

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import bench_models  # noqa: E402


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_scores_match_sklearn_and_statsmodels(seed):
    rng = np.random.default_rng(seed)
    labels = ["Supported", "Refuted", "No Evidence", "Ambiguous"]
    gold = list(rng.choice(labels[:2], size=60, p=[0.65, 0.35]))
    pred = list(rng.choice(labels, size=60, p=[0.5, 0.2, 0.2, 0.1]))
    s = bench_models.score(gold, pred, n_resamples=200)
    assert s["accuracy"] == pytest.approx(accuracy_score(gold, pred), abs=1e-4)
    lo, hi = proportion_confint(sum(g == p for g, p in zip(gold, pred)), len(gold), method="wilson")
    assert s["accuracy_ci"] == pytest.approx([lo, hi], abs=1e-4)
    # macro over the classes that occur in gold (closed regime: Supported and Refuted)
    assert s["macro_f1"] == pytest.approx(f1_score(gold, pred, labels=labels[:2], average="macro"), abs=1e-4)
    assert s["macro_f1_ci"][0] <= s["macro_f1"] <= s["macro_f1_ci"][1]
    assert s["share_supported"] == pytest.approx(pred.count("Supported") / len(pred), abs=1e-4)


def test_majority_baseline_macro_f1_is_half_the_majority_f1():
    gold = ["Supported"] * 30 + ["Refuted"] * 20
    s = bench_models.score(gold, ["Supported"] * 50, n_resamples=50)
    p, r = 30 / 50, 1.0
    assert s["macro_f1"] == pytest.approx((2 * p * r / (p + r)) / 2, abs=1e-4)
    assert s["share_supported"] == 1.0
