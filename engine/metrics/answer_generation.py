"""Answer-level generation audit (issue #13 item 4): citations against the annotated relevant
passages and the handling of unanswerable questions, overall and per category.

- citation precision = Σ|cited ∩ gold| / Σ|cited|, citation recall = Σ|cited ∩ gold| / Σ|gold|, pooled over
  answered items (not refused) whose item has `gold_passages` and whose record lists `citations`;
- refusal on unanswerable items = refused / items marked `answerable: false` (refusing is right there);
- false refusals = refused / answerable items (`answerable` true or not given).
Each with a Wilson 95 % interval;
- citation F1 = 2·Σ|cited ∩ gold| / (Σ|cited| + Σ|gold|) over the same items (the harmonic mean of
  the two above), with a percentile bootstrap interval over items.

The hallucination rate comes from a verify run over the claims of the answers' sentences (`metrics
--verify-run`): the share of answer sentences with at least one claim the verifier did not find
Supported, over the sentences all of whose claims have a parsed verdict (per category too).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from factaudit.engine.metrics import stats


@dataclass
class GenerationItem:
    item_id: str
    category: str | None
    answerable: bool            # False only when the item says so
    refused: bool | None        # None: the run records no refusals
    citations: list[str] | None  # None: the run records no citations
    gold_passages: list[str] | None


def _rate(k: int, n: int) -> tuple[float | None, tuple[float, float] | None]:
    return (k / n if n else None), stats.wilson(k, n)


def citation_f1(items: Sequence[GenerationItem], n_resamples: int = stats.DEFAULT_RESAMPLES,
                seed: int = stats.DEFAULT_SEED) -> tuple[float | None, tuple[float, float] | None]:
    """Pooled citation F1 = 2·Σ|cited ∩ gold| / (Σ|cited| + Σ|gold|) (the harmonic mean of the pooled
    precision and recall), with a percentile bootstrap interval over items (passages of one answer are
    resampled together)."""
    counts = np.array([(len(set(i.citations or []) & set(i.gold_passages or [])), len(set(i.citations or [])),
                        len(set(i.gold_passages or []))) for i in items], dtype=float).reshape(-1, 3)
    hit, n_cited, n_gold = counts.sum(axis=0) if len(counts) else (0, 0, 0)
    if n_cited + n_gold == 0:
        return None, None
    rng = np.random.default_rng(seed)
    draws = rng.integers(0, len(counts), size=(n_resamples, len(counts)))
    sums = counts[draws].sum(axis=1)
    denom = sums[:, 1] + sums[:, 2]
    f1s = np.where(denom > 0, 2 * sums[:, 0] / np.where(denom > 0, denom, 1), np.nan)
    return float(2 * hit / (n_cited + n_gold)), stats.percentile_interval(f1s)


def summarise(items: Sequence[GenerationItem], n_resamples: int = stats.DEFAULT_RESAMPLES,
              seed: int = stats.DEFAULT_SEED) -> dict[str, Any]:
    cited = [i for i in items if not i.refused and i.citations is not None and i.gold_passages]
    hit = sum(len(set(i.citations or []) & set(i.gold_passages or [])) for i in cited)
    n_cited = sum(len(set(i.citations or [])) for i in cited)
    n_gold = sum(len(set(i.gold_passages or [])) for i in cited)
    precision, precision_ci = _rate(hit, n_cited)
    recall, recall_ci = _rate(hit, n_gold)
    f1, f1_ci = citation_f1(cited, n_resamples, seed)
    known = [i for i in items if i.refused is not None]
    unans = [i for i in known if not i.answerable]
    ans = [i for i in known if i.answerable]
    right, right_ci = _rate(sum(bool(i.refused) for i in unans), len(unans))
    false, false_ci = _rate(sum(bool(i.refused) for i in ans), len(ans))
    return {
        "n": len(items), "n_citation_items": len(cited),
        "citation_precision": precision, "citation_precision_ci": precision_ci,
        "citation_recall": recall, "citation_recall_ci": recall_ci,
        "citation_f1": f1, "citation_f1_ci": f1_ci,
        "n_unanswerable": len(unans), "unanswerable_refusal_rate": right, "unanswerable_refusal_rate_ci": right_ci,
        "n_answerable": len(ans), "false_refusal_rate": false, "false_refusal_rate_ci": false_ci,
    }


def by_category(items: Sequence[GenerationItem], n_resamples: int = stats.DEFAULT_RESAMPLES,
                seed: int = stats.DEFAULT_SEED) -> dict[str, dict[str, Any]]:
    cats = sorted({i.category for i in items if i.category})
    return {c: summarise([i for i in items if i.category == c], n_resamples, seed) for c in cats}


@dataclass
class SentenceCheck:
    sentence_id: str
    category: str | None
    supported: bool            # every claim of the sentence was found Supported


def hallucination(sentences: Sequence[SentenceCheck]) -> dict[str, Any]:
    k = sum(not s.supported for s in sentences)
    rate, ci = _rate(k, len(sentences))
    cats = sorted({s.category for s in sentences if s.category})
    by_cat = {}
    for c in cats:
        group = [s for s in sentences if s.category == c]
        r, rci = _rate(sum(not s.supported for s in group), len(group))
        by_cat[c] = {"n_sentences": len(group), "hallucination_rate": r, "hallucination_rate_ci": rci}
    return {"n_sentences": len(sentences), "hallucination_rate": rate, "hallucination_rate_ci": ci,
            "by_category": by_cat}
