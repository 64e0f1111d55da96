"""The scoring code computes Wilson, Clopper-Pearson, Cochran's Q, exact McNemar, Holm and the closed
regime's per-class figures itself (issue #22: importing statsmodels, scipy.stats and sklearn was most
of a `metrics` call). Each is checked here against the library it replaced, on many inputs."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from scipy import stats as sps
from sklearn.metrics import accuracy_score, confusion_matrix, precision_recall_fscore_support
from statsmodels.stats.contingency_tables import cochrans_q, mcnemar
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint

from factaudit.engine.metrics import certify, classification, stats

CASES = [(k, n) for n in (*range(1, 40), 57, 100, 333, 1000, 10_000, 100_000)
         for k in sorted({0, 1, 2, n // 7, n // 3, n // 2, n - 1, n}) if 0 <= k <= n]


def test_wilson_is_statsmodels_to_the_bit():
    for k, n in CASES:
        # alpha as the old code passed it: 1 - confidence (0.050000000000000044 in binary)
        assert stats.wilson(k, n) == proportion_confint(k, n, alpha=1 - 0.95, method="wilson"), (k, n)
    for conf in (0.9, 0.99):
        for k, n in CASES[::7]:
            assert stats.wilson(k, n, conf) == pytest.approx(
                proportion_confint(k, n, alpha=1 - conf, method="wilson"), rel=1e-14, abs=1e-15)


def test_clopper_pearson_is_statsmodels_to_the_bit():
    for k, n in CASES:
        lo, hi = proportion_confint(k, n, alpha=1 - 0.95, method="beta")
        assert certify.clopper_pearson(k, n).ci == [float(lo), float(hi)], (k, n)
    assert certify._z(0.95) == float(sps.norm.ppf(0.975))


def test_cochran_q_matches_statsmodels():
    rng = np.random.default_rng(5)
    for k in (2, 3, 4, 5, 7):
        for n in (5, 40, 300):
            x = (rng.random((n, k)) < rng.uniform(0.2, 0.8, k)).astype(int)
            if not ((x.sum(1) > 0) & (x.sum(1) < k)).any():
                continue
            q, df, p = stats._cochran_asymptotic(x)
            ref = cochrans_q(x)
            assert q == float(ref.statistic) and df == ref.df
            assert p == pytest.approx(float(ref.pvalue), rel=1e-13, abs=1e-300)


def test_chi2_tail_matches_scipy():
    for df in range(1, 16):
        for x in (*np.linspace(0.01, 80, 160), 1e-9, 150.0, 400.0):
            assert stats.chi2_sf(float(x), df) == pytest.approx(float(sps.chi2.sf(x, df)), rel=1e-12, abs=1e-300)


def test_exact_mcnemar_matches_statsmodels():
    rng = np.random.default_rng(9)
    for n in (1, 2, 9, 60, 400, 5000):
        for share in (0.1, 0.5, 0.7):
            a = rng.random(n) < share
            b = rng.random(n) < 0.5
            a_only, b_only, p = stats.mcnemar_exact(a, b)
            table = np.array([[np.sum(a & b), np.sum(a & ~b)], [np.sum(~a & b), np.sum(~a & ~b)]])
            assert (a_only, b_only) == (int(table[0, 1]), int(table[1, 0]))
            ref = 1.0 if a_only + b_only == 0 else float(min(1.0, mcnemar(table, exact=True).pvalue))
            assert p == pytest.approx(ref, rel=1e-12, abs=1e-300)
    # beyond the exact range it is scipy's binomial CDF itself
    assert stats.binomial_half_tail(50_000, stats.EXACT_BINOMIAL_MAX + 2) == float(
        sps.binom.cdf(50_000, stats.EXACT_BINOMIAL_MAX + 2, 0.5))


def test_holm_is_statsmodels_to_the_bit():
    rng = np.random.default_rng(2)
    for m in (1, 2, 3, 6, 10):
        p = list(rng.random(m) ** 3)
        if m > 2:
            p[1] = p[0]                                    # ties
        assert stats.holm(p) == [float(x) for x in multipletests(p, method="holm")[1]]


def test_closed_per_class_figures_are_sklearns():
    rng = np.random.default_rng(4)
    verdicts = list(classification.VERDICTS)
    for n in (1, 5, 50, 800):
        gold = list(rng.choice(verdicts[:3], n))
        pred = list(rng.choice(verdicts, n))
        c = classification.closed_scores(gold, pred)
        p, r, f, s = precision_recall_fscore_support(gold, pred, labels=c.labels, zero_division=0)
        assert c.accuracy == float(accuracy_score(gold, pred))
        assert c.confusion_matrix == confusion_matrix(gold, pred, labels=c.labels).tolist()
        for i, v in enumerate(c.labels):
            assert c.per_class[v] == {"precision": float(p[i]), "recall": float(r[i]), "f1": float(f[i]),
                                      "support": int(s[i])}
        assert c.macro_f1_all_labels == float(np.mean(f))


def test_scoring_a_run_imports_none_of_the_replaced_libraries(tmp_path):
    """`metrics` on a run with open and closed regimes loads no statsmodels, scipy.stats, sklearn or pandas."""
    code = (
        "import sys, json, pathlib\n"
        f"sys.path.insert(0, {str(__file__.rsplit('/', 1)[0])!r})\n"
        "import test_metrics_golden as g\n"
        f"p, runs = g.build(pathlib.Path({str(tmp_path)!r}))\n"
        "heavy = ('statsmodels', 'scipy.stats', 'sklearn', 'pandas')\n"
        "before = [m for m in heavy if m in sys.modules]\n"
        "from factaudit.engine.services import scoring\n"
        "scoring.score_run(p, runs[3], n_resamples=200)\n"
        "scoring.compare_runs(p, runs[:3], 'R+NE', 'sentence', n_resamples=200)\n"
        "print(json.dumps({'before': before, 'after': [m for m in heavy if m in sys.modules]}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    import json

    loaded = json.loads(out.stdout.strip().splitlines()[-1])
    assert loaded["after"] == loaded["before"] == [], loaded
