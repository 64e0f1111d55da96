"""Statistics for scores: Wilson intervals, count-based bootstraps, Cochran's Q, McNemar, Holm.

Bootstraps here resample *units with replacement*. A statistic of a binary classification only
depends on how many resampled units fall in each cell (TP, FP, FN, TN, or the 8 joint cells of a
paired comparison), and the cell counts of n draws with replacement follow a multinomial with the
observed cell shares. Drawing those counts directly is the same distribution as drawing indexes,
at a cost independent of n: 10,000 resamples of 10,000 items take milliseconds. Stratified
resampling draws one multinomial per stratum and adds them up.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from factaudit.engine.metrics.prf import f1_from_counts, prf_from_counts, recall_from_counts

DEFAULT_RESAMPLES = 10_000
DEFAULT_SEED = 42
CONFIDENCE = 0.95


def z_two_sided(confidence: float = CONFIDENCE) -> float:
    """The standard normal quantile of a two-sided interval: scipy.stats.norm.isf((1 - confidence) / 2)."""
    if confidence == CONFIDENCE:
        return _Z_95
    from statistics import NormalDist

    return NormalDist().inv_cdf(1 - (1 - confidence) / 2)


# scipy.stats.norm.isf((1 - 0.95) / 2): what statsmodels' Wilson interval used with alpha = 1 - 0.95
# (one ulp below norm.isf(0.025), as 1 - 0.95 is not 0.05 in binary)
_Z_95 = 1.959963984540054


def wilson(successes: int, n: int, confidence: float = CONFIDENCE) -> tuple[float, float] | None:
    """Wilson score interval for a proportion; None when there are no trials. The formula of
    statsmodels' proportion_confint(method="wilson"), in its order of operations (tests check the two
    agree), without importing statsmodels, scipy and pandas (1.5 s of a `metrics` call)."""
    if n <= 0:
        return None
    crit = z_two_sided(confidence)
    q = successes / n
    crit2 = crit ** 2
    denom = 1 + crit2 / n
    center = (q + crit2 / (2 * n)) / denom
    dist = crit * math.sqrt(q * (1.0 - q) / n + crit2 / (4.0 * n ** 2))
    dist /= denom
    return min(max(center - dist, 0.0), 1.0), min(max(center + dist, 0.0), 1.0)


# ---- count-based bootstrap --------------------------------------------------------------------------
def cell_codes(*flags: np.ndarray) -> np.ndarray:
    """Encode parallel boolean arrays as one integer cell per unit (first array = most significant bit)."""
    code = np.zeros(len(flags[0]), dtype=np.int64)
    for f in flags:
        code = code * 2 + np.asarray(f, dtype=np.int64)
    return code


def bootstrap_cell_counts(cells: np.ndarray, n_cells: int, strata: np.ndarray | None = None,
                          n_resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED) -> np.ndarray:
    """(n_resamples, n_cells) counts of each cell in resamples drawn with replacement within strata."""
    cells = np.asarray(cells, dtype=np.int64)
    rng = np.random.default_rng(seed)
    out = np.zeros((n_resamples, n_cells), dtype=np.int64)
    if strata is None:
        groups = [cells]
    else:
        strata = np.asarray(strata)
        groups = [cells[strata == s] for s in _stable_unique(strata)]
    for g in groups:
        if len(g) == 0:
            continue
        shares = np.bincount(g, minlength=n_cells) / len(g)
        out += rng.multinomial(len(g), shares, size=n_resamples)
    return out


def _stable_unique(values: np.ndarray) -> list:
    seen: dict = {}
    for v in values.tolist():
        seen.setdefault(v, None)
    return sorted(seen, key=str)


def percentile_interval(samples: np.ndarray, confidence: float = CONFIDENCE) -> tuple[float, float] | None:
    """Percentile interval over the finite samples (undefined resamples, e.g. F1 of 0/0, are dropped)."""
    finite = samples[np.isfinite(samples)]
    if finite.size == 0:
        return None
    alpha = (1 - confidence) / 2
    lo, hi = np.quantile(finite, [alpha, 1 - alpha])
    return float(lo), float(hi)


def bootstrap_f1(y_true: np.ndarray, y_pred: np.ndarray, n_resamples: int = DEFAULT_RESAMPLES,
                 seed: int = DEFAULT_SEED, strata: np.ndarray | None = None,
                 confidence: float = CONFIDENCE) -> tuple[float, float] | None:
    """Percentile bootstrap interval of F1 (positive class = True)."""
    if len(y_true) == 0:
        return None
    counts = bootstrap_cell_counts(cell_codes(y_true, y_pred), 4, strata, n_resamples, seed)
    # cell = 2*true + pred: 0 TN, 1 FP, 2 FN, 3 TP
    return percentile_interval(f1_from_counts(counts[:, 3], counts[:, 1], counts[:, 2]), confidence)


def bootstrap_f1_from_counts(tp: int, fp: int, fn: int, tn: int, n_resamples: int = DEFAULT_RESAMPLES,
                             seed: int = DEFAULT_SEED) -> tuple[float, float] | None:
    y_true = np.repeat([0, 0, 1, 1], [tn, fp, fn, tp]).astype(bool)
    y_pred = np.repeat([0, 1, 0, 1], [tn, fp, fn, tp]).astype(bool)
    return bootstrap_f1(y_true, y_pred, n_resamples, seed)


# ---- paired comparison of two classifiers -----------------------------------------------------------
@dataclass
class PairedDelta:
    delta_recall: float | None
    delta_recall_ci: tuple[float, float] | None
    delta_f1: float | None
    delta_f1_ci: tuple[float, float] | None
    p_f1: float | None          # two-sided bootstrap p of ΔF1 = 0


def paired_bootstrap(y_true: np.ndarray, pred_a: np.ndarray, pred_b: np.ndarray, strata: np.ndarray | None = None,
                     n_resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED,
                     confidence: float = CONFIDENCE) -> PairedDelta:
    """Δ = B − A for recall and F1, resampling shared units (so both runs see the same resample)."""
    y_true, pred_a, pred_b = (np.asarray(x, dtype=bool) for x in (y_true, pred_a, pred_b))
    if len(y_true) == 0:
        return PairedDelta(None, None, None, None, None)
    counts = bootstrap_cell_counts(cell_codes(y_true, pred_a, pred_b), 8, strata, n_resamples, seed)
    # cell = 4*true + 2*a + b
    def margins(c, which):
        pos = c[..., 4:8]
        neg = c[..., 0:4]
        if which == "a":
            tp, fn, fp = pos[..., 2] + pos[..., 3], pos[..., 0] + pos[..., 1], neg[..., 2] + neg[..., 3]
        else:
            tp, fn, fp = pos[..., 1] + pos[..., 3], pos[..., 0] + pos[..., 2], neg[..., 1] + neg[..., 3]
        return tp, fp, fn

    observed = np.bincount(cell_codes(y_true, pred_a, pred_b), minlength=8)
    ta, fa, na = margins(observed, "a")
    tb, fb, nb = margins(observed, "b")
    d_rec = float(recall_from_counts(tb, nb) - recall_from_counts(ta, na))
    d_f1 = float(f1_from_counts(tb, fb, nb) - f1_from_counts(ta, fa, na))
    ta, fa, na = margins(counts, "a")
    tb, fb, nb = margins(counts, "b")
    rec_s = recall_from_counts(tb, nb) - recall_from_counts(ta, na)
    f1_s = f1_from_counts(tb, fb, nb) - f1_from_counts(ta, fa, na)
    finite = f1_s[np.isfinite(f1_s)]
    p = None
    if finite.size:
        p = float(min(1.0, 2 * min(np.mean(finite <= 0), np.mean(finite >= 0))))
    return PairedDelta(
        None if math.isnan(d_rec) else d_rec, percentile_interval(rec_s, confidence),
        None if math.isnan(d_f1) else d_f1, percentile_interval(f1_s, confidence), p,
    )


# ---- tests over k related binary outcomes -----------------------------------------------------------
@dataclass
class CochranResult:
    statistic: float
    df: int
    p_asymptotic: float
    p_permutation: float
    n_permutations: int
    n_units: int


def cochran_q_statistic(x: np.ndarray) -> float:
    """Q for an (n units × k treatments) 0/1 matrix; 0 when no unit discriminates between treatments."""
    x = np.asarray(x, dtype=float)
    k = x.shape[1]
    col = x.sum(axis=0)
    row = x.sum(axis=1)
    total = row.sum()
    denom = k * total - np.sum(row ** 2)
    if denom == 0:
        return 0.0
    return float((k - 1) * (k * np.sum(col ** 2) - total ** 2) / denom)


def cochran_q(x: np.ndarray, n_permutations: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED) -> CochranResult:
    """Cochran's Q with the asymptotic χ² p (as statsmodels computes it) and a permutation p.

    Under the null the k outcomes of a unit are exchangeable, so a permutation shuffles each row.
    Rows that are all 0 or all 1 never change, and the row totals never change, so only the column
    sums of the discordant rows are redrawn: for rows with a single 1 (or a single 0) those sums
    are multinomial draws, so k ≤ 3 costs O(permutations · k) whatever the number of units.
    """
    x = np.asarray(x, dtype=np.int64)
    n, k = x.shape
    observed = cochran_q_statistic(x)
    disc = x[(x.sum(axis=1) > 0) & (x.sum(axis=1) < k)]
    if len(disc) == 0:
        return CochranResult(0.0, k - 1, 1.0, 1.0, 0, n)
    statistic, df, p_asymptotic = _cochran_asymptotic(x)
    rng = np.random.default_rng(seed)
    base_rows = x.sum(axis=1)
    const_col = x[(base_rows == k)].sum(axis=0)  # all-ones rows add the same to every column
    total = base_rows.sum()
    denom = k * total - np.sum(base_rows.astype(float) ** 2)
    uniform = np.full(k, 1.0 / k)
    exceed = 0
    done = 0
    while done < n_permutations:
        b = min(10_000, n_permutations - done)
        cols = np.tile(const_col.astype(np.int64), (b, 1))
        for r in range(1, k):
            rows_r = int(np.sum(base_rows == r))
            if rows_r == 0:
                continue
            if r == 1:
                # each such row puts its single 1 in a uniform column: the column counts are multinomial
                cols += rng.multinomial(rows_r, uniform, size=b)
            elif r == k - 1:
                # ... and a row with one 0 puts the 0 in a uniform column
                cols += rows_r - rng.multinomial(rows_r, uniform, size=b)
            else:
                cols += _random_subsets(rng, b, rows_r, k, r)
        q = (k - 1) * (k * np.sum(cols.astype(float) ** 2, axis=1) - total ** 2) / denom
        exceed += int(np.sum(q >= observed - 1e-9))
        done += b
    # add-one correction: the observed arrangement is one of the permutations
    p_perm = (exceed + 1) / (n_permutations + 1)
    return CochranResult(statistic, df, p_asymptotic, float(p_perm), n_permutations, n)


def _cochran_asymptotic(x: np.ndarray) -> tuple[float, int, float]:
    """(Q, df, χ² p) as statsmodels' cochrans_q computes them (same float64 operations; the χ² tail
    from chi2_sf): no statsmodels or scipy import. x holds 0 and 1."""
    success = x == 1
    k = x.shape[1]
    rows, cols = success.sum(1, float), success.sum(0, float)
    rows_ss, cols_ss = rows.sum(), cols.sum()
    q = (k - 1) * (k * np.sum(cols ** 2) - cols_ss ** 2) / (k * rows_ss - np.sum(rows ** 2))
    return float(q), k - 1, chi2_sf(float(q), k - 1)


def chi2_sf(x: float, df: int) -> float:
    """P[χ²(df) ≥ x] by the finite series of the regularised upper gamma function at half-integer and
    integer shapes (every term positive, so a few ulp from scipy.stats.chi2.sf; tests compare them)."""
    if x <= 0:
        return 1.0
    if df > 200:
        from scipy.special import chdtrc

        return float(chdtrc(df, x))
    h = x / 2
    if df % 2 == 0:
        term = total = math.exp(-h)
        for j in range(1, df // 2):
            term *= h / j
            total += term
        return min(1.0, total)
    total = math.erfc(math.sqrt(h))
    term = math.exp(-h) * math.sqrt(h) * 2 / math.sqrt(math.pi)   # h^(1/2) e^-h / Γ(3/2)
    a = 1.5
    for _ in range((df - 1) // 2):
        total += term
        term *= h / a                  # h^(a+1/2) e^-h / Γ(a+3/2) from the previous term
        a += 1
    return min(1.0, total)


def _random_subsets(rng: np.random.Generator, b: int, m: int, k: int, r: int) -> np.ndarray:
    """Column counts of m rows that each put r ones in a uniform random r-subset of k columns, b times."""
    out = np.zeros((b, k), dtype=np.int64)
    chunk = max(1, int(4_000_000 // max(1, m * k)))
    for start in range(0, b, chunk):
        n = min(chunk, b - start)
        ranks = rng.random((n, m, k)).argsort(axis=2)
        picked = np.zeros((n, m, k), dtype=bool)
        np.put_along_axis(picked, ranks[:, :, :r], True, axis=2)
        out[start:start + n] = picked.sum(axis=1)
    return out


def mcnemar_exact(correct_a: np.ndarray, correct_b: np.ndarray) -> tuple[int, int, float]:
    """Exact McNemar: the two-sided binomial test (p = 1/2) on the discordant pairs, as statsmodels'
    mcnemar(exact=True) defines it (2 · P[X ≤ min(a_only, b_only)], capped at 1); returns
    (a_only, b_only, p). The tail is summed in exact integers and rounded once, so p is the correctly
    rounded value (scipy's binomial CDF, which statsmodels calls, agrees to ~1e-15)."""
    ca, cb = np.asarray(correct_a, dtype=bool), np.asarray(correct_b, dtype=bool)
    a_only, b_only = int(np.sum(ca & ~cb)), int(np.sum(~ca & cb))
    n = a_only + b_only
    if n == 0:
        return a_only, b_only, 1.0
    return a_only, b_only, min(1.0, binomial_half_tail(min(a_only, b_only), n) * 2)


EXACT_BINOMIAL_MAX = 100_000   # discordant pairs summed exactly (0.3 s at 50,000)


def binomial_half_tail(m: int, n: int) -> float:
    """P[X ≤ m] for X ~ Binomial(n, 1/2), exactly: sum of C(n, i) for i ≤ m over 2^n, rounded once."""
    from fractions import Fraction

    if m >= n:
        return 1.0
    if n > EXACT_BINOMIAL_MAX:   # the exact sum grows as n²: scipy's CDF, as statsmodels uses
        from scipy.stats import binom

        return float(binom.cdf(m, n, 0.5))
    total, term = 0, 1
    for i in range(m + 1):
        total += term
        term = term * (n - i) // (i + 1)
    return float(Fraction(total, 1 << n))


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment: statsmodels' multipletests(method="holm") without statsmodels
    (sorted p times m, m-1, …, 1, running maximum, capped at 1, back in the input order)."""
    if not pvalues:
        return []
    p = np.asarray(list(pvalues), dtype=float)
    order = np.argsort(p)
    adjusted = np.maximum.accumulate(p[order] * np.arange(len(p), 0, -1))
    adjusted[adjusted > 1] = 1
    out = np.empty_like(adjusted)
    out[order] = adjusted
    return [float(x) for x in out]


def naive_bootstrap_f1(y_true: np.ndarray, y_pred: np.ndarray, n_resamples: int = DEFAULT_RESAMPLES,
                       seed: int = DEFAULT_SEED) -> tuple[float, float] | None:
    """The textbook loop (draw indexes, recount, repeat): the baseline of benchmarks/bench_bootstrap.py."""
    rng = np.random.default_rng(seed)
    y_true, y_pred = np.asarray(y_true, dtype=bool), np.asarray(y_pred, dtype=bool)
    n = len(y_true)
    values = np.empty(n_resamples)
    for r in range(n_resamples):
        idx = rng.integers(0, n, n)
        t, p = y_true[idx], y_pred[idx]
        tp = int(np.sum(t & p))
        fp = int(np.sum(~t & p))
        fn = int(np.sum(t & ~p))
        f1 = prf_from_counts(tp, fp, fn).f1
        values[r] = np.nan if f1 is None else f1
    return percentile_interval(values)
