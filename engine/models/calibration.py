"""Calibration of log-probability verdicts (issue #16 item 2).

A small model prefers some answers whatever the input says (SmolLM2-135M: "Supported"). Contextual
calibration (Zhao et al. 2021, "Calibrate before use") estimates that preference from content-free
inputs — the same prompt with "N/A", an empty string and "[MASK]" as claim and evidence — and divides
it out: p_cal(y) ∝ p(y | x) / p̄_cf(y), where p̄_cf is the mean of the content-free distributions.
In log space that is a per-class bias subtracted from the renormalised log-probabilities; the bias
is computed once per run (model + prompt) and pinned in the run's config.

A bias file (`--calibration FILE`, JSON `{"bias": {"Supported": 0.3, ...}}`) is the other way: biases
fitted elsewhere, e.g. on SciFact train claims (never on the claims being scored).
"""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Callable, Mapping, Sequence

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.models.logprob import normalise

METHODS = ("none", "contextual")
CONTENT_FREE = ("N/A", "", "[MASK]")


def contextual_bias(score: Callable[[str, str], Mapping[str, float]], labels: Sequence[str]) -> dict[str, float]:
    """log p̄_cf(y): `score(claim, evidence)` gives the answers' log-probabilities for one input."""
    sums = {y: 0.0 for y in labels}
    for text in CONTENT_FREE:
        probs = normalise({y: score(text, text)[y] for y in labels})
        for y in labels:
            sums[y] += math.exp(probs[y])
    return {y: math.log(sums[y] / len(CONTENT_FREE)) for y in labels}


def apply_bias(logprobs: Mapping[str, float], bias: Mapping[str, float] | None) -> dict[str, float]:
    """Calibrated scores: renormalised log-probabilities minus the bias (no bias: just renormalised)."""
    scores = normalise(dict(logprobs))
    if not bias:
        return scores
    return {y: scores[y] - float(bias.get(y, 0.0)) for y in scores}


def pick(scores: Mapping[str, float], labels: Sequence[str]) -> str:
    """The best-scoring label; ties go to the earlier label in `labels` (a fixed order, so reruns agree)."""
    return max(labels, key=lambda y: (scores[y], -labels.index(y)))


def read_bias_file(path: str | Path, labels: Sequence[str]) -> dict[str, float]:
    try:
        data = json.loads(Path(path).read_text())
        bias = {str(k): float(v) for k, v in data["bias"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise InvalidArgument(f"calibration file {path}: expected JSON {{\"bias\": {{label: number}}}} ({exc})") from exc
    unknown = set(bias) - set(labels)
    if unknown:
        raise InvalidArgument(f"calibration file {path}: unknown labels {sorted(unknown)}; expected {list(labels)}")
    return {y: bias.get(y, 0.0) for y in labels}


def fit_bias(logprobs: Sequence[Mapping[str, float]], gold: Sequence[str], labels: Sequence[str],
             l2: float = 0.01) -> dict[str, float]:
    """Per-class biases that maximise the likelihood of `gold` under softmax(renormalised logprobs - bias)
    (a small L2 penalty keeps classes absent from `gold` finite). For train claims only."""
    import numpy as np
    from scipy.optimize import minimize

    x = np.array([[normalise(dict(lp))[y] for y in labels] for lp in logprobs])
    idx = np.array([labels.index(g) for g in gold])

    def loss(b: np.ndarray) -> float:
        z = x - b
        z = z - z.max(axis=1, keepdims=True)
        logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
        return float(-logp[np.arange(len(idx)), idx].mean() + l2 * np.sum(b ** 2))

    res = minimize(loss, np.zeros(len(labels)), method="L-BFGS-B")
    b = res.x - res.x.mean()
    return {y: float(v) for y, v in zip(labels, b)}
