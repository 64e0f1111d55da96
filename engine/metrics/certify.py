"""What a few expert labels prove about a verifier and a whole run (issue #21 item 5).

Y = the expert says the unit contains an error, f = the verifier flags it under a mapping. With n
labelled units (Y and f known) and N unlabelled ones (f only):

- sensitivity P(f=1 | Y=1) and specificity P(f=0 | Y=0) on the labelled units, Clopper–Pearson 95 %;
- the run's error rate three ways: labels only (mean Y, Wilson), the verifier alone (share flagged
  over every unit, no interval: it carries the verifier's bias), and prediction-powered inference
  (Angelopoulos et al., Science 2023): θ̂ = mean(f_u) + mean(Y − f)_l with the CLT interval
  θ̂ ± z·sqrt(var(f_u)/N + var(Y − f)_l/n).

The variances are numpy's default (divide by the count), which is what `ppi_py.ppi_mean_ci` uses
(`.std()` of the imputed and rectifier terms); tests compare with it at lhat=1 (plain PPI, no power
tuning). Pure functions over arrays; engine/services/certification.py feeds them from a project.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.i18n import N_
from factaudit.engine.metrics import stats


@dataclass
class Estimate:
    value: float | None
    ci: list[float] | None = None
    k: int | None = None          # successes behind a proportion (None for PPI)
    n: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"value": self.value}
        if self.ci is not None:
            out["ci"] = self.ci
        if self.k is not None:
            out["k"], out["n"] = self.k, self.n
        return out


@dataclass
class LabelsNeeded:
    target_half_width: float | None
    half_width: float | None          # the PPI half-width now
    more: int | None                  # labels to add (0 when already there; None when unreachable)
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"target_half_width": self.target_half_width, "current_half_width": self.half_width,
                "more": self.more, "reason": self.reason}


@dataclass
class Certification:
    n_labelled: int
    n_unlabelled: int
    n_positive: int                   # labelled units the expert calls erroneous
    sensitivity: Estimate
    specificity: Estimate
    labels_only: Estimate
    verifier_only: Estimate
    ppi: Estimate
    labels_needed: LabelsNeeded
    notes: list[str] = field(default_factory=list)
    confidence: float = stats.CONFIDENCE


def clopper_pearson(k: int, n: int, confidence: float = stats.CONFIDENCE) -> Estimate:
    if n <= 0:
        return Estimate(None, None, k, n)
    # statsmodels' proportion_confint(method="beta") is scipy.stats.beta.ppf / isf, which are these
    # boost inverses (identical values, tests compare them) without importing statsmodels and scipy.stats
    from scipy.special import betainccinv, betaincinv

    alpha = (1 - confidence) / 2
    lo = 0.0 if k == 0 else float(betaincinv(k, n - k + 1, alpha))
    hi = 1.0 if k == n else float(betainccinv(k + 1, n - k, alpha))
    return Estimate(k / n, [lo, hi], k, n)


def wilson_estimate(k: int, n: int, confidence: float = stats.CONFIDENCE) -> Estimate:
    ci = stats.wilson(k, n, confidence)
    return Estimate(k / n if n else None, list(ci) if ci else None, k, n)


def _z(confidence: float) -> float:
    if confidence == stats.CONFIDENCE:
        return 1.959963984540054          # scipy.stats.norm.ppf(0.975) (one ulp below norm.isf(0.025))
    from statistics import NormalDist

    return NormalDist().inv_cdf(1 - (1 - confidence) / 2)


def ppi_mean(y: np.ndarray, f: np.ndarray, f_unlabelled: np.ndarray,
             confidence: float = stats.CONFIDENCE) -> tuple[float, float, float, float]:
    """(θ̂, half-width, var(f_u), var(Y − f)): the PPI mean estimate and its CLT half-width."""
    y, f, fu = (np.asarray(a, dtype=float) for a in (y, f, f_unlabelled))
    rect = y - f
    var_u, var_r = float(fu.var()), float(rect.var())
    theta = float(fu.mean() + rect.mean())
    half = _z(confidence) * math.sqrt(var_u / len(fu) + var_r / len(y))
    return theta, half, var_u, var_r


def labels_needed(var_u: float, var_r: float, n: int, n_total: int, target: float,
                  confidence: float = stats.CONFIDENCE) -> tuple[int | None, str]:
    """Smallest number of extra labels m with z·sqrt(var_u/(N_total − n − m) + var_r/(n + m)) ≤ target,
    holding the two variances at today's estimates (labelling moves units out of the unlabelled set)."""
    if target <= 0:
        raise InvalidArgument(f"the target half-width must be positive, got {target}", setting="target_half_width")
    bound = (target / _z(confidence)) ** 2
    for total_l in range(n, n_total):
        if var_u / (n_total - total_l) + var_r / total_l <= bound:
            return total_l - n, ""
    return None, N_(f"a half-width of {target:g} is out of reach before every unit is labelled "
                    "(then the labels alone give the interval)")


def certify(y: Sequence[bool], f_labelled: Sequence[bool], f_unlabelled: Sequence[bool], *,
            target_half_width: float | None = None, confidence: float = stats.CONFIDENCE) -> Certification:
    """Every figure of a certification from the labelled units' (Y, f) and the unlabelled units' f."""
    y_a = np.asarray(y, dtype=bool)
    f_a = np.asarray(f_labelled, dtype=bool)
    fu = np.asarray(f_unlabelled, dtype=bool)
    if len(y_a) != len(f_a):
        raise InvalidArgument("labels and verifier flags differ in length")
    n, n_u = len(y_a), len(fu)
    if n == 0:
        raise InvalidArgument("no labelled units: certification needs expert labels on some units of the run "
                              "(sentence labels, or claim gold labels at claim level)", setting="level")
    notes: list[str] = []
    pos = int(y_a.sum())
    sens = clopper_pearson(int((y_a & f_a).sum()), pos, confidence)
    spec = clopper_pearson(int((~y_a & ~f_a).sum()), n - pos, confidence)
    if pos == 0:
        notes.append("no labelled unit is erroneous: sensitivity is undefined")
    if pos == n:
        notes.append("every labelled unit is erroneous: specificity is undefined")
    labels_only = wilson_estimate(pos, n, confidence)
    flagged = int(f_a.sum() + fu.sum())
    verifier_only = Estimate(flagged / (n + n_u), None, flagged, n + n_u)
    if n_u == 0:
        notes.append("every unit is labelled: the prediction-powered estimate reduces to the labels alone")
        ppi = Estimate(labels_only.value, labels_only.ci)
        needed = LabelsNeeded(target_half_width, None, 0 if target_half_width is not None else None,
                              N_("every unit is labelled"))
    else:
        theta, half, var_u, var_r = ppi_mean(y_a, f_a, fu, confidence)
        ppi = Estimate(theta, [theta - half, theta + half])
        if target_half_width is None:
            needed = LabelsNeeded(None, half, None, N_("no target half-width given"))
        else:
            more, reason = labels_needed(var_u, var_r, n, n + n_u, target_half_width, confidence)
            needed = LabelsNeeded(target_half_width, half, more, reason)
    return Certification(n, n_u, pos, sens, spec, labels_only, verifier_only, ppi, needed, notes, confidence)
