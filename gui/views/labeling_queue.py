"""The Labeling page's worker side: open a labeling queue (its head first; engine.audit.queues orders the
rest) and tell whether its units have reasoning to rate. Runs in an Op, never on the UI thread."""
from __future__ import annotations

from factaudit.engine import services
from factaudit.engine.errors import FactAuditError

HEAD_CLAIMS = 200          # claims ordered before the first unit shows; the rest follow in a worker


def reasoning_on_classifier(project, mode: str, run: str | None) -> bool:
    """Whether reasoning is to be labelled on a classifier run (whose verdicts have none). A run that
    cannot be read is not one: opening its queue says why."""
    if mode != "reasoning" or not run:
        return False
    try:
        return services.is_classifier_verify_run(project, run)
    except FactAuditError:
        return False


def open_queue(project, mode: str, run: str, annotator: str, verify_run: str | None, progress, cancel):
    """(codebook, queue, whether the run is a classifier's) for the Labeling page."""
    book = services.codebook(project)
    if mode == "evidence":
        queue = services.open_evidence_queue(project, run, annotator, verify_run=verify_run, head=HEAD_CLAIMS,
                                             progress=progress, cancel=cancel)
    else:
        queue = services.open_reasoning_queue(project, run, annotator, head=HEAD_CLAIMS, progress=progress,
                                              cancel=cancel)
    return book, queue, reasoning_on_classifier(project, mode, run)
