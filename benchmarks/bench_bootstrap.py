"""Bootstrap benchmark: 10,000 resamples of F1 over 10,000 items.

Measures, in the same process and on the same data:
- naive: the textbook loop (draw n indexes, recount TP/FP/FN, repeat);
- indexes: one vectorised draw of indexes in chunks (numpy, no Python loop over resamples);
- engine: engine.metrics.stats.bootstrap_f1, which draws the cell counts of each resample from a
  multinomial (the same distribution as drawing indexes, at a cost independent of n);
- paired: the engine's stratified paired bootstrap of ΔRecall/ΔF1 for two runs;
- compare: a whole 3-run comparison (per-run intervals, Cochran's Q with 10,000 permutations,
  3 exact McNemar tests, 3 stratified paired bootstraps).
Writes benchmarks/results/bootstrap.json. Usage: python benchmarks/bench_bootstrap.py [--items N] [--resamples B]
"""
from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path

import numpy as np

from factaudit.engine.metrics import prf, stats


def vectorised_indexes(y_true: np.ndarray, y_pred: np.ndarray, n_resamples: int, seed: int,
                       chunk: int = 500) -> tuple[float, float]:
    rng = np.random.default_rng(seed)
    n = len(y_true)
    cells = stats.cell_codes(y_true, y_pred)
    out = []
    for start in range(0, n_resamples, chunk):
        b = min(chunk, n_resamples - start)
        idx = rng.integers(0, n, size=(b, n))
        c = cells[idx] + 4 * np.arange(b)[:, None]
        counts = np.bincount(c.ravel(), minlength=4 * b).reshape(b, 4)
        out.append(prf.f1_from_counts(counts[:, 3], counts[:, 1], counts[:, 2]))
    return stats.percentile_interval(np.concatenate(out))


def timed(fn, *args, **kw):
    t0 = time.perf_counter()
    res = fn(*args, **kw)
    return time.perf_counter() - t0, res


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--items", type=int, default=10_000)
    ap.add_argument("--resamples", type=int, default=10_000)
    ap.add_argument("--naive-resamples", type=int, default=None,
                    help="resamples for the naive loop (default: all; its time is scaled if fewer)")
    ap.add_argument("--out", type=Path, default=Path(__file__).parent / "results" / "bootstrap.json")
    args = ap.parse_args()
    rng = np.random.default_rng(0)
    n, b = args.items, args.resamples
    y_true = rng.random(n) < 0.38
    y_pred = np.where(rng.random(n) < 0.7, y_true, ~y_true)
    y_pred_b = np.where(rng.random(n) < 0.75, y_true, ~y_true)
    strata = rng.choice(["a", "b", "c", "d"], n)

    stats.bootstrap_f1(y_true[:100], y_pred[:100], 100)  # warm imports
    t_engine, ci_engine = timed(stats.bootstrap_f1, y_true, y_pred, b, 42)
    t_index, ci_index = timed(vectorised_indexes, y_true, y_pred, b, 42)
    t_paired, paired = timed(stats.paired_bootstrap, y_true, y_pred, y_pred_b, strata, b, 42)
    from factaudit.engine.metrics.compare import compare, units_from_pairs

    y_pred_c = np.where(rng.random(n) < 0.72, y_true, ~y_true)
    units = units_from_pairs(["a", "b", "c"], y_true, [y_pred, y_pred_b, y_pred_c], list(strata))
    t_compare, _ = timed(compare, units, "R+NE", "sentence", n_resamples=b, seed=42)
    nb = args.naive_resamples or b
    t_naive, ci_naive = timed(stats.naive_bootstrap_f1, y_true, y_pred, nb, 42)
    t_naive_full = t_naive * b / nb

    result = {
        "items": n, "resamples": b, "machine": platform.machine(), "python": platform.python_version(),
        "numpy": np.__version__,
        "seconds": {"naive_loop": round(t_naive_full, 3), "vectorised_indexes": round(t_index, 3),
                    "engine_multinomial": round(t_engine, 4), "engine_paired_stratified": round(t_paired, 4),
                    "compare_3_runs_full": round(t_compare, 3)},
        "naive_resamples_measured": nb,
        "ratio_naive_over_vectorised_indexes": round(t_naive_full / t_index, 1),
        "ratio_naive_over_engine": round(t_naive_full / t_engine, 1),
        "f1_ci": {"naive_loop": ci_naive, "vectorised_indexes": ci_index, "engine_multinomial": ci_engine},
        "paired_delta_f1_ci": paired.delta_f1_ci,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
