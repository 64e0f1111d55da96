"""The Results page's work in a worker: a run's scores and a comparison of runs (ResultsBundle), and the
report written to a folder (the page itself is gui.views.results_view)."""
from __future__ import annotations

from dataclasses import dataclass, field

from factaudit.engine import services
from factaudit.engine.errors import FactAuditError
from factaudit.gui.ops import error_text


@dataclass
class ResultsBundle:
    metrics: services.RunMetrics | None
    comparison: services.Comparison | None
    comparison_note: str | None
    # issue #33: the gold the figures use, the study figures beside them (FiguresPanel), the choices
    extras: dict | None = None
    gold_choices: list[str] = field(default_factory=list)
    categories: list[str] = field(default_factory=list)


def study_extras(project, run_id: str, mapping: str, gold: str, subset: str | None, n_resamples: int,
                 cancel=None) -> dict:
    """The gold, subset and severity figures of a verify run, its reasoning figures, and its answers'
    correctness and label-free factual precision, each where the project has the data."""
    extras = services.gold_figures(project, run_id, gold, subset, n_resamples=n_resamples)
    notes: list[str] = []
    reasoning = services.reasoning_figures(project, mapping=mapping, run_ids=[run_id])
    extras["reasoning"] = reasoning[0].to_json() if reasoning and reasoning[0].n_labelled else None
    if cancel is not None:
        cancel.check()
    try:
        extras["answers"] = services.answer_figures(project, run_id, n_resamples=n_resamples)
    except FactAuditError as exc:         # a run over claims that belong to no answer has none
        extras["answers"] = None
        notes.append(error_text(exc))
    extras["notes"] = notes
    return extras


def compute_results(project, run_id: str | None, compare_ids: list[str], mapping: str, level: str,
                    n_resamples: int = 10_000, cancel=None, gold: str = "expert",
                    subset: str | None = None) -> ResultsBundle:
    """Worker-thread function for the view: every figure against the `gold` source's labels."""
    labels = services.gold_labels(project, gold)
    metrics = services.run_metrics(project, run_id, n_resamples=n_resamples, gold=labels) if run_id else None
    if cancel is not None:
        cancel.check()
    extras = study_extras(project, run_id, mapping, labels, subset, n_resamples, cancel) if run_id else None
    comparison, note = None, None
    if len(compare_ids) >= 2:
        try:
            comparison = services.compare_runs(project, compare_ids, mapping, level, n_resamples=n_resamples,
                                               gold=labels)
        except FactAuditError as exc:
            note = error_text(exc)
    categories = sorted(metrics.by_category) if metrics is not None else []
    return ResultsBundle(metrics, comparison, note, extras, services.gold_choices(project), categories)


def export_report(project, out_dir: str, formats: tuple[str, ...], run_ids: list[str] | None, mapping: str,
                  level: str, progress, gold: str = "expert"):
    return services.write_report(project, out_dir, formats, run_ids or None, mapping=mapping, level=level,
                                 progress=progress, gold=gold)
