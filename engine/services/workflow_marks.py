"""Calling a Workflow step "enough for now" (issue #35 item 2): the step keeps its state and its count,
recorded with the mark, and Next moves on past it (engine/services/status.py reads the marks)."""
from __future__ import annotations

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.project import status_store as store
from factaudit.engine.project.db import Project
from factaudit.engine.services.status import ENOUGH_STEPS, PARTIAL, TODO, Step, workflow_status


def mark_enough(project: Project, step: str, enough: bool = True, progress: object = None,
                cancel: object = None) -> Step:
    """Call a step enough for now (Next moves on; its count is kept with the mark), or take that back.
    Returns the step as it stood when marked."""
    if step not in ENOUGH_STEPS:
        raise InvalidArgument(f"{step!r} cannot be marked enough for now; steps that can: {', '.join(ENOUGH_STEPS)}")
    now = workflow_status(project).step(step)
    if not enough:
        store.remove_mark(project, "enough", step)
    elif now.state in (TODO, PARTIAL):
        detail = now.detail.split("; enough for now (marked at: ")[0]
        store.add_mark(project, "enough", step, detail)
    return now


__all__ = ["mark_enough"]
