"""Paired comparison of several runs on the units they all scored (the ablation table).

A unit is correct when the run's error flag (under one mapping) equals the expert label. Cochran's Q
tests whether the runs' accuracies differ at all; exact McNemar tests each pair; a stratified paired
bootstrap gives ΔRecall and ΔF1 intervals; Holm adjusts each family of pairwise p-values.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from itertools import combinations
from typing import Any, Mapping, Sequence

import numpy as np

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.metrics import stats
from factaudit.engine.metrics.classification import MappingScore, confusion, score_counts


@dataclass
class UnitPrediction:
    truth: bool
    predicted: bool
    stratum: str | None = None


@dataclass
class PairResult:
    a: str
    b: str
    n: int
    a_only_correct: int
    b_only_correct: int
    mcnemar_p: float
    mcnemar_p_holm: float | None
    delta_recall: float | None          # b − a
    delta_recall_ci: list[float] | None
    delta_f1: float | None
    delta_f1_ci: list[float] | None
    bootstrap_p_f1: float | None
    bootstrap_p_f1_holm: float | None


@dataclass
class Comparison:
    runs: list[str]
    mapping: str
    level: str
    n_shared: int
    n_excluded: dict[str, int]                  # units a run scored that are not shared by all
    strata: str                                  # what the bootstrap was stratified by
    accuracy: dict[str, float]
    scores: dict[str, MappingScore]
    cochran_q: dict[str, Any] | None
    pairs: list[PairResult]
    n_resamples: int = stats.DEFAULT_RESAMPLES
    seed: int = stats.DEFAULT_SEED
    table: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["scores"] = {k: v.to_json() for k, v in self.scores.items()}
        return out


def compare(runs: Mapping[str, Mapping[str, UnitPrediction]], mapping: str, level: str, *,
            strata_name: str = "category", n_resamples: int = stats.DEFAULT_RESAMPLES,
            seed: int = stats.DEFAULT_SEED) -> Comparison:
    names = list(runs)
    if len(names) < 2:
        raise InvalidArgument("compare needs at least two runs")
    shared = sorted(set.intersection(*(set(runs[n]) for n in names)))
    excluded = {n: len(runs[n]) - len(shared) for n in names}
    if not shared:
        raise InvalidArgument(f"the runs {', '.join(names)} share no scored {level}s")
    first = runs[names[0]]
    truth = np.array([first[u].truth for u in shared], dtype=bool)
    strata_vals = [first[u].stratum for u in shared]
    strata = np.array([s if s is not None else "" for s in strata_vals]) if any(strata_vals) else None
    pred = np.column_stack([np.array([runs[n][u].predicted for u in shared], dtype=bool) for n in names])
    correct = pred == truth[:, None]

    scores: dict[str, MappingScore] = {}
    for j, n in enumerate(names):
        tp, fp, fn, tn = confusion(truth, pred[:, j])
        scores[n] = score_counts(tp, fp, fn, tn, n_resamples=n_resamples, seed=seed, y_true=truth,
                                 y_pred=pred[:, j], strata=strata)
    q = stats.cochran_q(correct.astype(int), n_permutations=n_resamples, seed=seed)

    pairs: list[PairResult] = []
    for i, j in combinations(range(len(names)), 2):
        a_only, b_only, p = stats.mcnemar_exact(correct[:, i], correct[:, j])
        d = stats.paired_bootstrap(truth, pred[:, i], pred[:, j], strata, n_resamples, seed)
        pairs.append(PairResult(
            names[i], names[j], len(shared), a_only, b_only, p, None, d.delta_recall,
            list(d.delta_recall_ci) if d.delta_recall_ci else None, d.delta_f1,
            list(d.delta_f1_ci) if d.delta_f1_ci else None, d.p_f1, None,
        ))
    for pr, adj in zip(pairs, stats.holm([pr.mcnemar_p for pr in pairs])):
        pr.mcnemar_p_holm = adj
    boot_ps = [pr.bootstrap_p_f1 for pr in pairs]
    if all(p is not None for p in boot_ps):
        for pr, adj in zip(pairs, stats.holm(boot_ps)):  # type: ignore[arg-type]
            pr.bootstrap_p_f1_holm = adj

    comp = Comparison(
        runs=names, mapping=mapping, level=level, n_shared=len(shared), n_excluded=excluded,
        strata=strata_name if strata is not None else "none",
        accuracy={n: float(correct[:, j].mean()) for j, n in enumerate(names)},
        scores=scores, cochran_q=asdict(q), pairs=pairs, n_resamples=n_resamples, seed=seed,
    )
    comp.table = ablation_table(comp)
    return comp


def ablation_table(comp: Comparison) -> list[dict[str, Any]]:
    """One row per run against the first (the baseline): the table users paste into a paper."""
    base = comp.runs[0]
    by_pair = {(p.a, p.b): p for p in comp.pairs}
    rows = []
    for n in comp.runs:
        s = comp.scores[n]
        row: dict[str, Any] = {
            "run_id": n, "n": s.n, "accuracy": comp.accuracy[n], "precision": s.precision, "recall": s.recall,
            "recall_ci": s.recall_ci, "f1": s.f1, "f1_ci": s.f1_ci,
            "delta_recall": None, "delta_recall_ci": None, "delta_f1": None, "delta_f1_ci": None,
            "mcnemar_p": None, "mcnemar_p_holm": None,
        }
        pair = by_pair.get((base, n))
        if pair is not None:
            row.update(delta_recall=pair.delta_recall, delta_recall_ci=pair.delta_recall_ci,
                       delta_f1=pair.delta_f1, delta_f1_ci=pair.delta_f1_ci,
                       mcnemar_p=pair.mcnemar_p, mcnemar_p_holm=pair.mcnemar_p_holm)
        rows.append(row)
    return rows


def units_from_pairs(names: Sequence[str], truth: Sequence[bool], preds: Sequence[Sequence[bool]],
                     strata: Sequence[str | None] | None = None) -> dict[str, dict[str, UnitPrediction]]:
    """Build `compare` input from parallel arrays (units numbered 0..n-1); handy for tests and benchmarks."""
    out: dict[str, dict[str, UnitPrediction]] = {}
    for j, n in enumerate(names):
        out[n] = {f"u{i}": UnitPrediction(bool(t), bool(preds[j][i]), strata[i] if strata else None)
                  for i, t in enumerate(truth)}
    return out
