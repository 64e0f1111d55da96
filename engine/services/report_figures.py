"""The report's study figures beyond the verify / choices runs (issue #33): aggregate runs (conflict-aware
answering) with their breakdowns, and the paired comparison of retrieval runs. services.scoring's report
builder calls `study_figures`; reports.study_sections shows them."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project


@dataclass
class StudyFigures:
    aggregate: dict[str, Any] = field(default_factory=dict)            # run -> services.conflict_figures JSON
    retrieval_comparison: dict[str, Any] | None = None                 # RetrievalComparison JSON
    notes: dict[str, str] = field(default_factory=dict)                # what could not be shown, and why


def split_report_runs(project: Project, run_ids: Sequence[str] | None,
                      kinds: Mapping[str, str]) -> tuple[list[str] | None, list[str] | None]:
    """The named runs split into those services.scoring scores (verdicts, choices, candidates) and the
    aggregate and retrieval runs shown here; (None, None) when no runs are named (then: every run)."""
    if not run_ids:
        return None, None
    from factaudit.engine.services.retrieval import is_retrieval_run

    scored, other = [], []
    for r in dict.fromkeys(run_ids):
        info = run_store.get_run(project, r)
        if r not in kinds and (info.kind == "aggregate" or is_retrieval_run(project, r)):
            other.append(r)
        else:
            scored.append(r)
    return scored, other


def study_figures(project: Project, run_ids: Sequence[str] | None, *, n_resamples: int,
                  seed: int) -> StudyFigures:
    """`run_ids` None: every aggregate run that answered an item, and every finished retrieval run
    (compared when there are two or more, the oldest the baseline)."""
    from factaudit.engine.services.conflict_figures import report_aggregate_runs
    from factaudit.engine.services.retrieval import hit_runs
    from factaudit.engine.services.retrieval_compare import compare_retrieval_runs

    out = StudyFigures()
    if run_ids is None:
        aggregate = None
        retrieval = [r.id for r in hit_runs(project)][::-1]
    else:
        aggregate = [r for r in run_ids if run_store.get_run(project, r).kind == "aggregate"]
        retrieval = [r for r in run_ids if r not in aggregate]
    if aggregate is None or aggregate:
        out.aggregate = report_aggregate_runs(project, aggregate, n_resamples, seed)
    if len(retrieval) >= 2:
        try:
            out.retrieval_comparison = compare_retrieval_runs(project, retrieval, n_resamples=n_resamples,
                                                              seed=seed).to_json()
        except InvalidArgument as exc:
            out.notes["retrieval comparison"] = str(exc)
    return out
