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


def wilson(successes: int, n: int, confidence: float = CONFIDENCE) -> tuple[float, float] | None:
    """Wilson score interval for a proportion; None when there are no trials."""
    if n <= 0:
        return None
    from statsmodels.stats.proportion import proportion_confint

    lo, hi = proportion_confint(successes, n, alpha=1 - confidence, method="wilson")
    return float(lo), float(hi)


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
    """Cochran's Q with the asymptotic χ² p (statsmodels) and a permutation p.

    Under the null the k outcomes of a unit are exchangeable, so a permutation shuffles each row.
    Rows that are all 0 or all 1 never change, and the row totals never change, so only the column
    sums of the discordant rows are redrawn: for rows with a single 1 (or a single 0) those sums
    are multinomial draws, so k ≤ 3 costs O(permutations · k) whatever the number of units.
    """
    from statsmodels.stats.contingency_tables import cochrans_q

    x = np.asarray(x, dtype=np.int64)
    n, k = x.shape
    observed = cochran_q_statistic(x)
    disc = x[(x.sum(axis=1) > 0) & (x.sum(axis=1) < k)]
    if len(disc) == 0:
        return CochranResult(0.0, k - 1, 1.0, 1.0, 0, n)
    res = cochrans_q(x)
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
    return CochranResult(float(res.statistic), int(res.df), float(res.pvalue), float(p_perm), n_permutations, n)


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
    """Exact McNemar (binomial on discordant pairs) via statsmodels; returns (a_only, b_only, p)."""
    from statsmodels.stats.contingency_tables import mcnemar

    ca, cb = np.asarray(correct_a, dtype=bool), np.asarray(correct_b, dtype=bool)
    table = np.array([[np.sum(ca & cb), np.sum(ca & ~cb)], [np.sum(~ca & cb), np.sum(~ca & ~cb)]])
    a_only, b_only = int(table[0, 1]), int(table[1, 0])
    if a_only + b_only == 0:
        return a_only, b_only, 1.0
    res = mcnemar(table, exact=True)
    return a_only, b_only, float(min(1.0, res.pvalue))


def holm(pvalues: Sequence[float]) -> list[float]:
    if not pvalues:
        return []
    from statsmodels.stats.multitest import multipletests

    return [float(p) for p in multipletests(list(pvalues), method="holm")[1]]


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
