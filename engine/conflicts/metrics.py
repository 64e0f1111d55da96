"""Metrics of conflict-aware answering, as the X-MADAM-RAG study defines them, per item and over a run.

Answers are compared by their grouping keys (engine.conflicts.grouping: normalised lexical match with
numbers, dates and the lexicon). For an item, `supported` = the keys of the answers its documents
support (noise and "unknown" support none); the item is a conflict item when there is more than one.

- strict accuracy: the predicted answer set equals the gold answer set (abstaining predicts the empty set);
- conflict-aware success: on conflict items, the output states a conflict and keeps every gold
  answer; elsewhere, strict correctness;
- conflict F1: F1 of "the output lists more than one answer or states a conflict" against conflict items;
- conflict awareness: share of conflict items whose output explicitly states a conflict;
- unsupported ratio: predicted answers matching no document-supported answer / all predicted answers.

Intervals: percentile bootstrap over items (1,000 resamples, seed 13 by default, as in the study).
Paired sign tests between runs on the items both answered: exact binomial tests on the discordant
items (scipy.stats.binomtest), reported as exploratory.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Sequence

import numpy as np

from factaudit.engine.conflicts.grouping import keys
from factaudit.engine.conflicts.records import Item, ItemResult
from factaudit.engine.conflicts.variants import NO_ANSWER
from factaudit.engine.metrics.multi_answer import Lexicon
from factaudit.engine.metrics.prf import f1_from_counts
from factaudit.engine.metrics.stats import percentile_interval

DEFAULT_RESAMPLES = 1000
DEFAULT_SEED = 13
METRICS = ("strict_accuracy", "conflict_aware_success", "conflict_f1", "conflict_awareness", "unsupported_ratio")


def supported_keys(item: Item, lexicon: Lexicon | None = None) -> frozenset[str]:
    return keys([d.gold for d in item.docs
                 if d.type != "noise" and d.gold and d.gold.strip().casefold() not in NO_ANSWER], lexicon)


@dataclass
class ItemScore:
    item_id: str
    gold_conflict: bool
    pred_conflict: bool
    explicit_conflict: bool
    strict: bool
    success: bool
    n_answers: int
    n_unsupported: int


def score_item(item: Item, res: ItemResult, lexicon: Lexicon | None = None) -> ItemScore:
    gold = keys(item.gold_answers, lexicon)
    supported = supported_keys(item, lexicon)
    pred_keys = [next(iter(keys([a.answer], lexicon)), "") for a in res.outcome.answers]
    pred = frozenset(k for k in pred_keys if k)
    conflict = len(supported) > 1
    explicit = bool(res.outcome.explicit_conflict)
    strict = pred == gold
    success = (explicit and gold <= pred) if conflict else strict
    return ItemScore(item.id, conflict, explicit or len(pred) > 1, explicit, strict, success, len(pred),
                     sum(1 for k in pred if k not in supported))


@dataclass
class RunScores:
    n_items: int
    n_conflict: int
    metrics: dict[str, float | None]
    intervals: dict[str, list[float] | None]
    n_resamples: int
    seed: int

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _values(s: np.ndarray) -> dict[str, np.ndarray]:
    """Metric values for each row of a (resamples, items, 7) count array (or one row)."""
    gold_c, pred_c, expl, strict, success, n_ans, n_uns = (s[..., i] for i in range(7))
    n = s.shape[-2]
    tp = (gold_c & pred_c).sum(-1)
    fp = (~gold_c.astype(bool) & pred_c.astype(bool)).sum(-1)
    fn = (gold_c.astype(bool) & ~pred_c.astype(bool)).sum(-1)
    n_conf = gold_c.sum(-1)
    answers = n_ans.sum(-1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return {
            "strict_accuracy": strict.sum(-1) / n,
            "conflict_aware_success": success.sum(-1) / n,
            "conflict_f1": f1_from_counts(tp, fp, fn),
            "conflict_awareness": np.where(n_conf > 0, (expl & gold_c).sum(-1) / np.maximum(n_conf, 1), np.nan),
            "unsupported_ratio": np.where(answers > 0, n_uns.sum(-1) / np.maximum(answers, 1), np.nan),
        }


def summarise(scores: Sequence[ItemScore], n_resamples: int = DEFAULT_RESAMPLES,
              seed: int = DEFAULT_SEED) -> RunScores:
    if not scores:
        return RunScores(0, 0, {m: None for m in METRICS}, {m: None for m in METRICS}, n_resamples, seed)
    table = np.array([[s.gold_conflict, s.pred_conflict, s.explicit_conflict, s.strict, s.success, s.n_answers,
                       s.n_unsupported] for s in scores], dtype=np.int64)
    point = _values(table)
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(scores), size=(n_resamples, len(scores)))
    boot = _values(table[idx])

    def num(v) -> float | None:
        v = float(v)
        return None if not np.isfinite(v) else v

    metrics = {m: num(point[m]) for m in METRICS}
    intervals = {m: (list(percentile_interval(np.asarray(boot[m], dtype=float)) or []) or None)
                 if metrics[m] is not None else None for m in METRICS}
    return RunScores(len(scores), int(table[:, 0].sum()), metrics, intervals, n_resamples, seed)


@dataclass
class SignTest:
    a: str
    b: str
    metric: str
    n_shared: int
    a_only: int         # items where only run a succeeded
    b_only: int
    p_value: float | None


def sign_test(a: str, b: str, metric: str, a_ok: dict[str, bool], b_ok: dict[str, bool]) -> SignTest:
    from scipy.stats import binomtest

    shared = sorted(set(a_ok) & set(b_ok))
    a_only = sum(1 for i in shared if a_ok[i] and not b_ok[i])
    b_only = sum(1 for i in shared if b_ok[i] and not a_ok[i])
    p = float(binomtest(a_only, a_only + b_only, 0.5).pvalue) if a_only + b_only else None
    return SignTest(a, b, metric, len(shared), a_only, b_only, p)
