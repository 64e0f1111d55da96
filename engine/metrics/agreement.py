"""Inter- and intra-rater agreement on nominal codes: Cohen's kappa (scikit-learn) for rater pairs and
Krippendorff's alpha (the krippendorff package) for any number of raters with missing values, with
seeded percentile bootstrap intervals over units.

Ratings come as {rater: {unit: code}}; a unit a rater did not label is missing for that rater.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from itertools import combinations
from typing import Any, Hashable, Mapping, Sequence

import numpy as np

from factaudit.engine.metrics import stats

Ratings = Mapping[str, Mapping[Hashable, str]]
BOOT_CHUNK = 1000


# ---- point estimates -----------------------------------------------------------------------------
def cohen_kappa(a: Sequence[Hashable], b: Sequence[Hashable]) -> float | None:
    """Cohen's kappa of two raters over the same units; None when undefined (no units, or both raters
    used a single identical category, so chance agreement is 1)."""
    if len(a) != len(b):
        raise ValueError("both raters must rate the same units")
    if not a:
        return None
    from sklearn.metrics import cohen_kappa_score

    labels = sorted({*map(str, a), *map(str, b)})
    if len(labels) < 2:
        return None
    with np.errstate(divide="ignore", invalid="ignore"):
        value = float(cohen_kappa_score([str(x) for x in a], [str(x) for x in b], labels=labels))
    return value if np.isfinite(value) else None


def value_counts(data: Sequence[Sequence[Hashable | None]]) -> tuple[np.ndarray, list[str]]:
    """A reliability matrix (raters × units, None = missing) as units × categories counts."""
    cats = sorted({str(v) for row in data for v in row if v is not None})
    index = {c: i for i, c in enumerate(cats)}
    n_units = len(data[0]) if data else 0
    counts = np.zeros((n_units, len(cats)), dtype=np.int64)
    for row in data:
        if len(row) != n_units:
            raise ValueError("every rater row must have one entry per unit")
        for u, v in enumerate(row):
            if v is not None:
                counts[u, index[str(v)]] += 1
    return counts, cats


def krippendorff_alpha(data: Sequence[Sequence[Hashable | None]]) -> float | None:
    """Nominal Krippendorff's alpha of a raters × units matrix with None for missing values; None when
    undefined (fewer than two pairable values, or a single category overall)."""
    counts, cats = value_counts(data)
    return alpha_from_counts(counts)


def alpha_from_counts(counts: np.ndarray) -> float | None:
    counts = counts[counts.sum(axis=1) >= 2]
    if counts.shape[0] == 0 or (counts.sum(axis=0) > 0).sum() < 2:
        return None
    import krippendorff

    with np.errstate(divide="ignore", invalid="ignore"):
        value = float(krippendorff.alpha(value_counts=counts, level_of_measurement="nominal"))
    return value if np.isfinite(value) else None


# ---- bootstrap -----------------------------------------------------------------------------------
def _resample_weights(rng: np.random.Generator, n_units: int, n: int) -> np.ndarray:
    """How often each unit is drawn in each of n resamples (rows)."""
    idx = rng.integers(0, n_units, size=(n, n_units))
    flat = (idx + np.arange(n)[:, None] * n_units).ravel()
    return np.bincount(flat, minlength=n * n_units).reshape(n, n_units)


def _alpha_resampled(counts: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Nominal alpha for many unit weightings at once, from the coincidence-matrix identities:
    D_o = Σ_u w_u (m_u² − Σ_c x_uc²)/(m_u − 1), n_c = Σ_u w_u x_uc, α = 1 − (n − 1)·D_o / (n² − Σ_c n_c²)."""
    m = counts.sum(axis=1).astype(float)
    d = (m ** 2 - (counts.astype(float) ** 2).sum(axis=1)) / (m - 1)
    n_c = weights @ counts
    n = n_c.sum(axis=1).astype(float)
    expected = n ** 2 - (n_c.astype(float) ** 2).sum(axis=1)
    observed = weights @ d
    with np.errstate(divide="ignore", invalid="ignore"):
        out = 1.0 - (n - 1.0) * observed / expected
    out[expected <= 0] = np.nan
    return out


def alpha_interval(counts: np.ndarray, n_resamples: int = stats.DEFAULT_RESAMPLES,
                   seed: int = stats.DEFAULT_SEED) -> tuple[float, float] | None:
    """Percentile bootstrap interval of nominal alpha, resampling pairable units with replacement."""
    counts = counts[counts.sum(axis=1) >= 2]
    if counts.shape[0] < 2:
        return None
    rng = np.random.default_rng(seed)
    samples = []
    for start in range(0, n_resamples, BOOT_CHUNK):
        w = _resample_weights(rng, counts.shape[0], min(BOOT_CHUNK, n_resamples - start))
        samples.append(_alpha_resampled(counts, w))
    return stats.percentile_interval(np.concatenate(samples))


def kappa_interval(a: Sequence[Hashable], b: Sequence[Hashable], n_resamples: int = stats.DEFAULT_RESAMPLES,
                   seed: int = stats.DEFAULT_SEED) -> tuple[float, float] | None:
    """Percentile bootstrap interval of Cohen's kappa, resampling units with replacement."""
    if len(a) < 2:
        return None
    labels = sorted({*map(str, a), *map(str, b)})
    k = len(labels)
    if k < 2:
        return None
    index = {c: i for i, c in enumerate(labels)}
    cell = np.array([index[str(x)] * k + index[str(y)] for x, y in zip(a, b)])
    onehot = np.zeros((len(cell), k * k), dtype=np.int64)
    onehot[np.arange(len(cell)), cell] = 1
    rng = np.random.default_rng(seed)
    samples = []
    for start in range(0, n_resamples, BOOT_CHUNK):
        w = _resample_weights(rng, len(cell), min(BOOT_CHUNK, n_resamples - start))
        table = (w @ onehot).reshape(-1, k, k).astype(float)
        n = table.sum(axis=(1, 2))
        po = np.trace(table, axis1=1, axis2=2) / n
        pe = (table.sum(axis=2) * table.sum(axis=1)).sum(axis=1) / n ** 2
        with np.errstate(divide="ignore", invalid="ignore"):
            kappa = (po - pe) / (1 - pe)
        samples.append(kappa)
    return stats.percentile_interval(np.concatenate(samples))


# ---- tables of raters -----------------------------------------------------------------------------
def rater_kind(a: str, b: str) -> str:
    llm = [x.startswith("llm:") for x in (a, b)]
    if a.split(":retest")[0] == b.split(":retest")[0] and (a.endswith(":retest") or b.endswith(":retest")):
        return "intra"
    if all(llm):
        return "llm-llm"
    return "human-llm" if any(llm) else "human-human"


@dataclass
class PairAgreement:
    a: str
    b: str
    kind: str                      # human-human | human-llm | llm-llm | intra
    n_units: int
    kappa: float | None
    kappa_ci: list[float] | None
    agreement: float | None        # raw share of identical codes
    # human–LLM pairs: the pre-label's pull, i.e. agreement where the human labelled blind versus
    # after the LLM pre-label was revealed
    blind: dict[str, Any] | None = None


@dataclass
class DimensionAgreement:
    dimension: str
    alpha: float | None
    alpha_ci: list[float] | None
    n_units: int                   # units with at least two ratings (the pairable ones)
    n_raters: int
    raters: list[str]
    kappa: dict[str, float | None] = field(default_factory=dict)
    pairs: list[PairAgreement] = field(default_factory=list)
    target: str | None = None
    # alpha among the human raters alone, when LLM raters take part too
    alpha_humans: float | None = None
    alpha_humans_ci: list[float] | None = None

    @property
    def human_raters(self) -> list[str]:
        """The people among the raters (a retest pass is the same person; LLM pre-labellers are not)."""
        return [r for r in self.raters if not r.startswith("llm:")]

    @property
    def llm_raters(self) -> list[str]:
        return [r for r in self.raters if r.startswith("llm:")]

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out.pop("dimension")
        out["n_human_raters"], out["n_llm_raters"] = len(self.human_raters), len(self.llm_raters)
        return out


def pair_agreement(a_name: str, b_name: str, a: Mapping[Hashable, str], b: Mapping[Hashable, str],
                   n_resamples: int = stats.DEFAULT_RESAMPLES, seed: int = stats.DEFAULT_SEED) -> PairAgreement:
    units = sorted(set(a) & set(b), key=str)
    xa = [a[u] for u in units]
    xb = [b[u] for u in units]
    ci = kappa_interval(xa, xb, n_resamples, seed) if units else None
    same = sum(x == y for x, y in zip(xa, xb))
    return PairAgreement(a_name, b_name, rater_kind(a_name, b_name), len(units), cohen_kappa(xa, xb),
                         list(ci) if ci else None, same / len(units) if units else None)


def prelabel_pull(human: Mapping[Hashable, str], llm: Mapping[Hashable, str],
                  human_blind: Mapping[Hashable, bool]) -> dict[str, Any]:
    """Agreement of a human with an LLM pre-labeler on units labelled blind versus revealed."""
    out: dict[str, Any] = {}
    for name, flag in (("blind", True), ("revealed", False)):
        units = sorted((u for u in set(human) & set(llm) if bool(human_blind.get(u)) == flag), key=str)
        xa, xb = [human[u] for u in units], [llm[u] for u in units]
        out[name] = {"n_units": len(units), "kappa": cohen_kappa(xa, xb),
                     "agreement": sum(x == y for x, y in zip(xa, xb)) / len(units) if units else None}
    return out


def dimension_agreement(dimension: str, ratings: Ratings, *, retest: Ratings | None = None,
                        n_resamples: int = stats.DEFAULT_RESAMPLES, seed: int = stats.DEFAULT_SEED,
                        target: str | None = None,
                        blind: Mapping[str, Mapping[Hashable, bool]] | None = None) -> DimensionAgreement:
    """Alpha over all first-pass raters, kappa for every pair of them, and intra-rater kappa of each
    rater's retest labels against the same rater's first labels (pair "<rater>|<rater>:retest").
    With `blind` ({rater: {unit: labelled blind}}), human–LLM pairs also report the pre-label's pull."""
    raters = sorted(r for r in ratings if ratings[r])
    units = sorted({u for r in raters for u in ratings[r]}, key=str)
    data = [[ratings[r].get(u) for u in units] for r in raters]
    counts, _ = value_counts(data) if units else (np.zeros((0, 0), dtype=np.int64), [])
    alpha = alpha_from_counts(counts) if units else None
    ci = alpha_interval(counts, n_resamples, seed) if alpha is not None else None
    pairs = [pair_agreement(a, b, ratings[a], ratings[b], n_resamples, seed) for a, b in combinations(raters, 2)]
    for p in pairs:
        if p.kind == "human-llm" and blind is not None:
            human, llm = (p.a, p.b) if p.b.startswith("llm:") else (p.b, p.a)
            p.blind = prelabel_pull(ratings[human], ratings[llm], blind.get(human, {}))
    for r, labels in sorted((retest or {}).items()):
        if labels and r in ratings:
            pairs.append(pair_agreement(r, f"{r}:retest", ratings[r], labels, n_resamples, seed))
    pairable = int((counts.sum(axis=1) >= 2).sum()) if units else 0
    humans = [r for r in raters if not r.startswith("llm:")]
    h_alpha = h_ci = None
    if len(humans) >= 2 and len(humans) < len(raters):
        h_counts, _ = value_counts([[ratings[r].get(u) for u in units] for r in humans])
        h_alpha = alpha_from_counts(h_counts)
        h_ci = alpha_interval(h_counts, n_resamples, seed) if h_alpha is not None else None
    return DimensionAgreement(
        dimension=dimension, alpha=alpha, alpha_ci=list(ci) if ci else None, n_units=pairable,
        n_raters=len(raters), raters=raters, kappa={f"{p.a}|{p.b}": p.kappa for p in pairs}, pairs=pairs,
        target=target, alpha_humans=h_alpha, alpha_humans_ci=list(h_ci) if h_ci else None,
    )
