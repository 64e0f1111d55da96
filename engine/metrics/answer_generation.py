"""Answer-level generation audit (issue #13 item 4): citations against the annotated relevant
passages and the handling of unanswerable questions, overall and per category.

- citation precision = Σ|cited ∩ gold| / Σ|cited|, citation recall = Σ|cited ∩ gold| / Σ|gold|, pooled over
  answered items (not refused) whose item has `gold_passages` and whose record lists `citations`;
- refusal on unanswerable items = refused / items marked `answerable: false` (refusing is right there);
- false refusals = refused / answerable items (`answerable` true or not given).
Each with a Wilson 95 % interval.

The hallucination rate comes from a verify run over the claims of the answers' sentences (`metrics
--verify-run`): the share of answer sentences with at least one claim the verifier did not find
Supported, over the sentences all of whose claims have a parsed verdict (per category too).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

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


def summarise(items: Sequence[GenerationItem]) -> dict[str, Any]:
    cited = [i for i in items if not i.refused and i.citations is not None and i.gold_passages]
    hit = sum(len(set(i.citations or []) & set(i.gold_passages or [])) for i in cited)
    n_cited = sum(len(set(i.citations or [])) for i in cited)
    n_gold = sum(len(set(i.gold_passages or [])) for i in cited)
    precision, precision_ci = _rate(hit, n_cited)
    recall, recall_ci = _rate(hit, n_gold)
    known = [i for i in items if i.refused is not None]
    unans = [i for i in known if not i.answerable]
    ans = [i for i in known if i.answerable]
    right, right_ci = _rate(sum(bool(i.refused) for i in unans), len(unans))
    false, false_ci = _rate(sum(bool(i.refused) for i in ans), len(ans))
    return {
        "n": len(items), "n_citation_items": len(cited),
        "citation_precision": precision, "citation_precision_ci": precision_ci,
        "citation_recall": recall, "citation_recall_ci": recall_ci,
        "n_unanswerable": len(unans), "unanswerable_refusal_rate": right, "unanswerable_refusal_rate_ci": right_ci,
        "n_answerable": len(ans), "false_refusal_rate": false, "false_refusal_rate_ci": false_ci,
    }


def by_category(items: Sequence[GenerationItem]) -> dict[str, dict[str, Any]]:
    cats = sorted({i.category for i in items if i.category})
    return {c: summarise([i for i in items if i.category == c]) for c in cats}


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
