"""The Results page's work in a worker: a run's scores and a comparison of runs (ResultsBundle), and the
report written to a folder (the page itself is gui.views.results_view)."""
from __future__ import annotations

from dataclasses import dataclass

from factaudit.engine import services
from factaudit.engine.errors import FactAuditError
from factaudit.gui.ops import error_text


@dataclass
class ResultsBundle:
    metrics: services.RunMetrics | None
    comparison: services.Comparison | None
    comparison_note: str | None


def compute_results(project, run_id: str | None, compare_ids: list[str], mapping: str, level: str,
                    n_resamples: int = 10_000, cancel=None) -> ResultsBundle:
    """Worker-thread function for the view."""
    metrics = services.run_metrics(project, run_id, n_resamples=n_resamples) if run_id else None
    if cancel is not None:
        cancel.check()
    comparison, note = None, None
    if len(compare_ids) >= 2:
        try:
            comparison = services.compare_runs(project, compare_ids, mapping, level, n_resamples=n_resamples)
        except FactAuditError as exc:
            note = error_text(exc)
    return ResultsBundle(metrics, comparison, note)


def export_report(project, out_dir: str, formats: tuple[str, ...], run_ids: list[str] | None, mapping: str,
                  level: str, progress):
    return services.write_report(project, out_dir, formats, run_ids or None, mapping=mapping, level=level,
                                 progress=progress)
