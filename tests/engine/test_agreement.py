"""Agreement figures against published textbook values and independent computations."""
from __future__ import annotations

import itertools

import krippendorff
import numpy as np
import pytest
from sklearn.metrics import cohen_kappa_score

from factaudit.engine.metrics import agreement as ag

N = None
# Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: 4 coders × 12 units,
# nominal data with missing values; published nominal alpha = 0.743.
K2011 = [
    [1, 2, 3, 3, 2, 1, 4, 1, 2, N, N, N],
    [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, N, 3],
    [N, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, N],
    [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, N],
]


def hand_alpha(data) -> float:
    """Nominal alpha by the coincidence-matrix recipe written out longhand (independent of engine code)."""
    values = sorted({v for row in data for v in row if v is not None})
    o = {(c, k): 0.0 for c in values for k in values}
    for u in range(len(data[0])):
        vals = [row[u] for row in data if row[u] is not None]
        m = len(vals)
        if m < 2:
            continue
        for i, j in itertools.permutations(range(m), 2):
            o[(vals[i], vals[j])] += 1.0 / (m - 1)
    n_c = {c: sum(o[(c, k)] for k in values) for c in values}
    n = sum(n_c.values())
    d_o = sum(o[(c, k)] for c in values for k in values if c != k)
    d_e = sum(n_c[c] * n_c[k] for c in values for k in values if c != k) / (n - 1)
    return 1 - d_o / d_e


def package_alpha(data) -> float:
    arr = np.array([[np.nan if v is None else float(v) for v in row] for row in data])
    return krippendorff.alpha(reliability_data=arr, level_of_measurement="nominal")


def test_krippendorff_2011_worked_example():
    ours = ag.krippendorff_alpha(K2011)
    assert round(ours, 3) == 0.743
    assert ours == pytest.approx(package_alpha(K2011), abs=1e-12)
    assert ours == pytest.approx(hand_alpha(K2011), abs=1e-12)


def test_kappa_classic_2x2_table():
    # 50 items: both yes 20, A yes / B no 5, A no / B yes 10, both no 15  -> kappa 0.4
    a = ["yes"] * 20 + ["yes"] * 5 + ["no"] * 10 + ["no"] * 15
    b = ["yes"] * 20 + ["no"] * 5 + ["yes"] * 10 + ["no"] * 15
    assert ag.cohen_kappa(a, b) == pytest.approx(0.4, abs=1e-12)
    assert ag.cohen_kappa(a, b) == pytest.approx(cohen_kappa_score(a, b), abs=1e-12)


def test_vectorised_bootstrap_alpha_matches_the_package_on_each_resample():
    rng = np.random.default_rng(3)
    data = [[None if rng.random() < 0.2 else int(rng.integers(0, 4)) for _ in range(40)] for _ in range(3)]
    counts, _ = ag.value_counts(data)
    counts = counts[counts.sum(axis=1) >= 2]
    weights = ag._resample_weights(np.random.default_rng(0), counts.shape[0], 5)
    fast = ag._alpha_resampled(counts, weights)
    for w, value in zip(weights, fast):
        expanded = np.repeat(counts, w, axis=0)
        assert value == pytest.approx(krippendorff.alpha(value_counts=expanded, level_of_measurement="nominal"),
                                      abs=1e-9)


def test_bootstrap_kappa_samples_equal_sklearn_on_resamples():
    rng = np.random.default_rng(5)
    a = [str(x) for x in rng.integers(0, 3, 60)]
    b = [x if rng.random() < 0.7 else str(rng.integers(0, 3)) for x in a]
    ci = ag.kappa_interval(a, b, n_resamples=1000, seed=11)
    # The same draws, recomputed with scikit-learn one resample at a time.
    w = ag._resample_weights(np.random.default_rng(11), len(a), 1000)
    ref = []
    for row in w:
        idx = np.repeat(np.arange(len(a)), row)
        ref.append(cohen_kappa_score([a[i] for i in idx], [b[i] for i in idx]))
    assert ci == pytest.approx(tuple(np.quantile(ref, [0.025, 0.975])), abs=1e-12)
    assert ci[0] < ag.cohen_kappa(a, b) < ci[1]


def test_intervals_are_seeded_and_reproducible():
    counts, _ = ag.value_counts(K2011)
    assert ag.alpha_interval(counts, 2000, 42) == ag.alpha_interval(counts, 2000, 42)
    assert ag.alpha_interval(counts, 2000, 42) != ag.alpha_interval(counts, 2000, 43)


def test_dimension_agreement_pairs_and_retest():
    first = {
        "alice": {u: c for u, c in enumerate("aabbcabcaa")},
        "bob": {u: c for u, c in enumerate("abbbcabcab") if u != 3},
        "llm:smol@123": {u: c for u, c in enumerate("aabbccccaa")},
    }
    retest = {"alice": {0: "a", 2: "b", 4: "a"}}
    res = ag.dimension_agreement("polarity", first, retest=retest, n_resamples=500)
    assert res.n_raters == 3 and res.n_units == 10
    kinds = {f"{p.a}|{p.b}": p.kind for p in res.pairs}
    assert kinds == {"alice|bob": "human-human", "alice|llm:smol@123": "human-llm",
                     "bob|llm:smol@123": "human-llm", "alice|alice:retest": "intra"}
    units = [u for u in range(10) if u != 3]
    assert res.kappa["alice|bob"] == pytest.approx(
        cohen_kappa_score([first["alice"][u] for u in units], [first["bob"][u] for u in units]))
    assert res.kappa["alice|alice:retest"] == pytest.approx(cohen_kappa_score(["a", "b", "c"], ["a", "b", "a"]))
    # the pre-label's pull: alice labelled units 0-4 blind, 5-9 after seeing the LLM's label
    res_b = ag.dimension_agreement("polarity", first, n_resamples=200,
                                   blind={"alice": {u: u < 5 for u in range(10)}})
    pull = next(p for p in res_b.pairs if p.b == "llm:smol@123" and p.a == "alice").blind
    llm = first["llm:smol@123"]
    assert pull["blind"]["n_units"] == 5 and pull["revealed"]["n_units"] == 5
    assert pull["blind"]["kappa"] == pytest.approx(
        cohen_kappa_score([first["alice"][u] for u in range(5)], [llm[u] for u in range(5)]))
    assert pull["revealed"]["agreement"] == pytest.approx(
        sum(first["alice"][u] == llm[u] for u in range(5, 10)) / 5)
    assert next(p for p in res_b.pairs if p.b == "bob").blind is None      # only human–LLM pairs
    matrix = [[first[r].get(u) for u in range(10)] for r in sorted(first)]
    assert res.alpha == pytest.approx(hand_alpha(matrix))
    assert res.alpha_ci[0] <= res.alpha <= res.alpha_ci[1]


def test_undefined_cases_are_none_not_nan():
    assert ag.cohen_kappa(["a", "a"], ["a", "a"]) is None
    assert ag.krippendorff_alpha([["a", "a", None], ["a", "a", "b"]]) is None
    assert ag.krippendorff_alpha([["a", None], [None, "b"]]) is None
    res = ag.dimension_agreement("x", {})
    assert res.alpha is None and res.n_units == 0 and res.kappa == {}
