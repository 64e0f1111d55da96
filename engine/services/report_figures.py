"""The report's study figures beyond the verify / choices run scores (issue #33): aggregate runs
(conflict-aware answering) with their breakdowns, the paired comparison of retrieval runs, evidence judge
runs against gold relevance, and per verify run its reasoning figures and the label-free factual precision
and correctness of the answers it checked. services.scoring's report builder calls `study_figures`;
reports.study_sections shows them."""
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
    reasoning: dict[str, Any] = field(default_factory=dict)            # verify run -> ReasoningFigures JSON
    answers: dict[str, Any] = field(default_factory=dict)              # verify run -> factual precision, correctness
    judge: dict[str, Any] = field(default_factory=dict)                # evidence judge run -> services.judge_scores
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
        if r not in kinds and (info.kind in ("aggregate", "judge") or is_retrieval_run(project, r)):
            other.append(r)
        else:
            scored.append(r)
    return scored, other


def study_figures(project: Project, run_ids: Sequence[str] | None, *, n_resamples: int,
                  seed: int, verify_runs: Sequence[str] = ()) -> StudyFigures:
    """`run_ids` None: every aggregate run that answered an item, every finished retrieval run (compared
    when there are two or more, the oldest the baseline) and every evidence judge run on claims with
    gold evidence. `verify_runs`: the reported verify runs, for their reasoning figures and the
    figures of the answers they checked."""
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
    _verify_figures(project, verify_runs, out, n_resamples, seed)
    judge = ([r.id for r in run_store.list_runs(project, "judge") if r.status == "done"] if run_ids is None
             else [r for r in retrieval if run_store.get_run(project, r).kind == "judge"])
    retrieval = [r for r in retrieval if r not in judge]
    _judge_figures(project, judge, out, n_resamples, seed, named=run_ids is not None)
    if len(retrieval) >= 2:
        try:
            out.retrieval_comparison = compare_retrieval_runs(project, retrieval, n_resamples=n_resamples,
                                                              seed=seed).to_json()
        except InvalidArgument as exc:
            out.notes["retrieval comparison"] = str(exc)
    return out


def _verify_figures(project: Project, verify_runs: Sequence[str], out: StudyFigures, n_resamples: int,
                    seed: int) -> None:
    """Reasoning figures of the runs with reasoning labels; label-free factual precision and answer
    correctness of the runs that checked answers (a run of bare claims has none: nothing is said)."""
    if not verify_runs:
        return
    from factaudit.engine.audit.reasoning_figures import project_reasoning_figures
    from factaudit.engine.services.answer_audit import answer_figures

    for f in project_reasoning_figures(project, run_ids=list(verify_runs)):
        if f.n_labelled:
            out.reasoning[f.run_id] = f.to_json()
    for r in verify_runs:
        try:
            fig = answer_figures(project, r, n_resamples=n_resamples, seed=seed)
        except InvalidArgument:
            continue
        precision = {k: v for k, v in fig["factual_precision"].items() if k not in ("answers", "filtered")}
        correctness = fig["answer_correctness"]
        if correctness is not None:
            correctness = {k: v for k, v in correctness.items() if k != "items"}
        out.answers[r] = {"factual_precision": precision, "answer_correctness": correctness}


def _judge_figures(project: Project, judge_runs: Sequence[str], out: StudyFigures, n_resamples: int,
                   seed: int, named: bool) -> None:
    """Evidence judge runs scored against the gold evidence; one on claims without gold is said only when
    the report was asked for it by name."""
    from factaudit.engine.services.judge_scoring import judge_scores

    for r in judge_runs:
        if (run_store.get_run(project, r).config or {}).get("target") != "evidence":
            continue
        try:
            out.judge[r] = judge_scores(project, r, n_resamples, seed)
        except InvalidArgument as exc:
            if named:
                out.notes[r] = str(exc)
