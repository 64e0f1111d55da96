"""Conflict-aware answer scoring (RAMDocs-style items whose documents may support several answers).

- conflict: the documents support more than one distinct answer (after normalisation);
- conflict F1: F1 of the predicted conflict flag against that;
- conflict-aware success: conflict items need the flag and every gold answer kept; other items need
  exactly the gold answers;
- unsupported-candidate ratio: share of predicted answers that match no document's answer.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Iterable, Sequence

from factaudit.engine.metrics.prf import prf_from_counts, ratio
from factaudit.engine.text.normalize import fold

# RAMDocs marks noise documents with this placeholder answer; it supports nothing.
NO_ANSWER = frozenset({"", "unknown", "none", "n/a"})


def normalise(answer: str) -> str:
    # Case, full-width forms, Chinese and Western punctuation, thousands separators, Chinese numerals.
    return fold(answer)


def answer_set(answers: Iterable[str]) -> frozenset[str]:
    return frozenset(a for a in (normalise(x) for x in answers) if a not in NO_ANSWER)


def is_conflict(doc_answers: Iterable[str]) -> bool:
    return len(answer_set(doc_answers)) > 1


@dataclass
class ConflictItem:
    item_id: str
    gold_conflict: bool
    pred_conflict: bool
    success: bool
    n_answers: int
    n_unsupported: int


def score_item(item_id: str, gold_answers: Sequence[str], doc_answers: Sequence[str], pred_answers: Sequence[str],
               pred_conflict: bool, gold_conflict: bool | None = None) -> ConflictItem:
    gold = answer_set(gold_answers)
    docs = answer_set(doc_answers)
    pred = answer_set(pred_answers)
    conflict = is_conflict(doc_answers) if gold_conflict is None else bool(gold_conflict)
    if conflict:
        success = bool(pred_conflict) and gold <= pred
    else:
        success = pred == gold
    raw_pred = [normalise(a) for a in pred_answers]
    unsupported = sum(1 for a in raw_pred if a not in docs)
    return ConflictItem(item_id, conflict, bool(pred_conflict), success, len(raw_pred), unsupported)


@dataclass
class ConflictResult:
    run_id: str | None
    n: int
    n_missing: int
    n_conflict: int
    conflict_precision: float | None
    conflict_recall: float | None
    conflict_f1: float | None
    success: float | None
    success_conflict: float | None
    success_other: float | None
    unsupported_ratio: float | None
    items: list[ConflictItem]

    def to_json(self, with_items: bool = False) -> dict[str, Any]:
        out = {k: v for k, v in asdict(self).items() if k != "items"}
        if with_items:
            out["items"] = [asdict(i) for i in self.items]
        return out


def summarise(items: Sequence[ConflictItem], run_id: str | None = None, n_missing: int = 0) -> ConflictResult:
    tp = sum(1 for i in items if i.gold_conflict and i.pred_conflict)
    fp = sum(1 for i in items if not i.gold_conflict and i.pred_conflict)
    fn = sum(1 for i in items if i.gold_conflict and not i.pred_conflict)
    conf = [i for i in items if i.gold_conflict]
    other = [i for i in items if not i.gold_conflict]
    answers = sum(i.n_answers for i in items)
    detection = prf_from_counts(tp, fp, fn)
    return ConflictResult(
        run_id, len(items), n_missing, len(conf), detection.precision, detection.recall, detection.f1,
        ratio(sum(i.success for i in items), len(items)), ratio(sum(i.success for i in conf), len(conf)),
        ratio(sum(i.success for i in other), len(other)), ratio(sum(i.n_unsupported for i in items), answers),
        list(items),
    )
