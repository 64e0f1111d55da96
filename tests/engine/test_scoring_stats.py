"""Scoring statistics against published rows and independent computations (scipy, sklearn, hand formulas)."""
from __future__ import annotations

import math
from itertools import combinations

import numpy as np
import pytest
from scipy import stats as sps
from sklearn.metrics import confusion_matrix, f1_score, precision_recall_fscore_support, recall_score

from factaudit.engine.metrics import stats
from factaudit.engine.metrics.classification import UnitRecord, closed_scores, score_counts, score_units
from factaudit.engine.metrics.compare import compare, units_from_pairs


# ---- the seed study's published rows: 225 sentences, 86 erroneous --------------------------------------
def test_published_row_tp30_fp25():
    s = score_counts(30, 25, 86 - 30, 225 - 86 - 25)
    assert round(s.precision, 3) == 0.545
    assert round(s.recall, 3) == 0.349
    assert [round(x, 3) for x in s.recall_ci] == [0.257, 0.454]
    assert round(s.f1, 3) == 0.426
    assert s.n == 225
    assert s.f1_ci[0] < s.f1 < s.f1_ci[1]


def test_published_row_tp22_fp17():
    s = score_counts(22, 17, 86 - 22, 225 - 86 - 17)
    assert round(s.recall, 3) == 0.256
    assert [round(x, 3) for x in s.recall_ci] == [0.175, 0.357]
    assert round(s.f1, 3) == 0.352


def _wilson_by_hand(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


@pytest.mark.parametrize("k,n", [(30, 86), (30, 55), (0, 12), (12, 12), (7, 200)])
def test_wilson_matches_the_formula(k, n):
    lo, hi = stats.wilson(k, n)
    elo, ehi = _wilson_by_hand(k, n)
    assert lo == pytest.approx(max(0.0, elo), abs=1e-9)
    assert hi == pytest.approx(min(1.0, ehi), abs=1e-9)


def test_wilson_of_nothing_is_none():
    assert stats.wilson(0, 0) is None
    s = score_counts(0, 0, 0, 10)
    assert s.precision is None and s.recall is None and s.f1 is None and s.f1_ci is None


# ---- bootstrap ------------------------------------------------------------------------------------
def _sample(n=300, seed=1):
    rng = np.random.default_rng(seed)
    t = rng.random(n) < 0.4
    p = np.where(rng.random(n) < 0.72, t, ~t)
    return t, p


def test_bootstrap_f1_agrees_with_scipy_percentile_bootstrap():
    t, p = _sample()

    def f1(tt, pp, axis=-1):
        tt, pp = tt.astype(bool), pp.astype(bool)
        tp = np.sum(tt & pp, axis=axis)
        fp = np.sum(~tt & pp, axis=axis)
        fn = np.sum(tt & ~pp, axis=axis)
        return 2 * tp / (2 * tp + fp + fn)

    ref = sps.bootstrap((t.astype(int), p.astype(int)), f1, paired=True, vectorized=True, n_resamples=10_000,
                        method="percentile", random_state=7)
    ours = stats.bootstrap_f1(t, p, 10_000, 42)
    assert ours[0] == pytest.approx(ref.confidence_interval.low, abs=0.012)
    assert ours[1] == pytest.approx(ref.confidence_interval.high, abs=0.012)


def test_bootstrap_is_seeded_and_matches_the_naive_loop():
    t, p = _sample(500, 3)
    a = stats.bootstrap_f1(t, p, 10_000, 42)
    assert a == stats.bootstrap_f1(t, p, 10_000, 42)
    naive = stats.naive_bootstrap_f1(t, p, 4_000, 5)
    assert a[0] == pytest.approx(naive[0], abs=0.012)
    assert a[1] == pytest.approx(naive[1], abs=0.012)


def test_stratified_resamples_keep_stratum_sizes():
    # stratum a holds only TPs, stratum b only TNs: a stratified resample always has 4 of one and 6 of the other
    cells = np.array([3, 3, 3, 3, 0, 0, 0, 0, 0, 0])
    strata = np.array(list("aaaabbbbbb"))
    counts = stats.bootstrap_cell_counts(cells, 4, strata, 2_000, 1)
    assert (counts[:, 3] == 4).all() and (counts[:, 0] == 6).all()
    # without strata the split varies from resample to resample
    free = stats.bootstrap_cell_counts(cells, 4, None, 2_000, 1)
    assert (free.sum(axis=1) == 10).all() and free[:, 3].std() > 0.5


def test_paired_bootstrap_point_estimates_match_sklearn():
    t, a = _sample(400, 11)
    rng = np.random.default_rng(12)
    b = np.where(rng.random(400) < 0.8, t, ~t)
    strata = rng.choice(["x", "y", "z"], 400)
    d = stats.paired_bootstrap(t, a, b, strata, 5_000, 42)
    assert d.delta_recall == pytest.approx(recall_score(t, b) - recall_score(t, a))
    assert d.delta_f1 == pytest.approx(f1_score(t, b) - f1_score(t, a))
    assert d.delta_f1_ci[0] <= d.delta_f1 <= d.delta_f1_ci[1]
    assert d.delta_recall_ci[0] <= d.delta_recall <= d.delta_recall_ci[1]
    same = stats.paired_bootstrap(t, a, a, strata, 2_000, 42)
    assert same.delta_f1 == 0 and same.delta_f1_ci == (0.0, 0.0) and same.p_f1 == 1.0


# ---- Cochran's Q, McNemar, Holm -----------------------------------------------------------------
def _q_by_hand(x: np.ndarray) -> float:
    n, k = x.shape
    cols = [sum(int(x[i, j]) for i in range(n)) for j in range(k)]
    rows = [sum(int(v) for v in x[i]) for i in range(n)]
    total = sum(rows)
    return (k - 1) * (k * sum(c * c for c in cols) - total * total) / (k * total - sum(r * r for r in rows))


def test_cochran_q_matches_the_formula_and_chi2():
    rng = np.random.default_rng(5)
    x = (rng.random((80, 4)) < np.array([0.5, 0.6, 0.7, 0.45])).astype(int)
    res = stats.cochran_q(x, n_permutations=3_000)
    q = _q_by_hand(x)
    assert res.statistic == pytest.approx(q)
    assert res.df == 3
    assert res.p_asymptotic == pytest.approx(sps.chi2.sf(q, 3))
    # the permutation p estimates the same tail: close to the χ² p for n = 80
    assert abs(res.p_permutation - res.p_asymptotic) < 0.05


def test_cochran_permutation_p_with_two_runs_is_the_exact_binomial_p():
    # with k = 2, permuting within rows flips discordant pairs: the exact McNemar (binomial) distribution
    x = np.array([[1, 0]] * 14 + [[0, 1]] * 4 + [[1, 1]] * 30 + [[0, 0]] * 12)
    res = stats.cochran_q(x, n_permutations=20_000, seed=3)
    exact = sps.binomtest(4, 18, 0.5).pvalue
    assert res.p_permutation == pytest.approx(exact, abs=0.01)


@pytest.mark.parametrize("k", [3, 4, 5])
def test_cochran_permutation_p_matches_shuffling_each_row(k):
    rng = np.random.default_rng(k)
    x = (rng.random((40, k)) < np.linspace(0.35, 0.7, k)).astype(int)
    observed = _q_by_hand(x)
    shuffler = np.random.default_rng(99)
    hits = sum(_q_by_hand(shuffler.permuted(x, axis=1)) >= observed - 1e-9 for _ in range(3_000))
    brute = (hits + 1) / 3_001
    assert stats.cochran_q(x, n_permutations=10_000).p_permutation == pytest.approx(brute, abs=0.03)


def test_mcnemar_exact_is_the_binomial_test():
    a = np.array([1] * 20 + [1] * 9 + [0] * 3 + [0] * 8, dtype=bool)
    b = np.array([1] * 20 + [0] * 9 + [1] * 3 + [0] * 8, dtype=bool)
    a_only, b_only, p = stats.mcnemar_exact(a, b)
    assert (a_only, b_only) == (9, 3)
    assert p == pytest.approx(sps.binomtest(3, 12, 0.5).pvalue)


def test_holm_by_hand():
    ps = [0.01, 0.04, 0.03, 0.2]
    order = np.argsort(ps)
    m = len(ps)
    adj = np.empty(m)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * ps[i]))
        adj[i] = running
    assert stats.holm(ps) == pytest.approx(list(adj))


def test_compare_runs_against_independent_tests():
    rng = np.random.default_rng(9)
    n = 225
    truth = rng.random(n) < 86 / 225
    preds = [np.where(rng.random(n) < acc, truth, ~truth) for acc in (0.62, 0.70, 0.75)]
    cats = list(rng.choice(["cardio", "derm", "onc"], n))
    comp = compare(units_from_pairs(["A", "B", "C"], truth, preds, cats), "R+NE", "sentence", n_resamples=4_000)
    correct = np.column_stack([p == truth for p in preds]).astype(int)
    assert comp.cochran_q["statistic"] == pytest.approx(_q_by_hand(correct))
    raw = []
    for pair, (i, j) in zip(comp.pairs, combinations(range(3), 2)):
        b_only = int(np.sum(~correct[:, i].astype(bool) & correct[:, j].astype(bool)))
        a_only = int(np.sum(correct[:, i].astype(bool) & ~correct[:, j].astype(bool)))
        assert (pair.a_only_correct, pair.b_only_correct) == (a_only, b_only)
        p = sps.binomtest(min(a_only, b_only), a_only + b_only, 0.5).pvalue
        assert pair.mcnemar_p == pytest.approx(p)
        raw.append(p)
        assert pair.delta_f1 == pytest.approx(f1_score(truth, preds[j]) - f1_score(truth, preds[i]))
    assert [p.mcnemar_p_holm for p in comp.pairs] == pytest.approx(stats.holm(raw))
    assert comp.table[0]["delta_f1"] is None and comp.table[1]["run_id"] == "B"
    assert comp.n_shared == n and comp.strata == "category"


def test_compare_uses_only_shared_units():
    truth = [True, False, True, False, True]
    runs = units_from_pairs(["A", "B"], truth, [[True, False, False, False, True], [True, True, True, False, True]])
    del runs["B"]["u4"]
    comp = compare(runs, "R", "sentence", n_resamples=500)
    assert comp.n_shared == 4 and comp.n_excluded == {"A": 1, "B": 0}


# ---- classification helpers -----------------------------------------------------------------------
def test_sentence_aggregation_any_claim_flags_the_sentence():
    u = UnitRecord("s1", True, ["Supported", "No Evidence", "Supported"])
    assert not u.predicted("R") and u.predicted("R+NE") and u.predicted("R+NE+A")
    v = UnitRecord("s2", False, ["Ambiguous"])
    assert not v.predicted("R+NE") and v.predicted("R+NE+A")


def test_score_units_matches_sklearn():
    rng = np.random.default_rng(2)
    verdicts = rng.choice(["Supported", "Refuted", "No Evidence", "Ambiguous"], 150)
    truth = rng.random(150) < 0.4
    units = [UnitRecord(f"u{i}", bool(t), [str(v)]) for i, (t, v) in enumerate(zip(truth, verdicts))]
    for mapping, flagged in (("R", {"Refuted"}), ("R+NE", {"Refuted", "No Evidence"}),
                             ("R+NE+A", {"Refuted", "No Evidence", "Ambiguous"})):
        pred = np.array([v in flagged for v in verdicts])
        p, r, f, _ = precision_recall_fscore_support(truth, pred, average="binary")
        s = score_units(units, mapping, n_resamples=1_000)
        assert (s.precision, s.recall, s.f1) == pytest.approx((p, r, f))


def test_closed_regime_against_sklearn():
    gold = ["Supported"] * 5 + ["Refuted"] * 4 + ["No Evidence"] * 3
    pred = ["Supported", "Supported", "Refuted", "No Evidence", "Supported", "Refuted", "Refuted", "Ambiguous",
            "Supported", "No Evidence", "No Evidence", "Supported"]
    c = closed_scores(gold, pred)
    assert c.labels == ["Supported", "Refuted", "No Evidence", "Ambiguous"]
    assert c.accuracy == pytest.approx(sum(g == p for g, p in zip(gold, pred)) / 12)
    # macro over the three gold classes, and the classes it averages are stated
    gold_classes = ["Supported", "Refuted", "No Evidence"]
    assert c.macro_f1_classes == gold_classes
    assert c.macro_f1 == pytest.approx(f1_score(gold, pred, labels=gold_classes, average="macro"))
    # sklearn's default (every label in gold or predictions): Ambiguous, predicted once and never gold, adds a 0
    assert c.macro_f1_all_labels == pytest.approx(f1_score(gold, pred, average="macro"))
    assert c.macro_f1_all_labels == pytest.approx(c.macro_f1 * 3 / 4)
    js = c.to_json()
    assert js["macro_f1_classes"] == gold_classes and js["macro_f1_all_labels"] == c.macro_f1_all_labels
    assert c.confusion_matrix == confusion_matrix(gold, pred, labels=c.labels).tolist()
    assert c.confusion_matrix[1][3] == 1  # one Refuted claim called Ambiguous
    assert c.per_class["Refuted"]["support"] == 4
