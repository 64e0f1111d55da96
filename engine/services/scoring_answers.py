"""Scores of the answer runs: a choices run's multi-answer figures (with its answer-level audit) and a
candidates run's conflict figures. Split from services/scoring.py, which calls them for `metrics`,
`compare` and the report; the façade publishes both from here."""
from __future__ import annotations

from typing import Mapping

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.metrics import conflict as conflict_metrics
from factaudit.engine.metrics import multi_answer as ma
from factaudit.engine.metrics import stats
from factaudit.engine.project import scoring_store
from factaudit.engine.project.db import Project
from factaudit.engine.services.answer_audit import audited_result, option_scores
from factaudit.engine.services.scoring_units import _check_run


def multi_answer_scores(project: Project, run_id: str, lexicon: ma.Lexicon | None = None,
                        gates: Mapping[str, Mapping[str, float]] | None = None, *,
                        n_resamples: int = stats.DEFAULT_RESAMPLES, seed: int = stats.DEFAULT_SEED,
                        verify_run: str | None = None, lenient_penalty: float = ma.WRONG_OPTION_PENALTY
                        ) -> ma.MultiAnswerResult:
    _check_run(project, run_id, "choices")
    items, missing, preds, rows = option_scores(project, run_id, lexicon, lenient_penalty)
    return audited_result(project, run_id, items, missing, preds, rows, lexicon=lexicon, gates=gates,
                          n_resamples=n_resamples, seed=seed, verify_run=verify_run, lenient_penalty=lenient_penalty)


def conflict_scores(project: Project, run_id: str) -> conflict_metrics.ConflictResult:
    _check_run(project, run_id, "candidates")
    preds = scoring_store.get_predictions(project, run_id)
    rows = scoring_store.answer_items(project, preds)
    need_docs = [r.id for r in rows if "document_answers" not in r.meta]
    docs = scoring_store.document_answers(project, need_docs) if need_docs else {}
    items = []
    for it in rows:
        p = preds[it.id]
        doc_answers = it.meta.get("document_answers", docs.get(it.id, []))
        gold_conflict = it.meta.get("conflict")
        items.append(conflict_metrics.score_item(it.id, it.gold_answers or [], doc_answers, p.answers or [],
                                                 bool(p.conflict), gold_conflict))
    if not items:
        raise InvalidArgument(f"{run_id}: none of its candidates belong to items with gold answers")
    return conflict_metrics.summarise(items, run_id, len(preds) - len(items))
