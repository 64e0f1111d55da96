"""Expert review of a choices run (issue #13 item 3): draw a stratified sample, show each sampled
answer with its gold and the passages the system saw, record "acceptable / not acceptable" plus a
note (append-only), and set the acceptable rate beside the strict score."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from factaudit.engine.audit import review_sample as rs
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.metrics import stats
from factaudit.engine.project import queries, review_store, scoring_store
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project
from factaudit.engine.project.review_store import ReviewMark, ReviewSample

DEFAULT_FRACTION = 0.15


@dataclass
class ReviewItem:
    """One sampled answer as the reviewer sees it."""
    item_id: str
    question: str | None
    risk_tier: str | None
    category: str | None
    gold_options: list[str]
    chosen: list[str]
    refused: bool
    reference: str | None
    seen: list[tuple[str, str]] = field(default_factory=list)          # (passage id, text) in rank order
    gold_passages: list[tuple[str, str]] = field(default_factory=list)
    citations: list[str] = field(default_factory=list)
    mark: ReviewMark | None = None


def _choices_run(project: Project, run_id: str) -> None:
    run_store.get_run(project, run_id)
    if scoring_store.scorable_runs(project).get(run_id) != "choices":
        raise InvalidArgument(f"{run_id} is not a finished choices run")


def draw_review_sample(project: Project, run_id: str, fraction: float = DEFAULT_FRACTION,
                       strata: str | None = "risk_tier", seed: int = stats.DEFAULT_SEED) -> ReviewSample:
    """Draw (or, with the same settings, find again) the review sample of a choices run."""
    _choices_run(project, run_id)
    rs.check_strata(strata)
    for s in review_store.samples(project, run_id):
        if (s.fraction, s.strata, s.seed) == (fraction, strata, seed):
            return s
    preds = scoring_store.get_predictions(project, run_id)
    rows = [r for r in scoring_store.option_items(project) if r.id in preds and preds[r.id].chosen is not None]
    items = rs.draw(((r.id, getattr(r, strata) if strata else None) for r in rows), fraction, seed)
    if not items:
        raise InvalidArgument(f"{run_id} has no answered multi-answer items to sample")
    return review_store.add_sample(project, run_id, fraction, strata, seed, items)


def _latest_by_item(marks: list[ReviewMark]) -> dict[str, ReviewMark]:
    # several reviewers: the most recent current mark of each item counts
    out: dict[str, ReviewMark] = {}
    for m in marks:
        out[m.item_id] = m
    return out


def review_queue(project: Project, sample_id: int) -> list[ReviewItem]:
    """The sampled answers in review order, each with its current mark."""
    sample = review_store.get_sample(project, sample_id)
    current = _latest_by_item(review_store.marks(project, sample_id))
    return [replace(v, mark=current.get(v.item_id)) for v in answer_items(project, sample.run_id, sample.items)]


def answer_items(project: Project, run_id: str, item_ids: list[str] | None = None) -> list[ReviewItem]:
    """Answers of a choices run as a reviewer sees them (every answered option item by default)."""
    _choices_run(project, run_id)
    preds = scoring_store.get_predictions(project, run_id)
    rows = {r.id: r for r in scoring_store.option_items(project)}
    if item_ids is None:
        item_ids = [i for i in rows if i in preds and preds[i].chosen is not None]
    wanted = {pid for i in item_ids
              for pid in (preds[i].passages or []) + ((rows[i].meta or {}).get("gold_passages") or [])}
    texts = {pid: p.text for pid, p in queries.get_passages(project, sorted(wanted)).items()} if wanted else {}
    questions = review_store.item_questions(project, item_ids)
    out = []
    for item_id in item_ids:
        r, p = rows[item_id], preds[item_id]
        meta = r.meta or {}
        out.append(ReviewItem(
            item_id, questions.get(item_id), r.risk_tier, r.category, r.gold_options or [],
            p.chosen or [], bool(p.refused), meta.get("reference"),
            [(pid, texts.get(pid, "")) for pid in p.passages or []],
            [(pid, texts.get(pid, "")) for pid in meta.get("gold_passages") or []],
            list(p.citations or [])))
    return out


def mark_review(project: Project, sample_id: int, item_id: str, acceptable: bool, note: str | None = None,
                reviewer: str = "") -> ReviewMark:
    return review_store.add_mark(project, sample_id, item_id, acceptable, (note or "").strip() or None, reviewer)


def review_figures(project: Project, run_id: str, strict: Mapping[str, float]) -> dict[str, Any] | None:
    """acceptable_rate (Wilson 95 %) over the reviewed items of the run's latest sample, and the 2×2 of
    strict-correct against acceptable; None when the run has no sample."""
    found = review_store.samples(project, run_id)
    if not found:
        return None
    sample = found[-1]
    current = _latest_by_item(review_store.marks(project, sample.id))
    reviewed = [i for i in sample.items if i in current and i in strict]
    k = sum(current[i].acceptable for i in reviewed)
    return {
        "acceptable_rate": k / len(reviewed) if reviewed else None,
        "acceptable_rate_ci": stats.wilson(k, len(reviewed)),
        "review": {
            "sample_id": sample.id, "fraction": sample.fraction, "strata": sample.strata, "seed": sample.seed,
            "n_sampled": len(sample.items), "n_reviewed": len(reviewed),
            "strict_on_reviewed": sum(strict[i] for i in reviewed) / len(reviewed) if reviewed else None,
            "table": rs.two_by_two([strict[i] == 1.0 for i in reviewed], [current[i].acceptable for i in reviewed]),
        },
    }
